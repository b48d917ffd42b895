package planner

import (
	"errors"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Reading views (PostgreSQL docs, CREATE VIEW; rewriter's
// ApplyRetrieveRule). A view named in FROM is expanded in place into a
// subquery in FROM named by the view (or its alias), whose query is the
// view's text parsed and bound again, with its columns renamed to the
// view's. As in PostgreSQL, the session needs SELECT on the view and the
// view's owner needs the privileges on what the query reads: the
// query's tables are checked as the owner (Session.privAs). The view
// itself takes ACCESS SHARE like a table read.

// maxViewDepth bounds views reading views, against a cycle that CREATE
// OR REPLACE VIEW could not see (viewCycle refuses the ones it can).
const maxViewDepth = 64

// viewNamed returns the view name denotes, if it is one. Latch held.
func (s *Session) viewNamed(name string) (*catalog.Table, bool) {
	t, ok := s.lookupTable(name)
	if !ok || !t.IsView() {
		return nil, false
	}
	return t, true
}

// privRole is the role whose privileges on tables and schemas are
// checked: the owner of the view being expanded, else the session's.
func (s *Session) privRole() string {
	if s.privAs != "" {
		return s.privAs
	}
	return s.user()
}

// bindView binds FROM view [alias]: x is the SELECT reading it. Errors:
// 42501 for a view the role may not read (or a table its owner may not),
// 42P17 for views nested deeper than maxViewDepth, the query's own.
func (b *binder) bindView(p *selectPlan, x *sql.Select, v *catalog.Table) error {
	s := b.s
	if err := s.checkUsageAt(v, x.FromP); err != nil { // schema_priv.go
		return err
	}
	if err := s.checkSelect(v); err != nil { // privilege.go
		return err
	}
	s.noteRelation(v)
	if s.viewDepth >= maxViewDepth {
		return pgerror.Errorf(pgerror.InvalidRecursion, "infinite recursion detected in rules for relation \"%s\"", bareRel(s.cat, v))
	}
	q, err := viewQuery(v)
	if err != nil {
		return err
	}
	if done, err := b.bindSimpleView(p, x, v, q); done { // view_simple.go
		return err
	}
	q = pinColumns(q, v)
	alias := x.FromAlias
	if alias == "" {
		alias = bareRel(s.cat, v)
	}
	names := make([]string, len(v.Columns))
	for i, c := range v.Columns {
		names[i] = c.Name
	}
	y := *x
	y.FromQuery = &sql.DerivedTable{Query: q, Alias: alias, Columns: names}
	savedAs := s.privAs
	s.privAs = v.Owner
	s.viewDepth++
	err = b.bindFromSubquery(p, &y) // derived.go
	s.viewDepth--
	s.privAs = savedAs
	if err != nil {
		return unpositioned(err)
	}
	if len(p.derived.cols) < len(v.Columns) {
		return pgerror.Errorf(pgerror.DataCorrupted, "view \"%s\" no longer matches its columns", alias)
	}
	return nil
}

// pinColumns keeps a view whose query reads * to the columns it had
// when made (PostgreSQL expands * at CREATE VIEW): q becomes SELECT
// source columns FROM (q). Unchanged for a query without * in its SELECT
// list, or whose source names repeat.
func pinColumns(q *sql.Select, v *catalog.Table) *sql.Select {
	src := v.View.Source
	if _, star := sql.NamesIn(v.View.Query); !star || len(src) != len(v.Columns) {
		return q
	}
	items := make([]sql.SelectItem, len(src))
	seen := map[string]bool{}
	for i, n := range src {
		if seen[n] {
			return q
		}
		seen[n] = true
		items[i] = sql.SelectItem{Expr: &sql.ColumnRef{Name: n, P: -1}, Alias: n}
	}
	const alias = "view_source"
	return &sql.Select{Items: items, From: alias, FromP: -1, FromQuery: &sql.DerivedTable{Query: q, Alias: alias}}
}

// viewQuery parses v's stored query.
func viewQuery(v *catalog.Table) (*sql.Select, error) {
	stmts, err := sql.Parse(v.View.Query)
	if err != nil {
		return nil, err
	}
	q, ok := stmts[0].(*sql.Select)
	if len(stmts) != 1 || !ok {
		return nil, pgerror.Errorf(pgerror.DataCorrupted, "view %q: stored query is not a SELECT", v.Name)
	}
	return q, nil
}

// unpositioned drops the position of an error raised inside a view's
// query: it points into the view's text, not the statement's.
func unpositioned(err error) error {
	var pe *pgerror.Error
	if errors.As(err, &pe) && pe.Position != 0 {
		cp := *pe
		cp.Position = 0
		return &cp
	}
	return err
}
