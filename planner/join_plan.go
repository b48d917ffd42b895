package planner

import (
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// Planning a joined FROM clause once the query is bound: each conjunct
// of WHERE (and of an ON condition) goes as far down the join tree as
// it may — to a relation's own plan when it reads only that relation,
// so that its B-tree, HNSW and filter rules apply there, or to the
// lowest inner join whose sides it reads — and never into the side of an
// outer join that null-extension fills (PostgreSQL's rules for quals
// below outer joins, README of optimizer/). What stays above is the
// query's WHERE.

// planRelation plans the rows of relation r with the conditions where
// (as written, over r's names only): SELECT * FROM r WHERE where, bound
// by a binder of its own that qualifies its columns with r's name for
// EXPLAIN. A LATERAL subquery's binder reads the items left of it as an
// enclosing query (r.outer).
func (b *binder) planRelation(r *rangeRel, where []sql.Expr) (*selectPlan, error) {
	return b.planRelationWith(r, where, nil)
}

// planRelationWith is planRelation with the SELECT edited by edit (nil:
// none) before it is planned.
func (b *binder) planRelationWith(r *rangeRel, where []sql.Expr, edit func(*sql.Select)) (*selectPlan, error) {
	sel := &sql.Select{Items: []sql.SelectItem{{Star: true}}, Where: andOf(where)}
	switch it := r.item.(type) {
	case *sql.TableRef:
		sel.From, sel.FromAlias, sel.FromP = it.Name, it.Alias, it.P
	case *sql.FromFunc:
		sel.From, sel.FromFunc, sel.FromP = it.Name, it.Func, it.P
	case *sql.FromSubquery:
		sel.From, sel.FromQuery, sel.FromP = it.Derived.Alias, it.Derived, it.P
	}
	if edit != nil {
		edit(sel)
	}
	scope := b.nestedScope() // subquery.go
	if r.outer != nil {
		scope.outer = r.outer
	}
	sub := &binder{s: b.s, params: b.params, query: &scope, qualify: r.ref, joinRel: true}
	pl, err := sub.planSelect(sel)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	sp := pl.(*selectPlan)
	sp.rescanned = r.lateral
	if r.slots {
		withSlotColumn(sp) // dml_join.go
	}
	return sp, nil
}

// lateralBinder is the binder of the FROM items in scope as an
// enclosing query of a LATERAL subquery: its columns are read from the
// row the join is at (outerColExpr).
func (b *binder) lateralBinder(scope *fromScope) *binder {
	lb := &binder{s: b.s, params: b.params, from: scope, provides: &outerScope{}}
	if b.query != nil {
		q := *b.query
		lb.query = &q
	}
	return lb
}

// andOf is the AND of conds, nil for none.
func andOf(conds []sql.Expr) sql.Expr {
	switch len(conds) {
	case 0:
		return nil
	case 1:
		return conds[0]
	}
	return &sql.BoolExpr{Op: sql.And, Args: conds, P: conds[0].Pos()}
}

// hasSubLink reports whether e may contain a subquery (its printed form
// has one; a string literal that looks like one only keeps e where it
// is).
func hasSubLink(e sql.Expr) bool {
	return e != nil && strings.Contains(sql.FormatExpr(e), "(SELECT ")
}

// bindJoinWhere binds WHERE over a joined FROM clause conjunct by
// conjunct into p.joinWhere, each with the relations it reads, and
// p.where as their AND. The whole condition is bound first, only for
// its errors (PostgreSQL words them for the whole: "argument of AND must
// be type boolean"); the statement's subquery numbering is then rewound,
// so that the conjuncts' scalar subqueries keep their numbers.
func (b *binder) bindJoinWhere(p *selectPlan, where sql.Expr) error {
	if where == nil {
		return nil
	}
	counter := b.subCounter()
	saved := *counter
	if _, err := b.bindCondition(where, "WHERE"); err != nil {
		return err
	}
	*counter = saved
	var xs []expr
	for _, c := range conjuncts(where) {
		b.from.touched = 0
		x, err := b.bindCondition(c, "WHERE")
		if err != nil {
			return err
		}
		rels := b.from.touched
		p.join.where = append(p.join.where, joinCond{x: x, rels: rels, src: c, sides: b.equalitySides(c, b.from)})
		xs = append(xs, x)
	}
	p.where = andExprOf(xs)
	return nil
}

// planJoin places WHERE's conjuncts (p.join.where) and the ON conjuncts
// in the join tree, plans each relation with the conditions pushed to
// it, and leaves in p.where what must be checked over the joined rows.
func (b *binder) planJoin(p *selectPlan) error {
	j := p.join
	if j.where != nil {
		var rest []expr
		j.orderItems(j.where) // join_order.go
		for _, cond := range j.where {
			if !b.place(j.root, cond, true) {
				rest = append(rest, cond.x)
			}
		}
		p.where = andExprOf(rest)
	}
	if err := b.placeOn(j.root); err != nil {
		return err
	}
	for _, r := range j.rels {
		if len(r.pushed) == 0 {
			continue
		}
		pl, err := b.planRelation(r, r.pushed)
		if err != nil {
			return err
		}
		r.plan = pl
	}
	return b.planIndexLoops(p, j.root) // join_index.go
}

// placeOn moves the ON conjuncts of each join that read only the side
// null-extension does not preserve (either side of an inner join) down
// into that side.
func (b *binder) placeOn(t joinTree) error {
	n, ok := t.(*joinNode)
	if !ok {
		return nil
	}
	if err := b.placeOn(n.left); err != nil {
		return err
	}
	if err := b.placeOn(n.right); err != nil {
		return err
	}
	var keep []joinCond
	for _, c := range n.conds {
		pushed := false
		switch {
		case c.src == nil || c.rels == 0:
		case c.rels.within(n.left.relset()) && (n.kind == sql.JoinInner || n.kind == sql.JoinCross || n.kind == sql.JoinRight):
			pushed = b.place(n.left, c, false)
		case c.rels.within(n.right.relset()) && (n.kind == sql.JoinInner || n.kind == sql.JoinCross || n.kind == sql.JoinLeft):
			pushed = b.place(n.right, c, false)
		}
		if !pushed {
			keep = append(keep, c)
		}
	}
	n.conds = keep
	return nil
}

// place puts cond as low in t as it may go: into a relation's plan when
// it reads that relation only, else onto the lowest inner join it reads
// both sides of (onJoin; an ON conjunct is only pushed into relations);
// through an outer join only into its preserved side. It reports
// whether cond was placed.
func (b *binder) place(t joinTree, cond joinCond, onJoin bool) bool {
	switch t := t.(type) {
	case *joinLeaf: // a subquery is bound once, where the query binds it
		if !cond.rels.within(t.relset()) || cond.rels == 0 || hasSubLink(cond.src) || !b.pushable(t.rel, cond.src) {
			return false
		}
		t.rel.pushed = append(t.rel.pushed, cond.src)
		return true
	case *joinNode:
		if !cond.rels.within(t.rels) {
			return false
		}
		inner := t.kind == sql.JoinInner || t.kind == sql.JoinCross
		if cond.rels.within(t.left.relset()) && (inner || t.kind == sql.JoinLeft) {
			return b.place(t.left, cond, onJoin)
		}
		if cond.rels.within(t.right.relset()) && (inner || t.kind == sql.JoinRight) {
			return b.place(t.right, cond, onJoin)
		}
		if inner && onJoin && cond.rels.intersects(t.left.relset()) && cond.rels.intersects(t.right.relset()) {
			t.conds = append(t.conds, cond)
			return true
		}
	}
	return false
}

// pushable reports whether src binds over relation r alone (its
// qualifiers name r, not a join alias): a trial bind with r's own
// binder, whose errors only keep src where it is.
func (b *binder) pushable(r *rangeRel, src sql.Expr) bool {
	if it, ok := r.item.(*sql.TableRef); ok && len(it.Columns) > 0 {
		return false // column aliases: the single-relation binder has none
	}
	saved := b.params
	_, err := b.planRelation(r, append(append([]sql.Expr(nil), r.pushed...), src))
	if err != nil {
		b.params = saved
	}
	return err == nil
}

// andExprOf is the AND of bound conditions, nil for none.
func andExprOf(xs []expr) expr {
	switch len(xs) {
	case 0:
		return nil
	case 1:
		return xs[0]
	}
	return &andExpr{args: xs}
}

// outerScope identifies the binder whose current row a nested query
// reads (a LATERAL subquery reads the row of the join it is in); the
// executor publishes that row in execCtx.outer under it. first is the
// first reference bound to it (nil while there is none), for errors.
type outerScope struct {
	first *colExpr
}

// outerColExpr is a column of an enclosing query's current row (col, as
// the enclosing binder bound it), read at run time from execCtx.outer.
// It is NULL when the enclosing query has no row yet (EXPLAIN).
type outerColExpr struct {
	scope *outerScope
	col   *colExpr
}

func (o *outerColExpr) Type() types.Type { return o.col.t }
func (o *outerColExpr) Eval(e *env) (any, error) {
	if e.exec == nil {
		return nil, nil
	}
	row := e.exec.outer[o.scope]
	if o.col.idx >= len(row) {
		return nil, nil
	}
	return row[o.col.idx], nil
}

// outerColumn binds c, a column of b's current row, for a nested query
// that reads it (b.provides).
func (b *binder) outerColumn(c *sql.ColumnRef) (expr, bool, error) {
	x, err := b.bindColumn(c)
	if err != nil {
		return nil, true, err
	}
	col, ok := x.(*colExpr)
	if !ok {
		return x, true, nil // b's own reference to a query around it
	}
	if b.provides.first == nil {
		b.provides.first = col
	}
	return &outerColExpr{scope: b.provides, col: col}, true, nil
}
