package planner

import (
	"sort"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Window function calls (PostgreSQL docs 4.2.8 and 9.22): a window
// function (sem.Builtins.IsWindow) or an aggregate with OVER, allowed in
// the SELECT list and ORDER BY only (42P20 elsewhere, as PostgreSQL's
// "window functions are not allowed in WHERE"); their arguments may hold
// plain aggregates of a grouped query but no window call (42P20 "window
// function calls cannot be nested"). Each call becomes a winRef that
// reads the value the Window operator computed for the row
// (exec_window.go); its window is resolved and bound by
// bind_window_spec.go.

// aggNested is bindAggArgs's aggDenied: inside an aggregate's arguments.
const aggNested = "aggregate function calls cannot be nested"

// orderedSetNames are the window functions that PostgreSQL also has as
// hypothetical-set aggregates (rank(x) WITHIN GROUP (ORDER BY ...)),
// which a call with arguments names.
var orderedSetNames = map[string]bool{"rank": true, "dense_rank": true, "percent_rank": true, "cume_dist": true}

// winState is the window calls of one SELECT.
type winState struct {
	named map[string]*sql.WindowSpec // the WINDOW clause
	calls []*winCall
	specs []*winSpec // distinct windows, in order of first use
}

// winCall is one window function call: Name's function over its window
// with bound args, or (agg) an aggregate over its frame. slot is its
// value's index among the window values that follow a row once every
// Window node ran.
type winCall struct {
	name string
	args []expr
	agg  *aggCall
	spec *winSpec
	t    types.Type
	slot int
}

// winRef reads a window call's value for the current row.
type winRef struct{ c *winCall }

func (w *winRef) Type() types.Type         { return w.c.t }
func (w *winRef) Eval(e *env) (any, error) { return e.wins[w.c.slot], nil }

// openWindows makes the window state of x (its WINDOW clause checked)
// for bindItems and bindOrder to use.
func (b *binder) openWindows(p *selectPlan, x *sql.Select) error {
	ws := &winState{named: map[string]*sql.WindowSpec{}}
	for _, w := range x.Windows {
		if _, dup := ws.named[w.Name]; dup {
			return pgerror.Errorf(pgerror.WindowingError, "window %q is already defined", w.Name).WithPosition(w.P + 1)
		}
		r, err := ws.resolve(w)
		if err != nil {
			return err
		}
		ws.named[w.Name] = r
	}
	p.wins = ws
	return nil
}

// bindWindowCall binds a call with an OVER clause, or of a window
// function without one (42809).
func (b *binder) bindWindowCall(f *sql.FuncCall) (expr, error) {
	isWin := sem.Builtins.IsWindow(f.Name)
	switch {
	case f.Over == nil:
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "window function %s requires an OVER clause", f.Name).WithPosition(f.P + 1)
	case orderedSetNames[f.Name] && len(f.Args) > 0:
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "WITHIN GROUP is required for ordered-set aggregate %s", f.Name).WithPosition(f.P + 1)
	case b.wins == nil || b.aggDenied == aggNested:
		return nil, b.windowDenied(f)
	case !isWin && !isAggregate(f.Name):
		if len(sem.Builtins.Lookup(f.Name)) == 0 {
			return nil, b.noFunction(f)
		}
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "OVER specified, but %s is not a window function nor an aggregate function", f.Name).WithPosition(f.P + 1)
	case f.Distinct:
		return nil, pgerror.New(pgerror.FeatureNotSupported, "DISTINCT is not implemented for window functions").WithPosition(f.P + 1)
	}
	ws := b.wins
	spec, err := b.windowSpec(ws, f.Over) // bind_window_spec.go
	if err != nil {
		return nil, err
	}
	c := &winCall{name: f.Name, spec: spec}
	if isWin {
		err = b.bindWindowFunc(c, f)
	} else {
		err = b.bindWindowAggregate(c, f)
	}
	if err != nil {
		return nil, err
	}
	ws.calls = append(ws.calls, c)
	return &winRef{c: c}, nil
}

