package pgcatalog

import (
	"strconv"
	"strings"

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
// chapter 53); name and "char" columns are text.
var views = map[string]view{
	"pg_type":      {1247, typeCols, typeRows},
	"pg_namespace": {2615, namespaceCols, namespaceRows},
	"pg_class":     {1259, classCols, classRows},
	"pg_attribute": {1249, attributeCols, attributeRows},
	"pg_index":     {2610, indexCols, indexRowsView},
	"pg_am":        {2601, amCols, amRows},
	"pg_extension": {3079, extensionCols, extensionRows},
	"pg_database":  {1262, databaseCols, databaseRows},
	"pg_tables":    {12033, tablesCols, tablesRows},
	"pg_indexes":   {12043, indexesCols, indexesRows},

	"pg_stat_progress_create_index": {oidProgressCreateIndex, progressCreateIndexCols, progressCreateIndexRows},
}

// VirtualTable returns the pg_catalog view named name ("pg_type" or
// "pg_catalog.pg_type") as a read-only table holding its rows now; false
// for other names. The caller holds env.Cat's lock shared. Tables the
// user created take precedence over unqualified view names.
func VirtualTable(env Env, name string) (*catalog.Table, bool) {
	base, qualified := strings.CutPrefix(name, "pg_catalog.")
	v, ok := views[base]
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
	tBool = types.Bool
	tInt2 = types.Int2
	tInt4 = types.Int4
)

// pgType is one pg_type row: the types vecgres serves and their arrays.
type pgType struct {
	oid      types.OID
	name     string
	len      int16
	category string // typcategory
	elem     types.OID
	array    types.OID
}

var pgTypes = []pgType{
	{types.OIDBool, "bool", 1, "B", 0, types.OIDBoolArray},
	{types.OIDBytea, "bytea", -1, "U", 0, 1001},
	{types.OIDName, "name", 64, "S", 0, 1003},
	{types.OIDInt8, "int8", 8, "N", 0, types.OIDInt8Array},
	{types.OIDInt2, "int2", 2, "N", 0, types.OIDInt2Array},
	{types.OIDInt4, "int4", 4, "N", 0, types.OIDInt4Array},
	{types.OIDText, "text", -1, "S", 0, types.OIDTextArray},
	{types.OIDOid, "oid", 4, "N", 0, 1028},
	{types.OIDFloat4, "float4", 4, "N", 0, types.OIDFloat4Arr},
	{types.OIDFloat8, "float8", 8, "N", 0, types.OIDFloat8Arr},
	{types.OIDBpchar, "bpchar", -1, "S", 0, 1014},
	{types.OIDVarchar, "varchar", -1, "S", 0, 1015},
	{types.OIDNumeric, "numeric", -1, "N", 0, 1231},
	{types.OIDRegtype, "regtype", 4, "N", 0, 2211},
	{types.OIDDate, "date", 4, "D", 0, 1182},
	{types.OIDTimestamp, "timestamp", 8, "D", 0, 1115},
	{types.OIDTimestamptz, "timestamptz", 8, "D", 0, 1185},
	{types.OIDUUID, "uuid", 16, "U", 0, 2951},
	{types.OIDJSONB, "jsonb", -1, "U", 0, 3807},
	{types.OIDVector, "vector", -1, "U", 0, types.OIDVectorArray},
	{types.OIDSparsevec, "sparsevec", -1, "U", 0, types.OIDSparsevecArray},
	{types.OIDBit, "bit", -1, "V", 0, types.OIDBitArray},
	{types.OIDVarbit, "varbit", -1, "V", 0, types.OIDVarbitArray},
}

var typeCols = cols("oid", tOID, "typname", tText, "typnamespace", tOID, "typowner", tOID, "typlen", tInt2,
	"typbyval", tBool, "typtype", tText, "typcategory", tText, "typisdefined", tBool, "typdelim", tText,
	"typrelid", tOID, "typelem", tOID, "typarray", tOID, "typbasetype", tOID, "typtypmod", tInt4,
	"typndims", tInt4, "typnotnull", tBool)

// typeRows lists each type and its array type (_name, category A).
func typeRows(Env) [][]any {
	var rows [][]any
	for _, t := range pgTypes {
		ns := int64(oidPgCatalog)
		if t.oid == types.OIDVector || t.oid == types.OIDSparsevec {
			ns = oidPublic
		}
		byval := t.len > 0 && t.len <= 8
		rows = append(rows, typeRow(int64(t.oid), t.name, ns, int64(t.len), byval, t.category, 0, int64(t.array)))
		rows = append(rows, typeRow(int64(t.array), "_"+t.name, ns, -1, false, "A", int64(t.oid), 0))
	}
	return rows
}

func typeRow(oid int64, name string, ns, length int64, byval bool, category string, elem, array int64) []any {
	return []any{oid, name, ns, int64(10), length, byval, "b", category, true, ",",
		int64(0), elem, array, int64(0), int64(-1), int64(0), false}
}

var namespaceCols = cols("oid", tOID, "nspname", tText, "nspowner", tOID)

func namespaceRows(Env) [][]any {
	return [][]any{{int64(oidPgCatalog), "pg_catalog", int64(10)}, {int64(oidPublic), "public", int64(10)}}
}

var classCols = cols("oid", tOID, "relname", tText, "relnamespace", tOID, "reltype", tOID, "relowner", tOID,
	"relam", tOID, "reltablespace", tOID, "relhasindex", tBool, "relpersistence", tText, "relkind", tText,
	"relnatts", tInt2, "relchecks", tInt2, "relhasrules", tBool, "relhastriggers", tBool,
	"relrowsecurity", tBool, "relispartition", tBool)

// classRows lists tables, indexes and sequences.
func classRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		am, natts, hasIndex := int64(0), int64(0), false
		switch r.kind {
		case kindTable:
			am, natts = oidHeapAM, int64(len(r.table.Columns))
			hasIndex = len(tableIndexes(env.Cat, r.table)) > 0
		case kindIndex:
			am, natts = amOID(r.index), 1
		case kindSequence:
			natts = 3
		}
		rows = append(rows, []any{int64(r.oid), r.name, int64(oidPublic), int64(0), int64(10), am, int64(0),
			hasIndex, "p", string(r.kind), natts, int64(0), false, false, false, false})
	}
	return rows
}

