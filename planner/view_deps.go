package planner

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Dependencies of views (PostgreSQL's pg_depend between a view's rule
// and what its query reads; dependency.c's reportDependentObjects).
// DROP of a table or view that views read is 2BP01 unless CASCADE,
// which drops those views (and the views reading them) first, with
// PostgreSQL's NOTICE. DROP COLUMN of a column a view may read is 2BP01;
// renaming a table or column a view reads is refused (0A000), since a
// view keeps its query as text.

// relKind is how PostgreSQL's messages name t: "view" or "table".
func relKind(t *catalog.Table) string {
	switch {
	case t.IsView():
		return "view"
	case t.IsSequence():
		return "sequence"
	}
	return "table"
}

// viewDependent is a view that reads, directly or not, a relation being
// dropped: on is the relation it reads.
type viewDependent struct {
	view *catalog.Table
	on   *catalog.Table
}

// dependentViews returns the views reading t and, after each, those
// reading it, depth first. Latch held.
func dependentViews(cat *catalog.Catalog, t *catalog.Table) []viewDependent {
	var out []viewDependent
	seen := map[uint32]bool{}
	var walk func(t *catalog.Table, depth int)
	walk = func(t *catalog.Table, depth int) {
		for _, v := range cat.DependentViews(t.OID) {
			if !seen[v.OID] && depth < maxViewDepth {
				seen[v.OID] = true
				out = append(out, viewDependent{view: v, on: t})
				walk(v, depth+1)
			}
		}
	}
	walk(t, 0)
	return out
}

// errDependents is 2BP01 for dropping what (e.g. "table t", "column c
// of table t") that the views deps read.
func errDependents(cat *catalog.Catalog, what string, lines []string) error {
	return pgerror.Errorf(pgerror.DependentObjectsStillExist, "cannot drop %s because other objects depend on it", what).
		WithDetail(strings.Join(lines, "\n")).WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}

// dropDependentViews handles the views reading t before t is dropped:
// 2BP01 without cascade, else drops them (the last found first) and
// returns the "view v" lines of the NOTICE. Latch held exclusively.
func (s *Session) dropDependentViews(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, cascade bool) ([]string, error) {
	deps := dependentViews(cat, t)
	if len(deps) == 0 {
		return nil, nil
	}
	lines := make([]string, len(deps))
	for i, d := range deps {
		lines[i] = fmt.Sprintf("view %s depends on %s %s", bareRel(cat, d.view), relKind(d.on), bareRel(cat, d.on))
	}
	if !cascade {
		return nil, errDependents(cat, relKind(t)+" "+bareRel(cat, t), lines)
	}
	notes := make([]string, len(deps))
	for i, d := range deps {
		notes[i] = "view " + bareRel(cat, d.view)
	}
	for i := len(deps) - 1; i >= 0; i-- {
		if err := cat.DropTableIn(s.blockTxn(txn), deps[i].view.Name); err != nil {
			return nil, err
		}
	}
	return notes, nil
}

// cascadeNotice appends PostgreSQL's NOTICE for the objects a CASCADE
// dropped ("view v", "constraint c on table t"): "drop cascades to
// view v", or "drop cascades to 2 other objects" with one DETAIL line
// each.
func cascadeNotice(res *backend.Result, lines []string) {
	switch {
	case len(lines) == 1:
		res.Notices = append(res.Notices, notice("00000", "drop cascades to "+lines[0]))
	case len(lines) > 1:
		n := notice("00000", fmt.Sprintf("drop cascades to %d other objects", len(lines)))
		n.Detail = "drop cascades to " + strings.Join(lines, "\ndrop cascades to ")
		res.Notices = append(res.Notices, n)
	}
}

// viewsReadingColumn returns the views reading table t whose query may
// read its column col (sql.NamesIn). Latch held.
func viewsReadingColumn(cat *catalog.Catalog, t *catalog.Table, col string) []*catalog.Table {
	var out []*catalog.Table
	for _, v := range cat.DependentViews(t.OID) {
		names, star := sql.NamesIn(v.View.Query)
		if star || names[col] {
			out = append(out, v)
		}
	}
	return out
}

// checkDropColumnViews is 2BP01 when a view may read column col of t.
func checkDropColumnViews(cat *catalog.Catalog, t *catalog.Table, col string) error {
	views := viewsReadingColumn(cat, t, col)
	if len(views) == 0 {
		return nil
	}
	var lines []string
	for _, v := range views {
		lines = append(lines, fmt.Sprintf("view %s depends on column %s of table %s", bareRel(cat, v), col, bareRel(cat, t)))
		for _, d := range dependentViews(cat, v) {
			lines = append(lines, fmt.Sprintf("view %s depends on %s %s", bareRel(cat, d.view), relKind(d.on), bareRel(cat, d.on)))
		}
	}
	return errDependents(cat, fmt.Sprintf("column %s of table %s", col, bareRel(cat, t)), lines)
}

// checkRenameViews refuses to rename column col of table t that a view
// reads unless each such view is a simple view of t alone, whose text
// renameColumnInViews can rewrite (a renamed table's views are rewritten
// by renameInViews).
func checkRenameViews(cat *catalog.Catalog, t *catalog.Table, col string) error {
	if col == "" {
		return nil
	}
	for _, v := range viewsReadingColumn(cat, t, col) {
		q, err := viewQuery(v)
		if err != nil || !simpleViewQuery(q) || bareName(q.From) != bareRel(cat, t) { // view_simple.go
			return pgerror.NotSupported("RENAME of a column that a view other than a one-table view of plain columns reads")
		}
	}
	return nil
}

// bareName is a written relation name without its schema.
func bareName(name string) string {
	_, base := splitLast(name) // view_simple.go
	return base
}

// renameColumnInViews rewrites the simple views reading column old of
// t, renamed to new: their text (sql.RenameIdent), the names of the
// query's output columns and pg_get_viewdef's texts; the views' own
// column names stay. Latch held exclusively, after the rename.
func (s *Session) renameColumnInViews(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, old, new string) error {
	for _, v := range viewsReadingColumn(cat, t, old) {
		text, ok := sql.RenameIdent(v.View.Query, old, new)
		if !ok {
			return pgerror.NotSupported("RENAME of a column that a view reads")
		}
		def := *v.View
		def.Source = nil
		for _, n := range v.View.Source {
			if n == old {
				n = new
			}
			def.Source = append(def.Source, n)
		}
		tmp := &catalog.Table{Name: v.Name, Columns: v.Columns, View: &def}
		if err := s.redefineView(cat, txn, tmp, text); err != nil {
			return err
		}
		if err := cat.ReplaceViewIn(txn, v, v.Columns, tmp.View); err != nil {
			return err
		}
	}
	return nil
}

// renameInViews rewrites the views reading t, renamed from old (its
// name without schema), to name it by its new name: their query text
// (sql.RenameIdent) and pg_get_viewdef's texts, made again. Latch held
// exclusively, after the rename.
func (s *Session) renameInViews(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, old string) error {
	_, base := cat.SplitName(t.Name)
	for _, v := range cat.DependentViews(t.OID) {
		text, ok := sql.RenameIdent(v.View.Query, old, base)
		if !ok {
			return pgerror.NotSupported("RENAME of a table that a view reads")
		}
		if err := s.redefineView(cat, txn, v, text); err != nil {
			return err
		}
	}
	return nil
}

// redefineView gives view v the query text and pg_get_viewdef's texts
// made again from it under v's current column names. Latch held
// exclusively.
// A v that is not in the catalog (renameColumnInViews' copy) gets the
// new definition in place.
func (s *Session) redefineView(cat *catalog.Catalog, txn *catalog.Txn, v *catalog.Table, text string) error {
	def := *v.View
	def.Query = text
	q, err := viewQuery(&catalog.Table{Name: v.Name, Columns: v.Columns, View: &def}) // view.go
	if err != nil {
		return err
	}
	names := make([]string, len(v.Columns))
	for i, c := range v.Columns {
		names[i] = c.Name
	}
	def.Definition = viewDefinition(s, q, false, names) // viewdef.go
	def.Pretty = viewDefinition(s, q, true, names)
	if cur, ok := cat.Table(v.Name); !ok || cur != v {
		v.View = &def
		return nil
	}
	return cat.ReplaceViewIn(txn, v, v.Columns, &def)
}

// checkRenameKind checks ALTER VIEW | TABLE x of t: ALTER VIEW t RENAME
// TO of a table is 42809 `"t" is not a view`; renaming a column views
// read is refused (checkRenameViews). Latch held.
func checkRenameKind(cat *catalog.Catalog, t *catalog.Table, x *sql.Rename) error {
	if x.View && !t.IsView() && x.Column == "" { // ALTER VIEW t RENAME COLUMN renames a table's, as PostgreSQL
		return pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a view", bareRel(cat, t))
	}
	if x.NewSchema != "" {
		if t.IsView() || len(cat.DependentViews(t.OID)) > 0 {
			return pgerror.NotSupported("SET SCHEMA of a view or of a table that a view reads")
		}
		return nil
	}
	return checkRenameViews(cat, t, x.Column)
}

// alterActions name ALTER TABLE's commands as PostgreSQL's
// alter_table_type_to_string does.
var alterActions = map[sql.AlterCmdKind]string{
	sql.AlterAddColumn: "ADD COLUMN", sql.AlterDropColumn: "DROP COLUMN", sql.AlterSetDefault: "ALTER COLUMN ... SET DEFAULT",
	sql.AlterDropDefault: "ALTER COLUMN ... DROP DEFAULT", sql.AlterSetNotNull: "ALTER COLUMN ... SET NOT NULL",
	sql.AlterDropNotNull: "ALTER COLUMN ... DROP NOT NULL", sql.AlterSetStorage: "ALTER COLUMN ... SET STORAGE",
	sql.AlterAddConstraint: "ADD CONSTRAINT", sql.AlterDropConstraint: "DROP CONSTRAINT",
	sql.AlterAddIdentity: "ALTER COLUMN ... ADD IDENTITY", sql.AlterSetIdentity: "ALTER COLUMN ... SET IDENTITY",
	sql.AlterDropIdentity: "ALTER COLUMN ... DROP IDENTITY",
}

// errAlterView is ALTER TABLE's 42809 for a command on view v.
func errAlterView(cat *catalog.Catalog, v *catalog.Table, cmd sql.AlterCmd) error {
	return pgerror.Errorf(pgerror.WrongObjectType, "ALTER action %s cannot be performed on relation \"%s\"", alterActions[cmd.Kind], bareRel(cat, v)).
		WithDetail("This operation is not supported for " + relKind(v) + "s.")
}

// viewsOutside returns, for DROP SCHEMA, the views reading t (directly
// or not) whose catalog names are not in inside (the relations dropped
// anyway): their NOTICE lines ("view v") and DETAIL lines ("view v
// depends on table s.t"). Latch held.
func viewsOutside(cat *catalog.Catalog, t *catalog.Table, inside map[string]bool) (lines, detail []string) {
	var walk func(t *catalog.Table, depth int)
	walk = func(t *catalog.Table, depth int) {
		for _, v := range cat.DependentViews(t.OID) {
			if inside[v.Name] || depth >= maxViewDepth {
				continue // listed with its own schema's relations
			}
			lines = append(lines, "view "+bareRel(cat, v))
			detail = append(detail, fmt.Sprintf("view %s depends on %s %s", bareRel(cat, v), relKind(t), t.Name))
			walk(v, depth+1)
		}
	}
	walk(t, 0)
	return lines, detail
}

// dropViewsReading drops the views reading t, the last found first.
// Latch held exclusively.
func (s *Session) dropViewsReading(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table) error {
	deps := dependentViews(cat, t)
	for i := len(deps) - 1; i >= 0; i-- {
		if err := cat.DropTableIn(s.blockTxn(txn), deps[i].view.Name); err != nil {
			return err
		}
	}
	return nil
}

// dropColumnViews drops, for ALTER TABLE ... DROP COLUMN col CASCADE,
// the views that may read column col of t and the views reading them,
// with PostgreSQL's NOTICE (checkAlter refused it without CASCADE).
// Latch held exclusively.
func (s *Session) dropColumnViews(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, col string, res *backend.Result) error {
	var lines []string
	for _, v := range viewsReadingColumn(cat, t, col) {
		if cur, ok := cat.Table(v.Name); !ok || cur != v {
			continue // dropped with a view it reads
		}
		notes, err := s.dropDependentViews(cat, txn, v, true)
		if err != nil {
			return err
		}
		lines = append(append(lines, "view "+bareRel(cat, v)), notes...)
		if err := cat.DropTableIn(s.blockTxn(txn), v.Name); err != nil {
			return err
		}
	}
	cascadeNotice(res, lines)
	return nil
}