// windowDenied is the error for a window call where none may be: the
// message winDenied sets, else the aggregate one's with "window
// functions" (42P20), or inside an aggregate's arguments 42803.
func (b *binder) windowDenied(f *sql.FuncCall) error {
	msg := b.winDenied
	switch {
	case msg != "":
	case b.aggDenied == aggNested:
		return pgerror.New(pgerror.GroupingError, "aggregate function calls cannot contain window function calls").WithPosition(f.P + 1)
	case len(b.aggDenied) > len("aggregate functions") && b.aggDenied[:len("aggregate functions")] == "aggregate functions":
		msg = "window functions" + b.aggDenied[len("aggregate functions"):]
	default:
		msg = "window functions are not allowed here"
	}
	return pgerror.New(pgerror.WindowingError, msg).WithPosition(f.P + 1)
}

// bindWindowArgs binds a window call's arguments, each with its hint
// (types.Unknown: none): plain aggregates stay allowed, window calls
// are not.
func (b *binder) bindWindowArgs(xs []sql.Expr, hints []types.Type) ([]expr, error) {
	outer, denied := b.wins, b.winDenied
	b.wins, b.winDenied = nil, "window function calls cannot be nested"
	defer func() { b.wins, b.winDenied = outer, denied }()
	args := make([]expr, len(xs))
	for i, x := range xs {
		hint := types.Unknown
		if i < len(hints) {
			hint = hints[i]
		}
		a, err := b.bind(x, hint)
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	return args, nil
}

// bindWindowAggregate binds an aggregate OVER a window as bindAggregate
// does a plain one (count(*), one argument, string_agg's two).
func (b *binder) bindWindowAggregate(c *winCall, f *sql.FuncCall) error {
	call := &aggCall{name: f.Name, t: types.Int8}
	switch {
	case f.Star && f.Name != "count":
		return b.noFunction(f)
	case !f.Star && len(f.Args) != 1 && (len(f.Args) != 2 || f.Name != "string_agg"):
		return b.noFunction(f)
	case !f.Star:
		args, err := b.bindWindowArgs(f.Args, sem.Builtins.Hints(f.Name, len(f.Args)))
		if err != nil {
			return err
		}
		call.arg = args[0]
		if len(args) == 2 {
			call.sep = args[1]
		}
		if err := b.typeAggregate(call); err != nil { // aggregate.go
			return withPos(err, f.P)
		}
		c.args = []expr{call.arg}
		if call.sep != nil {
			c.args = append(c.args, call.sep)
		}
	}
	c.agg, c.t = call, call.t
	return nil
}

// bindWindowFunc binds a call of a window function: the ranking ones
// take no argument, ntile an integer, lag and lead a value, an integer
// offset and a default of a type common with the value's (the result's),
// first_value and last_value a value, nth_value a value and an integer.
// Errors: 42883 (noFunction) for other arguments, 42804 for a default
// that does not match.
func (b *binder) bindWindowFunc(c *winCall, f *sql.FuncCall) error {
	lo, hi, intArg := 0, 0, -1
	switch f.Name {
	case "ntile":
		lo, hi, intArg = 1, 1, 0
	case "lag", "lead":
		lo, hi, intArg = 1, 3, 1
	case "first_value", "last_value":
		lo, hi = 1, 1
	case "nth_value":
		lo, hi, intArg = 2, 2, 1
	}
	if f.Star && lo > 0 || len(f.Args) < lo || len(f.Args) > hi { // rank(*) is rank(), as PostgreSQL's
		return b.noFunction(f)
	}
	hints := make([]types.Type, len(f.Args))
	if intArg >= 0 && intArg < len(hints) {
		hints[intArg] = types.Int4
	}
	args, err := b.bindWindowArgs(f.Args, hints)
	if err != nil {
		return err
	}
	c.t = types.Int8
	switch f.Name {
	case "percent_rank", "cume_dist":
		c.t = types.Float8
	}
	if intArg >= 0 && intArg < len(args) {
		if k := args[intArg].Type().Kind; k != types.KindInt2 && k != types.KindInt4 && k != types.KindUnknown {
			return b.noFunction(f)
		}
		if args[intArg], err = coerce(args[intArg], types.Int4, f.Args[intArg].Pos()); err != nil {
			return err
		}
	}
	if len(args) == 3 {
		if err := b.lagDefault(c, f, args); err != nil {
			return err
		}
	}
	if lo > 0 && f.Name != "ntile" { // the value functions return their value's type
		if args[0].Type().Kind == types.KindUnknown {
			args[0] = retype(args[0], types.Text)
		}
		c.t = args[0].Type()
	}
	c.args = args
	return nil
}

// lagDefault gives lag's or lead's value and default their common type
// (PostgreSQL's anycompatible): the result's type.
func (b *binder) lagDefault(c *winCall, f *sql.FuncCall, args []expr) error {
	t, err := commonType(f.Name, []expr{args[0], args[2]}, []int{f.Args[0].Pos(), f.Args[2].Pos()}) // funcs_variadic.go
	if err != nil {
		return b.noFunction(f)
	}
	for _, i := range []int{0, 2} {
		if args[i].Type().Kind == types.KindUnknown {
			if args[i], err = b.bindWindowArgsOne(f.Args[i], t); err != nil {
				return err
			}
		}
		if noTypmod(args[i].Type()) != noTypmod(t) {
			if args[i], err = coerce(args[i], t, f.Args[i].Pos()); err != nil {
				return err
			}
		}
	}
	c.t = t
	return nil
}

// bindWindowArgsOne binds one window call argument with hint t.
func (b *binder) bindWindowArgsOne(x sql.Expr, t types.Type) (expr, error) {
	args, err := b.bindWindowArgs([]sql.Expr{x}, []types.Type{t})
	if err != nil {
		return nil, err
	}
	return args[0], nil
}

// closeWindows ends binding p's window calls, once the WINDOW clause's
// entries are bound for their errors: in a grouped query their
// arguments and windows may read only group keys and aggregates (42803);
// each call gets its slot, the calls of one window together in the
// order of the windows (the Window nodes' order): those with more sort
// keys first, so that a window sorted by a prefix of the keys of the one
// before needs no Sort, and those whose sort serves ORDER BY last, as
// PostgreSQL's select_active_windows orders them. p.wins is nil when
// the query has no window call.
func (b *binder) closeWindows(p *selectPlan, x *sql.Select) error {
	ws := p.wins
	if ws != nil && len(x.Windows) > 0 {
		b.aggs = p.aggs
		err := b.checkNamedWindows(x, ws) // bind_window_spec.go
		b.aggs = nil
		if err != nil {
			return err
		}
	}
	if ws == nil || len(ws.calls) == 0 {
		p.wins = nil
		return nil
	}
	if p.aggs != nil {
		for _, x := range ws.exprs() {
			if err := b.checkUngrouped(p, x); err != nil {
				return err
			}
		}
	}
	sort.SliceStable(ws.specs, func(i, j int) bool { return ws.specs[i].keys() > ws.specs[j].keys() })
	sort.SliceStable(ws.specs, func(i, j int) bool { return !ws.specs[i].serves(p.order) && ws.specs[j].serves(p.order) })
	slot := 0
	for _, s := range ws.specs {
		for _, c := range ws.calls {
			if c.spec == s {
				c.slot = slot
				slot++
			}
		}
	}
	return nil
}

// serves reports whether rows sorted for s are in ORDER BY's order.
func (s *winSpec) serves(order []orderKey) bool {
	return len(order) > 0 && servedBy(append(append([]orderKey(nil), s.part...), s.order...), order) // exec_window.go
}

// keys is the number of keys s's rows are sorted by.
func (s *winSpec) keys() int { return len(s.part) + len(s.order) }

// exprs are the expressions of ws's calls and windows.
func (ws *winState) exprs() []expr {
	var out []expr
	for _, s := range ws.specs {
		for _, k := range append(append([]orderKey(nil), s.part...), s.order...) {
			out = append(out, k.x)
		}
	}
	for _, c := range ws.calls {
		out = append(out, c.args...)
	}
	return out
}

// callsOf are the calls over window s, in slot order.
func (ws *winState) callsOf(s *winSpec) []*winCall {
	var out []*winCall
	for _, c := range ws.calls {
		if c.spec == s {
			out = append(out, c)
		}
	}
	return out
}
