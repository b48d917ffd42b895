package planner

import (
	"fmt"
	"sort"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// CREATE SCHEMA, DROP SCHEMA and ALTER SCHEMA ... OWNER TO, with
// PostgreSQL 15's errors (commands/schemacmds.c, catalog/dependency.c).
// A schema's relations are the tables whose catalog names carry it
// (catalog/schema.go); their indexes, sequences and constraints go with
// them.

// planCreateSchema plans CREATE SCHEMA [IF NOT EXISTS] [name]
// [AUTHORIZATION role]. Errors: 42501 unless a superuser (CREATE on the
// database is the owner's, the bootstrap superuser's), 42704 for an
// unknown role, 42939 for a name starting pg_, 42P06 when it exists.
func (b *binder) planCreateSchema(x *sql.CreateSchema) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		owner := x.Authorization
		if x.Current || owner == "" {
			owner = s.user()
		}
		name := x.Name
		if name == "" {
			name = owner
		}
		if _, ok := cat.Role(owner); !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "role \"%s\" does not exist", owner)
		}
		if !cat.IsSuperuser(s.user()) {
			return nil, pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied for database %s", s.startup["database"])
		}
		res := &backend.Result{Tag: "CREATE SCHEMA"}
		if _, ok := cat.LookupSchema(name); ok && x.IfNotExists {
			res.Notices = append(res.Notices, notice(string(pgerror.DuplicateSchema), "schema \""+name+"\" already exists, skipping"))
			return res, nil
		}
		if strings.HasPrefix(name, "pg_") {
			return nil, pgerror.Errorf(pgerror.ReservedName, "unacceptable schema name \"%s\"", name).
				WithDetail("The prefix \"pg_\" is reserved for system schemas.")
		}
		return res, cat.CreateSchema(txn, name, owner)
	})
}

// planDropSchema plans DROP SCHEMA [IF EXISTS] names [CASCADE |
// RESTRICT]: every name is checked (3F000, 42501 unless owner, 2BP01 for
// a system schema or, without CASCADE, one holding tables) before any is
// dropped; CASCADE drops their tables first, with PostgreSQL's NOTICE.
func (b *binder) planDropSchema(x *sql.DropSchema) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		res := &backend.Result{Tag: "DROP SCHEMA"}
		var drop []string
		var tables []*catalog.Table
		for _, name := range x.Names {
			sc, ok := cat.LookupSchema(name)
			switch {
			case !ok && x.IfExists:
				res.Notices = append(res.Notices, notice("00000", "schema \""+name+"\" does not exist, skipping"))
				continue
			case !ok:
				return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", name)
			case sc.Owner != s.user() && !cat.IsSuperuser(s.user()):
				return nil, errNotOwner("schema", name)
			case sc.Temp: // temp.go
				return nil, pgerror.NotSupported("changing a temporary schema")
			case sc.BuiltIn && name != catalog.PublicSchema:
				return nil, pgerror.Errorf(pgerror.DependentObjectsStillExist,
					"cannot drop schema %s because it is required by the database system", name)
			case sc.BuiltIn:
				return nil, pgerror.NotSupported("DROP SCHEMA public")
			}
			drop = append(drop, name)
			tables = append(tables, cat.SchemaRelations(name)...)
		}
		sort.Slice(tables, func(i, j int) bool { return tables[i].OID < tables[j].OID })
		dropped := map[string]bool{}
		for _, t := range tables {
			dropped[t.Name] = true
		}
		// Each relation, then the views outside the schemas reading it.
		var lines, detail []string
		for _, t := range tables {
			schema, _ := cat.SplitName(t.Name)
			if ownedWithin(cat, t, dropped) {
				continue // dropped with its table, as PostgreSQL's auto dependency (sequence_ddl.go)
			}
			lines = append(lines, relKind(t)+" "+t.Name) // view_deps.go
			detail = append(detail, relKind(t)+" "+t.Name+" depends on schema "+schema)
			l, d := viewsOutside(cat, t, dropped)
			lines, detail = append(lines, l...), append(detail, d...)
		}
		if len(tables) > 0 && !x.Cascade {
			return nil, pgerror.Errorf(pgerror.DependentObjectsStillExist,
				"cannot drop schema %s because other objects depend on it", drop[0]).
				WithDetail(strings.Join(detail, "\n")).WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
		for _, t := range tables {
			if cur, ok := cat.Table(t.Name); !ok || cur != t {
				continue // a view dropped with what it reads
			}
			if err := s.dropViewsReading(cat, txn, t); err != nil { // view_deps.go
				return nil, err
			}
			notes, err := cat.DropReferencing(txn, t, "")
			if err != nil {
				return nil, err
			}
			for _, n := range notes { // foreign keys of tables outside the schemas
				_, on, _ := strings.Cut(n, " on table ")
				if !dropped[on] {
					lines = append(lines, strings.TrimPrefix(n, "drop cascades to "))
				}
			}
			if err := cat.DropTableIn(s.blockTxn(txn), t.Name); err != nil {
				return nil, err
			}
		}
		switch {
		case len(lines) == 1:
			res.Notices = append(res.Notices, notice("00000", "drop cascades to "+lines[0]))
		case len(lines) > 1:
			n := notice("00000", fmt.Sprintf("drop cascades to %d other objects", len(lines)))
			n.Detail = "drop cascades to " + strings.Join(lines, "\ndrop cascades to ")
			res.Notices = append(res.Notices, n)
		}
		for _, name := range drop {
			if err := cat.DropSchema(txn, name); err != nil {
				return nil, err
			}
		}
		return res, nil
	})
}

