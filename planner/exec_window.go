package planner

import (
	"fmt"
	"math"
	"strings"

	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Window functions through planner/exec: after the source rows (and the
// Aggregate and HAVING of a grouped query), one Window node per distinct
// window, each over a Sort by its partition keys then its ORDER BY keys
// unless the rows already come in an order that serves it. Each Window
// appends its calls' values to the row, so after the last one a row
// ends with every call's value in slot order; the expressions above
// (ORDER BY, DISTINCT, the select list) are windowedExprs, which read
// them into env.wins for winRef.

// windowedExpr is an expression over a row that ends with n window
// values.
type windowedExpr struct {
	inner ir.Expr
	n     int
}

func (w windowedExpr) String() string { return w.inner.String() }

// windowed wraps xs when p has window calls.
func (p *selectPlan) windowed(xs []ir.Expr) []ir.Expr {
	if p.wins == nil {
		return xs
	}
	n := len(p.wins.calls)
	for i, x := range xs {
		xs[i] = windowedExpr{inner: x, n: n}
	}
	return xs
}

// windowedKeys wraps sort keys' executable keys as windowed does.
func (p *selectPlan) windowedKeys(keys []ir.SortKey) []ir.SortKey {
	if p.wins != nil {
		for i := range keys {
			keys[i].Key = windowedExpr{inner: keys[i].Key, n: len(p.wins.calls)}
		}
	}
	return keys
}

// execWindows puts p's Window nodes over in (rows of a grouped query
// when grouped is set), their aggregates' accumulators registered in b;
// st, when not nil, records them for EXPLAIN ANALYZE.
func (p *selectPlan) execWindows(e *env, b *execBuild, in ir.Node, grouped *groupedExpr, st *planTrace) ir.Node {
	if p.wins == nil {
		return in
	}
	below := in
	defer func() {
		if st != nil {
			st.wins = windowStack(in, below)
		}
	}()
	wrap := func(x expr) ir.Expr {
		if grouped != nil {
			return groupedExpr{x: x, keys: grouped.keys}
		}
		return boundExpr{x}
	}
	key := func(k orderKey) ir.SortKey {
		return ir.SortKey{Expr: formatBound(k.x), Desc: k.desc, Key: sortKeyExpr{k: k, grouped: grouped}}
	}
	var sorted []orderKey
	for _, s := range p.wins.specs {
		keys := append(append([]orderKey(nil), s.part...), s.order...)
		if !servedBy(sorted, keys) {
			sk := make([]ir.SortKey, len(keys))
			for i, k := range keys {
				sk[i] = key(k)
			}
			in = &ir.Sort{Unary: ir.Unary{Input: in}, Keys: sk}
			sorted = keys
		}
		w := &ir.Window{Unary: ir.Unary{Input: in}, Frame: s.frame.plan(wrap)}
		for _, k := range s.part {
			w.PartKeys = append(w.PartKeys, key(k))
		}
		for _, k := range s.order {
			w.OrderKeys = append(w.OrderKeys, key(k))
		}
		calls := p.wins.callsOf(s)
		for _, c := range calls {
			f := ir.WindowFunc{Name: c.name, Agg: c.agg != nil}
			for _, a := range c.args {
				f.Args = append(f.Args, wrap(a))
			}
			w.Funcs = append(w.Funcs, f)
		}
		if b.winAccs == nil {
			b.winAccs = map[*ir.Window]func(int) (pexec.Accumulator, error){}
		}
		b.winAccs[w] = func(i int) (pexec.Accumulator, error) {
			return &winAccumulator{acc: aggAcc{call: calls[i].agg}, e: e, grouped: grouped}, nil
		}
		in = w
	}
	return in
}

// windowsSorted reports whether the rows the Window nodes emit are
// already in ORDER BY's order: the last Sort below them is by keys that
// ORDER BY's are a prefix of (the Window nodes keep their input's order).
func (p *selectPlan) windowsSorted() bool {
	if p.wins == nil || len(p.order) == 0 {
		return false
	}
	var sorted []orderKey
	for _, s := range p.wins.specs {
		if keys := append(append([]orderKey(nil), s.part...), s.order...); !servedBy(sorted, keys) {
			sorted = keys
		}
	}
	return servedBy(sorted, p.order)
}

// lowerWindows is execWindows for EXPLAIN: the nodes estimated at in's
// rows.
func (p *selectPlan) lowerWindows(in ir.Node) ir.Node {
	if p.wins == nil {
		return in
	}
	n := p.execWindows(nil, &execBuild{winAccs: map[*ir.Window]func(int) (pexec.Accumulator, error){}}, in, nil, nil)
	for m := n; m != in; m = m.Children()[0] {
		m.Base().Est = in.Base().Est
	}
	return n
}

// windowStack is the nodes from top down to below, not included.
func windowStack(top, below ir.Node) []ir.Node {
	var out []ir.Node
	for m := top; m != nil && m != below; m = firstChild(m) {
		out = append(out, m)
	}
	return out
}

// annotateWindows gives the WindowAgg nodes of an analysed tree, and
// the Sorts between them, the rows their exec nodes (tr.wins, the same
// shape) emitted; without those, the rows of the node below them, as
// each emits every row it reads.
func annotateWindows(n ir.Node, tr *planTrace, run *setOpTrace) {
	var stack []ir.Node
	for m := ir.Top(n); m != nil; m = firstChild(m) {
		switch m.(type) {
		case *ir.Window:
			stack = append(stack, m)
			continue
		case *ir.Sort:
			if len(stack) > 0 {
				stack = append(stack, m)
				continue
			}
		}
		if len(stack) > 0 {
			for i, w := range stack {
				w.Base().Actual = m.Base().Actual
				if tr != nil && len(tr.wins) == len(stack) {
					w.Base().Actual = run.actualOf(tr.wins[i])
				}
			}
			return
		}
	}
}

// firstChild is n's first input; nil for a leaf.
func firstChild(n ir.Node) ir.Node {
	if c := n.Children(); len(c) > 0 {
		return c[0]
	}
	return nil
}

// servedBy reports whether rows sorted by have the order keys needs:
// keys is a prefix of have (the same expressions, directions and NULL
// placement).
func servedBy(have, keys []orderKey) bool {
	if len(keys) > len(have) {
		return false
	}
	for i, k := range keys {
		h := have[i]
		if h.desc != k.desc || h.nullsFirst != k.nullsFirst || h.x != k.x && (formatBound(h.x) != formatBound(k.x) || strings.Contains(formatBound(k.x), "?")) {
			return false
		}
	}
	return true
}

// plan is f in the plan IR, its offsets wrapped by wrap.
func (f winFrame) plan(wrap func(expr) ir.Expr) ir.Frame {
	bound := func(b winBound) ir.FrameBound {
		out := ir.FrameBound{Kind: b.kind}
		if b.off != nil {
			out.Offset = wrap(b.off)
		}
		return out
	}
	return ir.Frame{Mode: f.mode, Start: bound(f.start), End: bound(f.end), Exclude: f.exclude}
}

// winAccumulator is an aggregate over a window frame: a row is added
// with the env set to it (a grouped query's Aggregate row as
// groupedExpr reads it). charged is what its adds charged to the
// statement (the values array_agg and string_agg hold), given back by
// Release when the Window drops it for the next frame.
type winAccumulator struct {
	acc     aggAcc
	e       *env
	grouped *groupedExpr
	charged int64
}

// Add implements exec.Accumulator.
func (a *winAccumulator) Add(row []any) error {
	if a.grouped != nil {
		a.e.row, _ = row[a.grouped.keys].([]any)
		a.e.aggs = row[a.grouped.keys+1:]
	} else {
		a.e.row = row
	}
	before := a.used()
	err := a.acc.add(a.e)
	a.charged += a.used() - before
	return err
}

// used is the statement's charged bytes.
func (a *winAccumulator) used() int64 {
	if a.e.exec == nil {
		return 0
	}
	return a.e.exec.mem.Used()
}

// Release implements exec.Releaser.
func (a *winAccumulator) Release() {
	if a.e.exec != nil {
		a.e.exec.mem.Release(a.charged)
	}
	a.charged = 0
}

// Result implements exec.Accumulator.
func (a *winAccumulator) Result() (any, error) {
	before := a.used()
	v, err := a.acc.final(a.e)
	a.charged += a.used() - before
	return v, err
}

// rangeBound is v moved by off (RANGE frames, exec.Evaluator.RangeBound)
// for an ORDER BY key of type t: down when down is set. Integer bounds
// saturate instead of overflowing (a bound past the type's range lies
// past every value, as PostgreSQL's in_range functions decide). Errors:
// 22013 for a negative or NaN offset.
func rangeBound(t types.Type, v, off any, down bool) (any, error) {
	bad := pgerror.New(pgerror.InvalidPrecedingFollowing, "invalid preceding or following size in window function")
	switch t.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
		x, d := v.(int64), off.(int64)
		if d < 0 {
			return nil, bad
		}
		if down {
			if x < math.MinInt64+d {
				return int64(math.MinInt64), nil
			}
			return x - d, nil
		}
		if x > math.MaxInt64-d {
			return int64(math.MaxInt64), nil
		}
		return x + d, nil
	case types.KindFloat4, types.KindFloat8:
		x, d := sem.ToFloat(v), sem.ToFloat(off)
		if d < 0 || math.IsNaN(d) {
			return nil, bad
		}
		if down {
			return x - d, nil
		}
		return x + d, nil
	case types.KindNumeric:
		x, _ := types.AsNumeric(v)
		d, _ := types.AsNumeric(off)
		if d.Sign() < 0 || d.IsNaN() {
			return nil, bad
		}
		op := "+"
		if down {
			op = "-"
		}
		return types.NumericArith(op, x, d)
	}
	return nil, fmt.Errorf("planner: no RANGE offset arithmetic for %s", t.Name())
}
