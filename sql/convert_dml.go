package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// dmlTable converts the target table of INSERT, UPDATE and DELETE, which may
// not have an alias here.
func (c *conv) dmlTable(rv *pg_query.RangeVar, what string) (string, error) {
	if rv.GetAlias() != nil {
		return "", c.unsupported("table alias in "+what, rv.GetLocation())
	}
	return c.relName(rv)
}

// insertStmt converts INSERT INTO t [(cols)] VALUES ... [RETURNING].
func (c *conv) insertStmt(s *pg_query.InsertStmt) (*Insert, error) {
	switch {
	case s.GetWithClause() != nil:
		return nil, c.unsupported("WITH (common table expressions)", -1)
	case s.GetOverride() == pg_query.OverridingKind_OVERRIDING_USER_VALUE ||
		s.GetOverride() == pg_query.OverridingKind_OVERRIDING_SYSTEM_VALUE:
		return nil, c.unsupported("OVERRIDING", -1)
	case s.GetSelectStmt() == nil:
		return nil, c.unsupported("INSERT ... DEFAULT VALUES", -1)
	}
	sel := s.GetSelectStmt().GetSelectStmt()
	table, err := c.dmlTable(s.GetRelation(), "INSERT")
	if err != nil {
		return nil, err
	}
	out := &Insert{Table: table, TableP: int(s.GetRelation().GetLocation())}
	if out.OnConflict, err = c.onConflict(s.GetOnConflictClause()); err != nil {
		return nil, err
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

// updateStmt converts UPDATE t SET c = expr, ... [WHERE] [RETURNING].
func (c *conv) updateStmt(s *pg_query.UpdateStmt) (*Update, error) {
	switch {
	case s.GetWithClause() != nil:
		return nil, c.unsupported("WITH (common table expressions)", -1)
	case len(s.GetFromClause()) > 0:
		return nil, c.unsupported("UPDATE ... FROM", nodeLocation(s.GetFromClause()[0]))
	}
	table, err := c.dmlTable(s.GetRelation(), "UPDATE")
	if err != nil {
		return nil, err
	}
	out := &Update{Table: table, TableP: int(s.GetRelation().GetLocation())}
	for _, n := range s.GetTargetList() {
		rt := n.GetResTarget()
		if len(rt.GetIndirection()) > 0 {
			return nil, c.unsupported("UPDATE of array elements or fields", rt.GetLocation())
		}
		v, err := c.expr(rt.GetVal())
		if err != nil {
			return nil, err
		}
		out.Set = append(out.Set, Assignment{Column: rt.GetName(), Value: v, P: int(rt.GetLocation())})
	}
	if out.Where, err = c.expr(s.GetWhereClause()); err != nil {
		return nil, err
	}
	out.Returning, err = c.targetList(s.GetReturningList())
	return out, err
}

// deleteStmt converts DELETE FROM t [WHERE] [RETURNING].
func (c *conv) deleteStmt(s *pg_query.DeleteStmt) (*Delete, error) {
	switch {
	case s.GetWithClause() != nil:
		return nil, c.unsupported("WITH (common table expressions)", -1)
	case len(s.GetUsingClause()) > 0:
		return nil, c.unsupported("DELETE ... USING", nodeLocation(s.GetUsingClause()[0]))
	}
	table, err := c.dmlTable(s.GetRelation(), "DELETE")
	if err != nil {
		return nil, err
	}
	out := &Delete{Table: table, TableP: int(s.GetRelation().GetLocation())}
	if out.Where, err = c.expr(s.GetWhereClause()); err != nil {
		return nil, err
	}
	out.Returning, err = c.targetList(s.GetReturningList())
	return out, err
}
