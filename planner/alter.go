package planner

import (
	"context"
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// ALTER TABLE ... ADD / DROP COLUMN and RENAME (catalog/alter.go). The
// commands of one statement are checked together first, then applied in
// order; like all vecgres DDL they take effect at once (not undone by
// ROLLBACK).

// boundAdd is an ADD COLUMN with its column and the value existing rows
// read (its constant DEFAULT, or NULL).
type boundAdd struct {
	col     catalog.Column
	missing any
	serial  bool // a serial column: its sequence is made when it runs (serial.go)
	// identity is the column definition of GENERATED ... AS IDENTITY
	// (its sequence options), nil for another column (alter_fill.go).
	identity *sql.ColumnDef
}

func (b *binder) planAlterTable(x *sql.AlterTable) (plan, error) {
	adds := make([]*boundAdd, len(x.Cmds))
	for i, cmd := range x.Cmds {
		var a *boundAdd
		var err error
		switch cmd.Kind {
		case sql.AlterAddColumn:
			a, err = b.bindAddColumn(cmd.Column)
		case sql.AlterSetDefault:
			a, err = b.bindSetDefault(x, i, adds)
		}
		if err != nil {
			return nil, err
		}
		adds[i] = a
	}
	s := b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		res := &backend.Result{Tag: "ALTER TABLE"}
		if ownerOnly(x.Cmds) {
			return res, s.alterRelOwner(cat, txn, x, res) // owner_ddl.go
		}
		t, err := alterTarget(cat, s.relKey(x.Table), x.TableP, x.IfExists, s.user(), res)
		if t == nil {
			return res, err
		}
		if t.IsView() || t.IsSequence() {
			return nil, errAlterView(cat, t, x.Cmds[0]) // view_deps.go
		}
		if slices.ContainsFunc(x.Cmds, isIdentityCmd) {
			return res, s.alterIdentity(cat, txn, t, x.Cmds, res) // identity_alter.go
		}
		skip, err := checkAlter(cat, t, x.Cmds, adds, res)
		if err != nil {
			return nil, err
		}
		if err := s.missingValues(cat, t, x.Cmds, adds); err != nil {
			return nil, err
		}
		for i, cmd := range x.Cmds {
			if skip[i] {
				continue
			}
			if cmd.Kind != sql.AlterDropColumn && cmd.Kind != sql.AlterSetStorage {
				cat.RememberTable(txn, t) // catalog/undo_tables.go
			}
			switch cmd.Kind {
			case sql.AlterAddColumn:
				err = s.addColumn(cat, txn, t, adds[i]) // alter_fill.go
			case sql.AlterDropColumn:
				if err = s.dropColumnViews(cat, txn, t, cmd.Name, res); err == nil { // view_deps.go
					err = cat.DropColumnIn(s.blockTxn(txn), t, cmd.Name)
				}
				if err == nil {
					err = s.dropOwnedSequences(cat, txn, t, cmd.Name) // sequence_ddl.go
				}
			case sql.AlterSetDefault:
				err = cat.SetColumnDefault(t, cmd.Name, adds[i].col.Default, adds[i].col.DefaultExpr)
			case sql.AlterDropDefault:
				err = cat.SetColumnDefault(t, cmd.Name, nil, "")
			case sql.AlterSetStorage: // no TOAST in vecgres: nothing to change
			case sql.AlterAddConstraint:
				err = addConstraint(s, cat, t, *cmd.Constraint) // constraint.go
			case sql.AlterOwner:
				err = s.alterOwner(cat, txn, t, cmd) // owner_ddl.go
			case sql.AlterDropConstraint:
				err = dropConstraint(cat, txn, t, cmd, res)
			default:
				err = cat.SetColumnNotNull(t, cmd.Name, cmd.Kind == sql.AlterSetNotNull)
			}
			if err != nil {
				return nil, err
			}
		}
		return res, nil
	}), nil
}

// alterTarget resolves the table of ALTER TABLE: nil with a notice for
// IF EXISTS and a missing table, 42P01 without; 42501 unless user owns it.
func alterTarget(cat *catalog.Catalog, name string, pos int, ifExists bool, user string, res *backend.Result) (*catalog.Table, error) {
	t, ok := cat.Table(name)
	switch {
	case !ok && ifExists:
		res.Notices = append(res.Notices, notice("00000", "relation \""+name+"\" does not exist, skipping"))
		return nil, nil
	case !ok:
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
	case !cat.OwnsTable(t, user):
		return nil, errNotOwner("table", name)
	}
	return t, nil
}

