package sem

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// catalogFuncs are the pg_catalog functions clients and tools call while
// they inspect a database (docs 9.26), and the size functions (9.27.7).
// obj_description and col_description read pg_description (COMMENT ON;
// Context.Description); shobj_description reads pg_shdescription (COMMENT
// ON ROLE and DATABASE). Each name has the one signature drivers use.
var catalogFuncs = []Func{
	{Name: "pg_table_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable, Fn: tableVisible},
	{Name: "pg_type_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable, Fn: typeVisible},
	{Name: "pg_get_userbyid", Args: []types.Type{types.OIDType}, Ret: types.Name, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return c.RoleName(uint32(a[0].(int64))), nil }},
	{Name: "obj_description", Args: []types.Type{types.OIDType, types.Text}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: objDescription},
	{Name: "pg_function_is_visible", Args: []types.Type{types.OIDType}, Ret: types.Bool, Strict: true, Volatility: Stable, Fn: functionVisible},
	{Name: "col_description", Args: []types.Type{types.OIDType, types.Int4}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return description(c, a[0], "pg_class", a[1]), nil }},
	{Name: "pg_database_size", Args: []types.Type{types.Name}, Ret: types.Int8, Strict: true, Volatility: Volatile, Fn: databaseSize},
	{Name: "pg_database_size", Args: []types.Type{types.OIDType}, Ret: types.Int8, Strict: true, Volatility: Volatile, Fn: databaseSize},
	{Name: "shobj_description", Args: []types.Type{types.OIDType, types.Text}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return description(c, a[0], a[1].(string), int64(0)), nil }},
	{Name: "pg_encoding_to_char", Args: []types.Type{types.Int4}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: encodingName},
	{Name: "pg_get_indexdef", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: indexDef},
	{Name: "to_regtype", Args: []types.Type{types.Text}, Ret: types.Regtype, Strict: true, Volatility: Stable,
		Fn: func(_ Context, a []any) (any, error) { return toRegtype(a[0].(string)), nil }},
	{Name: "to_regclass", Args: []types.Type{types.Text}, Ret: types.Regclass, Strict: true, Volatility: Stable, Fn: toRegclass},
	{Name: "format_type", Args: []types.Type{types.OIDType, types.Int4}, Ret: types.Text, Volatility: Stable, Fn: formatType},
	{Name: "pg_size_pretty", Args: []types.Type{types.Int8}, Ret: types.Text, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return SizePretty(a[0].(int64)), nil }},
	relationSize("pg_relation_size", true, false),
	relationSize("pg_table_size", true, false),
	relationSize("pg_indexes_size", false, true),
	relationSize("pg_total_relation_size", true, true),
}

func null(Context, []any) (any, error) { return nil, nil }

// encodingName is pg_encoding_to_char: 6 is UTF8 (PostgreSQL's PG_UTF8),
// the only encoding vecgres speaks; other numbers give "".
func encodingName(_ Context, a []any) (any, error) {
	if a[0].(int64) == 6 {
		return "UTF8", nil
	}
	return "", nil
}

// indexDef is pg_get_indexdef(oid); NULL for an OID that is no index.
func indexDef(c Context, a []any) (any, error) {
	if def, ok := c.IndexDef(uint32(a[0].(int64))); ok {
		return def, nil
	}
	return nil, nil
}

// toRegtype returns the OID of the named type, or nil (NULL) when vecgres
// does not serve it (halfvec and sparsevec for now).
func toRegtype(name string) any {
	name = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(name)), "pg_catalog.")
	if name == "_vector" || name == "vector[]" {
		return int64(types.OIDVectorArray)
	}
	t, err := types.LookupType(name, nil)
	if err != nil {
		return nil
	}
	return int64(t.OID())
}

// toRegclass is to_regclass(name): the relation as regclass
// (to_regclass('Public.Items') prints items), NULL for no relation.
func toRegclass(c Context, a []any) (any, error) {
	r, ok, err := c.LookupRelation(a[0].(string))
	if err != nil || !ok {
		return nil, err
	}
	return r, nil
}

// formatType is format_type(type_oid, typemod), typemod as
// pg_attribute.atttypmod holds it: a row type by its relation's name
// (Context.RowTypeName), "???" for an OID that is no type vecgres knows.
func formatType(c Context, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	oid := types.OID(a[0].(int64))
	if n, ok := formatTypeNames[oid]; ok {
		return n, nil
	}
	if n, ok := c.RowTypeName(uint32(oid)); ok {
		return n, nil
	}
	t, ok := types.TypeByOID(oid)
	if !ok {
		return "???", nil
	}
	if a[1] != nil {
		t.Typmod = attTypmod(t.Kind, int32(a[1].(int64)))
	}
	if pgvectorType(t.Kind) && !slices.Contains(c.SearchPath(false), PublicSchema) {
		return PublicSchema + "." + t.Name(), nil // not visible: qualified, as format_type_extended
	}
	return t.Name(), nil
}

// PublicSchema is the schema of pgvector's objects.
const PublicSchema = "public"

// pgvectorType reports whether k is one of pgvector's types (of schema
// public) or an array of one.
func pgvectorType(k types.Kind) bool {
	switch k {
	case types.KindVector, types.KindHalfvec, types.KindSparsevec, types.KindVectorArray, types.KindHalfvecArray, types.KindSparsevecArray:
		return true
	}
	return false
}

// formatTypeNames are format_type's names of types vecgres has no kind
// for (name reads as text otherwise).
var formatTypeNames = map[types.OID]string{types.OIDName: "name", 18: `"char"`,
	types.OIDInt2VectorArray: "int2vector[]", types.OIDOidVectorArray: "oidvector[]", oidAny: `"any"`, oidAnyArray: "anyarray", oidAnyElement: "anyelement", oidRegclass: "regclass",
	oidInternal: "internal", oidIndexAmHandler: "index_am_handler", oidTableAmHandler: "table_am_handler"}

// attTypmod converts an atttypmod as PostgreSQL stores it to vecgres's
// typmod of kind k: character varying and character store the length
// plus 4 (VARHDRSZ), and a typmod below 4 means no length.
func attTypmod(k types.Kind, typmod int32) int32 {
	switch k {
	case types.KindVarchar, types.KindBpchar, types.KindVarcharArray, types.KindBpcharArray:
		if typmod < 4 {
			return types.NoTypmod
		}
		return typmod - 4
	}
	return typmod
}

// relationSize is one of pg_relation_size and friends: vecgres's answer
// is the bytes the relation holds in memory (Context.RelationSize), not
// on disk; of a table its rows, its indexes or both; applied to an index,
// each gives the index's size.
func relationSize(name string, rows, indexes bool) Func {
	return Func{Name: name, Args: []types.Type{Regclass}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) { return c.RelationSize(a[0].(string), rows, indexes) }}
}

// databaseSize is pg_database_size(name | oid) of the one database: the
// bytes its tables and indexes hold in memory (as the relation size
// functions count them), not a size on disk. Errors: 3D000 for another
// database's name.
func databaseSize(c Context, a []any) (any, error) {
	if name, ok := a[0].(string); ok && name != c.Database() {
		return nil, pgerror.Errorf(pgerror.InvalidCatalogName, "database \"%s\" does not exist", name)
	}
	return c.DatabaseSize(), nil
}
