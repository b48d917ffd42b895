package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// dmlTable converts a statement's target table, which may not have an
// alias here (COPY, CREATE INDEX; INSERT, UPDATE and DELETE keep theirs).
func (c *conv) dmlTable(rv *pg_query.RangeVar, what string) (string, error) {
	if rv.GetAlias() != nil {
		return "", c.unsupported("table alias in "+what, rv.GetLocation())
	}
	return c.relName(rv)
}

// insertStmt converts INSERT INTO t [(cols)] VALUES ... [RETURNING], and
// INSERT INTO t DEFAULT VALUES as one row with no values (each column then
// takes its default, as PostgreSQL does).
// A WITH clause's names are visible in its query (convert_with.go).
func (c *conv) insertStmt(s *pg_query.InsertStmt) (*Insert, error) {
	closeWith, err := c.withScope(s.GetWithClause())
	defer closeWith(nil)
	if err != nil {
		return nil, err
	}
	sel := s.GetSelectStmt().GetSelectStmt()
	table, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	out := &Insert{Table: table, TableP: int(s.GetRelation().GetLocation()), Alias: s.GetRelation().GetAlias().GetAliasname()}
	switch s.GetOverride() {
	case pg_query.OverridingKind_OVERRIDING_SYSTEM_VALUE:
		out.Overriding = 's'
	case pg_query.OverridingKind_OVERRIDING_USER_VALUE:
		out.Overriding = 'u'
	}
	if out.OnConflict, err = c.onConflict(s.GetOnConflictClause()); err != nil {
		return nil, err
	}
	if s.GetSelectStmt() == nil {
		// DEFAULT VALUES: one row of no values, every column its default
		out.Rows = [][]Expr{{}}
		out.Returning, err = c.targetList(s.GetReturningList())
		return out, err
	}
	for _, n := range s.GetCols() {
		rt := n.GetResTarget()
		if len(rt.GetIndirection()) > 0 {
			return nil, c.unsupported("INSERT into array elements or fields", rt.GetLocation())
		}
		out.Columns = append(out.Columns, rt.GetName())
		out.ColumnsP = append(out.ColumnsP, int(rt.GetLocation()))
	}
	if isQuery(sel) {
		if out.Query, err = c.selectStmt(sel); err != nil {
			return nil, err
		}
		out.Returning, err = c.targetList(s.GetReturningList())
		return out, err
	}
	for _, row := range sel.GetValuesLists() {
		vals, err := c.exprs(row.GetList().GetItems())
		if err != nil {
			return nil, err
		}
		out.Rows = append(out.Rows, vals)
	}
	out.Returning, err = c.targetList(s.GetReturningList())
	return out, err
}

// updateStmt converts UPDATE t SET c = expr, ... [FROM items] [WHERE]
// [RETURNING].
func (c *conv) updateStmt(s *pg_query.UpdateStmt) (*Update, error) {
	closeWith, err := c.withScope(s.GetWithClause()) // convert_with.go
	defer closeWith(nil)
	if err != nil {
		return nil, err
	}
	table, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	out := &Update{Table: table, TableP: int(s.GetRelation().GetLocation()), Alias: s.GetRelation().GetAlias().GetAliasname()}
	if out.From, out.Target, err = c.dmlFrom(s.GetRelation(), s.GetFromClause()); err != nil {
		return nil, err
	}
	for _, n := range s.GetTargetList() {
		rt := n.GetResTarget()
		v, err := c.expr(rt.GetVal())
		if err != nil {
			return nil, err
		}
		out.Set = append(out.Set, Assignment{Column: rt.GetName(), Value: v, P: int(rt.GetLocation()),
			Indirect: len(rt.GetIndirection()) > 0})
	}
	if out.Where, err = c.expr(s.GetWhereClause()); err != nil {
		return nil, err
	}
	out.Returning, err = c.targetList(s.GetReturningList())
	return out, err
}

// dmlFrom converts UPDATE ... FROM's or DELETE ... USING's items, and
// the target rel as a FROM item; nil, nil when from is empty.
func (c *conv) dmlFrom(rel *pg_query.RangeVar, from []*pg_query.Node) ([]FromItem, *TableRef, error) {
	if len(from) == 0 {
		return nil, nil, nil
	}
	items, err := c.fromItems(from) // convert_from.go
	if err != nil {
		return nil, nil, err
	}
	target, err := c.tableRef(rel)
	return items, target, err
}

// deleteStmt converts DELETE FROM t [USING items] [WHERE] [RETURNING].
func (c *conv) deleteStmt(s *pg_query.DeleteStmt) (*Delete, error) {
	closeWith, err := c.withScope(s.GetWithClause()) // convert_with.go
	defer closeWith(nil)
	if err != nil {
		return nil, err
	}
	table, err := c.relName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	out := &Delete{Table: table, TableP: int(s.GetRelation().GetLocation()), Alias: s.GetRelation().GetAlias().GetAliasname()}
	if out.From, out.Target, err = c.dmlFrom(s.GetRelation(), s.GetUsingClause()); err != nil {
		return nil, err
	}
	if out.Where, err = c.expr(s.GetWhereClause()); err != nil {
		return nil, err
	}
	out.Returning, err = c.targetList(s.GetReturningList())
	return out, err
}
