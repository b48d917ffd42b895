package pgcatalog

import (
	"sort"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
)

// pg_description's rows (PostgreSQL docs 53.19): PostgreSQL's comment on
// schema public and on the access methods, pgvector's on its extension
// and its access methods, and the comments COMMENT ON
// set on user schemas (classoid pg_namespace), relations (classoid pg_class, objsubid 0), their columns
// (objsubid the attnum), constraints (classoid pg_constraint) and indexes
// (catalog/comment.go). obj_description and col_description read them
// (Description).

// amDescriptions are the comments on the access methods, PostgreSQL
// 15's and pgvector 0.8's (\dA+ prints them).
var amDescriptions = []struct {
	oid  int64
	text string
}{{oidHeapAM, "heap table access method"}, {oidBtreeAM, "b-tree index access method"},
	{oidIvfflatAM, "ivfflat index access method"}, {oidHNSWAM, "hnsw index access method"}}

// descriptionRows lists pg_description: objoid, classoid, objsubid,
// description.
func descriptionRows(env Env) [][]any {
	rows := [][]any{{int64(oidPublic), int64(oidPgNamespaceClass), int64(0), sem.PublicDescription},
		{int64(oidVectorExt), int64(oidPgExtensionClass), int64(0), vectorDescription}}
	for _, am := range amDescriptions {
		rows = append(rows, []any{am.oid, int64(oidPgAmClass), int64(0), am.text})
	}
	for _, s := range env.Cat.Schemas() {
		if s.Comment != "" {
			rows = append(rows, []any{int64(s.OID), int64(oidPgNamespaceClass), int64(0), s.Comment})
		}
	}
	for _, t := range env.Cat.Tables() {
		rows = append(rows, tableDescriptions(t)...)
	}
	return rows
}

// tableDescriptions are the pg_description rows of t's comments: t's,
// its columns', its constraints', its indexes'.
func tableDescriptions(t *catalog.Table) [][]any {
	var rows [][]any
	add := func(oid, class uint32, sub int, text string) {
		if text != "" {
			rows = append(rows, []any{int64(oid), int64(class), int64(sub), text})
		}
	}
	add(t.OID, oidPgClass, 0, t.Comment)
	for i, c := range t.Columns {
		add(t.OID, oidPgClass, i+1, c.Comment)
	}
	for _, c := range tableConstraints(t) {
		text := t.PKeyComment
		if c.k != nil {
			text = c.k.Comment
		}
		add(c.oid(t), oidPgConstraint, 0, text)
	}
	for _, ix := range t.Indexes {
		add(indexOID(ix), oidPgClass, 0, ix.IndexComment())
	}
	return rows
}

// Description is the comment on object oid of catalog class (its
// pg_class name: "pg_class", "pg_constraint", "pg_namespace",
// "pg_extension", "pg_am"), sub-object sub (a column's attnum; 0 for the object),
// as pg_description holds it; false when there is none. "" class matches
// any catalog (one-argument obj_description). The caller holds cat's
// lock shared.
func Description(cat *catalog.Catalog, oid uint32, class string, sub int) (string, bool) {
	if class == "pg_authid" || class == "pg_database" {
		for _, r := range shdescriptionRows(Env{Cat: cat}) {
			if r[0].(int64) == int64(oid) && r[1].(int64) == sharedClassOIDs[class] && sub == 0 {
				return r[2].(string), true
			}
		}
		return "", false
	}
	classOID := map[string]int64{"": -1, "pg_class": oidPgClass, "pg_constraint": oidPgConstraint,
		"pg_namespace": oidPgNamespaceClass, "pg_extension": oidPgExtensionClass, "pg_am": oidPgAmClass}
	want, ok := classOID[class]
	if !ok {
		return "", false
	}
	for _, r := range descriptionRows(Env{Cat: cat}) {
		if r[0].(int64) == int64(oid) && (want < 0 || r[1].(int64) == want) && r[2].(int64) == int64(sub) {
			return r[3].(string), true
		}
	}
	return "", false
}

// sharedClassOIDs are the catalogs of the shared objects that hold
// comments: roles (pg_authid) and databases (pg_database).
var sharedClassOIDs = map[string]int64{"pg_authid": 1260, "pg_database": 1262}

// shdescriptionRows is pg_shdescription: COMMENT ON ROLE and DATABASE
// (catalog/comment_shared.go), roles by name.
func shdescriptionRows(env Env) [][]any {
	var rows [][]any
	if c := env.Cat.DatabaseComment(); c != "" {
		rows = append(rows, []any{int64(oidDatabase), sharedClassOIDs["pg_database"], c})
	}
	roles := env.Cat.Roles()
	sort.Slice(roles, func(i, j int) bool { return roles[i].Name < roles[j].Name })
	for _, r := range roles {
		if r.Comment != "" {
			rows = append(rows, []any{int64(roleOID(r.Name)), sharedClassOIDs["pg_authid"], r.Comment})
		}
	}
	return rows
}
