package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Binding a FROM clause that joins relations (sql.Select.Joins): each
// item becomes a relation of the range table or a join node, in order,
// left to right as PostgreSQL's transformFromClause; a comma list is a
// left-deep CROSS JOIN of its items. ON conditions are bound when their
// join is complete, over the names of its two sides only; USING and
// NATURAL give one condition per common column. The query's rows are
// the joined rows: every relation's columns at its offset (rangeRel.off).

// joinTree is a node of a joined FROM clause: *joinLeaf or *joinNode.
type joinTree interface {
	relset() relSet
}

// joinLeaf reads one relation.
type joinLeaf struct{ rel *rangeRel }

// joinNode joins its two sides.
type joinNode struct {
	kind        sql.JoinKind
	left, right joinTree
	rels        relSet
	// conds are the conjuncts of its condition: ON's, USING's equalities,
	// and the WHERE conjuncts placed on an inner join (join_plan.go).
	conds []joinCond
	// lateral: the right side is a LATERAL subquery, run again for each
	// left row.
	lateral *rangeRel
	// index is the right relation's plan for an index nested loop
	// (join_index.go); nil when its condition has no indexed equality.
	index *indexLoop
}

// joinCond is one conjunct of a join condition with the relations it reads.
// For an equality, sides holds the relations each operand reads (both
// zero otherwise, and for USING's, whose operands are columns).
type joinCond struct {
	x     expr
	rels  relSet
	src   sql.Expr // as written; nil for USING's
	sides [2]relSet
}

func (l *joinLeaf) relset() relSet { return relBit(l.rel.id) }
func (n *joinNode) relset() relSet { return n.rels }

// joinSource is a bound joined FROM clause: root joins items, the
// clause's top-level items (a comma list's), left to right until
// join_order.go orders them.
type joinSource struct {
	root  joinTree
	rels  []*rangeRel
	width int
	items []joinTree
	where []joinCond // WHERE's conjuncts (bindJoinWhere)
}

// origin is the table OID and attribute number RowDescription gives
// joined column i (0, 0 when it is no table's).
func (j *joinSource) origin(i int) (uint32, int16) {
	for _, r := range j.rels {
		if i >= r.off && i < r.off+len(r.cols) && r.origin != nil {
			return r.origin.OID, int16(i - r.off + 1)
		}
	}
	return 0, 0
}

// joinBinder binds the items of one FROM clause.
type joinBinder struct {
	b    *binder
	rels []*rangeRel
	off  int
	// hideFirst keeps the first item (UPDATE ... FROM's target,
	// dml_join.go) out of the names a LATERAL item may read, as
	// PostgreSQL's target is not in the FROM clause's namespace.
	hideFirst bool
}

// errLateralOutside refuses a LATERAL subquery that reads FROM items
// other than the left side of the join it is the right side of: it is
// run again only for that join's rows.
var errLateralOutside = pgerror.NotSupported("a LATERAL reference to a FROM item outside its JOIN")

// bindJoinFrom binds x's FROM items into p.join, p.table (the joined
// row's columns) and b.from (the names of the whole clause).
func (b *binder) bindJoinFrom(p *selectPlan, x *sql.Select) error {
	j := &joinBinder{b: b, hideFirst: b.hideTarget}
	var tree joinTree
	var items []joinTree
	ns := &nsItem{}
	for _, it := range x.FromItems {
		t, item, err := j.item(it, ns)
		if err != nil {
			return err
		}
		items = append(items, t)
		if tree == nil {
			tree, ns = t, item
			continue
		}
		if err := checkNameConflicts(ns.entries, item.entries); err != nil {
			return err
		}
		n := &joinNode{kind: sql.JoinCross, left: tree, right: t, rels: ns.rels | item.rels}
		if leaf, ok := t.(*joinLeaf); ok && leaf.rel.lateral && leaf.rel.outer.provides.first != nil {
			n.lateral = leaf.rel
		}
		tree, ns = n, joinNames(ns, item)
	}
	var cols []catalog.Column
	for _, r := range j.rels {
		cols = append(cols, r.cols...)
	}
	p.join = &joinSource{root: tree, rels: j.rels, width: j.off, items: items}
	p.table = catalog.NewVirtualTable(0, "", cols, nil)
	b.table, b.alias = nil, ""
	b.from = scopeOf(j.rels, ns)
	return nil
}