// checkAlter checks every command against the columns the earlier ones
// leave, before any is applied, as PostgreSQL's ALTER TABLE is all or
// nothing. It returns the commands to skip (IF [NOT] EXISTS), with their
// notices added to res.
func checkAlter(cat *catalog.Catalog, t *catalog.Table, cmds []sql.AlterCmd, adds []*boundAdd, res *backend.Result) ([]bool, error) {
	cols := map[string]bool{}
	for _, c := range t.Columns {
		cols[c.Name] = true
	}
	hasRows := cat.HasRows(t)
	skip := make([]bool, len(cmds))
	for i, cmd := range cmds {
		switch cmd.Kind {
		case sql.AlterAddColumn:
			a := adds[i]
			switch {
			case cols[a.col.Name] && cmd.Missing:
				skip[i] = true
				res.Notices = append(res.Notices, notice(string(pgerror.DuplicateColumn),
					"column \""+a.col.Name+"\" of relation \""+bareRel(cat, t)+"\" already exists, skipping"))
			case cols[a.col.Name]:
				return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column %q of relation %q already exists", a.col.Name, bareRel(cat, t))
			case a.col.NotNull && a.missing == nil && a.col.DefaultExpr == "" && !a.perRow() && hasRows:
				return nil, pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values", a.col.Name, bareRel(cat, t)).
					WithObject(t.Name, a.col.Name, "")
			}
			cols[a.col.Name] = true
		case sql.AlterDropColumn:
			switch {
			case !cols[cmd.Name] && cmd.Missing:
				skip[i] = true
				res.Notices = append(res.Notices, notice("00000",
					"column \""+cmd.Name+"\" of relation \""+t.Name+"\" does not exist, skipping"))
			case !cols[cmd.Name]:
				return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", cmd.Name, t.Name)
			}
			if err := checkDropColumnViews(cat, t, cmd.Name); err != nil && !cmd.Cascade { // view_deps.go
				return nil, err
			}
			delete(cols, cmd.Name)
		case sql.AlterAddConstraint, sql.AlterOwner:
		case sql.AlterDropConstraint:
			if _, ok := t.Constraint(cmd.Name); !ok && t.PKeyName != cmd.Name && cmd.Missing {
				skip[i] = true
				res.Notices = append(res.Notices, notice("00000",
					"constraint \""+cmd.Name+"\" of relation \""+t.Name+"\" does not exist, skipping"))
			}
		default:
			if err := checkAlterColumn(cat, t, cmd, cols[cmd.Name]); err != nil {
				return nil, err
			}
		}
	}
	return skip, nil
}

// bindAddColumn checks ADD COLUMN's definition and binds its default.
func (b *binder) bindAddColumn(d sql.ColumnDef) (*boundAdd, error) {
	if err := checkColumnType(d.Name, d.Type); err != nil { // column_types.go
		return nil, err
	}
	a := &boundAdd{col: catalog.Column{Name: d.Name, Type: d.Type, NotNull: d.NotNull || d.Serial}, serial: d.Serial}
	if d.Identity != 0 {
		return bindAddIdentity(a, d) // alter_fill.go
	}
	if d.Default == nil {
		return a, nil
	}
	if err := b.columnDefault(d.Default, &a.col); err != nil {
		return nil, err
	}
	a.missing = a.col.Default
	return a, nil
}

func (b *binder) planRename(x *sql.Rename) plan {
	user, s := b.s.user(), b.s
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		var deps []seqDependent
		t, ok := cat.Table(s.relKey(x.Table))
		if ok && t.IsSequence() && x.Column == "" {
			deps = s.seqDependents(cat, t) // sequence_ddl.go: defaults follow the sequence
		}
		res, err := s.rename(cat, txn, x, user)
		if err == nil && len(deps) > 0 {
			err = s.renameSeqDefaults(cat, txn, t, deps)
		}
		return res, err
	})
}

// rename runs ALTER TABLE, VIEW or SEQUENCE ... RENAME [COLUMN] or SET
// SCHEMA. Latch held exclusively.
func (s *Session) rename(cat *catalog.Catalog, txn *catalog.Txn, x *sql.Rename, user string) (*backend.Result, error) {
	res := &backend.Result{Tag: "ALTER TABLE"}
	if x.View {
		res.Tag = "ALTER VIEW"
	}
	if x.Sequence {
		res.Tag = "ALTER SEQUENCE"
	}
	t, err := alterTarget(cat, s.relKey(x.Table), -1, x.IfExists, user, res)
	if t == nil {
		return res, err
	}
	if err := checkRenameKind(cat, t, x); err != nil { // view_deps.go
		return nil, err
	}
	if x.Sequence && !t.IsSequence() {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", bareRel(cat, t))
	}
	if x.NewSchema != "" {
		return res, s.setTableSchema(txn, t, x.NewSchema) // schema_ddl.go
	}
	cat.RememberTable(txn, t) // catalog/undo_tables.go
	if x.Column == "" {
		schema, old := cat.SplitName(t.Name) // renamed within its schema
		if err = cat.RenameTable(t, catalog.QualifiedName(schema, x.NewName)); err == nil {
			err = s.renameInViews(cat, txn, t, old) // view_deps.go
		}
	} else if err = cat.RenameColumn(t, x.Column, x.NewName); err == nil && t.IsView() {
		err = s.redefineView(cat, txn, t, t.View.Query) // view_deps.go: its AS names change
	} else if err == nil {
		err = s.renameColumnInViews(cat, txn, t, x.Column, x.NewName) // view_deps.go
		if err == nil {
			err = renameOwnedBy(cat, txn, t, x.Column, x.NewName) // identity.go
		}
	}
	if err != nil {
		return nil, err
	}
	return res, nil
}

