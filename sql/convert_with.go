package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// WITH queries (common table expressions; PostgreSQL docs, 7.8 "WITH
// Queries"). A WITH clause's names are visible in the FROM clauses of its
// statement, and of each later WITH query of the same clause, before any
// table of that name (an unqualified name only: public.a is the table).
// A reference is converted into a subquery in FROM (a DerivedTable named
// by the reference's alias, or the WITH query's name) whose query is the
// WITH query's, converted again at each reference under the names visible
// where the WITH query was defined. That is PostgreSQL 15's inlining of a
// side-effect-free WITH query (NOT MATERIALIZED, and the default for one
// referenced once). The references of a MATERIALIZED one, a recursive
// one, or one referenced several times share a CTEShare marked
// Materialized: the planner computes its rows once per execution and
// each reference reads them (so random() in it is drawn once). That is
// done for the statement's own WITH clause only: a WITH clause nested in
// a subquery may read an enclosing query's columns, so each reference to
// its queries computes its rows (a difference from PostgreSQL only for
// volatile functions there).
// WITH queries no reference reads are still converted and bound, so that
// their errors are reported as PostgreSQL's parser does (Select.WithChecks).

// cteEntry is one WITH query in scope; next is the entry visible before
// it (an outer one, or an earlier sibling), nil at the end.
type cteEntry struct {
	name string
	cte  *pg_query.CommonTableExpr
	// scope is the list of names the WITH query's own query sees.
	scope *cteEntry
	next  *cteEntry
	used  bool
	refs  int // references converted
	share *CTEShare
	// expanding is set while a reference's query is being converted: a
	// reference met then is a recursive one.
	expanding bool
	// recursive marks a WITH query of a WITH RECURSIVE clause; phase,
	// selfSeen and workRef follow the conversion of its query
	// (convert_recursive.go).
	recursive bool
	// modify is set for a data-modifying WITH query (convert_with_modify.go).
	modify   *ModifyingCTE
	phase    recursivePhase
	selfSeen bool
	workRef  *pg_query.RangeVar
}

// maxCTEExpansions bounds the subqueries references may make of WITH
// queries in one statement: each reference converts its query again, so
// WITH queries that each read the previous one twice would double them.
const maxCTEExpansions = 10000

// withScope opens the names of WITH clause w (nil: none) for the
// statement being converted; the returned function closes them and, for
// a SELECT, attaches the WITH queries no reference read to q.WithChecks
// (pass nil for other statements).
func (c *conv) withScope(w *pg_query.WithClause) (func(q *Select) error, error) {
	saved := c.ctes
	restore := func(*Select) error { c.ctes = saved; return nil }
	if w == nil {
		return restore, nil
	}
	var mine []*cteEntry
	top := c.depth <= 1 // the statement's own WITH clause
	for _, n := range w.GetCtes() {
		cte := n.GetCommonTableExpr()
		if err := c.checkCTE(cte, mine); err != nil {
			return restore, err
		}
		e := &cteEntry{name: cte.GetCtename(), cte: cte, scope: c.ctes, next: c.ctes, recursive: w.GetRecursive()}
		if top {
			e.share = &CTEShare{Name: cte.GetCtename()}
		}
		if isModifying(cte.GetCtequery()) {
			if err := c.modifyingCTE(e, top, w.GetRecursive()); err != nil { // convert_with_modify.go
				return restore, err
			}
		}
		c.ctes = e
		mine = append(mine, e)
	}
	if w.GetRecursive() { // each sees all of the clause, itself included
		for _, e := range mine {
			e.scope = c.ctes
		}
	}
	return func(q *Select) error {
		defer func() { c.ctes = saved }()
		for _, e := range mine {
			if e.share != nil {
				e.share.Materialized = materialized(e)
			}
		}
		for _, e := range mine {
			if e.used || q == nil || e.modify != nil {
				continue
			}
			d, err := c.cteQuery(e, e.name, nil)
			if err != nil {
				return err
			}
			q.WithChecks = append(q.WithChecks, d)
		}
		return nil
	}, nil
}

