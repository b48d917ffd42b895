package sql

import "testing"

// TestGrant checks GRANT and REVOKE conversion, and the forms outside the
// dialect (0A000 with the construct named).
func TestGrant(t *testing.T) {
	for _, tt := range []struct{ sql, want string }{
		{"GRANT SELECT ON items TO carol", `Grant{Privileges:["select"] Objects:["items"] Grantees:[Grantee{Name:"carol"}]}`},
		{"grant select, INSERT on table public.items, t to carol, public, current_user",
			`Grant{Privileges:["select" "insert"] Objects:["public.items" "t"] Grantees:[Grantee{Name:"carol"} Grantee{Public:true} Grantee{Current:true}]}`},
		{"GRANT ALL PRIVILEGES ON items TO bob", `Grant{Objects:["items"] Grantees:[Grantee{Name:"bob"}]}`},
		{"REVOKE ALL ON items FROM bob CASCADE", `Grant{Revoke:true Objects:["items"] Grantees:[Grantee{Name:"bob"}]}`},
		{"GRANT CREATE ON SCHEMA public TO carol", `Grant{Privileges:["create"] Schema:true Objects:["public"] Grantees:[Grantee{Name:"carol"}]}`},
		{"REVOKE CREATE ON SCHEMA public FROM PUBLIC", `Grant{Revoke:true Privileges:["create"] Schema:true Objects:["public"] Grantees:[Grantee{Public:true}]}`},
		{"GRANT SELECT ON ALL TABLES IN SCHEMA public TO r", `Grant{Privileges:["select"] Objects:["public"] AllTablesIn:true Grantees:[Grantee{Name:"r"}]}`},
		{"GRANT USAGE ON SEQUENCE s, x.t TO carol", `Grant{Privileges:["usage"] Sequence:true Objects:["s" "x.t"] Grantees:[Grantee{Name:"carol"}]}`},
		{"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public, x FROM r", `Grant{Revoke:true Sequence:true Objects:["public" "x"] AllTablesIn:true Grantees:[Grantee{Name:"r"}]}`},
	} {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
	for _, tt := range []struct{ sql, msg string }{
		{"GRANT SELECT ON items TO carol WITH GRANT OPTION", "GRANT ... GRANT OPTION is not supported by vecgres"},
		{"GRANT SELECT (id) ON items TO carol", "column privileges is not supported by vecgres"},
		{"GRANT USAGE ON FUNCTION f() TO carol", "GRANT on objects other than tables, sequences and schemas is not supported by vecgres"},
		{"GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO carol", "GRANT ON ALL FUNCTIONS or PROCEDURES or ROUTINES is not supported by vecgres"},
		{"GRANT carol TO bob", "GRANT and REVOKE of role membership is not supported by vecgres"},
	} {
		_, err := Parse(tt.sql)
		if err == nil || err.Error() != tt.msg {
			t.Errorf("%s: got %v, want %q", tt.sql, err, tt.msg)
		}
	}
}