// planTruncate empties the named tables (catalog.Truncate) after checking
// that all exist and the user may truncate each; RESTART IDENTITY then
// restarts the sequences their columns own. Errors: 42P01, 42501.
func (b *binder) planTruncate(x *sql.Truncate) plan {
	s := b.s
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		cat := s.cat
		var tables []*catalog.Table
		for _, name := range x.Tables {
			t, ok := s.lookupTable(name)
			if !ok {
				return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
			}
			if t.IsView() || t.IsSequence() {
				return nil, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a table", bareRel(cat, t))
			}
			if err := s.checkTable(t, catalog.PrivTruncate); err != nil {
				return nil, err
			}
			tables = append(tables, t)
		}
		for _, t := range tables {
			if err := cat.TruncateBlockers(t, x.Tables); err != nil {
				return nil, err
			}
		}
		var restart []*catalog.Table
		if x.RestartIdentity {
			var err error
			if restart, err = s.restartSeqs(cat, tables); err != nil { // identity.go
				return nil, err
			}
		}
		var notices []backend.Notice
		for _, t := range tables {
			// In a block, an MVCC delete of every row, which rollback
			// restores (catalog/undo_tables.go).
			txn := ex.txn
			if s.inBlock() {
				txn = s.ddlTxn()
			}
			if err := cat.TruncateIn(txn, t, s.inBlock()); err != nil {
				return nil, err
			}
			if nt, ok := cat.Table(t.Name); ok {
				notices = append(notices, littleDataNotice(nt.Indexes...)...)
			}
		}
		txn := ex.txn
		if s.inBlock() {
			txn = s.ddlTxn()
		}
		for _, seq := range restart {
			if err := txn.RestartSeq(seq); err != nil { // rollback undoes it
				return nil, err
			}
		}
		return &backend.Result{Tag: "TRUNCATE TABLE", Notices: notices}, nil
	}}
}

// planReindex rebuilds one index or every index of a table
// (catalog.ReindexFor: built under a lock that lets readers of the table
// go on, swapped in under a short ACCESS EXCLUSIVE on that table only).
// The table's owner or a superuser may (PostgreSQL 15). Errors: 42P01 for
// a missing table or index, 42501 for a non-owner, 57014 when
// statement_timeout or a cancel request stops the rebuild, which leaves
// every old index in place; 55P03 and 40P01 from its lock waits.
func (b *binder) planReindex(x *sql.Reindex) plan {
	user := b.s.user()
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		cat := ex.s.cat
		check := func(t *catalog.Table) error {
			if cat.OwnsTable(t, user) {
				return nil
			}
			if x.Table {
				return errNotOwner("table", x.Name)
			}
			return errNotOwner("index", x.Name)
		}
		if err := cat.ReindexFor(ex.s.ddlTxn(), ex.s.lockWait(ctx), x.Name, x.Table, check); err != nil {
			return nil, err
		}
		return &backend.Result{Tag: "REINDEX", Notices: littleDataNotice(cat.LittleDataIndexes(x.Name, x.Table)...)}, nil
	}}
}

// planCheckpoint runs a checkpoint (superusers only, as in PostgreSQL 15).
func (b *binder) planCheckpoint() plan {
	user := b.s.user()
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		if !ex.s.cat.IsSuperuser(user) {
			return nil, pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to do CHECKPOINT")
		}
		if err := ex.s.cat.Checkpoint(); err != nil {
			return nil, pgerror.Internal(err)
		}
		return &backend.Result{Tag: "CHECKPOINT"}, nil
	}}
}

