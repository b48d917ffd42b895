package planner

import (
	"slices"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// CREATE [OR REPLACE] VIEW (PostgreSQL 15's DefineView and
// checkViewTupleDesc, commands/view.c). The query is bound when the
// statement is, as CREATE TABLE AS binds its query; its output columns
// (renamed by the column list) become the view's, an untyped literal's
// as text. The relations it read become the view's dependencies.

// planCreateView binds x's query and plans the creation. Errors: the
// query's; 42601 "CREATE VIEW specifies more column names than
// columns"; 42701 for a column named twice; 42P16 for a void column.
func (b *binder) planCreateView(x *sql.CreateView) (plan, error) {
	s := b.s
	var read, direct []*catalog.Table
	saved, savedDirect := s.binding, s.readDirect
	s.binding, s.readDirect = &read, &direct
	sub := &binder{s: s, params: b.params, query: &queryScope{nsub: b.subCounter()}}
	pl, err := sub.planSelect(x.Query)
	s.binding, s.readDirect = saved, savedDirect
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	temp := x.Temp
	for _, t := range read {
		temp = temp || t.Temp // PostgreSQL makes the view temporary (temp.go)
		s.noteRelation(t)
	}
	cols, err := viewColumns(pl.columns(), x.Columns)
	if err != nil {
		return nil, err
	}
	def := &catalog.ViewDef{Query: x.QueryText, Deps: viewDeps(s.cat, direct),
		Updatable: notUpdatable(x.Query) == "" && simpleViewQuery(x.Query)} // view_write.go, view_simple.go
	for _, c := range pl.columns() {
		def.Source = append(def.Source, c.Name)
	}
	def.Definition = viewDefinition(s, x.Query, false, x.Columns) // viewdef.go
	def.Pretty = viewDefinition(s, x.Query, true, x.Columns)
	return ddlPlan(func(cat *catalog.Catalog, txn *catalog.Txn) (*backend.Result, error) {
		return s.createView(cat, txn, x, cols, def, temp)
	}), nil
}

// viewColumns are the view's columns: the query's output columns,
// renamed by names in order.
func viewColumns(out []backend.Column, names []string) ([]catalog.Column, error) {
	if len(names) > len(out) {
		return nil, pgerror.New(pgerror.SyntaxError, "CREATE VIEW specifies more column names than columns")
	}
	return namedColumns(out, names)
}

// namedColumns are a query's output columns out renamed by names in
// order (CREATE VIEW, CREATE TABLE AS): 42701 for a name given twice,
// 42P16 for a void column, unknown (an untyped literal) made text.
func namedColumns(out []backend.Column, names []string) ([]catalog.Column, error) {
	cols := make([]catalog.Column, len(out))
	seen := map[string]bool{}
	for i, c := range out {
		name := c.Name
		if i < len(names) {
			name = names[i]
		}
		if seen[name] {
			return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column \"%s\" specified more than once", name)
		}
		seen[name] = true
		switch c.Type.Kind {
		case types.KindVoid:
			return nil, pgerror.Errorf(pgerror.InvalidTableDefinition, "column \"%s\" has pseudo-type void", name)
		case types.KindUnknown:
			c.Type = types.Text
		case types.KindRecord, types.KindRecordArray:
			return nil, pgerror.NotSupported("columns of type " + c.Type.Name())
		}
		cols[i] = catalog.Column{Name: name, Type: c.Type}
	}
	return cols, nil
}

// viewDeps are the OIDs of the catalog's own tables and views in read,
// sorted, each once (pg_catalog's virtual tables are left out).
func viewDeps(cat *catalog.Catalog, read []*catalog.Table) []uint32 {
	var out []uint32
	for _, t := range read {
		if real, ok := cat.Table(t.Name); ok && real == t && !slices.Contains(out, t.OID) {
			out = append(out, t.OID)
		}
	}
	slices.Sort(out)
	return out
}

