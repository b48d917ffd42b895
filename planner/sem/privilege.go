package sem

import "github.com/vecgres/vecgres/sql/types"

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
}

func privilegeFunc(name string, on Object, args ...types.Type) Func {
	return Func{Name: name, Args: args, Ret: types.Bool, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return c.HasPrivilege(on, a) }}
}
