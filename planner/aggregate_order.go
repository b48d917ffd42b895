package planner

import (
	"sort"

	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// An aggregate's FILTER (WHERE cond) and ORDER BY inside its call
// (PostgreSQL docs 4.2.7): a row whose FILTER condition is not true is
// not fed to the aggregate (count(*) included); with ORDER BY the
// inputs of a group are held and fed to the aggregate in that order at
// the end (nodeAgg.c's sorted inputs), so array_agg(x ORDER BY y) and
// string_agg(a, ',' ORDER BY b DESC) collect in key order, NULLS LAST for
// ascending keys and FIRST for descending ones unless the key says
// otherwise. With DISTINCT, the ORDER BY keys must be the argument itself
// (42P10 otherwise, as PostgreSQL's); the distinct values then come in
// the key's direction.

// aggInput is one held input of an ordered aggregate: its value, its
// second argument (string_agg's delimiter, jsonb_object_agg's value)
// and its ORDER BY keys.
type aggInput struct {
	v, sep any
	keys   []any
}

// bindAggDecorations binds f's FILTER and ORDER BY into call, where
// aggregates are not allowed. Errors: 42803 for an aggregate inside,
// 42804 for a FILTER that is not boolean, 42883 for a key type without
// an ordering, 42P10 for DISTINCT with a key that is not the argument.
func (b *binder) bindAggDecorations(call *aggCall, f *sql.FuncCall) error {
	outer, denied := b.aggs, b.aggDenied
	b.aggs = nil
	defer func() { b.aggs, b.aggDenied = outer, denied }()
	var err error
	if call.filter, err = b.bindCondition(f.Filter, "FILTER"); err != nil {
		return err
	}
	b.aggDenied = "aggregate function calls cannot be nested"
	for _, o := range f.Order {
		if f.Distinct && (len(f.Args) == 0 || sql.FormatExpr(o.Expr) != sql.FormatExpr(f.Args[0])) {
			return pgerror.New(pgerror.InvalidColumnReference, "in an aggregate with DISTINCT, ORDER BY expressions must appear in argument list").
				WithPosition(o.Expr.Pos() + 1)
		}
		k, err := b.bind(o.Expr, types.Unknown)
		if err != nil {
			return err
		}
		key, err := orderKeyOf(k, o) // bind_select.go
		if err != nil {
			return err
		}
		call.order = append(call.order, key)
	}
	return nil
}

// filtered reports whether the current row is left out by the call's
// FILTER.
func (a *aggAcc) filtered(e *env) (bool, error) {
	if a.call.filter == nil {
		return false, nil
	}
	v, err := a.call.filter.Eval(e)
	return !truthy(v), err
}

// holdOrdered keeps the current row's input v of an ordered aggregate
// (not DISTINCT) with its keys, charged to the statement's memory.
func (a *aggAcc) holdOrdered(e *env, v any) error {
	in := aggInput{v: v, sep: a.sep, keys: make([]any, len(a.call.order))}
	size := memacct.ValueOverhead + memacct.ValueSize(v) + memacct.ValueSize(a.sep)
	for i, k := range a.call.order {
		kv, err := k.x.Eval(e)
		if err != nil {
			return err
		}
		in.keys[i] = kv
		size += memacct.ValueOverhead + memacct.ValueSize(kv)
	}
	if err := e.charge(size); err != nil {
		return err
	}
	a.ordered = append(a.ordered, in)
	return nil
}

// foldOrdered feeds the held inputs to the aggregate in ORDER BY order
// (stable: equal keys keep their input order), charging the state they
// make to e's statement.
func (a *aggAcc) foldOrdered(e *env) error {
	sort.SliceStable(a.ordered, func(i, j int) bool {
		for n, k := range a.call.order {
			if c := compareKeys(k, a.ordered[i].keys[n], a.ordered[j].keys[n]); c != 0 {
				return c < 0
			}
		}
		return false
	})
	for _, in := range a.ordered {
		a.sep = in.sep
		if err := a.fold(e, in.v); err != nil {
			return err
		}
	}
	a.ordered = nil
	return nil
}

// orderDistinct puts a DISTINCT aggregate's ascending values (NULL, kept
// by array_agg, last) in the direction of its ORDER BY key.
func orderDistinct(c *aggCall, vals []any) []any {
	if len(c.order) == 0 {
		return vals
	}
	k := c.order[0]
	sort.SliceStable(vals, func(i, j int) bool { return compareKeys(k, vals[i], vals[j]) < 0 })
	return vals
}
