package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// tableChecks lists CREATE TABLE features outside the dialect.
var tableChecks = []struct {
	bad       func(s *pg_query.CreateStmt) bool
	construct string
}{
	{func(s *pg_query.CreateStmt) bool { return len(s.GetInhRelations()) > 0 }, "INHERITS"},
	{func(s *pg_query.CreateStmt) bool { return s.GetPartspec() != nil || s.GetPartbound() != nil }, "partitioned tables"},
	{func(s *pg_query.CreateStmt) bool { return s.GetOfTypename() != nil }, "CREATE TABLE ... OF type"},
	{func(s *pg_query.CreateStmt) bool { return len(s.GetOptions()) > 0 }, "table storage parameters (WITH)"},
	{func(s *pg_query.CreateStmt) bool { return s.GetTablespacename() != "" }, "TABLESPACE"},
	{func(s *pg_query.CreateStmt) bool { return s.GetAccessMethod() != "" }, "CREATE TABLE ... USING"},
}

// tableConstraints names the constraint kinds outside the dialect.
var tableConstraints = map[pg_query.ConstrType]string{
	pg_query.ConstrType_CONSTR_UNIQUE:              "UNIQUE constraints",
	pg_query.ConstrType_CONSTR_CHECK:               "CHECK constraints",
	pg_query.ConstrType_CONSTR_FOREIGN:             "REFERENCES (foreign keys)",
	pg_query.ConstrType_CONSTR_EXCLUSION:           "EXCLUDE constraints",
	pg_query.ConstrType_CONSTR_GENERATED:           "generated columns",
	pg_query.ConstrType_CONSTR_ATTR_DEFERRABLE:     "DEFERRABLE",
	pg_query.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE: "NOT DEFERRABLE",
	pg_query.ConstrType_CONSTR_ATTR_DEFERRED:       "INITIALLY DEFERRED",
	pg_query.ConstrType_CONSTR_ATTR_IMMEDIATE:      "INITIALLY IMMEDIATE",
	pg_query.ConstrType_CONSTR_TYPE_UNDEFINED:      "constraint",
}

// createTable converts CREATE TABLE [IF NOT EXISTS] t (columns, PRIMARY KEY).
// Serial and primary-key columns are NotNull, as PostgreSQL makes them.
func (c *conv) createTable(s *pg_query.CreateStmt) (*CreateTable, error) {
	for _, ch := range tableChecks {
		if ch.bad(s) {
			return nil, c.unsupported(ch.construct, -1)
		}
	}
	name, err := c.newTableName(s.GetRelation())
	if err != nil {
		return nil, err
	}
	temp := s.GetRelation().GetRelpersistence() == "t"
	oc, err := onCommit(s.GetOncommit(), temp) // temp.go
	if err != nil {
		return nil, err
	}
	out := &CreateTable{Name: name, NameP: int(s.GetRelation().GetLocation()), IfNotExists: s.GetIfNotExists(),
		Unlogged: s.GetRelation().GetRelpersistence() == "u", Temp: temp, OnCommit: oc}
	c.table = s.GetRelation().GetRelname()
	for _, elt := range s.GetTableElts() {
		switch e := elt.GetNode().(type) {
		case *pg_query.Node_ColumnDef:
			col, err := c.columnDef(e.ColumnDef)
			if err != nil {
				return nil, err
			}
			if col.PrimaryKey {
				if err := c.setPrimaryKey(out, []string{col.Name}, e.ColumnDef.GetLocation()); err != nil {
					return nil, err
				}
			}
			out.Constraints = append(out.Constraints, col.Constraints...)
			col.Constraints = nil
			out.Columns = append(out.Columns, col)
		case *pg_query.Node_Constraint:
			if err := c.tableConstraint(out, e.Constraint); err != nil {
				return nil, err
			}
		default:
			return nil, c.unsupported("CREATE TABLE ... LIKE", nodeLocation(elt))
		}
	}
	return out, c.checkTable(out)
}

// newTableName is the name of the table CREATE TABLE makes, as written
// (a temporary one's too: the planner puts it in the session's pg_temp
// schema); pg_catalog is 42501, as in PostgreSQL. Whether another schema
// exists is the planner's to check. UNLOGGED and TEMPORARY are the
// caller's (CreateTable.Unlogged, Temp).
func (c *conv) newTableName(rv *pg_query.RangeVar) (string, error) {
	schema, loc := rv.GetSchemaname(), rv.GetLocation()
	switch {
	case rv.GetCatalogname() != "":
		return "", c.unsupported("cross-database references", loc)
	case rv.GetRelpersistence() == "t":
		return tempName(rv), nil // temp.go
	case schema == "pg_catalog":
		return "", pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied to create \"%s.%s\"", schema, rv.GetRelname()).
			WithDetail("System catalog modifications are currently disallowed.")
	}
	return c.relName(rv)
}

