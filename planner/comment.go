package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// planComment plans COMMENT ON TABLE | VIEW | SEQUENCE | INDEX | COLUMN |
// CONSTRAINT ... IS 'text' | NULL (PostgreSQL docs, COMMENT): the
// comment is part of the relation's definition (catalog/comment.go), so
// a ROLLBACK undoes it. Errors as PostgreSQL 15's: 42P01 for a missing
// relation, 42703 for a missing column, 42704 for a missing constraint,
// 42809 for a relation of another kind, then 42501 unless the role owns
// the relation. COMMENT ON SCHEMA: 3F000, 42501 as ALTER SCHEMA; a
// built-in schema's comment does not change (0A000 unless it is
// public's own).
func (b *binder) planComment(x *sql.Comment) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		res := &backend.Result{Tag: "COMMENT"}
		switch x.Kind {
		case sql.CommentSchema:
			return res, commentSchema(s, cat, txn, x)
		case sql.CommentRole:
			return res, commentRole(s, cat, txn, x)
		case sql.CommentDatabase:
			if x.Relation != s.startup["database"] {
				n := notice(string(pgerror.InvalidCatalogName), "database \""+x.Relation+"\" does not exist")
				n.Severity = "WARNING"
				res.Notices = append(res.Notices, n)
			}
			return res, commentDatabase(s, cat, txn, x)
		}
		if x.Kind == sql.CommentIndex {
			return res, commentIndex(s, cat, txn, x)
		}
		name := s.relKey(x.Relation)
		t, ok := cat.Table(name)
		if _, sys := pgcatalog.ViewOID(x.Relation); !ok && sys {
			return nil, pgerror.NotSupported("COMMENT ON a system catalog")
		}
		if !ok {
			ix, isIndex := cat.Index(name)
			if !isIndex || x.Kind == sql.CommentConstraint {
				return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", x.Relation)
			}
			if x.Kind == sql.CommentColumn && !indexHasColumn(ix, x.Column) {
				return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", x.Column, bareName(x.Relation))
			}
			return nil, commentOnIndex(x, bareName(x.Relation))
		}
		bare := bareRel(cat, t)
		set, err := commentTarget(cat, t, x, bare)
		if err != nil {
			return nil, err
		}
		if !cat.OwnsTable(t, s.user()) {
			kind := "relation"
			if x.Kind != sql.CommentColumn && x.Kind != sql.CommentConstraint {
				kind = relKind(t)
			}
			return nil, errNotOwner(kind, bare)
		}
		cat.RememberTable(txn, t) // catalog/undo_tables.go
		return res, set()
	})
}

// commentTarget checks x's object on relation t and returns the function
// setting its comment.
func commentTarget(cat *catalog.Catalog, t *catalog.Table, x *sql.Comment, bare string) (func() error, error) {
	switch x.Kind {
	case sql.CommentColumn:
		if t.IsSequence() {
			return nil, pgerror.Errorf(pgerror.WrongObjectType, "cannot set comment on relation %q", bare).
				WithDetail("This operation is not supported for sequences.")
		}
		col := t.ColumnIndex(x.Column)
		if col < 0 {
			return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", x.Column, bare)
		}
		return func() error { return cat.SetColumnComment(t, col, x.Text) }, nil
	case sql.CommentConstraint:
		k, _ := t.Constraint(x.Constraint)
		if k == nil && (t.PKeyName == "" || bareName(t.PKeyName) != x.Constraint) {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "constraint %q for table %q does not exist", x.Constraint, bare)
		}
		if k == nil {
			return func() error { return cat.SetPKeyComment(t, x.Text) }, nil
		}
		return func() error { return cat.SetConstraintComment(t, k, x.Text) }, nil
	}
	want := map[sql.CommentKind]string{sql.CommentTable: "table", sql.CommentView: "view", sql.CommentSequence: "sequence"}[x.Kind]
	if relKind(t) != want {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "%q is not a %s", bare, want)
	}
	return func() error { return cat.SetComment(t, x.Text) }, nil
}

