package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// The json functions that make records (PostgreSQL docs 9.16, Table
// 9.49; the conversion is sem.PopulateRecord): json_populate_record(base,
// json) and json_populate_recordset take their row type from base (NULL::t
// or a row of t); json_to_record(json) and json_to_recordset return
// record, so in FROM they need a column definition list (AS x(a int, b
// text)). Each has a jsonb_ form. In FROM their fields are the item's
// columns; json_populate_record is also a scalar function of type t.

// recordJSONFunc is how one of the functions is called.
type recordJSONFunc struct {
	set, populate, jsonb bool
}

var recordJSONFuncs = map[string]recordJSONFunc{
	"json_populate_record": {populate: true}, "json_populate_recordset": {set: true, populate: true},
	"json_to_record": {}, "json_to_recordset": {set: true},
	"jsonb_populate_record": {populate: true, jsonb: true}, "jsonb_populate_recordset": {set: true, populate: true, jsonb: true},
	"jsonb_to_record": {jsonb: true}, "jsonb_to_recordset": {set: true, jsonb: true},
}

// recordJSONCall is a bound call: its arguments (base and document, or
// the document) and the fields of its rows.
type recordJSONCall struct {
	name  string
	fn    recordJSONFunc
	args  []expr
	names []string
	types []types.Type
	t     types.Type
}

// bindRecordJSON binds call f of one of the functions, its row type
// from the first argument or the column definition list defs. Errors:
// 42804 for an untyped or non-row base; 42883 for other argument types.
func (b *binder) bindRecordJSON(f *sql.FuncCall, fn recordJSONFunc, defs []sql.ColumnDef) (*recordJSONCall, error) {
	c := &recordJSONCall{name: f.Name, fn: fn, t: types.RecordType}
	want := 1
	if fn.populate {
		want = 2
	}
	if len(f.Args) != want || f.Distinct || f.Star || f.Filter != nil || len(f.Order) > 0 || f.Over != nil {
		return nil, b.noFunction(f)
	}
	if fn.populate {
		base, err := b.bind(f.Args[0], types.Unknown)
		if err != nil {
			return nil, err
		}
		switch base.Type().Kind {
		case types.KindUnknown:
			return nil, pgerror.New(pgerror.DatatypeMismatch, "could not determine polymorphic type because input has type unknown")
		case types.KindRecord:
		default:
			return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "first argument of %s must be a row type", f.Name)
		}
		c.names, c.types, _ = b.recordFields(base)
		c.t, c.args = base.Type(), []expr{base}
	} else {
		for _, d := range defs {
			c.names, c.types = append(c.names, d.Name), append(c.types, d.Type)
		}
	}
	docType := types.JSONType
	if fn.jsonb {
		docType = types.JSONBType
	}
	doc, err := b.bind(f.Args[len(f.Args)-1], docType)
	if err != nil {
		return nil, err
	}
	if doc.Type().Kind == types.KindUnknown {
		doc = &castExpr{x: doc, t: docType, explicit: true}
	} else if doc.Type().Kind != docType.Kind {
		return nil, b.noFunction(f)
	}
	c.args = append(c.args, doc)
	return c, nil
}

// rows passes the call's records to emit: one for a _record function
// (the base, or NULLs, when the document is NULL), one per object of a
// _recordset's array (none for NULL). Errors: sem's 22023 for a
// document of the wrong shape, the fields' input errors.
func (c *recordJSONCall) rows(a []any, emit func(types.Record) error) error {
	var base any
	if c.fn.populate {
		base = a[0]
	}
	if a[len(a)-1] == nil {
		if c.fn.set {
			return nil
		}
		r, _ := base.(types.Record)
		if base == nil {
			r = types.Record{Names: c.names, Types: c.types, Values: make([]any, len(c.types))}
		}
		return emit(r)
	}
	doc, err := sem.RecordDoc(a[len(a)-1])
	if err != nil {
		return err
	}
	objs := []types.JSONB{doc}
	if c.fn.set {
		if objs, err = sem.RecordSet(c.name, doc, c.fn.jsonb); err != nil {
			return err
		}
	} else if err := sem.RecordObject(doc); err != nil {
		return err
	}
	for _, o := range objs {
		r, err := sem.PopulateRecord(c.names, c.types, base, o, c.fn.jsonb)
		if err != nil {
			return err
		}
		if err := emit(r); err != nil {
			return err
		}
	}
	return nil
}