// tableConstraint applies a table constraint: PRIMARY KEY (cols) sets
// the key; UNIQUE, CHECK and FOREIGN KEY are added to t.Constraints.
func (c *conv) tableConstraint(t *CreateTable, k *pg_query.Constraint) error {
	if k.GetContype() != pg_query.ConstrType_CONSTR_PRIMARY {
		tc, err := c.constraint(k, "")
		if err != nil {
			return err
		}
		t.Constraints = append(t.Constraints, tc)
		return nil
	}
	if len(k.GetIncluding()) > 0 || len(k.GetOptions()) > 0 || k.GetIndexspace() != "" {
		return c.unsupported("PRIMARY KEY index options", k.GetLocation())
	}
	if k.GetDeferrable() {
		return c.unsupported("DEFERRABLE", k.GetLocation())
	}
	t.PKeyName = k.GetConname()
	return c.setPrimaryKey(t, strs(k.GetKeys()), k.GetLocation())
}

// setPrimaryKey records the primary key; a second one is 42P16.
func (c *conv) setPrimaryKey(t *CreateTable, cols []string, loc int32) error {
	if t.PrimaryKey != nil {
		return c.at(pgerror.Errorf(pgerror.InvalidTableDefinition,
			"multiple primary keys for table %q are not allowed", t.Name), loc)
	}
	t.PrimaryKey = cols
	return nil
}

// checkTable rejects duplicate columns and key columns that do not exist,
// and marks key columns NOT NULL.
func (c *conv) checkTable(t *CreateTable) error {
	seen := map[string]int{}
	for i, col := range t.Columns {
		if _, dup := seen[col.Name]; dup {
			return pgerror.Errorf(pgerror.DuplicateColumn, "column %q specified more than once", col.Name)
		}
		seen[col.Name] = i
	}
	for _, k := range t.PrimaryKey {
		i, ok := seen[k]
		if !ok {
			return pgerror.Errorf(pgerror.UndefinedColumn, "column %q named in key does not exist", k)
		}
		t.Columns[i].NotNull = true
	}
	return nil
}

// columnDef converts one column with its constraints.
func (c *conv) columnDef(d *pg_query.ColumnDef) (ColumnDef, error) {
	loc := d.GetLocation()
	switch {
	case d.GetCollClause() != nil:
		return ColumnDef{}, c.unsupported("COLLATE", d.GetCollClause().GetLocation())
	case d.GetCompression() != "" || d.GetStorageName() != "":
		return ColumnDef{}, c.unsupported("column COMPRESSION and STORAGE", loc)
	}
	typ, serial, err := c.columnType(d.GetTypeName())
	if err != nil {
		return ColumnDef{}, err
	}
	col := ColumnDef{Name: d.GetColname(), Type: typ, Serial: serial, NotNull: serial}
	var sawNull, sawNotNull bool
	for _, n := range d.GetConstraints() {
		k := n.GetConstraint()
		switch k.GetContype() {
		case pg_query.ConstrType_CONSTR_NULL:
			sawNull = true
		case pg_query.ConstrType_CONSTR_NOTNULL:
			sawNotNull, col.NotNull = true, true
		case pg_query.ConstrType_CONSTR_PRIMARY:
			if len(k.GetIncluding()) > 0 || len(k.GetOptions()) > 0 || k.GetIndexspace() != "" {
				return ColumnDef{}, c.unsupported("PRIMARY KEY index options", k.GetLocation())
			}
			col.PrimaryKey, col.NotNull = true, true
		case pg_query.ConstrType_CONSTR_UNIQUE, pg_query.ConstrType_CONSTR_CHECK, pg_query.ConstrType_CONSTR_FOREIGN:
			tc, err := c.constraint(k, col.Name)
			if err != nil {
				return ColumnDef{}, err
			}
			col.Constraints = append(col.Constraints, tc)
		case pg_query.ConstrType_CONSTR_ATTR_DEFERRABLE, pg_query.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE,
			pg_query.ConstrType_CONSTR_ATTR_DEFERRED, pg_query.ConstrType_CONSTR_ATTR_IMMEDIATE:
			var prev *TableConstraint
			if n := len(col.Constraints); n > 0 {
				prev = &col.Constraints[n-1]
			}
			if err := c.constraintAttr(k, prev); err != nil {
				return ColumnDef{}, err
			}
		case pg_query.ConstrType_CONSTR_IDENTITY:
			if err := c.identity(k, &col); err != nil {
				return ColumnDef{}, err
			}
		case pg_query.ConstrType_CONSTR_DEFAULT:
			if col.Default != nil || serial || col.Identity != 0 {
				return ColumnDef{}, c.syntaxErr("multiple default values specified for column \""+col.Name+"\"", k.GetLocation())
			}
			if col.Default, err = c.expr(k.GetRawExpr()); err != nil {
				return ColumnDef{}, err
			}
		default:
			return ColumnDef{}, c.unsupported(tableConstraints[k.GetContype()], k.GetLocation())
		}
		if sawNull && sawNotNull {
			return ColumnDef{}, c.syntaxErr("conflicting NULL/NOT NULL declarations for column \""+col.Name+"\"", k.GetLocation())
		}
	}
	return col, nil
}
