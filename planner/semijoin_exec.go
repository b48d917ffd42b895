package planner

import (
	"context"
	"github.com/vecgres/vecgres/sql"

	ir "github.com/vecgres/vecgres/planner/plan"
)

// semiCond is a WHERE conjunct that runs as a join (semijoin.go): s is
// EXISTS or IN (subquery) with its semi join, anti for NOT EXISTS (and
// NOT IN over NOT NULL columns).
type semiCond struct {
	s    *subqueryExpr
	anti bool
}

// semiOf reports whether the bound conjunct c runs as a semi or anti
// join.
func semiOf(c expr) (semiCond, bool) {
	anti := false
	if n, ok := c.(*notExpr); ok {
		c, anti = n.x, true
	}
	s, ok := c.(*subqueryExpr)
	if !ok || s.semi == nil || anti && s.kind != sql.SubExists && !s.semi.nonNull {
		return semiCond{}, false
	}
	return semiCond{s: s, anti: anti}, true
}

// splitSemis moves the conjuncts of p's WHERE that run as joins into
// p.semis. A k-NN query (ORDER BY a distance) keeps them in WHERE, where
// its index scan's filter sees them; so does a query without FROM.
func (p *selectPlan) splitSemis() {
	if p.table == nil || len(p.order) == 1 && isDistance(p.order[0].x) {
		return
	}
	if p.join != nil {
		var keep []joinCond
		var xs []expr
		for _, c := range p.join.where {
			if sc, ok := semiOf(c.x); ok {
				p.semis = append(p.semis, sc)
				continue
			}
			keep, xs = append(keep, c), append(xs, c.x)
		}
		p.join.where, p.where = keep, andExprOf(xs)
		return
	}
	conj := []expr{p.where}
	if a, ok := p.where.(*andExpr); ok {
		conj = a.args
	}
	var rest []expr
	for _, c := range conj {
		if sc, ok := semiOf(c); ok {
			p.semis = append(p.semis, sc)
			continue
		}
		if c != nil {
			rest = append(rest, c)
		}
	}
	p.where = andExprOf(rest)
}

// isDistance reports whether x is a distance operator (a k-NN ORDER BY).
func isDistance(x expr) bool {
	_, ok := x.(*distExpr)
	return ok
}

// semiJoinNode is the Join of in (the query's rows passing WHERE) with
// the rows right of a decorrelated subquery: a hash semi (anti) join
// holding right's rows by their keys, each of in's rows probing with
// its outer keys.
func semiJoinNode(in, right ir.Node, c semiCond) *ir.Join {
	kind := ir.SemiJoin
	if c.anti {
		kind = ir.AntiJoin
	}
	rkeys := make([]ir.Expr, len(c.s.semi.outer))
	for i := range rkeys {
		rkeys[i] = colRef(i)
	}
	est := in.Base().Est
	return &ir.Join{Info: ir.Info{Est: est}, Kind: kind, Method: ir.HashJoin, Left: in,
		Right:    &ir.Hash{Info: ir.Info{Est: right.Base().Est}, Unary: ir.Unary{Input: right}},
		HashCond: c.s.semi.hashCond, LeftKeys: boundExprs(c.s.semi.outer), RightKeys: rkeys}
}

// execSemis joins in with the subquery of each of p.semis, for
// planner/exec.
func (p *selectPlan) execSemis(ctx context.Context, x *execCtx, e *env, b *execBuild, in ir.Node) (ir.Node, error) {
	for _, c := range p.semis {
		right, err := c.s.semi.right.(*selectPlan).execTree(ctx, x, e, b)
		if err != nil {
			return nil, err
		}
		in = semiJoinNode(in, right, c)
	}
	return in, nil
}

// lowerSemis is execSemis for EXPLAIN.
func (p *selectPlan) lowerSemis(x *execCtx, in ir.Node) (ir.Node, error) {
	for _, c := range p.semis {
		right, err := lowerPlan(c.s.semi.right, x, nil)
		if err != nil {
			return nil, err
		}
		in = semiJoinNode(in, right, c)
	}
	return in, nil
}
