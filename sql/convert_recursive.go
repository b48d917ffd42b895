package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// WITH RECURSIVE (PostgreSQL docs, 7.8.2 "Recursive Queries"): a WITH
// query of a RECURSIVE clause that reads itself must be
// non-recursive-term UNION [ALL] recursive-term, where only the
// recursive term reads the WITH query, once, in its own FROM clause and
// not on the nullable side of an outer join: that reference reads the
// rows the previous step made (the work table). Errors are PostgreSQL's
// checkWellFormedRecursion ones (42P19, at the reference or the WITH
// query's name). A WITH query of a RECURSIVE clause that does not read
// itself is an ordinary one.

// recursivePhase is what a WITH RECURSIVE query's conversion is doing.
type recursivePhase uint8

const (
	phaseProbe recursivePhase = iota // finding whether it reads itself
	phaseInit                        // converting the non-recursive term
	phaseStep                        // converting the recursive term
)

// cteBody converts WITH query e's query (its names in scope): as a
// recursive query when e is of a RECURSIVE clause and reads itself.
func (c *conv) cteBody(e *cteEntry) (*DerivedTable, error) {
	body := e.cte.GetCtequery().GetSelectStmt()
	e.phase, e.selfSeen, e.workRef = phaseProbe, false, nil
	q, err := c.selectStmt(body)
	if err != nil || !e.selfSeen {
		return &DerivedTable{Query: q}, err
	}
	loc := e.cte.GetLocation()
	if body.GetOp() != pg_query.SetOperation_SETOP_UNION {
		return nil, c.at(pgerror.Errorf(pgerror.InvalidRecursion,
			"recursive query %q does not have the form non-recursive-term UNION [ALL] recursive-term", e.name), loc)
	}
	switch { // PostgreSQL's own 0A000 messages (checkWellFormedRecursion)
	case len(body.GetSortClause()) > 0:
		return nil, c.at(pgerror.New(pgerror.FeatureNotSupported, "ORDER BY in a recursive query is not implemented"),
			nodeLocation(body.GetSortClause()[0].GetSortBy().GetNode()))
	case body.GetLimitOffset() != nil:
		return nil, c.at(pgerror.New(pgerror.FeatureNotSupported, "OFFSET in a recursive query is not implemented"),
			nodeLocation(body.GetLimitOffset()))
	case body.GetLimitCount() != nil:
		return nil, c.at(pgerror.New(pgerror.FeatureNotSupported, "LIMIT in a recursive query is not implemented"),
			nodeLocation(body.GetLimitCount()))
	case body.GetWithClause() != nil:
		return nil, c.unsupported("WITH in a recursive query", loc)
	}
	e.phase = phaseInit
	d := &DerivedTable{UnionAll: body.GetAll()}
	if d.Query, err = c.selectStmt(body.GetLarg()); err != nil {
		return nil, err
	}
	if e.workRef, err = c.workRef(e.name, body.GetRarg().GetFromClause(), false, nil); err != nil {
		return nil, err
	}
	e.phase = phaseStep
	d.Step, err = c.selectStmt(body.GetRarg())
	return d, err
}

// selfRef converts rv, a reference to WITH query e met while converting
// e's own query.
func (c *conv) selfRef(e *cteEntry, rv *pg_query.RangeVar, alias string, cols []string) (*DerivedTable, error) {
	loc := rv.GetLocation()
	switch {
	case !e.recursive:
		return nil, c.unsupported("recursive reference to a WITH query", loc)
	case e.phase == phaseInit:
		return nil, c.at(pgerror.Errorf(pgerror.InvalidRecursion,
			"recursive reference to query %q must not appear within its non-recursive term", e.name), loc)
	case e.phase == phaseStep && rv != e.workRef:
		return nil, c.at(pgerror.Errorf(pgerror.InvalidRecursion,
			"recursive reference to query %q must not appear within a subquery", e.name), loc)
	}
	e.selfSeen = true
	d := &DerivedTable{WorkTable: e.name, Alias: alias, Columns: cols}
	for i, n := range e.cte.GetAliascolnames() { // the WITH query's column list, after the reference's
		if i >= len(cols) {
			d.Columns = append(d.Columns, n.GetString_().GetSval())
		}
	}
	return d, nil
}

// workRef finds the one reference to name among the FROM items from of
// a recursive term (and the joins in them); nullable is set below the
// nullable side of an outer join, found the reference already found.
func (c *conv) workRef(name string, from []*pg_query.Node, nullable bool, found *pg_query.RangeVar) (*pg_query.RangeVar, error) {
	for _, n := range from {
		var err error
		switch {
		case n.GetRangeVar() != nil:
			rv := n.GetRangeVar()
			if rv.GetSchemaname() != "" || rv.GetRelname() != name {
				continue
			}
			if nullable {
				return nil, c.at(pgerror.Errorf(pgerror.InvalidRecursion,
					"recursive reference to query %q must not appear within an outer join", name), rv.GetLocation())
			}
			if found != nil {
				return nil, c.at(pgerror.Errorf(pgerror.InvalidRecursion,
					"recursive reference to query %q must not appear more than once", name), rv.GetLocation())
			}
			found = rv
		case n.GetJoinExpr() != nil:
			j := n.GetJoinExpr()
			t := j.GetJointype()
			lnull := nullable || t == pg_query.JoinType_JOIN_RIGHT || t == pg_query.JoinType_JOIN_FULL
			rnull := nullable || t == pg_query.JoinType_JOIN_LEFT || t == pg_query.JoinType_JOIN_FULL
			if found, err = c.workRef(name, []*pg_query.Node{j.GetLarg()}, lnull, found); err != nil {
				return nil, err
			}
			if found, err = c.workRef(name, []*pg_query.Node{j.GetRarg()}, rnull, found); err != nil {
				return nil, err
			}
		}
	}
	return found, nil
}