// readable is the scope of the names of before a LATERAL item may read:
// all of them, or without the first relation's under hideFirst.
func (j *joinBinder) readable(before *nsItem) *fromScope {
	if !j.hideFirst || before == nil {
		return scopeOf(j.rels, before)
	}
	out := &nsItem{rels: before.rels &^ relBit(0)}
	for _, c := range before.cols {
		if !c.rels.has(0) {
			out.cols = append(out.cols, c)
		}
	}
	for _, e := range before.entries {
		if e.rel == nil || e.rel.id != 0 {
			out.entries = append(out.entries, e)
		}
	}
	s := scopeOf(j.rels, out)
	s.hidden = relBit(0)
	return s
}

// joinNames is the names of two items side by side.
func joinNames(a, b *nsItem) *nsItem {
	return &nsItem{cols: append(append([]nsCol(nil), a.cols...), b.cols...),
		entries: append(append([]*nsEntry(nil), a.entries...), b.entries...), rels: a.rels | b.rels}
}

// item binds one FROM item; before are the names of the items left of
// it, which a LATERAL subquery may read.
func (j *joinBinder) item(it sql.FromItem, before *nsItem) (joinTree, *nsItem, error) {
	switch it := it.(type) {
	case *sql.JoinExpr:
		return j.join(it, before)
	case *sql.FromSubquery:
		return j.relation(it, before, it.Lateral)
	case *sql.FromFunc: // a function's arguments may read the items left of it, as in PostgreSQL
		return j.relation(it, before, true)
	}
	return j.relation(it, before, false)
}

// relation adds a table, function or subquery to the range table, its
// rows read by a plan of its own (planned again with the conditions
// pushed to it, join_plan.go). A LATERAL item reads the items left of
// it (before); another subquery only names them in its errors.
func (j *joinBinder) relation(it sql.FromItem, before *nsItem, lateral bool) (joinTree, *nsItem, error) {
	if len(j.rels) == maxJoinRels {
		return nil, nil, pgerror.Errorf(pgerror.ProgramLimitExceeded, "vecgres joins at most %d relations in one FROM clause", maxJoinRels)
	}
	r := &rangeRel{id: len(j.rels), item: it, off: j.off}
	r.slots = j.b.slotted != nil && j.b.slotted(it)
	switch {
	case lateral:
		r.lateral = true
		r.outer = j.b.lateralBinder(j.readable(before))
	case before != nil:
		r.outer = j.b.lateralBinder(j.readable(before))
		r.outer.provides, r.outer.hintOnly = nil, true
	}
	pl, err := j.b.planRelation(r, nil)
	if err != nil {
		return nil, nil, err
	}
	r.plan = pl
	r.cols = append([]catalog.Column(nil), pl.table.Columns...)
	switch it := it.(type) {
	case *sql.TableRef:
		r.ref, r.rel, r.aliased, r.origin = it.Rel, it.Rel, it.Alias != "", pl.table
		if r.aliased {
			r.ref = it.Alias
		}
		r.schema = it.Schema
		if r.schema == "" {
			r.schema = "pg_catalog"
			if t, user := j.b.s.lookupTable(it.Name); user {
				r.schema, _ = j.b.s.cat.SplitName(t.Name)
			}
		}
		if len(it.Columns) > len(r.cols) {
			return nil, nil, pgerror.Errorf(pgerror.InvalidColumnReference, "table \"%s\" has %d columns available but %d columns specified",
				r.ref, len(r.cols), len(it.Columns))
		}
		for i, c := range it.Columns {
			r.cols[i].Name = c
		}
	case *sql.FromFunc:
		r.ref, r.aliased = it.Name, true
	case *sql.FromSubquery:
		r.ref, r.aliased = it.Derived.Alias, true
	}
	j.rels = append(j.rels, r)
	e := &nsEntry{ref: r.ref, rel: r}
	for i, c := range r.cols {
		x := &colExpr{idx: r.off + i, t: c.Type, name: c.Name, qual: r.ref}
		e.cols = append(e.cols, nsCol{name: c.Name, x: x, rels: relBit(r.id)})
	}
	if r.slots {
		r.cols = append(r.cols, slotColumn) // dml_join.go
	}
	j.off += len(r.cols)
	return &joinLeaf{rel: r}, &nsItem{cols: e.cols, entries: []*nsEntry{e}, rels: relBit(r.id)}, nil
}

