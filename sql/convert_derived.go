package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// derivedNode returns the subquery of a FROM clause that is exactly one
// subquery, else nil (a JOIN or a list of tables stays fromClause's).
func derivedNode(from []*pg_query.Node) *pg_query.RangeSubselect {
	if len(from) != 1 {
		return nil
	}
	return from[0].GetRangeSubselect()
}

// fromSubquery converts FROM (SELECT ...) [AS] alias [(col, ...)].
// PostgreSQL 15's grammar requires the alias (42601 `subquery in FROM
// must have an alias` at the opening parenthesis; later versions made it
// optional); LATERAL is 0A000 unless lateral (a join's right item).
func (c *conv) fromSubquery(rs *pg_query.RangeSubselect, lateral bool) (*DerivedTable, int, error) {
	inner := rs.GetSubquery().GetSelectStmt()
	pos := c.subqueryParen(inner)
	if rs.GetLateral() && !lateral {
		return nil, pos, c.unsupported("LATERAL", int32(pos))
	}
	if inner == nil {
		return nil, pos, c.unsupported("subquery", int32(pos))
	}
	if rs.GetAlias() == nil {
		return nil, pos, c.at(pgerror.New(pgerror.SyntaxError, "subquery in FROM must have an alias").
			WithHint("For example, FROM (SELECT ...) [AS] foo."), int32(pos))
	}
	q, err := c.selectStmt(inner)
	if err != nil {
		return nil, pos, err
	}
	d := &DerivedTable{Query: q, Alias: rs.GetAlias().GetAliasname()}
	for _, n := range rs.GetAlias().GetColnames() {
		d.Columns = append(d.Columns, n.GetString_().GetSval())
	}
	return d, pos, nil
}

// subqueryParen is the byte offset of the outermost "(" opening the
// subquery s in FROM (PostgreSQL's @1 of select_with_parens), -1 when
// unknown: the "(" tokens right before the SELECT keyword that starts
// its leftmost SELECT's target list.
func (c *conv) subqueryParen(s *pg_query.SelectStmt) int {
	for s != nil && s.GetLarg() != nil {
		s = s.GetLarg()
	}
	items := s.GetTargetList()
	if len(items) == 0 {
		return -1
	}
	first := nodeLocation(items[0])
	toks := c.scanTokens()
	if first < 0 || toks == nil {
		return -1
	}
	sel := -1
	for i, t := range toks {
		if t.Start >= first {
			break
		}
		if t.Token == pg_query.Token_SELECT {
			sel = i
		}
	}
	pos := -1
	for i := sel - 1; i >= 0 && toks[i].Token == pg_query.Token_ASCII_40; i-- {
		pos = int(toks[i].Start)
	}
	return pos
}

// scanTokens returns the tokens of the whole query, scanned once per
// query (nil when the scanner fails): a script of many derived tables
// would otherwise scan it once each.
func (c *conv) scanTokens() []*pg_query.ScanToken {
	if c.tokens == nil {
		scan, err := pg_query.Scan(c.q)
		if err != nil {
			return nil
		}
		c.tokens = scan.GetTokens()
	}
	return c.tokens
}