// planVacuum runs ANALYZE for VACUUM ANALYZE, reaps index entries of
// deleted rows and compacts the tables' HNSW graphs (catalog.VacuumCtx).
// Errors: 42P01 for a missing table.
func (b *binder) planVacuum(x *sql.Vacuum) (plan, error) {
	an, err := b.planAnalyze(&sql.Analyze{Tables: x.Tables})
	if err != nil {
		return nil, err
	}
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		cat := ex.s.cat
		if x.Analyze {
			if _, err := an.run(ctx, ex); err != nil {
				return nil, err
			}
		}
		tables, err := ex.s.maintenanceTables(ctx, ex.txn, x.Tables) // SHARE UPDATE EXCLUSIVE, no latch
		if err != nil {
			return nil, err
		}
		if _, err := cat.VacuumCtx(ctx, tables); err != nil {
			return nil, err
		}
		return &backend.Result{Tag: "VACUUM"}, nil
	}}, nil
}

// missingValues evaluates, once, the expression defaults of added columns
// for the rows t already holds (PostgreSQL does the same for a stable
// default such as now()). A volatile default (gen_random_uuid()) would
// need a value per row: 0A000 when t has rows. A NOT NULL column whose
// default gives NULL is 23502.
func (s *Session) missingValues(cat *catalog.Catalog, t *catalog.Table, cmds []sql.AlterCmd, adds []*boundAdd) error {
	hasRows := cat.HasRows(t)
	for i, a := range adds {
		if cmds[i].Kind != sql.AlterAddColumn || a.col.DefaultExpr == "" || !hasRows {
			continue
		}
		if callsVolatile(a.col.DefaultExpr) {
			return pgerror.NotSupported("ADD COLUMN with a volatile DEFAULT on a table with rows")
		}
		v, err := defaultExprValue(&env{sess: s}, a.col)
		if err != nil {
			return err
		}
		if v == nil && a.col.NotNull {
			return pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values", a.col.Name, t.Name).
				WithObject(t.Name, a.col.Name, "")
		}
		a.missing = v
	}
	return nil
}

// checkAlterColumn checks ALTER COLUMN ... SET/DROP DEFAULT or NOT NULL
// on a column that exists (exists: by the earlier commands' account).
// Errors: 42703; 42P16 dropping NOT NULL from a primary-key column;
// 23502 setting it on a column holding NULL.
func checkAlterColumn(cat *catalog.Catalog, t *catalog.Table, cmd sql.AlterCmd, exists bool) error {
	if !exists {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", cmd.Name, t.Name)
	}
	col := t.ColumnIndex(cmd.Name)
	switch {
	case col < 0: // added by an earlier command: checked when applied
	case t.Columns[col].Identity != 0 && (cmd.Kind == sql.AlterSetDefault || cmd.Kind == sql.AlterDropDefault || cmd.Kind == sql.AlterDropNotNull):
		return errIdentityColumn(t, cmd) // identity_alter.go
	case cmd.Kind == sql.AlterDropNotNull && slices.Contains(t.PrimaryKey, col):
		return pgerror.Errorf(pgerror.InvalidTableDefinition, "column %q is in a primary key", cmd.Name)
	case cmd.Kind == sql.AlterSetStorage && !validStorage[cmd.Storage]:
		return pgerror.Errorf(pgerror.InvalidParameterValue, "invalid storage type %q", cmd.Storage)
	case cmd.Kind == sql.AlterSetNotNull && cat.HasNull(t, col):
		return pgerror.Errorf(pgerror.NotNullViolation, "column %q of relation %q contains null values", cmd.Name, t.Name).
			WithObject(t.Name, cmd.Name, "")
	}
	return nil
}

// validStorage are the SET STORAGE modes PostgreSQL accepts.
var validStorage = map[string]bool{"plain": true, "external": true, "extended": true, "main": true}

// bindSetDefault binds ALTER COLUMN ... SET DEFAULT (command i of x) for
// the column's type: the table's, or that of an earlier ADD COLUMN. A
// column that does not exist yet binds nothing (the run reports 42703).
func (b *binder) bindSetDefault(x *sql.AlterTable, i int, adds []*boundAdd) (*boundAdd, error) {
	name := x.Cmds[i].Name
	a := &boundAdd{}
	if t, ok := b.s.lookupTable(x.Table); ok {
		if c := t.ColumnIndex(name); c >= 0 {
			a.col = catalog.Column{Name: name, Type: t.Columns[c].Type}
		}
	}
	for j := range i {
		if x.Cmds[j].Kind == sql.AlterAddColumn && adds[j].col.Name == name {
			a.col = catalog.Column{Name: name, Type: adds[j].col.Type}
		}
	}
	if a.col.Name == "" {
		return a, nil
	}
	if err := b.columnDefault(x.Cmds[i].Column.Default, &a.col); err != nil {
		return nil, err
	}
	return a, nil
}