// join binds a JOIN: its sides, then its USING or NATURAL columns and
// its ON condition over the names of its sides.
func (j *joinBinder) join(x *sql.JoinExpr, before *nsItem) (joinTree, *nsItem, error) {
	lt, lns, err := j.item(x.Left, before)
	if err != nil {
		return nil, nil, err
	}
	rt, rns, err := j.item(x.Right, joinNames(before, lns))
	if err != nil {
		return nil, nil, err
	}
	if err := checkNameConflicts(lns.entries, rns.entries); err != nil {
		return nil, nil, err
	}
	if leaf, ok := lt.(*joinLeaf); ok && leaf.rel.lateral && leaf.rel.outer.provides.first != nil {
		return nil, nil, errLateralOutside // it would run once, not per row of the items it reads
	}
	n := &joinNode{kind: x.Kind, left: lt, right: rt, rels: lns.rels | rns.rels}
	j.markNullable(x.Kind, lns.rels, rns.rels) // record_bind.go
	if leaf, ok := rt.(*joinLeaf); ok && leaf.rel.lateral && leaf.rel.outer.provides.first != nil {
		if x.Kind == sql.JoinRight || x.Kind == sql.JoinFull {
			ref := leaf.rel.outer.provides.first
			return nil, nil, pgerror.Errorf(pgerror.InvalidColumnReference, "invalid reference to FROM-clause entry for table %q", ref.qual).
				WithDetail("The combining JOIN type must be INNER or LEFT for a LATERAL reference.").WithPosition(ref.pos)
		}
		n.lateral = leaf.rel
		if !leaf.rel.outer.from.touched.within(lns.rels) {
			return nil, nil, errLateralOutside
		}
	}
	using := x.Using
	if x.Natural {
		using = commonNames(lns.cols, rns.cols)
	}
	merged, err := j.using(n, using, lns, rns)
	if err != nil {
		return nil, nil, err
	}
	ns := &nsItem{cols: merged, rels: n.rels}
	for _, side := range []*nsItem{lns, rns} {
		for _, c := range side.cols {
			if !contains(using, c.name) {
				ns.cols = append(ns.cols, c)
			}
		}
	}
	if x.On != nil {
		if err := j.bindOn(n, x.On, scopeOf(j.rels, lns, rns)); err != nil {
			return nil, nil, err
		}
	}
	if x.Alias != "" {
		ns.entries = []*nsEntry{{ref: x.Alias, cols: ns.cols}}
	} else {
		ns.entries = append(append([]*nsEntry(nil), lns.entries...), rns.entries...)
	}
	return n, ns, nil
}

// bindOn binds ON's conjuncts into n.conds over the scope of n's sides.
func (j *joinBinder) bindOn(n *joinNode, on sql.Expr, scope *fromScope) error {
	b := j.b
	saved := b.from
	b.from = scope
	defer func() { b.from = saved }()
	whole, err := b.bindCondition(on, "JOIN/ON")
	if err != nil {
		return err
	}
	if hasSubLink(on) {
		n.conds = append(n.conds, joinCond{x: whole, rels: n.rels, src: on})
		return nil
	}
	for _, c := range conjuncts(on) {
		scope.touched = 0
		x, err := b.bindCondition(c, "JOIN/ON")
		if err != nil {
			return err
		}
		rels := scope.touched
		n.conds = append(n.conds, joinCond{x: x, rels: rels, src: c, sides: b.equalitySides(c, scope)})
	}
	return nil
}