// materialized reports whether PostgreSQL 15 computes WITH query e's
// rows once (subquery_planner's rule in optimizer/plan/subselect.c,
// SS_process_ctes): MATERIALIZED, a recursive one, or referenced more
// than once and not NOT MATERIALIZED.
func materialized(e *cteEntry) bool {
	switch e.cte.GetCtematerialized() {
	case pg_query.CTEMaterialize_CTEMaterializeAlways:
		return true
	case pg_query.CTEMaterialize_CTEMaterializeNever:
		return false
	}
	return e.refs > 1 || e.recursive && e.selfSeen
}

// checkCTE refuses a WITH query outside the dialect, or one whose name
// an earlier one of the same clause has (42712, at the name).
func (c *conv) checkCTE(cte *pg_query.CommonTableExpr, earlier []*cteEntry) error {
	loc := cte.GetLocation()
	for _, e := range earlier {
		if e.name == cte.GetCtename() {
			return c.at(pgerror.Errorf(pgerror.DuplicateAlias, "WITH query name %q specified more than once",
				cte.GetCtename()), loc)
		}
	}
	switch {
	case cte.GetCtequery().GetSelectStmt() == nil && !isModifying(cte.GetCtequery()): // convert_with_modify.go
		return c.unsupported("WITH queries other than SELECT, INSERT, UPDATE and DELETE", loc)
	case cte.GetSearchClause() != nil:
		return c.unsupported("SEARCH in WITH", loc)
	case cte.GetCycleClause() != nil:
		return c.unsupported("CYCLE in WITH", loc)
	}
	return nil
}

// cteRef returns the subquery a reference rv to a WITH query in scope
// stands for, nil when rv names none (a table).
func (c *conv) cteRef(rv *pg_query.RangeVar) (*DerivedTable, error) {
	if rv.GetSchemaname() != "" || rv.GetCatalogname() != "" {
		return nil, nil
	}
	e := c.ctes
	for e != nil && e.name != rv.GetRelname() {
		e = e.next
	}
	if e == nil {
		return nil, nil
	}
	e.used = true
	if !e.expanding {
		e.refs++
	}
	alias := rv.GetAlias().GetAliasname()
	if alias == "" {
		alias = e.name
	}
	var cols []string
	for _, n := range rv.GetAlias().GetColnames() {
		cols = append(cols, n.GetString_().GetSval())
	}
	if e.modify != nil {
		return c.modifyingRef(e, rv, alias, cols) // convert_with_modify.go
	}
	if e.expanding {
		return c.selfRef(e, rv, alias, cols) // convert_recursive.go
	}
	return c.cteQuery(e, alias, cols)
}

// cteQuery converts WITH query e's query for a reference named alias
// with column aliases cols (which rename the first columns before the
// WITH query's own column list does).
func (c *conv) cteQuery(e *cteEntry, alias string, cols []string) (*DerivedTable, error) {
	c.cteExpansions++
	if c.cteExpansions > maxCTEExpansions {
		return nil, pgerror.Errorf(pgerror.StatementTooComplex,
			"WITH queries are referenced more than %d times in one statement", maxCTEExpansions)
	}
	saved := c.ctes
	c.ctes, e.expanding = e.scope, true
	d, err := c.cteBody(e)
	c.ctes, e.expanding = saved, false
	if err != nil {
		return nil, err
	}
	d.Alias, d.CTE, d.CTEP, d.Shared = alias, e.name, int(e.cte.GetLocation()), e.share
	for _, n := range e.cte.GetAliascolnames() {
		d.CTEColumns = append(d.CTEColumns, n.GetString_().GetSval())
	}
	d.Columns = append(d.Columns, cols...)
	if len(d.CTEColumns) > len(cols) {
		d.Columns = append(d.Columns, d.CTEColumns[len(cols):]...)
	}
	return d, nil
}
