package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseRoles(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"CREATE ROLE alice WITH LOGIN PASSWORD 's3cret'",
			`CreateRole{Name:"alice" Options:RoleOptions{Login:true Password:"s3cret"}}`},
		{"create user bob", `CreateRole{Name:"bob" User:true}`},
		{"CREATE USER bob NOLOGIN ENCRYPTED PASSWORD 'md5abc' SUPERUSER CREATEDB NOINHERIT",
			`CreateRole{Name:"bob" User:true Options:RoleOptions{Login:false Superuser:true CreateDB:true Password:"md5abc"}}`},
		{"ALTER ROLE r NOCREATEROLE CREATEDB", `AlterRole{Name:"r" Options:RoleOptions{CreateRole:false CreateDB:true}}`},
		{"CREATE ROLE r PASSWORD NULL", `CreateRole{Name:"r" Options:RoleOptions{PasswordNull:true}}`},
		{"ALTER ROLE alice WITH PASSWORD 'x'", `AlterRole{Name:"alice" Options:RoleOptions{Password:"x"}}`},
		{"alter user alice password null nologin",
			`AlterRole{Name:"alice" Options:RoleOptions{Login:false PasswordNull:true}}`},
		{"ALTER ROLE CURRENT_USER PASSWORD 'y'", `AlterRole{CurrentUser:true Options:RoleOptions{Password:"y"}}`},
		{"DROP ROLE alice", `DropRole{Names:["alice"]}`},
		{"drop user if exists a, \"B\"", `DropRole{Names:["a" "B"] IfExists:true}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
}

func TestParseRoleErrors(t *testing.T) {
	tests := []struct {
		sql  string
		code pgerror.Code
		msg  string
	}{
		{"CREATE ROLE a LOGIN NOLOGIN", pgerror.SyntaxError, "conflicting or redundant options"},
		{"CREATE ROLE a CONNECTION LIMIT 3", pgerror.FeatureNotSupported, "CONNECTION LIMIT is not supported by vecgres"},
		{"CREATE ROLE a VALID UNTIL 'infinity'", pgerror.FeatureNotSupported, "VALID UNTIL is not supported by vecgres"},
		{"CREATE ROLE a IN ROLE b", pgerror.FeatureNotSupported, "IN ROLE is not supported by vecgres"},
		{"DROP ROLE CURRENT_USER", pgerror.FeatureNotSupported, "DROP ROLE CURRENT_USER is not supported by vecgres"},
		{"ALTER ROLE public PASSWORD 'x'", pgerror.UndefinedObject, `role "public" does not exist`},
	}
	for _, tt := range tests {
		pe := parseErr(t, tt.sql)
		if pe.Code != tt.code || tt.msg != "" && pe.Message != tt.msg {
			t.Errorf("%s: got %s %s, want %s %s", tt.sql, pe.Code, pe.Message, tt.code, tt.msg)
		}
	}
}