// planAlterSchemaOwner plans ALTER SCHEMA name OWNER TO role. Errors:
// 3F000, 42704, 42501 unless a superuser or the owner giving it to
// itself.
func (b *binder) planAlterSchemaOwner(x *sql.AlterSchemaOwner) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		owner := x.Owner
		if x.Current {
			owner = s.user()
		}
		sc, ok := cat.LookupSchema(x.Name)
		if !ok {
			return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", x.Name)
		}
		if _, ok := cat.Role(owner); !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedObject, "role \"%s\" does not exist", owner)
		}
		switch {
		case sc.BuiltIn:
			return nil, pgerror.NotSupported("ALTER SCHEMA " + x.Name + " OWNER TO")
		case !cat.IsSuperuser(s.user()) && sc.Owner != s.user():
			return nil, errNotOwner("schema", x.Name)
		case !cat.IsSuperuser(s.user()) && owner != s.user():
			return nil, pgerror.Errorf(pgerror.InsufficientPrivilege, "must be member of role \"%s\"", owner)
		}
		return &backend.Result{Tag: "ALTER SCHEMA"}, cat.AlterSchemaOwner(txn, x.Name, owner)
	})
}

// setTableSchema runs ALTER TABLE t SET SCHEMA schema (t owned by the
// user, alterTarget). Errors: 3F000, 42501 without CREATE on schema,
// 42P07 from the catalog.
func (s *Session) setTableSchema(txn *catalog.Txn, t *catalog.Table, schema string) error {
	if schema == "pg_temp" || s.isTempSchema(schema) || t.Temp { // temp.go
		return pgerror.New(pgerror.FeatureNotSupported, "cannot move objects into or out of temporary schemas")
	}
	if _, ok := s.cat.LookupSchema(schema); !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", schema)
	}
	if from, _ := s.cat.SplitName(t.Name); from == schema {
		return nil
	}
	if !s.canCreateIn(schema, s.user()) { // schema_priv.go
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for schema "+schema)
	}
	s.cat.RememberTable(txn, t) // catalog/undo_tables.go
	return s.cat.SetTableSchema(txn, t, schema)
}

// planRenameSchema plans ALTER SCHEMA name RENAME TO new_name, which
// renames the schema's relations with it. Errors: 3F000, 42501 unless
// the owner (and CREATE on the database: a superuser), 42939 for a new
// name starting pg_, 42P06, 0A000 for a built-in schema.
func (b *binder) planRenameSchema(x *sql.RenameSchema) plan {
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		sc, ok := cat.LookupSchema(x.Name)
		switch {
		case !ok:
			return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", x.Name)
		case sc.BuiltIn:
			return nil, pgerror.NotSupported("ALTER SCHEMA " + x.Name + " RENAME")
		case sc.Owner != s.user() && !cat.IsSuperuser(s.user()):
			return nil, errNotOwner("schema", x.Name)
		case !cat.IsSuperuser(s.user()):
			return nil, pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied for database %s", s.startup["database"])
		}
		if _, ok := cat.LookupSchema(x.NewName); ok {
			return nil, pgerror.Errorf(pgerror.DuplicateSchema, "schema \"%s\" already exists", x.NewName)
		}
		if strings.HasPrefix(x.NewName, "pg_") {
			return nil, pgerror.Errorf(pgerror.ReservedName, "unacceptable schema name \"%s\"", x.NewName).
				WithDetail("The prefix \"pg_\" is reserved for system schemas.")
		}
		return &backend.Result{Tag: "ALTER SCHEMA"}, cat.RenameSchema(txn, x.Name, x.NewName)
	})
}