// commentSchema runs COMMENT ON SCHEMA.
func commentSchema(s *Session, cat *catalog.Catalog, txn *catalog.Txn, x *sql.Comment) error {
	sc, ok := cat.LookupSchema(x.Relation)
	switch {
	case !ok:
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", x.Relation)
	case !cat.IsSuperuser(s.user()) && (sc.BuiltIn || sc.Owner != s.user()):
		return errNotOwner("schema", x.Relation)
	case sc.BuiltIn && sc.Name == catalog.PublicSchema && x.Text == sem.PublicDescription:
		return nil
	case sc.BuiltIn:
		return pgerror.NotSupported("COMMENT ON SCHEMA " + sc.Name)
	}
	return cat.SetSchemaComment(txn, sc.Name, x.Text)
}

// commentRole runs COMMENT ON ROLE with PostgreSQL 15's rule
// (check_object_ownership): a superuser role's comment needs a
// superuser, another's CREATEROLE. Errors: 42704, 42501.
func commentRole(s *Session, cat *catalog.Catalog, txn *catalog.Txn, x *sql.Comment) error {
	r, ok := cat.Role(x.Relation)
	me, _ := cat.Role(s.user())
	switch {
	case !ok:
		return pgerror.Errorf(pgerror.UndefinedObject, "role \"%s\" does not exist", x.Relation)
	case r.Superuser && !me.Superuser:
		return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser")
	case !me.Superuser && !me.CreateRole:
		return pgerror.New(pgerror.InsufficientPrivilege, "must have CREATEROLE privilege")
	}
	return cat.SetRoleComment(txn, r.Name, x.Text)
}

// commentDatabase runs COMMENT ON DATABASE of the one database (the one
// connected to), owned by the bootstrap superuser; another name changes
// nothing (planComment warns, as PostgreSQL). Errors: 42501 unless a
// superuser.
func commentDatabase(s *Session, cat *catalog.Catalog, txn *catalog.Txn, x *sql.Comment) error {
	db := s.startup["database"]
	switch {
	case x.Relation != db:
		return nil // a WARNING, set by planComment, as PostgreSQL's (for pg_dump scripts)
	case !cat.IsSuperuser(s.user()):
		return errNotOwner("database", db)
	}
	return cat.SetDatabaseComment(txn, x.Text)
}

// commentIndex runs COMMENT ON INDEX.
func commentIndex(s *Session, cat *catalog.Catalog, txn *catalog.Txn, x *sql.Comment) error {
	name := s.relKey(x.Relation)
	ix, ok := cat.Index(name)
	if !ok {
		if _, isRel := cat.Table(name); isRel {
			return commentOnIndex(x, bareName(x.Relation))
		}
		return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", x.Relation)
	}
	if !cat.OwnsTable(ix.Table, s.user()) {
		return errNotOwner("index", bareName(ix.Name))
	}
	cat.RememberTable(txn, ix.Table)
	return cat.SetIndexComment(ix, x.Text)
}

// commentOnIndex is PostgreSQL's error for COMMENT ON kind naming a
// relation of another kind: an index named as a table, or a table as an
// index.
func commentOnIndex(x *sql.Comment, bare string) error {
	switch x.Kind {
	case sql.CommentIndex:
		return pgerror.Errorf(pgerror.WrongObjectType, "%q is not an index", bare)
	case sql.CommentColumn:
		return pgerror.Errorf(pgerror.WrongObjectType, "cannot set comment on relation %q", bare).
			WithDetail("This operation is not supported for indexes.")
	}
	want := map[sql.CommentKind]string{sql.CommentTable: "table", sql.CommentView: "view", sql.CommentSequence: "sequence"}[x.Kind]
	return pgerror.Errorf(pgerror.WrongObjectType, "%q is not a %s", bare, want)
}

// indexHasColumn reports whether ix has a column named name (its key
// column's name; "expr" for an expression index), as pg_attribute names
// an index's columns.
func indexHasColumn(ix *catalog.Index, name string) bool {
	if ix.HasExprs() && ix.Expr != "" {
		return name == "expr"
	}
	return ix.Column < len(ix.Table.Columns) && ix.Table.Columns[ix.Column].Name == name
}

// commentTables are the relations a COMMENT changes (none for an index or
// a schema).
func commentTables(st sql.Statement) []string {
	x := st.(*sql.Comment)
	switch x.Kind {
	case sql.CommentIndex, sql.CommentSchema, sql.CommentRole, sql.CommentDatabase:
		return nil
	}
	return []string{x.Relation}
}
