package sem

import "github.com/vecgres/vecgres/sql/types"

// ViewContext is what pg_get_viewdef reads; the planner's Context
// implements it.
type ViewContext interface {
	// ViewDefinition is pg_get_viewdef(oid, pretty): the view's query
	// as PostgreSQL prints it; false for an OID that is no view.
	ViewDefinition(oid uint32, pretty bool) (string, bool)
	// ViewDefinitionOf is pg_get_viewdef(name, pretty) for a view
	// named as regclass reads names. Errors: 42P01 for no relation.
	ViewDefinitionOf(name string, pretty bool) (any, error)
}

// viewFuncs are pg_get_viewdef(oid | regclass | text [, pretty]), NULL
// for a relation that is no view, as PostgreSQL 15; and
// pg_get_ruledef(oid [, pretty]), NULL: pg_rewrite lists no rules (a
// view's _RETURN rule is not served), but psql's \d+ of a view calls it.
var viewFuncs = []Func{
	{Name: "pg_get_ruledef", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: null},
	{Name: "pg_get_ruledef", Args: []types.Type{types.OIDType, types.Bool}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: null},
	{Name: "pg_get_viewdef", Args: []types.Type{types.OIDType}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: viewDef},
	{Name: "pg_get_viewdef", Args: []types.Type{types.OIDType, types.Bool}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: viewDef},
	{Name: "pg_get_viewdef", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: viewDef},
	{Name: "pg_get_viewdef", Args: []types.Type{types.Text, types.Bool}, Ret: types.Text, Strict: true, Volatility: Stable, Fn: viewDef},
}

func viewDef(c Context, a []any) (any, error) {
	vc, ok := c.(ViewContext)
	if !ok {
		return nil, nil
	}
	pretty := len(a) > 1 && a[1].(bool)
	if name, ok := a[0].(string); ok {
		return vc.ViewDefinitionOf(name, pretty)
	}
	if def, ok := vc.ViewDefinition(uint32(a[0].(int64)), pretty); ok {
		return def, nil
	}
	return nil, nil
}
