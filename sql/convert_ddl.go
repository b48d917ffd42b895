package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// createExtension converts CREATE EXTENSION [IF NOT EXISTS] name [CASCADE].
func (c *conv) createExtension(s *pg_query.CreateExtensionStmt) (*CreateExtension, error) {
	for _, o := range s.GetOptions() {
		d := o.GetDefElem()
		if d.GetDefname() == "schema" && d.GetArg().GetString_().GetSval() == "public" {
			continue // pgvector's objects are in public (pg_dump writes WITH SCHEMA public)
		}
		if d.GetDefname() != "cascade" {
			return nil, c.unsupported("CREATE EXTENSION ... "+strings.ToUpper(d.GetDefname()), d.GetLocation())
		}
	}
	return &CreateExtension{Name: s.GetExtname(), IfNotExists: s.GetIfNotExists()}, nil
}

// dropKinds maps the DROP object types of the dialect.
var dropKinds = map[pg_query.ObjectType]string{
	pg_query.ObjectType_OBJECT_TABLE: "TABLE", pg_query.ObjectType_OBJECT_INDEX: "INDEX",
}

// dropStmt converts DROP TABLE, DROP INDEX and DROP EXTENSION; CASCADE/RESTRICT and
// CONCURRENTLY are accepted.
func (c *conv) dropStmt(s *pg_query.DropStmt) (Statement, error) {
	if s.GetRemoveType() == pg_query.ObjectType_OBJECT_EXTENSION {
		return c.dropExtension(s) // convert_extension.go
	}
	if s.GetRemoveType() == pg_query.ObjectType_OBJECT_SCHEMA {
		return c.dropSchema(s) // convert_schema.go
	}
	_, ok := dropKinds[s.GetRemoveType()]
	if !ok && s.GetRemoveType() != pg_query.ObjectType_OBJECT_VIEW && s.GetRemoveType() != pg_query.ObjectType_OBJECT_SEQUENCE {
		return nil, c.unsupported("DROP "+objectName(s.GetRemoveType()), -1)
	}
	names := make([]string, 0, len(s.GetObjects()))
	for _, o := range s.GetObjects() {
		parts := strs(o.GetList().GetItems())
		if len(parts) > 2 {
			return nil, c.unsupported("cross-database references", -1)
		}
		names = append(names, qualified(parts))
	}
	if s.GetRemoveType() == pg_query.ObjectType_OBJECT_INDEX {
		return &DropIndex{Names: names, IfExists: s.GetMissingOk(), Concurrently: s.GetConcurrent()}, nil
	}
	if s.GetRemoveType() == pg_query.ObjectType_OBJECT_SEQUENCE {
		return &DropSequence{Names: names, IfExists: s.GetMissingOk(), Cascade: s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE}, nil
	}
	if s.GetRemoveType() == pg_query.ObjectType_OBJECT_VIEW {
		return &DropView{Names: names, IfExists: s.GetMissingOk(), Cascade: s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE}, nil
	}
	return &DropTable{Names: names, IfExists: s.GetMissingOk(), Cascade: s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE}, nil
}

// objectName is "VIEW" for OBJECT_VIEW, "FOREIGN TABLE" for OBJECT_FOREIGN_TABLE.
func objectName(t pg_query.ObjectType) string {
	return strings.ReplaceAll(strings.TrimPrefix(t.String(), "OBJECT_"), "_", " ")
}

// indexChecks lists CREATE INDEX features outside the dialect.
var indexChecks = []struct {
	bad       func(s *pg_query.IndexStmt) bool
	construct string
}{
	{func(s *pg_query.IndexStmt) bool { return len(s.GetIndexIncludingParams()) > 0 }, "INCLUDE"},
	{func(s *pg_query.IndexStmt) bool { return s.GetTableSpace() != "" }, "TABLESPACE"},
}

// createIndex converts CREATE INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON
// t [USING method] (col [opclass], ...) [WITH (opt = value, ...)].
// CONCURRENTLY is recorded for the planner's transaction-block check.
func (c *conv) createIndex(s *pg_query.IndexStmt) (*CreateIndex, error) {
	for _, ch := range indexChecks {
		if ch.bad(s) {
			return nil, c.unsupported(ch.construct, -1)
		}
	}
	table, err := c.dmlTable(s.GetRelation(), "CREATE INDEX")
	if err != nil {
		return nil, err
	}
	out := &CreateIndex{Name: s.GetIdxname(), Table: table, IfNotExists: s.GetIfNotExists(), Concurrently: s.GetConcurrent(),
		Unique: s.GetUnique(), NullsNotDistinct: s.GetNullsNotDistinct(), Method: strings.ToLower(s.GetAccessMethod())}
	for _, p := range s.GetIndexParams() {
		col, err := c.indexColumn(p.GetIndexElem())
		if err != nil {
			return nil, err
		}
		out.Columns = append(out.Columns, col)
	}
	if w := s.GetWhereClause(); w != nil {
		if out.Where, err = c.expr(w); err != nil {
			return nil, err
		}
	}
	for _, o := range s.GetOptions() {
		d := o.GetDefElem()
		if d.GetDefnamespace() != "" {
			return nil, c.unsupported("namespaced storage parameters", d.GetLocation())
		}
		v, ok := defValue(d)
		if d.GetArg() == nil {
			v, ok = "true", true
		}
		if !ok {
			return nil, c.syntaxErr("storage parameter \""+d.GetDefname()+"\" needs a constant value", d.GetLocation())
		}
		out.Options = append(out.Options, IndexOption{Name: d.GetDefname(), Value: v})
	}
	return out, nil
}

// indexColumn converts one indexed column: a plain column or an
// expression, with an optional operator class (schema dropped).
func (c *conv) indexColumn(e *pg_query.IndexElem) (IndexColumn, error) {
	switch {
	case len(e.GetCollation()) > 0:
		return IndexColumn{}, c.unsupported("COLLATE", -1)
	case len(e.GetOpclassopts()) > 0:
		return IndexColumn{}, c.unsupported("operator class options", -1)
	case e.GetOrdering() == pg_query.SortByDir_SORTBY_ASC || e.GetOrdering() == pg_query.SortByDir_SORTBY_DESC ||
		e.GetNullsOrdering() == pg_query.SortByNulls_SORTBY_NULLS_FIRST || e.GetNullsOrdering() == pg_query.SortByNulls_SORTBY_NULLS_LAST:
		return IndexColumn{}, c.unsupported("index column ordering (ASC, DESC, NULLS)", -1)
	}
	col := IndexColumn{Column: e.GetName()}
	if x := e.GetExpr(); x != nil {
		ex, err := c.expr(x)
		if err != nil {
			return IndexColumn{}, err
		}
		col.Expr = ex
	}
	if oc := strs(e.GetOpclass()); len(oc) > 0 {
		col.Opclass = oc[len(oc)-1]
	}
	return col, nil
}

// duplicateOption is PostgreSQL's error for an option given twice.
func (c *conv) duplicateOption(loc int32) error {
	return c.at(pgerror.New(pgerror.SyntaxError, "conflicting or redundant options"), loc)
}
