package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// constraint converts a UNIQUE, PRIMARY KEY, CHECK or FOREIGN KEY
// constraint; column is the column it is declared on ("" for a table
// constraint), which is then its key or referencing column. Other
// kinds, MATCH FULL / PARTIAL, index options and ON DELETE SET NULL
// (cols) are 0A000.
func (c *conv) constraint(k *pg_query.Constraint, column string) (TableConstraint, error) {
	loc := k.GetLocation()
	out := TableConstraint{Name: k.GetConname(), P: int(loc), Deferrable: k.GetDeferrable(), Deferred: k.GetInitdeferred(),
		NotValid: k.GetSkipValidation()}
	if out.NotValid {
		return out, c.unsupported("NOT VALID", loc)
	}
	switch k.GetContype() {
	case pg_query.ConstrType_CONSTR_PRIMARY, pg_query.ConstrType_CONSTR_UNIQUE:
		out.Kind = 'u'
		if k.GetContype() == pg_query.ConstrType_CONSTR_PRIMARY {
			out.Kind = 'p'
		}
		if len(k.GetIncluding()) > 0 || len(k.GetOptions()) > 0 || k.GetIndexspace() != "" || k.GetIndexname() != "" {
			return out, c.unsupported("index options of PRIMARY KEY and UNIQUE constraints", loc)
		}
		out.Columns, out.NullsNotDistinct = strs(k.GetKeys()), k.GetNullsNotDistinct()
	case pg_query.ConstrType_CONSTR_CHECK:
		out.Kind, out.NoInherit = 'c', k.GetIsNoInherit()
		if out.NoInherit {
			return out, c.unsupported("CHECK ... NO INHERIT", loc)
		}
		e, err := c.expr(k.GetRawExpr())
		if err != nil {
			return out, err
		}
		out.Check = e
		return out, nil
	case pg_query.ConstrType_CONSTR_FOREIGN:
		if err := c.foreignKey(k, &out); err != nil {
			return out, err
		}
	default:
		return out, c.unsupported(tableConstraints[k.GetContype()], loc)
	}
	if column != "" && len(out.Columns) == 0 {
		out.Columns = []string{column}
	}
	return out, nil
}

// foreignKey fills out from FOREIGN KEY (cols) REFERENCES t (cols)
// [MATCH SIMPLE] [ON DELETE action] [ON UPDATE action].
func (c *conv) foreignKey(k *pg_query.Constraint, out *TableConstraint) error {
	loc := k.GetLocation()
	switch {
	case k.GetFkMatchtype() == "f":
		return c.unsupported("MATCH FULL", loc)
	case k.GetFkMatchtype() == "p":
		return c.unsupported("MATCH PARTIAL", loc)
	case len(k.GetFkDelSetCols()) > 0:
		return c.unsupported("ON DELETE SET NULL / SET DEFAULT with a column list", loc)
	}
	ref, err := c.relName(k.GetPktable())
	if err != nil {
		return err
	}
	out.Kind, out.RefTable = 'f', ref
	out.Columns, out.RefColumns = strs(k.GetFkAttrs()), strs(k.GetPkAttrs())
	out.OnUpdate, out.OnDelete = fkAction(k.GetFkUpdAction()), fkAction(k.GetFkDelAction())
	return nil
}

// fkAction is pg_constraint's action letter; NO ACTION ('a') when the
// parse tree has none.
func fkAction(a string) byte {
	if a == "" {
		return 'a'
	}
	return a[0]
}

// constraintAttr applies a column constraint's DEFERRABLE / NOT
// DEFERRABLE / INITIALLY DEFERRED / INITIALLY IMMEDIATE to the constraint
// before it (PostgreSQL's transformConstraintAttrs); a misplaced one is
// 42601 "misplaced DEFERRABLE clause" and so on.
func (c *conv) constraintAttr(k *pg_query.Constraint, prev *TableConstraint) error {
	names := map[pg_query.ConstrType]string{
		pg_query.ConstrType_CONSTR_ATTR_DEFERRABLE:     "DEFERRABLE",
		pg_query.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE: "NOT DEFERRABLE",
		pg_query.ConstrType_CONSTR_ATTR_DEFERRED:       "INITIALLY DEFERRED",
		pg_query.ConstrType_CONSTR_ATTR_IMMEDIATE:      "INITIALLY IMMEDIATE",
	}
	if prev == nil || prev.Kind == 'c' {
		return c.syntaxErr("misplaced "+names[k.GetContype()]+" clause", k.GetLocation())
	}
	switch k.GetContype() {
	case pg_query.ConstrType_CONSTR_ATTR_DEFERRABLE:
		prev.Deferrable = true
	case pg_query.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE:
		if prev.Deferred {
			return c.syntaxErr("constraint declared INITIALLY DEFERRED must be DEFERRABLE", k.GetLocation())
		}
		prev.Deferrable = false
	case pg_query.ConstrType_CONSTR_ATTR_DEFERRED:
		prev.Deferrable, prev.Deferred = true, true
	case pg_query.ConstrType_CONSTR_ATTR_IMMEDIATE:
		prev.Deferred = false
	}
	return nil
}
