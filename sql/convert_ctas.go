package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// CreateTableAs is CREATE TABLE [IF NOT EXISTS] name [(col, ...)] AS
// query [WITH [NO] DATA], and SELECT ... INTO name FROM ... (PostgreSQL
// docs, CREATE TABLE AS and SELECT INTO): a new table of the query's
// columns (renamed by Columns in order), filled with its rows unless
// NoData.
type CreateTableAs struct {
	Name        string
	NameP       int // byte offset of the name (-1: unknown)
	IfNotExists bool
	Columns     []string
	Query       *Select
	NoData      bool
	// Into is the SELECT INTO spelling (its tag is SELECT as well).
	Into bool
	// Temp is a temporary table's, OnCommit its ON COMMIT clause.
	Temp     bool
	OnCommit OnCommit
}

func (*CreateTableAs) statement() {}

// createTableAs converts CREATE TABLE AS; CREATE MATERIALIZED VIEW, a
// temporary or unlogged table, storage parameters, ON COMMIT and
// TABLESPACE are 0A000.
func (c *conv) createTableAs(s *pg_query.CreateTableAsStmt) (Statement, error) {
	if s.GetObjtype() == pg_query.ObjectType_OBJECT_MATVIEW {
		return nil, c.unsupported("CREATE MATERIALIZED VIEW", -1)
	}
	sel := s.GetQuery().GetSelectStmt()
	if sel == nil {
		return nil, c.unsupported("CREATE TABLE AS of a statement other than SELECT", -1)
	}
	q, err := c.selectStmt(sel)
	if err != nil {
		return nil, err
	}
	out, err := c.intoClause(s.GetInto())
	if err != nil {
		return nil, err
	}
	out.IfNotExists, out.Query = s.GetIfNotExists(), q
	return out, nil
}

// selectInto converts SELECT ... INTO name ...: the SELECT without its
// INTO clause, as CREATE TABLE name AS.
func (c *conv) selectInto(s *pg_query.SelectStmt) (Statement, error) {
	into := s.GetIntoClause()
	s.IntoClause = nil
	q, err := c.selectStmt(s)
	if err != nil {
		return nil, err
	}
	out, err := c.intoClause(into)
	if err != nil {
		return nil, err
	}
	out.Query, out.Into = q, true
	return out, nil
}

// intoClause converts the target of CREATE TABLE AS or SELECT INTO.
func (c *conv) intoClause(in *pg_query.IntoClause) (*CreateTableAs, error) {
	rel := in.GetRel()
	switch {
	case rel.GetRelpersistence() == "u":
		return nil, c.unsupported("CREATE UNLOGGED TABLE AS", rel.GetLocation())
	case len(in.GetOptions()) > 0:
		return nil, c.unsupported("table storage parameters (WITH)", rel.GetLocation())
	case in.GetTableSpaceName() != "" || in.GetAccessMethod() != "":
		return nil, c.unsupported("TABLESPACE and USING in CREATE TABLE AS", rel.GetLocation())
	}
	name, err := c.newTableName(rel)
	if err != nil {
		return nil, err
	}
	temp := rel.GetRelpersistence() == "t"
	oc, err := onCommit(in.GetOnCommit(), temp) // temp.go
	if err != nil {
		return nil, err
	}
	out := &CreateTableAs{Name: name, NameP: int(rel.GetLocation()), NoData: in.GetSkipData(), Temp: temp, OnCommit: oc}
	for _, col := range in.GetColNames() {
		out.Columns = append(out.Columns, col.GetString_().GetSval())
	}
	return out, nil
}