// createView creates the view, or replaces it under OR REPLACE; temp
// puts it in the session's temporary schema (CREATE TEMP VIEW, or a
// view reading a temporary relation, with PostgreSQL's NOTICE). Latch
// held exclusively. Errors: 3F000, 42501, 42P07, 42809 for OR REPLACE
// of a table, 42P16 for a replacement that drops, renames or retypes a
// column, 42P17 for a view that would read itself.
func (s *Session) createView(cat *catalog.Catalog, txn *catalog.Txn, x *sql.CreateView, cols []catalog.Column, def *catalog.ViewDef, temp bool) (*backend.Result, error) {
	key, err := s.newRelKey(x.Name, x.NameP, temp) // temp.go
	if err != nil {
		return nil, err
	}
	if err := s.checkCreateIn(key, x.NameP); err != nil { // schema_priv.go
		return nil, err
	}
	res := &backend.Result{Tag: "CREATE VIEW"}
	if temp && !x.Temp {
		_, base := cat.SplitName(key)
		res.Notices = append(res.Notices, notice("00000", "view \""+base+"\" will be a temporary view"))
	}
	old, exists := cat.Table(key)
	if !exists || !x.Replace {
		_, err := cat.CreateViewIn(txn, s.user(), key, cols, def)
		return res, err
	}
	_, base := cat.SplitName(key)
	if !old.IsView() {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a view", base)
	}
	if !cat.OwnsTable(old, s.user()) {
		return nil, errNotOwner("view", base)
	}
	if err := checkViewColumns(old.Columns, cols); err != nil {
		return nil, err
	}
	if viewReads(cat, def.Deps, old.OID, 0) {
		return nil, pgerror.Errorf(pgerror.InvalidRecursion, "infinite recursion detected in rules for relation \"%s\"", base)
	}
	return res, cat.ReplaceViewIn(txn, old, cols, def)
}

// checkViewColumns is checkViewTupleDesc: the new columns keep the old
// ones' names and types, in order, and may only add columns at the end.
func checkViewColumns(old, cols []catalog.Column) error {
	if len(cols) < len(old) {
		return pgerror.New(pgerror.InvalidTableDefinition, "cannot drop columns from view")
	}
	for i, o := range old {
		n := cols[i]
		if n.Name != o.Name {
			return pgerror.Errorf(pgerror.InvalidTableDefinition, "cannot change name of view column \"%s\" to \"%s\"", o.Name, n.Name).
				WithHint("Use ALTER VIEW ... RENAME COLUMN ... to change name of view column instead.")
		}
		if n.Type != o.Type {
			return pgerror.Errorf(pgerror.InvalidTableDefinition, "cannot change data type of view column \"%s\" from %s to %s",
				o.Name, o.Type.Name(), n.Type.Name())
		}
	}
	return nil
}

// viewReads reports whether relations deps read, directly or through
// views, the relation with OID target.
func viewReads(cat *catalog.Catalog, deps []uint32, target uint32, depth int) bool {
	if depth > maxViewDepth {
		return true
	}
	for _, d := range deps {
		if d == target {
			return true
		}
		if t, ok := cat.TableByOID(d); ok && t.IsView() && viewReads(cat, t.View.Deps, target, depth+1) {
			return true
		}
	}
	return false
}

// planDropView drops views, as DROP TABLE drops tables (deferred to
// the commit inside a block), after the views reading them (CASCADE)
// or 2BP01.
func (b *binder) planDropView(x *sql.DropView) plan {
	s := b.s
	return dropPlan("DROP VIEW", "view", x.Names, x.IfExists,
		func(cat *catalog.Catalog, name string) *catalog.Table {
			if t, ok := cat.Table(name); ok && t.IsView() {
				return t
			}
			return nil
		},
		func(cat *catalog.Catalog, txn *catalog.Txn, name string) error {
			return cat.DropTableIn(s.blockTxn(txn), name)
		}, s, func(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, res *backend.Result) error {
			notes, err := s.dropDependentViews(cat, txn, t, x.Cascade) // view_deps.go
			cascadeNotice(res, notes)
			return err
		})
}

// errWrongKind is DROP's 42809 for a name that denotes a relation of
// another kind: `"v" is not a table` with the hint naming DROP VIEW,
// `"t" is not a view`, `"s" is not a table` naming DROP SEQUENCE. Nil
// when key is of kind ("table", "view", "sequence") or names no table,
// view or sequence. Latch held.
func errWrongKind(cat *catalog.Catalog, kind, key string) error {
	t, ok := cat.Table(key)
	if !ok && kind == "sequence" && serialSeqExists(cat, key) { // sequence_ddl.go
		return errSerialSeq("DROP SEQUENCE")
	}
	if !ok || kind != "view" && kind != "table" && kind != "sequence" {
		return nil
	}
	actual := "table"
	switch {
	case t.IsView():
		actual = "view"
	case t.IsSequence():
		actual = "sequence"
	}
	if actual == kind {
		return nil
	}
	return pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a %s", bareRel(cat, t), kind).
		WithHint("Use DROP " + strings.ToUpper(actual) + " to remove a " + actual + ".")
}