// bindRecordJSONScalar binds json_populate_record(base, json) in an
// expression: a value of base's row type; json_populate_recordset in a
// select list, one row per object (select_srf.go). Errors: 0A000 for
// json_to_record(set), whose row type only a column definition list in
// FROM gives, and for a recordset elsewhere.
func (b *binder) bindRecordJSONScalar(f *sql.FuncCall, fn recordJSONFunc) (expr, error) {
	if !fn.populate {
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "could not determine row type for result of %s", f.Name).
			WithHint("Provide a non-null record argument, or call the function in the FROM clause using a column definition list.")
	}
	if fn.set && (b.srfs == nil || b.srfs.nested) {
		return nil, b.srfOutside(f) // select_srf.go
	}
	c, err := b.bindRecordJSON(f, fn, nil)
	if err != nil {
		return nil, err
	}
	if fn.set { // a set-returning call of the select list: one record per row
		rows := func(_ sem.Context, a []any, emit func([]any) error) error {
			return c.rows(a, func(r types.Record) error { return emit([]any{r}) })
		}
		list := b.srfs
		list.calls = append(list.calls, fromCall{fn: &sem.Func{Name: f.Name, Ret: c.t, SetReturning: true, Rows: rows}, args: c.args, ncols: 1})
		return &srfRef{list: list, i: len(list.calls) - 1, t: c.t}, nil
	}
	eval := func(_ *env, a []any) (out any, err error) {
		err = c.rows(a, func(r types.Record) error { out = r; return nil })
		return out, err
	}
	return &funcExpr{name: f.Name, args: c.args, t: c.t, fn: eval, vol: sem.Stable}, nil
}

// bindRecordJSONFrom binds one of the functions in FROM: its columns
// are the row's fields. Errors: 42601 when json_to_record(set) has no
// column definition list or json_populate_record(set) has one.
func (b *binder) bindRecordJSONFrom(f *sql.FuncCall, ff *sql.FromFunction, fn recordJSONFunc) (fromCall, []catalog.Column, error) {
	switch {
	case !fn.populate && len(ff.ColDefs) == 0:
		return fromCall{}, nil, pgerror.New(pgerror.SyntaxError, "a column definition list is required for functions returning \"record\"").WithPosition(f.P + 1)
	case fn.populate && len(ff.ColDefs) > 0:
		return fromCall{}, nil, pgerror.New(pgerror.SyntaxError, "a column definition list is redundant for a function returning a named composite type").
			WithPosition(ff.ColDefsP + 1)
	}
	c, err := b.bindRecordJSON(f, fn, ff.ColDefs)
	if err != nil {
		return fromCall{}, nil, err
	}
	rows := func(_ sem.Context, a []any, emit func([]any) error) error {
		return c.rows(a, func(r types.Record) error { return emit(r.Values) })
	}
	cols := make([]catalog.Column, len(c.names))
	for i, n := range c.names {
		cols[i] = catalog.Column{Name: n, Type: c.types[i]}
	}
	semFn := &sem.Func{Name: f.Name, Ret: c.t, SetReturning: true, Rows: rows}
	return fromCall{fn: semFn, args: c.args, ncols: len(cols)}, cols, nil
}

// checkColDefs checks a FROM function's column definition list before
// the call is bound: 42601 for WITH ORDINALITY beside one, or one on a
// function that does not return record (or names its columns itself);
// 42701 for a name given twice.
func checkColDefs(ff *sql.FromFunction) error {
	if len(ff.ColDefs) == 0 {
		return nil
	}
	_, ok := recordJSONFuncs[ff.Call.Name]
	switch {
	case ff.Ordinality:
		return pgerror.New(pgerror.SyntaxError, "WITH ORDINALITY cannot be used with a column definition list").
			WithHint("Put the column definition list inside ROWS FROM().").WithPosition(ff.ColDefsP + 1)
	case !ok && hasOutColumns(ff.Call.Name):
		return pgerror.New(pgerror.SyntaxError, "a column definition list is redundant for a function with OUT parameters").
			WithPosition(ff.ColDefsP + 1)
	case !ok:
		return pgerror.New(pgerror.SyntaxError, "a column definition list is only allowed for functions returning \"record\"").
			WithPosition(ff.ColDefsP + 1)
	}
	seen := map[string]bool{}
	for _, d := range ff.ColDefs {
		if seen[d.Name] {
			return pgerror.Errorf(pgerror.DuplicateColumn, "column name \"%s\" specified more than once", d.Name)
		}
		seen[d.Name] = true
	}
	return nil
}

// hasOutColumns reports a built-in whose rows have named columns
// (jsonb_each's key and value: OUT parameters in pg_proc).
func hasOutColumns(name string) bool {
	cands := sem.Builtins.Lookup(name)
	return len(cands) > 0 && cands[0].Cols != nil
}

// recordSetRows are pg_proc.prorows of the functions: 100 for a
// recordset, one row otherwise.
func recordSetRows(name string) (float64, bool) {
	fn, ok := recordJSONFuncs[name]
	if !ok {
		return 0, false
	}
	if fn.set {
		return 100, true
	}
	return 1, true
}