func amOID(ix *catalog.Index) int64 {
	if ix.Method == catalog.MethodHNSW {
		return oidHNSWAM
	}
	return oidBtreeAM
}

var attributeCols = cols("attrelid", tOID, "attname", tText, "atttypid", tOID, "attlen", tInt2, "attnum", tInt2,
	"atttypmod", tInt4, "attnotnull", tBool, "atthasdef", tBool, "attidentity", tText, "attgenerated", tText,
	"attisdropped", tBool, "attstorage", tText)

// attributeRows lists the user columns of every table (attnum from 1;
// system columns are left out).
func attributeRows(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for i, c := range t.Columns {
			typmod := int64(c.Type.Typmod)
			if typmod >= 0 && (c.Type.Kind == types.KindVarchar || c.Type.Kind == types.KindBpchar) {
				typmod += 4 // PostgreSQL stores length + VARHDRSZ
			}
			rows = append(rows, []any{int64(t.OID), c.Name, int64(c.Type.OID()), int64(c.Type.Size()), int64(i + 1),
				typmod, c.NotNull, c.Serial || c.Default != nil || c.DefaultExpr != "", "", "", false, storage(c.Type)})
		}
	}
	return rows
}

var indexCols = cols("indexrelid", tOID, "indrelid", tOID, "indnatts", tInt2, "indnkeyatts", tInt2,
	"indisunique", tBool, "indisprimary", tBool, "indisvalid", tBool, "indisready", tBool, "indkey", tText)

// indexRowsView lists every index; indkey (int2vector) is its text form.
func indexRowsView(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for _, ix := range tableIndexes(env.Cat, t) {
			pk := isPrimary(ix)
			rows = append(rows, []any{int64(indexOID(ix)), int64(t.OID), int64(1), int64(1), pk, pk, true, true,
				strconv.Itoa(ix.Column + 1)})
		}
	}
	return rows
}

var amCols = cols("oid", tOID, "amname", tText, "amtype", tText)

func amRows(Env) [][]any {
	return [][]any{{int64(oidHeapAM), "heap", "t"}, {int64(oidBtreeAM), "btree", "i"},
		{int64(oidIvfflatAM), "ivfflat", "i"}, {int64(oidHNSWAM), "hnsw", "i"}}
}

var extensionCols = cols("oid", tOID, "extname", tText, "extowner", tOID, "extnamespace", tOID,
	"extrelocatable", tBool, "extversion", tText)

func extensionRows(Env) [][]any {
	return [][]any{{int64(oidVectorExt), "vector", int64(10), int64(oidPublic), true, VectorVersion}}
}

var databaseCols = cols("oid", tOID, "datname", tText, "datdba", tOID, "encoding", tInt4,
	"datcollate", tText, "datctype", tText, "datistemplate", tBool, "datallowconn", tBool)

func databaseRows(env Env) [][]any {
	return [][]any{{int64(oidDatabase), env.Database, int64(10), int64(6), "C", "C", false, true}}
}
