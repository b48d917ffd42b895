package planner

import "github.com/vecgres/vecgres/sql"

// The order of a comma list's items. The items of FROM a, b, c are
// inner-joined, so any order gives the same rows; written order can pair
// two items no WHERE condition relates (a cross product of two large
// tables) while a later item relates both. orderItems joins, from the
// first item on, the next item a WHERE condition connects with those
// joined so far, else the next in written order — a greedy order in
// the spirit of PostgreSQL's join search (which also weighs costs). A
// list with a LATERAL item that reads the items before it keeps its
// written order.

// orderItems rebuilds j.root as a left-deep chain of its top-level
// items ordered by conds, WHERE's conjuncts.
func (j *joinSource) orderItems(conds []joinCond) {
	if len(j.items) < 3 || j.readsLeft() {
		return
	}
	rest := append([]joinTree(nil), j.items[1:]...)
	tree := j.items[0]
	for len(rest) > 0 {
		pick := 0
		for i, t := range rest {
			if connects(conds, tree.relset(), t.relset()) {
				pick = i
				break
			}
		}
		t := rest[pick]
		rest = append(rest[:pick], rest[pick+1:]...)
		tree = &joinNode{kind: sql.JoinCross, left: tree, right: t, rels: tree.relset() | t.relset()}
	}
	j.root = tree
}

// connects reports whether a condition reads both a and b and nothing
// outside them.
func connects(conds []joinCond, a, b relSet) bool {
	for _, c := range conds {
		if c.rels.intersects(a) && c.rels.intersects(b) && c.rels.within(a|b) {
			return true
		}
	}
	return false
}

// readsLeft reports whether a relation of the clause reads the items
// left of it (a LATERAL subquery or a function in FROM that does).
func (j *joinSource) readsLeft() bool {
	for _, r := range j.rels {
		if r.lateral && r.outer.provides.first != nil {
			return true
		}
	}
	return false
}
