package tests

import (
	"testing"

	"github.com/jackc/pgx/v5"
)

// ownerScenario: ALTER TABLE | VIEW | SEQUENCE | INDEX ... OWNER TO
// another role, with PostgreSQL 15's rules and answers (a superuser
// gives a relation away; its owner, not a member of the new role, gets
// 42501; the new owner holds every privilege and the grants go on,
// granted by it; an index follows its table, OWNER TO is a WARNING; a
// ROLLBACK gives the relation back). Steps with restart are vecgres
// only: the owners and grants must survive WAL replay and a checkpoint.
var ownerScenario = []permStep{
	{as: "postgres", sql: "CREATE ROLE olga LOGIN"},
	{as: "postgres", sql: "CREATE ROLE pete LOGIN"},
	{as: "postgres", sql: "GRANT CREATE ON SCHEMA public TO olga"},
	{as: "olga", sql: "CREATE TABLE ot (a int PRIMARY KEY)"},
	{as: "olga", sql: "INSERT INTO ot VALUES (1)"},
	{as: "olga", sql: "CREATE VIEW ov AS SELECT a FROM ot"},
	{as: "olga", sql: "CREATE SEQUENCE os"},
	{as: "olga", sql: "GRANT SELECT ON ot TO pete"},
	{as: "olga", sql: "ALTER TABLE ot OWNER TO pete", code: "42501", msg: `must be member of role "pete"`},
	{as: "olga", sql: "ALTER TABLE ot OWNER TO olga"},
	{as: "olga", sql: "ALTER TABLE ot OWNER TO nobody", code: "42704", msg: `role "nobody" does not exist`},
	{as: "pete", sql: "ALTER TABLE ot OWNER TO pete", code: "42501", msg: "must be owner of table ot"},
	{as: "pete", sql: "ALTER VIEW ov OWNER TO pete", code: "42501", msg: "must be owner of view ov"},
	{as: "postgres", sql: "ALTER VIEW ot OWNER TO pete", code: "42809", msg: `"ot" is not a view`},
	{as: "postgres", sql: "ALTER SEQUENCE ov OWNER TO pete", code: "42809", msg: `"ov" is not a sequence`},
	{as: "postgres", sql: "ALTER INDEX ot OWNER TO pete", code: "42809", msg: `"ot" is not an index`},
	{as: "postgres", sql: "ALTER TABLE ot OWNER TO pete"},
	{as: "postgres", sql: "ALTER VIEW ov OWNER TO pete"},
	{as: "postgres", sql: "ALTER SEQUENCE os OWNER TO pete"},
	{as: "postgres", sql: "ALTER INDEX ot_pkey OWNER TO olga",
		warn: `WARNING 42809 cannot change owner of index "ot_pkey"`},
	{as: "pete", sql: "GRANT SELECT ON ot TO olga"},
	{restart: true},
	{as: "postgres", sql: "SELECT relname || ' ' || pg_get_userbyid(relowner) || ' ' || coalesce(relacl::text, '-') FROM pg_class " +
		"WHERE relname IN ('ot', 'ot_pkey', 'ov', 'os') ORDER BY 1",
		rows: []string{"os pete -", "ot pete {pete=arwdDxt/pete,olga=r/pete}", "ot_pkey pete -", "ov pete -"}},
	{as: "postgres", sql: "SELECT tableowner FROM pg_tables WHERE tablename = 'ot'", rows: []string{"pete"}},
	{as: "postgres", sql: "SELECT viewowner FROM pg_views WHERE viewname = 'ov'", rows: []string{"pete"}},
	{as: "pete", sql: "INSERT INTO ot VALUES (2)"},
	{as: "olga", sql: "INSERT INTO ot VALUES (3)", code: "42501", msg: "permission denied for table ot"},
	{as: "olga", sql: "SELECT count(*) FROM ot", rows: []string{"2"}},
	{as: "olga", sql: "DROP TABLE ot", code: "42501", msg: "must be owner of table ot"},
	{as: "postgres", sql: "BEGIN"},
	{as: "postgres", sql: "ALTER TABLE ot OWNER TO olga"},
	{as: "postgres", sql: "ROLLBACK"},
	{as: "postgres", sql: "SELECT pg_get_userbyid(relowner) || ' ' || relacl::text FROM pg_class WHERE relname = 'ot'",
		rows: []string{"pete {pete=arwdDxt/pete,olga=r/pete}"}},
	{as: "postgres", sql: "ALTER TABLE ot OWNER TO olga"},
	{restart: true},
	// relacl: PostgreSQL's {olga=arwdDxt/olga}, vecgres's NULL (README, Limits)
	{as: "postgres", sql: "SELECT pg_get_userbyid(relowner), has_table_privilege('olga', 'ot', 'SELECT, INSERT, TRUNCATE') FROM pg_class WHERE relname = 'ot'",
		rows: []string{"olga|true"}},
	{as: "pete", sql: "SELECT count(*) FROM ot", code: "42501", msg: "permission denied for table ot"},
	{as: "postgres", sql: "DROP VIEW ov"},
	{as: "postgres", sql: "DROP TABLE ot"},
	{as: "postgres", sql: "DROP SEQUENCE os"},
	{as: "postgres", sql: "REVOKE CREATE ON SCHEMA public FROM olga"},
	{as: "postgres", sql: "DROP ROLE olga, pete"},
}

// TestOwnerChange runs ownerScenario against vecgres and PostgreSQL 15.
// On vecgres the first restart is a kill (WAL replay), the second a
// clean stop (the checkpoint's snapshot).
func TestOwnerChange(t *testing.T) {
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		s := startServer(t, dir)
		pc := &permConns{t: t, dsn: s.DSN(), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		kills := 0
		for _, st := range ownerScenario {
			if !st.restart {
				pc.check(st)
				continue
			}
			if kills == 0 {
				s.Kill()
			} else {
				s.Stop()
			}
			kills++
			s = startServer(t, dir)
			pc.dsn, pc.conns = s.DSN(), map[string]*pgx.Conn{}
		}
	})
	t.Run("postgres15", func(t *testing.T) {
		t.Parallel()
		pc := &permConns{t: t, dsn: startPostgres15(t), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range ownerScenario {
			if !st.restart {
				pc.check(st)
			}
		}
	})
}
