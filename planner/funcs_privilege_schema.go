package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// has_schema_privilege([user,] schema, privilege) and
// has_database_privilege([user,] database, privilege), as PostgreSQL 15
// answers them on a fresh cluster (acl.c; docs 9.26, Table 9.68). Names
// are taken as written (type name: no case folding).
//   - Schemas: public (USAGE for every role; CREATE for superusers and
//     the grantees of GRANT CREATE ON SCHEMA public), pg_catalog and
//     information_schema (USAGE only); others are 3F000 `schema "x" does
//     not exist`.
//   - The database: the session's (CONNECT and TEMPORARY for every role,
//     CREATE for superusers); others are 3D000 `database "x" does not
//     exist`.
//
// Superusers hold everything WITH GRANT OPTION; other roles no grant
// option. An unknown privilege name is 22023.

// privBits are schema and database privileges.
type privBits uint8

const (
	privCreate privBits = 1 << iota
	privUsage
	privConnect
	privTemp
)

var (
	schemaPrivilegeWords   = map[string]privBits{"CREATE": privCreate, "USAGE": privUsage}
	databasePrivilegeWords = map[string]privBits{"CREATE": privCreate, "CONNECT": privConnect,
		"TEMPORARY": privTemp, "TEMP": privTemp}
)

func hasSchemaPrivilege(e *env, a []any) (any, error) {
	s := e.sess
	role, a, err := s.privilegeRole(a)
	if err != nil {
		return nil, err
	}
	want, _, err := parsePrivileges(a[1].(string), schemaPrivilegeWords)
	if err != nil {
		return nil, err
	}
	var held privBits
	defer s.catalogRead()()
	schema := a[0].(string)
	if _, ok := s.cat.LookupSchema(schema); !ok || schema == "pg_toast" {
		return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
	}
	p := s.cat.SchemaPrivileges(schema, role) // catalog/schema.go
	if p&catalog.SchemaUsage != 0 {
		held |= privUsage
	}
	if p&catalog.SchemaCreate != 0 {
		held |= privCreate
	}
	return s.holds(role, held, want), nil
}

func hasDatabasePrivilege(e *env, a []any) (any, error) {
	s := e.sess
	role, a, err := s.privilegeRole(a)
	if err != nil {
		return nil, err
	}
	want, _, err := parsePrivileges(a[1].(string), databasePrivilegeWords)
	if err != nil {
		return nil, err
	}
	if db := a[0].(string); db != s.startup["database"] {
		return nil, pgerror.Errorf(pgerror.InvalidCatalogName, "database %q does not exist", db)
	}
	return s.holds(role, privConnect|privTemp, want), nil
}

// holds reports whether role has any of want (asked without grant
// option), given held, the privileges every role has; superusers hold
// all, with grant option.
func (s *Session) holds(role string, held, want privBits) bool {
	if s.cat.IsSuperuser(role) {
		return true
	}
	return held&want != 0
}