// equalitySides returns the relations each operand of the equality c
// reads, binding each alone over scope (no subquery is in c; a
// parameter an operand alone cannot type keeps its type); zeros when c
// is no equality.
func (b *binder) equalitySides(c sql.Expr, scope *fromScope) [2]relSet {
	eq, ok := c.(*sql.BinaryExpr)
	if !ok || eq.Op != "=" || hasSubLink(c) {
		return [2]relSet{}
	}
	var out [2]relSet
	for i, operand := range []sql.Expr{eq.L, eq.R} {
		scope.touched = 0
		if _, err := b.bind(operand, types.Unknown); err != nil {
			return [2]relSet{}
		}
		out[i] = scope.touched
	}
	return out
}

// using adds to n one equality per USING column and returns the merged
// columns: the left side's for INNER and LEFT, the right side's for
// RIGHT, COALESCE of the two for FULL. Errors as PostgreSQL's
// transformFromClauseItem: 42701 for a column named twice, 42703 for one
// a side lacks, 42702 for one a side has twice.
func (j *joinBinder) using(n *joinNode, using []string, lns, rns *nsItem) ([]nsCol, error) {
	var out []nsCol
	for i, name := range using {
		if contains(using[:i], name) {
			return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column name %q appears more than once in USING clause", name)
		}
		l, err := usingColumn(lns.cols, name, "left")
		if err != nil {
			return nil, err
		}
		r, err := usingColumn(rns.cols, name, "right")
		if err != nil {
			return nil, err
		}
		t, err := commonType("JOIN/USING", []expr{l.x, r.x}, []int{-1, -1}) // funcs_variadic.go
		if err != nil {
			return nil, err
		}
		eq := j.b.makeBinary("=", l.x, r.x)
		if eq == nil {
			return nil, noOperator(noTypmod(l.x.Type()), "=", noTypmod(r.x.Type()))
		}
		n.conds = append(n.conds, joinCond{x: eq, rels: l.rels | r.rels})
		m, err := mergedColumn(n.kind, name, l, r, withCommonTypmod(t, []expr{l.x, r.x}))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// mergedColumn is the column of USING or NATURAL that unqualified names
// and * see, of the sides' common type t: the left side's column for
// INNER and LEFT joins, the right side's for RIGHT, and COALESCE of the
// two for FULL, as PostgreSQL's buildMergedJoinVar.
func mergedColumn(kind sql.JoinKind, name string, l, r nsCol, t types.Type) (nsCol, error) {
	lx, err := coerce(l.x, t, -1)
	if err != nil {
		return nsCol{}, err
	}
	rx, err := coerce(r.x, t, -1)
	if err != nil {
		return nsCol{}, err
	}
	switch kind {
	case sql.JoinRight:
		return nsCol{name: name, x: rx, rels: r.rels}, nil
	case sql.JoinFull:
		return nsCol{name: name, x: &funcExpr{name: "coalesce", args: []expr{lx, rx}, t: t, fn: coalesceOf}, rels: l.rels | r.rels}, nil
	}
	return nsCol{name: name, x: lx, rels: l.rels}, nil
}

// usingColumn is the one column of a side a USING column names.
func usingColumn(cols []nsCol, name, side string) (nsCol, error) {
	var found []nsCol
	for _, c := range cols {
		if c.name == name {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return nsCol{}, pgerror.Errorf(pgerror.UndefinedColumn, "column %q specified in USING clause does not exist in %s table", name, side)
	case 1:
		return found[0], nil
	}
	return nsCol{}, pgerror.Errorf(pgerror.AmbiguousColumn, "common column name %q appears more than once in %s table", name, side)
}

// commonNames are the column names of NATURAL JOIN: the left side's
// names the right side has too, in the left side's order.
func commonNames(l, r []nsCol) []string {
	var out []string
	for _, c := range l {
		if contains(out, c.name) {
			continue
		}
		for _, d := range r {
			if d.name == c.name {
				out = append(out, c.name)
				break
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// conjuncts splits e at its top-level ANDs.
func conjuncts(e sql.Expr) []sql.Expr {
	if x, ok := e.(*sql.BoolExpr); ok && x.Op == sql.And {
		var out []sql.Expr
		for _, a := range x.Args {
			out = append(out, conjuncts(a)...)
		}
		return out
	}
	return []sql.Expr{e}
}
