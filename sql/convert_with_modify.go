package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Data-modifying WITH queries (PostgreSQL docs 7.8.4): WITH d AS
// (DELETE ... RETURNING *) INSERT INTO b SELECT * FROM d. Each is
// converted once, under the names visible where it is defined, and
// collected on the statement (WithModify); references read its
// RETURNING rows (DerivedTable.Modify). As in PostgreSQL 15's parser,
// they are allowed only in the WITH clause of the top-level statement,
// and a reference to one without RETURNING is 0A000.

// isModifying reports whether a WITH query's statement is INSERT,
// UPDATE or DELETE.
func isModifying(n *pg_query.Node) bool {
	return n.GetInsertStmt() != nil || n.GetUpdateStmt() != nil || n.GetDeleteStmt() != nil
}

// modifyingCTE converts WITH query e's data-modifying statement (top
// says whether e's WITH clause is the statement's own) and collects it.
func (c *conv) modifyingCTE(e *cteEntry, top, recursive bool) error {
	loc := e.cte.GetLocation()
	switch {
	case !top:
		return c.at(pgerror.New(pgerror.FeatureNotSupported,
			"WITH clause containing a data-modifying statement must be at the top level"), loc)
	case recursive:
		return c.unsupported("data-modifying statements in WITH RECURSIVE", loc)
	case e.cte.GetCtematerialized() != pg_query.CTEMaterialize_CTEMaterializeDefault:
		return c.unsupported("MATERIALIZED and NOT MATERIALIZED on a data-modifying WITH query", loc)
	}
	saved := c.ctes
	c.ctes = e.scope
	st, err := c.stmt(e.cte.GetCtequery())
	c.ctes = saved
	if err != nil {
		return err
	}
	m := &ModifyingCTE{Name: e.name, P: int(loc), Stmt: st}
	for _, n := range e.cte.GetAliascolnames() {
		m.Columns = append(m.Columns, n.GetString_().GetSval())
	}
	e.modify = m
	c.modifying = append(c.modifying, m)
	return nil
}

// modifyingRef is the subquery a reference rv (named alias, with column
// aliases cols) to data-modifying WITH query e stands for. Errors: 0A000
// when e has no RETURNING.
func (c *conv) modifyingRef(e *cteEntry, rv *pg_query.RangeVar, alias string, cols []string) (*DerivedTable, error) {
	if !hasReturning(e.modify.Stmt) {
		return nil, c.at(pgerror.Errorf(pgerror.FeatureNotSupported,
			"WITH query \"%s\" does not have a RETURNING clause", e.name), rv.GetLocation())
	}
	d := &DerivedTable{Alias: alias, CTE: e.name, CTEP: e.modify.P, Modify: e.modify, CTEColumns: e.modify.Columns}
	d.Columns = append(d.Columns, cols...)
	if len(d.CTEColumns) > len(cols) {
		d.Columns = append(d.Columns, d.CTEColumns[len(cols):]...)
	}
	return d, nil
}

// hasReturning reports whether st, an INSERT, UPDATE or DELETE, has a
// RETURNING list.
func hasReturning(st Statement) bool {
	switch x := st.(type) {
	case *Insert:
		return len(x.Returning) > 0
	case *Update:
		return len(x.Returning) > 0
	case *Delete:
		return len(x.Returning) > 0
	}
	return false
}

// withModifying wraps st, a converted top-level statement, in
// WithModify when its WITH clause held data-modifying queries; EXPLAIN's
// statement is wrapped under the Explain, which explains it whole.
func (c *conv) withModifying(st Statement) Statement {
	if len(c.modifying) == 0 {
		return st
	}
	if x, ok := st.(*Explain); ok {
		x.Stmt = c.withModifying(x.Stmt)
		return x
	}
	out := &WithModify{CTEs: c.modifying, Main: st}
	c.modifying = nil
	return out
}
