package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Writing through automatically updatable views (PostgreSQL docs,
// CREATE VIEW, "Updatable Views"; rewriteHandler.c's rewriteTargetView).
// INSERT, UPDATE and DELETE on a view of one table whose columns are
// plain columns of it (view_simple.go's simple views) are bound as the
// same statement on the table: the view's columns map to the table's
// (b.viewCols), UPDATE and DELETE change only the rows the view's WHERE
// admits (b.viewWhere; INSERT does not check it, as without WITH CHECK
// OPTION), and columns the view leaves out get their defaults. As in
// PostgreSQL the session needs the privilege on the view and the view's
// owner on the table. A view PostgreSQL cannot write through gets its
// 55000 (view_write.go); a view over a view, a view with computed
// columns and INSERT ... ON CONFLICT through a view are 0A000.

// viewTarget binds the target view v of statement stmt ("INSERT",
// "UPDATE", "DELETE") as its table, which it returns, with b.table,
// b.viewCols and (UPDATE, DELETE) b.viewWhere set. Errors: 55000, 0A000,
// the view WHERE's.
func (b *binder) viewTarget(v *catalog.Table, stmt string) (*catalog.Table, error) {
	s := b.s
	q, err := viewQuery(v)
	if err != nil {
		return nil, err
	}
	if notUpdatable(q) != "" {
		return nil, errViewWrite(s.cat, v, stmt) // view_write.go
	}
	if !simpleViewQuery(q) { // view_simple.go
		return nil, pgerror.NotSupported(stmt + " through a view with columns that are not plain columns of its table")
	}
	savedAs := s.privAs
	s.privAs = v.Owner
	defer func() { s.privAs = savedAs }()
	t, ok := s.lookupTable(q.From)
	switch {
	case !ok:
		return nil, errNoRelation(q.From, -1)
	case t.IsView():
		return nil, pgerror.NotSupported(stmt + " through a view over a view")
	}
	m, ok := mapViewColumns(q, t, v)
	if !ok {
		return nil, pgerror.NotSupported(stmt + " through a view whose table changed since it was made")
	}
	s.noteRelation(t)
	b.table, b.alias = t, q.FromAlias
	if stmt != "INSERT" {
		if b.viewWhere, err = b.bindCondition(q.Where, "WHERE"); err != nil {
			return nil, unpositioned(err)
		}
	}
	b.viewCols = m
	b.alias = bareRel(s.cat, v)
	return t, nil
}

// viewTargetColumns is targetColumns for INSERT through a view: the
// named view columns' (all of the view's when none are named) positions
// in its table.
func (b *binder) viewTargetColumns(v *catalog.Table, names []string, pos []int) ([]int, error) {
	m := b.viewCols
	if len(names) == 0 {
		return append([]int(nil), m.cols...), nil
	}
	out := make([]int, len(names))
	seen := map[int]bool{}
	for i, n := range names {
		c := b.columnIndex(n)
		if c < 0 {
			e := pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", n, bareRel(b.s.cat, v))
			if i < len(pos) {
				e = atOffset(e, pos[i])
			}
			return nil, e
		}
		if seen[c] {
			return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column %q specified more than once", n)
		}
		seen[c] = true
		out[i] = c
	}
	return out, nil
}

// writtenView is the view a DML plan writes through, nil for none.
func writtenView(pl plan) *catalog.Table {
	switch x := pl.(type) {
	case *insertPlan:
		return x.view
	case *modifyPlan:
		return x.view
	}
	return nil
}

// checkViewTarget checks need on view v for the session's role and on
// its table t for the view's owner.
func (s *Session) checkViewTarget(v, t *catalog.Table, need catalog.Privilege) error {
	if err := s.checkTable(v, need); err != nil {
		return err
	}
	savedAs := s.privAs
	s.privAs = v.Owner
	defer func() { s.privAs = savedAs }()
	return s.checkTable(t, need)
}
