package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// CatalogContext is the part of Context the catalog functions below read.
type CatalogContext interface {
	// IndexDefinition is pg_get_indexdef(oid, col, pretty): the whole
	// definition for col 0, else key column col's name ("" past the last
	// column); false for an OID that is no index.
	IndexDefinition(oid uint32, col int, pretty bool) (string, bool)
	// SerialSequence is pg_get_serial_sequence(table, column): the
	// sequence's qualified name, or nil for a column that is not serial.
	// Errors: 42P01, 42703, 42602.
	SerialSequence(table, column string) (any, error)
	// RoleName is pg_get_userbyid(oid): the role's name, "unknown
	// (OID=n)" for an OID that is no role's.
	RoleName(oid uint32) string
	// RelationName is regclass's output for the relation with the OID
	// (a table, index, sequence or served catalog view); false for none.
	RelationName(oid uint32) (string, bool)
	// LookupRelation is to_regclass(name): the relation as a regclass
	// value (types.Reg), false when no relation has that name (or its
	// schema does not exist). Errors: 42602, 42601, 0A000 for a malformed
	// name, as PostgreSQL's.
	LookupRelation(name string) (any, bool, error)
}

// catalogDefFuncs are the other signatures of the functions ORMs call to
// read definitions back (docs 9.26, Table 9.70). vecgres keeps
// expressions (column defaults, index and constraint expressions) as
// their SQL text where PostgreSQL keeps a pg_node_tree, so pg_get_expr
// returns its argument.
var catalogDefFuncs = []Func{
	{Name: "pg_get_indexdef", Args: []types.Type{types.OIDType, types.Int4, types.Bool}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: indexDefinition},
	{Name: "pg_get_expr", Args: []types.Type{types.Text, types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: exprText},
	{Name: "pg_get_expr", Args: []types.Type{types.Text, types.OIDType, types.Bool}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: exprTextPretty},
	{Name: "pg_get_serial_sequence", Args: []types.Type{types.Text, types.Text}, Ret: types.Text, Strict: true,
		Volatility: Stable, Fn: func(c Context, a []any) (any, error) { return c.SerialSequence(a[0].(string), a[1].(string)) }},
	{Name: "obj_description", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return description(c, a[0], "", int64(0)), nil }},
}

// indexDefinition is pg_get_indexdef(oid, column, pretty); NULL for an OID
// that is no index.
func indexDefinition(c Context, a []any) (any, error) {
	if def, ok := c.IndexDefinition(uint32(a[0].(int64)), int(a[1].(int64)), a[2].(bool)); ok {
		return def, nil
	}
	return nil, nil
}

// exprText is pg_get_expr(expr, relation[, pretty]): the expression's text.
func exprText(_ Context, a []any) (any, error) { return a[0], nil }

// exprTextPretty is pg_get_expr(expr, relation, pretty): pretty output
// leaves out the parentheses around the whole expression.
func exprTextPretty(_ Context, a []any) (any, error) {
	if a[2].(bool) {
		return StripOuterParens(a[0].(string)), nil
	}
	return a[0], nil
}

// tableVisible is pg_table_is_visible(oid): true for a relation that
// search_path finds by its bare name (RelationName gives it unqualified)
// or in pg_catalog, false for one in information_schema or hidden, NULL
// for an OID that is no relation, as PostgreSQL's.
func tableVisible(c Context, a []any) (any, error) {
	name, ok := c.RelationName(uint32(a[0].(int64)))
	if !ok {
		return nil, nil
	}
	return !strings.Contains(name, "."), nil
}

// typeVisible is pg_type_is_visible(oid): true for a type vecgres has
// (in pg_catalog or public), NULL for another OID.
func typeVisible(_ Context, a []any) (any, error) {
	oid := types.OID(a[0].(int64))
	if _, ok := formatTypeNames[oid]; ok {
		return true, nil
	}
	if t, ok := types.TypeByOID(oid); ok && t.Kind != types.KindUnknown {
		return true, nil
	}
	return nil, nil
}
