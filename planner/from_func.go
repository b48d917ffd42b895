package planner

import (
	"math"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// A function in FROM (PostgreSQL docs 7.2.1.4, "Table Functions"): a
// set-returning function of sem.Builtins gives its rows (one column of
// its result type, or its record's columns: jsonb_each's key and value);
// any other function one row of its value; unnest(a, b, ...) unnests
// each array side by side, the shorter ones padded with NULLs (as
// PostgreSQL's ROWS FROM (unnest(a), unnest(b))); WITH ORDINALITY adds a
// bigint column counting the rows from 1. Column aliases rename the
// columns in order. The rows stream (from_func_rows.go).

// seriesSource is a bound function in FROM.
type seriesSource struct {
	name  string     // the function's name, for EXPLAIN's Function Scan
	calls []fromCall // one, or one per array of a multi-argument unnest
	args  []expr     // every call's arguments, for EXPLAIN's InitPlans
	// ordinality is WITH ORDINALITY: the row number after the columns.
	ordinality bool
}

// fromCall is one function call of a FROM function: a set-returning
// entry of sem.Builtins (fn) with its bound arguments, or a scalar
// expression (scalar) giving one row.
type fromCall struct {
	fn     *sem.Func
	args   []expr
	scalar expr
	ncols  int
}

// bindFromFunction binds FROM f(args) [WITH ORDINALITY] [AS alias[(cols)]]:
// the planner sees a table named by the alias (else the function) whose
// rows seriesEach makes.
func (b *binder) bindFromFunction(p *selectPlan, x *sql.Select) error {
	src, t, err := b.bindFunctionItem(x.FromFunc, x.From)
	if err != nil {
		return err
	}
	p.series, p.table = src, t
	b.table, b.alias = p.table, ""
	return nil
}

// bindFunctionItem binds the function in FROM ff, named table, into its
// source and the virtual table of its columns. The arguments cannot read
// columns of other FROM items (no LATERAL). Errors: 42883 and 42725 as
// for any call; 42803 for an aggregate; 42P10 for more column aliases
// than columns.
func (b *binder) bindFunctionItem(ff *sql.FromFunction, table string) (*seriesSource, *catalog.Table, error) {
	saved, savedAggs, savedDenied := b.table, b.aggs, b.aggDenied
	b.table, b.aggs, b.aggDenied = nil, nil, "aggregate functions are not allowed in functions in FROM"
	defer func() { b.table, b.aggs, b.aggDenied = saved, savedAggs, savedDenied }()
	f := ff.Call
	if err := checkColDefs(ff); err != nil { // record_json.go
		return nil, nil, err
	}
	src := &seriesSource{name: f.Name, ordinality: ff.Ordinality}
	var cols []catalog.Column
	calls := []*sql.FuncCall{f}
	if f.Name == "unnest" && len(f.Args) > 1 {
		calls = calls[:0]
		for _, a := range f.Args {
			calls = append(calls, &sql.FuncCall{Name: f.Name, Args: []sql.Expr{a}, P: f.P})
		}
	}
	for _, call := range calls {
		c, cs, err := b.bindFromCall(call, ff, len(calls) == 1)
		if err != nil {
			return nil, nil, err
		}
		src.calls, src.args, cols = append(src.calls, c), append(src.args, c.args...), append(cols, cs...)
	}
	if ff.Ordinality {
		cols = append(cols, catalog.Column{Name: "ordinality", Type: types.Int8})
	}
	if len(ff.Columns) > len(cols) {
		return nil, nil, pgerror.Errorf(pgerror.InvalidColumnReference, "table \"%s\" has %d columns available but %d columns specified",
			table, len(cols), len(ff.Columns))
	}
	for i, name := range ff.Columns {
		cols[i].Name = name
	}
	return src, catalog.NewVirtualTable(0, table, cols, nil), nil
}

// bindFromCall binds one call of a FROM function and gives its columns:
// a set-returning function's (its record's, or one named as a scalar
// function's column), or a scalar function's one column, named by the
// table alias when alone (single) and aliased, else by the function.
func (b *binder) bindFromCall(f *sql.FuncCall, ff *sql.FromFunction, single bool) (fromCall, []catalog.Column, error) {
	name := f.Name
	if single && ff.Alias != "" {
		name = ff.Alias
	}
	if fn, ok := recordJSONFuncs[f.Name]; ok {
		return b.bindRecordJSONFrom(f, ff, fn) // record_json.go
	}
	if cands := sem.Builtins.Lookup(f.Name); len(cands) == 0 || !cands[0].SetReturning {
		x, err := b.bindFunc(f)
		if err != nil {
			return fromCall{}, nil, err
		}
		return fromCall{scalar: x, ncols: 1}, []catalog.Column{{Name: name, Type: x.Type()}}, nil
	}
	fn, args, err := b.resolveBuiltin(f)
	if err != nil {
		return fromCall{}, nil, b.timestampSeries(f, err)
	}
	if fn.Cols != nil {
		cols := make([]catalog.Column, len(fn.Cols))
		for i, c := range fn.Cols {
			cols[i] = catalog.Column{Name: c.Name, Type: c.Type}
		}
		return fromCall{fn: fn, args: args, ncols: len(cols)}, cols, nil
	}
	t := fn.Ret
	if t.Kind == sem.AnyElement.Kind { // unnest: the array's element type
		t, _ = types.ElemType(args[0].Type())
	}
	return fromCall{fn: fn, args: args, ncols: 1}, []catalog.Column{{Name: name, Type: t}}, nil
}

// setRows are pg_proc.prorows of the set-returning functions whose
// estimate is not PostgreSQL's default of 1000 rows.
var setRows = map[string]float64{"jsonb_array_elements": 100, "jsonb_array_elements_text": 100,
	"jsonb_each": 100, "jsonb_each_text": 100, "jsonb_object_keys": 100}

// estimate is EXPLAIN's row estimate: for generate_series of integer
// constants the exact count (as PostgreSQL's support function computes
// it), for unnest of a constant array its length, one row for a scalar
// function, else pg_proc's prorows (setRows, or 1000); the largest of a
// multi-argument unnest's.
func (s *seriesSource) estimate() float64 {
	n := 0.0
	for _, c := range s.calls {
		n = max(n, c.estimate())
	}
	return n
}

func (c fromCall) estimate() float64 {
	switch {
	case c.scalar != nil:
		return 1
	case c.fn.Name == "unnest":
		if k, ok := c.args[0].(*constExpr); ok {
			n, _ := types.ArrayLength(k.v)
			return float64(n)
		}
		return 10 // PostgreSQL 15's estimate_array_length of a non-constant
	case c.fn.Name != "generate_series":
		if n, ok := recordSetRows(c.fn.Name); ok { // record_json.go
			return n
		}
		if n, ok := setRows[c.fn.Name]; ok {
			return n
		}
		return 1000
	}
	vals := []int64{0, 0, 1}
	for i, a := range c.args {
		k, ok := a.(*constExpr)
		if !ok {
			return 1000
		}
		if k.v == nil {
			return 0 // NULL argument: no rows
		}
		v, ok := k.v.(int64)
		if !ok {
			return 1000 // numeric
		}
		vals[i] = v
	}
	start, stop, step := float64(vals[0]), float64(vals[1]), float64(vals[2])
	if step == 0 {
		return 0
	}
	return max(math.Floor((stop-start)/step)+1, 0)
}

// timestampSeries turns the 42883 of generate_series over dates or
// timestamps, which PostgreSQL steps by an interval, into 0A000 naming
// it (vecgres has no interval type); err otherwise.
func (b *binder) timestampSeries(f *sql.FuncCall, err error) error {
	if f.Name != "generate_series" || pgerror.CodeOf(err) != pgerror.UndefinedFunction {
		return err
	}
	for _, a := range f.Args {
		x, berr := b.bind(a, types.Unknown)
		if berr != nil {
			continue
		}
		switch x.Type().Kind {
		case types.KindDate, types.KindTimestamp, types.KindTimestamptz:
			return pgerror.NotSupported("generate_series of timestamps (vecgres has no interval type)").WithPosition(f.P + 1)
		}
	}
	return err
}
