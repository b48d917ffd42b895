package planner

import (
	"strings"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/types"
)

// catalogFuncs are the pg_catalog functions clients and tools call while
// they inspect a database (has_*_privilege are funcs_privilege*.go).
// Comments do not exist, so *_description is NULL. Each name has the one
// signature drivers use.
var catalogFuncs = map[string]funcDef{
	"pg_table_is_visible": {args: []types.Type{types.OIDType}, ret: types.Bool, strict: true, fn: alwaysTrue},
	"pg_type_is_visible":  {args: []types.Type{types.OIDType}, ret: types.Bool, strict: true, fn: alwaysTrue},
	"pg_get_userbyid":     {args: []types.Type{types.OIDType}, ret: types.Text, strict: true, fn: currentUser},
	"obj_description":     {args: []types.Type{types.OIDType, types.Text}, ret: types.Text, fn: null},
	"col_description":     {args: []types.Type{types.OIDType, types.Int4}, ret: types.Text, fn: null},
	"shobj_description":   {args: []types.Type{types.OIDType, types.Text}, ret: types.Text, fn: null},
	"pg_encoding_to_char": {args: []types.Type{types.Int4}, ret: types.Text, strict: true, fn: encodingName},
	"pg_get_indexdef":     {args: []types.Type{types.OIDType}, ret: types.Text, strict: true, fn: pgGetIndexdef},
	"set_config":          {args: []types.Type{types.Text, types.Text, types.Bool}, ret: types.Text, strict: true, fn: setConfig},
}

func init() {
	for name, def := range catalogFuncs {
		funcs[name] = def
	}
}

func alwaysTrue(*env, []any) (any, error) { return true, nil }
func null(*env, []any) (any, error)       { return nil, nil }

// encodingName is pg_encoding_to_char: 6 is UTF8 (PostgreSQL's PG_UTF8),
// the only encoding vecgres speaks; other numbers give "".
func encodingName(_ *env, a []any) (any, error) {
	if a[0].(int64) == 6 {
		return "UTF8", nil
	}
	return "", nil
}

// pgGetIndexdef is pg_get_indexdef(oid); NULL for an OID that is no index.
func pgGetIndexdef(e *env, a []any) (any, error) {
	defer e.sess.catalogRead()() // session_latch.go
	if def, ok := pgcatalog.IndexDefByOID(e.sess.cat, uint32(a[0].(int64))); ok {
		return def, nil
	}
	return nil, nil
}

// currentSetting is current_setting(name): 42704 for unknown names, as
// SHOW.
func currentSetting(e *env, a []any) (any, error) {
	name := strings.ToLower(a[0].(string))
	v, ok := e.sess.settings.get(name)
	if !ok {
		return nil, unrecognized(name)
	}
	return v, nil
}

// setConfig is set_config(name, value, is_local): SET, or SET LOCAL when
// is_local is true (undone when the transaction ends, committed or not,
// as PostgreSQL's). It returns the value set.
func setConfig(e *env, a []any) (any, error) {
	name := strings.ToLower(a[0].(string))
	if _, err := e.sess.settings.assign(name, a[1].(string), a[2].(bool)); err != nil {
		return nil, err
	}
	v, _ := e.sess.settings.get(name)
	return v, nil
}
