package pgcatalog

import "github.com/vecgres/vecgres/catalog"

// User views (CREATE VIEW; catalog/view.go): pg_class rows of relkind
// 'v', pg_views and information_schema.views rows with pg_get_viewdef's
// text, and information_schema.tables rows of table_type VIEW. The
// other catalog views list a view as PostgreSQL does through the
// relation kind (pg_attribute and information_schema.columns list its
// columns; pg_tables, pg_indexes and the constraint views leave it out).

// kindView is a view's pg_class.relkind.
const kindView = 'v'

// relKindOf is t's pg_class.relkind.
func relKindOf(t *catalog.Table) byte {
	switch {
	case t.IsView():
		return kindView
	case t.IsSequence():
		return kindSequence
	}
	return kindTable
}

// viewClassRow fills a view's pg_class values: no access method, no
// index, reltuples -1, relhasrules true (its _RETURN rule), replica
// identity 'n', its columns and ACL.
func viewClassRow(env Env, r relation) (am, natts int64, tuples float64, ident string, acl any) {
	return 0, int64(len(r.table.Columns)), -1, "n", relACL(env, r.table)
}

// pgViewsRows lists the views as pg_views: schema, name, owner,
// definition.
func pgViewsRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind == kindView {
			rows = append(rows, []any{r.schema, r.name, r.table.Owner, r.table.View.Definition})
		}
	}
	return rows
}

// infoViewsRows lists the views the user holds a privilege on as
// information_schema.views (PostgreSQL shows the definition to the
// owner only; NONE check option; updatable and insertable when vecgres
// writes through the view; no triggers).
func infoViewsRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind != kindView || !canSee(env, r.table, anyTablePriv) {
			continue
		}
		var def any
		if owns(env, r.table) {
			def = r.table.View.Definition
		}
		up := yesNo(r.table.View.Updatable)
		rows = append(rows, []any{env.Database, r.schema, r.name, def, "NONE", up, up, "NO", "NO", "NO"})
	}
	return rows
}

// infoViewTableRow is a view's information_schema.tables row.
func infoViewTableRow(env Env, r relation) []any {
	return []any{env.Database, r.schema, r.name, "VIEW", nil, nil, nil, nil, nil, yesNo(r.table.View.Updatable), "NO", nil}
}

// oidPgRewrite is pg_rewrite's pg_class OID.
const oidPgRewrite = 2618

// ruleOID is the OID of view t's _RETURN rule (SyntheticOID part 0: a
// view has no primary key).
func ruleOID(t *catalog.Table) uint32 { return SyntheticOID(t.OID, 0) }

// rewriteRows lists each view's _RETURN rule as pg_rewrite does: an
// INSTEAD rule on SELECT (ev_type 1), enabled (O); ev_qual and ev_action
// are PostgreSQL's node trees, which vecgres does not keep (NULL).
func rewriteRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind == kindView {
			rows = append(rows, []any{int64(ruleOID(r.table)), "_RETURN", int64(r.oid), "1", "O", true, nil, nil})
		}
	}
	return rows
}

// viewDependRows are pg_depend's rows of view t's rule: on the view
// (internal, i) and on each relation its query reads (normal, n), so
// that pg_dump writes the view after them.
func viewDependRows(t *catalog.Table) [][]any {
	rule := int64(ruleOID(t))
	rows := [][]any{{int64(oidPgRewrite), rule, int64(0), int64(oidPgClass), int64(t.OID), int64(0), "i"}}
	for _, dep := range t.View.Deps {
		rows = append(rows, []any{int64(oidPgRewrite), rule, int64(0), int64(oidPgClass), int64(dep), int64(0), "n"})
	}
	return rows
}
