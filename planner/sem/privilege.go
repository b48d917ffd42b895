package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// privilegeFuncs are has_table_privilege([user,] table, privilege),
// has_sequence_privilege([user,] sequence, privilege),
// has_schema_privilege([user,] schema, privilege) and
// has_database_privilege([user,] database, privilege), PostgreSQL 15's
// acl.c (docs 9.26, Table 9.68); a table is a name or an OID. The
// answers come from the catalog the session sees (Context.HasPrivilege).
var privilegeFuncs = []Func{
	privilegeFunc("has_table_privilege", OnTable, types.Text, types.Text),
	privilegeFunc("has_table_privilege", OnTable, types.OIDType, types.Text),
	privilegeFunc("has_table_privilege", OnTable, types.Text, types.Text, types.Text),
	privilegeFunc("has_table_privilege", OnTable, types.Text, types.OIDType, types.Text),
	privilegeFunc("has_sequence_privilege", OnSequence, types.Text, types.Text),
	privilegeFunc("has_sequence_privilege", OnSequence, types.OIDType, types.Text),
	privilegeFunc("has_sequence_privilege", OnSequence, types.Text, types.Text, types.Text),
	privilegeFunc("has_sequence_privilege", OnSequence, types.Text, types.OIDType, types.Text),
	privilegeFunc("has_schema_privilege", OnSchema, types.Text, types.Text),
	privilegeFunc("has_schema_privilege", OnSchema, types.Text, types.Text, types.Text),
	privilegeFunc("has_database_privilege", OnDatabase, types.Text, types.Text),
	privilegeFunc("has_database_privilege", OnDatabase, types.Text, types.Text, types.Text),
	{Name: "pg_has_role", Args: []types.Type{types.Text, types.Text}, Ret: types.Bool, Strict: true, Volatility: Stable, Fn: hasRole},
}

// hasRole is pg_has_role(role, privilege) for the current user: vecgres
// has no role membership, so a user holds MEMBER and USAGE of itself
// only, and a superuser of every role (PostgreSQL's predefined roles,
// such as pg_read_all_stats, included). Errors: 22023 for another
// privilege.
func hasRole(c Context, a []any) (any, error) {
	switch p := strings.ToUpper(strings.TrimSpace(a[1].(string))); p {
	case "MEMBER", "USAGE", "MEMBER WITH ADMIN OPTION", "USAGE WITH GRANT OPTION", "USAGE WITH ADMIN OPTION":
	default:
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized privilege type: \"%s\"", a[1].(string))
	}
	return c.Superuser() || a[0].(string) == c.User(), nil
}

func privilegeFunc(name string, on Object, args ...types.Type) Func {
	return Func{Name: name, Args: args, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return c.HasPrivilege(on, a) }}
}
