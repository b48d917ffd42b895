package pgcatalog

// More pg_catalog tables and views with PostgreSQL 15's columns, which
// ORMs' introspection reads: pg_enum, pg_inherits, pg_trigger, pg_policy
// (empty: vecgres has no enums, inheritance, triggers or policies),
// pg_rewrite (the _RETURN rule of each view, views_user.go), pg_collation, pg_tablespace and pg_language (their
// built-in rows), pg_statio_all_tables and pg_statio_user_tables (one row
// per table, no block counts kept: zeros), and pg_depend (a serial
// column's sequence, a default and an index on their table's columns,
// a table in its schema, a view's rule on the view and the relations it
// reads).

var enumCols = cols("oid", tOID, "enumtypid", tOID, "enumsortorder", tFloat4, "enumlabel", tName)

var inheritsCols = cols("inhrelid", tOID, "inhparent", tOID, "inhseqno", tInt4, "inhdetachpending", tBool)

var triggerCols = cols("oid", tOID, "tgrelid", tOID, "tgparentid", tOID, "tgname", tName, "tgfoid", tOID,
	"tgtype", tInt2, "tgenabled", tText, "tgisinternal", tBool, "tgconstrrelid", tOID, "tgconstrindid", tOID,
	"tgconstraint", tOID, "tgdeferrable", tBool, "tginitdeferred", tBool, "tgnargs", tInt2, "tgattr", tInt2Vector,
	"tgargs", tText, "tgqual", tText, "tgoldtable", tText, "tgnewtable", tText)

// policiesCols are pg_policies' (the row security policies by name; none,
// as vecgres has no row security). drizzle-kit push reads it.
var policiesCols = cols("schemaname", tName, "tablename", tName, "policyname", tName, "permissive", tText,
	"roles", tTextList, "cmd", tText, "qual", tText, "with_check", tText)

var polCols = cols("oid", tOID, "polname", tName, "polrelid", tOID, "polcmd", tText, "polpermissive", tBool,
	"polroles", tOIDList, "polqual", tText, "polwithcheck", tText)

var rewriteCols = cols("oid", tOID, "rulename", tName, "ev_class", tOID, "ev_type", tText, "ev_enabled", tText,
	"is_instead", tBool, "ev_qual", tText, "ev_action", tText)

var collationCols = cols("oid", tOID, "collname", tName, "collnamespace", tOID, "collowner", tOID,
	"collprovider", tText, "collisdeterministic", tBool, "collencoding", tInt4, "collcollate", tText,
	"collctype", tText, "colliculocale", tText, "collversion", tText)

// collationRows are the collations every PostgreSQL 15 database has
// (pg_collation.dat); a cluster made with --locale=C has no others.
func collationRows(Env) [][]any {
	return [][]any{
		{int64(oidDefaultCollation), "default", int64(oidPgCatalog), int64(10), "d", true, int64(-1), nil, nil, nil, nil},
		{int64(950), "C", int64(oidPgCatalog), int64(10), "c", true, int64(-1), "C", "C", nil, nil},
		{int64(951), "POSIX", int64(oidPgCatalog), int64(10), "c", true, int64(-1), "POSIX", "POSIX", nil, nil},
	}
}

var tablespaceCols = cols("oid", tOID, "spcname", tName, "spcowner", tOID, "spcacl", tTextList,
	"spcoptions", tTextList)

func tablespaceRows(Env) [][]any {
	return [][]any{{int64(1663), "pg_default", int64(10), nil, nil}, {int64(1664), "pg_global", int64(10), nil, nil}}
}

var languageCols = cols("oid", tOID, "lanname", tName, "lanowner", tOID, "lanispl", tBool, "lanpltrusted", tBool,
	"lanplcallfoid", tOID, "laninline", tOID, "lanvalidator", tOID, "lanacl", tTextList)

// languageRows are the languages of pg_language.dat (vecgres has no
// PL/pgSQL); validators' OIDs are PostgreSQL's.
func languageRows(Env) [][]any {
	return [][]any{
		{int64(oidLangInternal), "internal", int64(10), false, false, int64(0), int64(0), int64(2246), nil},
		{int64(oidLangC), "c", int64(10), false, false, int64(0), int64(0), int64(2247), nil},
		{int64(14), "sql", int64(10), false, true, int64(0), int64(0), int64(2248), nil},
	}
}

var statioTablesCols = cols("relid", tOID, "schemaname", tName, "relname", tName, "heap_blks_read", tInt8,
	"heap_blks_hit", tInt8, "idx_blks_read", tInt8, "idx_blks_hit", tInt8, "toast_blks_read", tInt8,
	"toast_blks_hit", tInt8, "tidx_blks_read", tInt8, "tidx_blks_hit", tInt8)

// statioTablesRows lists schema public's tables with zero counts; index
// counts are NULL for a table without indexes, as PostgreSQL's.
func statioTablesRows(env Env) [][]any {
	var rows [][]any
	zero := int64(0)
	for _, r := range relations(env.Cat) {
		if r.kind != kindTable {
			continue
		}
		var idx any
		if len(tableIndexes(env.Cat, r.table)) > 0 {
			idx = zero
		}
		rows = append(rows, []any{int64(r.oid), r.schema, r.name, zero, zero, idx, idx, zero, zero, zero, zero})
	}
	return rows
}

var dependCols = cols("classid", tOID, "objid", tOID, "objsubid", tInt4, "refclassid", tOID, "refobjid", tOID,
	"refobjsubid", tInt4, "deptype", tText)

// PostgreSQL's OIDs of the catalogs pg_depend names objects by.
const (
	oidPgClass     = 1259
	oidPgNamespace = 2615
	oidPgAttrdef   = 2604
)

// dependRows lists, per table: the table in schema public (n), each
// default on its column (a), each serial column's sequence on its
// column (a), and each index but the primary key's on its key columns
// (a; the primary key's index depends on its constraint, in pg_constraint).
func dependRows(env Env) [][]any {
	var rows [][]any
	add := func(class, obj int64, refClass, ref, refSub int64, typ string) {
		rows = append(rows, []any{class, obj, int64(0), refClass, ref, refSub, typ})
	}
	for _, r := range relations(env.Cat) {
		if r.kind == kindView {
			rows = append(rows, viewDependRows(r.table)...) // views_user.go
		}
		if r.kind != kindTable {
			continue
		}
		t, oid := r.table, int64(r.oid)
		add(oidPgClass, oid, oidPgNamespace, oidPublic, 0, "n")
		for i := range t.Columns {
			if DefaultExpr(t, i) != "" {
				add(oidPgAttrdef, int64(attrdefOID(t.OID, i)), oidPgClass, oid, int64(i+1), "a")
			}
			if seq, _ := defaultSeqCall(env.Cat, t, i); seq != nil { // default_seq.go
				// the default's nextval reads the sequence
				add(oidPgAttrdef, int64(attrdefOID(t.OID, i)), oidPgClass, int64(seq.OID), 0, "n")
			}
		}
		for _, ix := range tableIndexes(env.Cat, t) {
			if isPrimary(ix) {
				continue
			}
			for _, c := range indexColumns(ix) {
				add(oidPgClass, int64(indexOID(ix)), oidPgClass, oid, int64(c+1), "a")
			}
		}
	}
	rows = append(rows, sequenceDependRows(env)...) // sequences.go
	return append(rows, extensionDependRows()...)   // extension_members.go
}
