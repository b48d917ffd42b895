package pgcatalog

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// view is a pg_catalog view: its columns and rows computed from the catalog.
type view struct {
	oid  uint32 // the view's pg_class OID in PostgreSQL
	cols []catalog.Column
	rows func(env Env) [][]any
}

// views are the pg_catalog views served to single-table queries. Columns
// are the ones drivers and tools read, a subset of PostgreSQL's (docs
// chapter 53); name columns are of type name, "char" columns text.
var views = map[string]view{
	"pg_type":               {1247, typeCols, typeRows},
	"pg_namespace":          {2615, namespaceCols, namespaceRows},
	"pg_class":              {1259, classCols, classRows},
	"pg_attribute":          {1249, attributeCols, attributeRows},
	"pg_index":              {2610, indexCols, indexRowsView},
	"pg_am":                 {2601, amCols, amRows},
	"pg_opclass":            {2616, opclassCols, opclassRows},
	"pg_opfamily":           {2753, opfamilyCols, opfamilyRows},
	"pg_amop":               {2602, amopCols, amopRows},
	"pg_amproc":             {2603, amprocCols, amprocRows},
	"pg_settings":           {12104, settingsCols, settingsRows},
	"pg_proc":               {1255, procCols, procRows},
	"pg_operator":           {2617, operatorCols, operatorRows},
	"pg_cast":               {2605, castCols, castRows},
	"pg_sequence":           {2224, sequenceCols, sequenceRows},
	"pg_sequences":          {12048, sequencesCols, sequencesRows},
	"pg_description":        {2609, descriptionCols, descriptionRows},
	"pg_roles":              {12000, rolesCols, rolesRows},
	"pg_authid":             {1260, authidCols, authidRows},
	"pg_user":               {12014, userCols, userRows},
	"pg_attrdef":            {2604, attrdefCols, attrdefRows},
	"pg_views":              {12028, viewsCols, pgViewsRows},
	"pg_enum":               {3501, enumCols, noRows},
	"pg_inherits":           {2611, inheritsCols, noRows},
	"pg_trigger":            {2620, triggerCols, noRows},
	"pg_policy":             {3256, polCols, noRows},
	"pg_policies":           {12018, policiesCols, noRows},
	"pg_rewrite":            {2618, rewriteCols, rewriteRows},
	"pg_range":              {3541, rangeCols, noRows},
	"pg_collation":          {3456, collationCols, collationRows},
	"pg_tablespace":         {1213, tablespaceCols, tablespaceRows},
	"pg_language":           {2612, languageCols, languageRows},
	"pg_statio_all_tables":  {12170, statioTablesCols, statioTablesRows},
	"pg_statio_user_tables": {12179, statioTablesCols, statioTablesRows},
	"pg_depend":             {2608, dependCols, dependRows},
	"pg_extension":          {3079, extensionCols, extensionRows},
	"pg_database":           {1262, databaseCols, databaseRows},
	"pg_tables":             {12033, tablesCols, tablesRows},
	"pg_indexes":            {12043, indexesCols, indexesRows},

	"pg_stat_progress_create_index": {oidProgressCreateIndex, progressCreateIndexCols, progressCreateIndexRows},
	"pg_stat_progress_vacuum":       {oidProgressVacuum, progressVacuumCols, noRows},
	"pg_stat_progress_copy":         {oidProgressCopy, progressCopyCols, progressCopyRows},
	"pg_stat_activity":              {oidStatActivity, statActivityCols, statActivityRows},
	"pg_stat_all_tables":            {oidStatAllTables, statTablesCols, statTablesRows},
	"pg_stat_user_tables":           {oidStatUserTables, statTablesCols, statTablesRows},
	"pg_stat_all_indexes":           {oidStatAllIndexes, statIndexesCols, statIndexesRows},
	"pg_stat_user_indexes":          {oidStatUserIndexes, statIndexesCols, statIndexesRows},
}

// liveViews are the views whose rows change without a schema change:
// activity, progress and statistics.
var liveViews = map[string]bool{"pg_stat_activity": true, "pg_stat_progress_create_index": true,
	"pg_stat_progress_copy": true, "pg_stat_progress_vacuum": true, "pg_stat_all_tables": true,
	"pg_stat_user_tables": true, "pg_stat_all_indexes": true, "pg_stat_user_indexes": true}

// LiveView reports whether name (as VirtualTable takes it) is a view
// whose rows change between two executions of one prepared statement,
// which must then read it again.
func LiveView(name string) bool {
	_, base, _, ok := lookupView(name)
	return ok && liveViews[base]
}

// VirtualTable returns the view named name ("pg_type",
// "pg_catalog.pg_type" or "information_schema.tables"; see lookupView) as a read-only table holding its rows now; false
// for other names. The caller holds env.Cat's lock shared. Tables the
// user created take precedence over unqualified view names.
func VirtualTable(env Env, name string) (*catalog.Table, bool) {
	v, base, qualified, ok := lookupView(name)
	if !ok {
		return nil, false
	}
	if !qualified {
		if _, user := env.Cat.Table(name); user {
			return nil, false
		}
	}
	return catalog.NewVirtualTable(v.oid, base, v.cols, v.rows(env)), true
}

func cols(spec ...any) []catalog.Column {
	out := make([]catalog.Column, 0, len(spec)/2)
	for i := 0; i+1 < len(spec); i += 2 {
		out = append(out, catalog.Column{Name: spec[i].(string), Type: spec[i+1].(types.Type)})
	}
	return out
}

var (
	tOID  = types.OIDType
	tText = types.Text
	tName = types.Name
	tBool = types.Bool
	tInt2 = types.Int2
	tInt4 = types.Int4
)

func amOID(ix *catalog.Index) int64 {
	switch ix.Method {
	case catalog.MethodHNSW:
		return oidHNSWAM
	case catalog.MethodIVFFlat:
		return oidIvfflatAM
	}
	return oidBtreeAM
}

var amCols = cols("oid", tOID, "amname", tName, "amhandler", tRegproc, "amtype", tText)

// amRows lists the access methods: PostgreSQL's heap and btree, and
// pgvector's ivfflat and hnsw. amhandler has PostgreSQL's OIDs of heap's
// and btree's handlers, and pgvector's handlers' pg_proc rows
// (ivfflathandler(internal), hnswhandler(internal)).
func amRows(Env) [][]any {
	procs := procOIDs() // views_opfamily.go
	handler := func(name string) any {
		return regproc(procs[procKey(name, []types.OID{oidInternal})], name)
	}
	return [][]any{{int64(oidHeapAM), "heap", regproc(3, "heap_tableam_handler"), "t"},
		{int64(oidBtreeAM), "btree", regproc(330, "bthandler"), "i"},
		{int64(oidIvfflatAM), "ivfflat", handler("ivfflathandler"), "i"},
		{int64(oidHNSWAM), "hnsw", handler("hnswhandler"), "i"}}
}

// oidInternal is the pseudo-type internal's pg_type OID.
const oidInternal types.OID = 2281
