package pgcatalog

import (
	"sort"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_type, pg_namespace, pg_class, pg_attribute, pg_extension and
// pg_database (PostgreSQL docs chapter 53) with PostgreSQL 15's columns.
// name and "char" columns are text, regproc columns the function's name
// ("-" for none), xid columns their decimal text, aclitem[] and oid[]
// text[] (NULL here).

var tXid = tText // xid

// pgType is one pg_type row of a base type vecgres serves, with the
// values of PostgreSQL 15's pg_type.dat (pgvector's sql/vector.sql for
// vector); its array type's row is derived from it.
type pgType struct {
	oid       types.OID
	name      string
	len       int16
	category  string // typcategory
	array     types.OID
	preferred bool   // typispreferred
	align     string // typalign: c, s, i, d
	storage   string // typstorage: p, x, m, e
	io        string // prefix of the I/O functions: int4 for int4in, date_ for date_in
	typmod    bool   // has typmodin and typmodout (<name>typmodin)
	coll      uint32 // typcollation
	ext       bool   // pgvector's type, in schema public (information_schema's USER-DEFINED)
}

var pgTypes = []pgType{
	{types.OIDBool, "bool", 1, "B", types.OIDBoolArray, true, "c", "p", "bool", false, 0, false},
	{types.OIDBytea, "bytea", -1, "U", 1001, false, "i", "x", "bytea", false, 0, false},
	{types.OIDName, "name", 64, "S", 1003, false, "c", "p", "name", false, 950, false},
	{types.OIDInt8, "int8", 8, "N", types.OIDInt8Array, false, "d", "p", "int8", false, 0, false},
	{types.OIDInt2, "int2", 2, "N", types.OIDInt2Array, false, "s", "p", "int2", false, 0, false},
	{types.OIDInt4, "int4", 4, "N", types.OIDInt4Array, false, "i", "p", "int4", false, 0, false},
	{types.OIDText, "text", -1, "S", types.OIDTextArray, true, "i", "x", "text", false, oidDefaultCollation, false},
	{types.OIDOid, "oid", 4, "N", 1028, true, "i", "p", "oid", false, 0, false},
	{types.OIDFloat4, "float4", 4, "N", types.OIDFloat4Arr, false, "i", "p", "float4", false, 0, false},
	{types.OIDFloat8, "float8", 8, "N", types.OIDFloat8Arr, true, "d", "p", "float8", false, 0, false},
	{types.OIDBpchar, "bpchar", -1, "S", 1014, false, "i", "x", "bpchar", true, oidDefaultCollation, false},
	{types.OIDVarchar, "varchar", -1, "S", 1015, false, "i", "x", "varchar", true, oidDefaultCollation, false},
	{types.OIDNumeric, "numeric", -1, "N", 1231, false, "i", "m", "numeric_", true, 0, false},
	{types.OIDRegtype, "regtype", 4, "N", 2211, false, "i", "p", "regtype", false, 0, false},
	{oidRegclass, "regclass", 4, "N", 2210, false, "i", "p", "regclass", false, 0, false},
	{types.OIDRegnamespace, "regnamespace", 4, "N", 4090, false, "i", "p", "regnamespace", false, 0, false},
	{types.OIDRegrole, "regrole", 4, "N", 4097, false, "i", "p", "regrole", false, 0, false},
	{types.OIDRegproc, "regproc", 4, "N", 1008, false, "i", "p", "regproc", false, 0, false},
	{types.OIDRegprocedure, "regprocedure", 4, "N", 2207, false, "i", "p", "regprocedure", false, 0, false},
	{types.OIDRegoper, "regoper", 4, "N", 2208, false, "i", "p", "regoper", false, 0, false},
	{types.OIDRegoperator, "regoperator", 4, "N", 2209, false, "i", "p", "regoperator", false, 0, false},
	{types.OIDDate, "date", 4, "D", 1182, false, "i", "p", "date_", false, 0, false},
	{types.OIDTimestamp, "timestamp", 8, "D", 1115, false, "d", "p", "timestamp_", true, 0, false},
	{types.OIDTimestamptz, "timestamptz", 8, "D", 1185, true, "d", "p", "timestamptz_", true, 0, false},
	{types.OIDInterval, "interval", 16, "T", 1187, true, "d", "p", "interval_", true, 0, false},
	{types.OIDTime, "time", 8, "D", 1183, false, "d", "p", "time_", true, 0, false},
	{types.OIDUUID, "uuid", 16, "U", 2951, false, "c", "p", "uuid_", false, 0, false},
	{types.OIDJSONB, "jsonb", -1, "U", 3807, false, "i", "x", "jsonb_", false, 0, false},
	{types.OIDInt2Vector, "int2vector", -1, "A", types.OIDInt2VectorArray, false, "i", "p", "int2vector", false, 0, false},
	{types.OIDOidVector, "oidvector", -1, "A", types.OIDOidVectorArray, false, "i", "p", "oidvector", false, 0, false},
	{types.OIDVector, "vector", -1, "U", types.OIDVectorArray, false, "i", "e", "vector_", true, 0, true},
	{types.OIDHalfvec, "halfvec", -1, "U", types.OIDHalfvecArray, false, "i", "e", "halfvec_", true, 0, true},
	{types.OIDSparsevec, "sparsevec", -1, "U", types.OIDSparsevecArray, false, "i", "e", "sparsevec_", true, 0, true},
	{types.OIDBit, "bit", -1, "V", types.OIDBitArray, false, "i", "x", "bit_", true, 0, false},
	{types.OIDVarbit, "varbit", -1, "V", types.OIDVarbitArray, true, "i", "x", "varbit_", true, 0, false},
	{types.OIDJSON, "json", -1, "U", types.OIDJSONArr, false, "i", "x", "json_", false, 0, false},
}

var typeCols = cols("oid", tOID, "typname", tName, "typnamespace", tOID, "typowner", tOID, "typlen", tInt2,
	"typbyval", tBool, "typtype", tText, "typcategory", tText, "typispreferred", tBool, "typisdefined", tBool,
	"typdelim", tText, "typrelid", tOID, "typsubscript", tText, "typelem", tOID, "typarray", tOID,
	"typinput", tText, "typoutput", tText, "typreceive", tText, "typsend", tText, "typmodin", tText,
	"typmodout", tText, "typanalyze", tText, "typalign", tText, "typstorage", tText, "typnotnull", tBool,
	"typbasetype", tOID, "typtypmod", tInt4, "typndims", tInt4, "typcollation", tOID, "typdefaultbin", tText,
	"typdefault", tText, "typacl", tTextList)

// typeRows lists each type and its array type (_name, category A),
// and each table's and view's row type (views_rowtype.go).
func typeRows(env Env) [][]any {
	var rows [][]any
	for _, t := range pgTypes {
		rows = append(rows, baseTypeRow(t), arrayTypeRow(t))
	}
	for _, p := range pseudoTypes { // views_pseudo.go
		rows = append(rows, pseudoTypeRow(p))
	}
	rows = append(rows, cstringArrayRow())
	rows = append(rows, recordTypeRows()...)
	return append(rows, rowTypeRows(env)...)
}

// typeNamespace is the schema of t's pg_type rows.
func typeNamespace(t pgType) int64 {
	if t.ext {
		return oidPublic
	}
	return oidPgCatalog
}

func baseTypeRow(t pgType) []any {
	ns := typeNamespace(t)
	sep := ""
	if t.io[len(t.io)-1] == '_' {
		sep = "_"
	}
	base := t.io[:len(t.io)-len(sep)]
	modin, modout := typmodFuncs(t)
	subscript, elem := "-", int64(0)
	switch t.oid {
	case types.OIDJSONB:
		subscript = "jsonb_subscript_handler"
	case types.OIDName:
		subscript, elem = "raw_array_subscript_handler", 18 // "char"
	case types.OIDInt2Vector:
		subscript, elem = "array_subscript_handler", int64(types.OIDInt2)
	case types.OIDOidVector:
		subscript, elem = "array_subscript_handler", int64(types.OIDOid)
	}
	byval := t.len > 0 && t.len <= 8 && t.oid != types.OIDName
	return []any{int64(t.oid), t.name, ns, int64(10), int64(t.len), byval, "b", t.category, t.preferred, true, ",",
		int64(0), subscript, elem, int64(t.array), base + sep + "in", base + sep + "out", base + sep + "recv",
		base + sep + "send", modin, modout, "-", t.align, t.storage, false, int64(0), int64(-1), int64(0),
		int64(t.coll), nil, nil, nil}
}

// typmodFuncs are typmodin and typmodout: numerictypmodin, pgvector's
// vector_typmod_in (it has no typmodout), "-" for types without.
func typmodFuncs(t pgType) (string, string) {
	switch {
	case !t.typmod:
		return "-", "-"
	case t.ext: // pgvector's types have a typmodin only
		return t.io + "typmod_in", "-"
	}
	base := t.io
	if base[len(base)-1] == '_' {
		base = base[:len(base)-1]
	}
	return base + "typmodin", base + "typmodout"
}

// arrayTypeRow is the row of t's array type: array I/O, t's typmod
// functions, double alignment when t has it.
func arrayTypeRow(t pgType) []any {
	ns := typeNamespace(t)
	modin, modout := typmodFuncs(t)
	align := "i"
	if t.align == "d" {
		align = "d"
	}
	return []any{int64(t.array), "_" + t.name, ns, int64(10), int64(-1), false, "b", "A", false, true, ",",
		int64(0), "array_subscript_handler", int64(t.oid), int64(0), "array_in", "array_out", "array_recv",
		"array_send", modin, modout, "array_typanalyze", align, "x", false, int64(0), int64(-1), int64(0),
		int64(t.coll), nil, nil, nil}
}

// typeOf is the pgTypes entry of the type with the OID, or of the
// element type of the array type with the OID.
func typeOf(oid types.OID) (pgType, bool) {
	for _, t := range pgTypes {
		if t.oid == oid || t.array == oid {
			return t, true
		}
	}
	return pgType{}, false
}

var namespaceCols = cols("oid", tOID, "nspname", tName, "nspowner", tOID, "nspacl", tTextList)

// namespaceRows lists PostgreSQL 15's schemas, as information_schema's
// schemata does; public is owned by pg_database_owner. nspacl is
// PostgreSQL's: USAGE for everyone, and on public CREATE for each role
// GRANT gave it to.
func namespaceRows(env Env) [][]any {
	system := types.Array{"postgres=UC/postgres", "=U/postgres"}
	public := types.Array{"pg_database_owner=UC/pg_database_owner", "=U/pg_database_owner"}
	for _, g := range env.Cat.SchemaCreateGrantees() {
		if g == catalog.PublicGrantee {
			public[1] = "=UC/pg_database_owner"
			continue
		}
		public = append(public, g+"=C/pg_database_owner")
	}
	rows := [][]any{{int64(oidPgCatalog), schemaPgCatalog, int64(10), system},
		{int64(oidPgToast), "pg_toast", int64(10), nil}, {int64(oidPublic), "public", int64(oidDatabaseOwner), public},
		{int64(oidInfoSchema), schemaInfo, int64(10), system}}
	for _, s := range env.Cat.Schemas() {
		if !s.BuiltIn {
			rows = append(rows, []any{int64(s.OID), s.Name, int64(roleOID(s.Owner)), schemaACL(s)})
		}
	}
	return rows
}

// schemaACL is a user schema's nspacl: NULL (the owner's default) until
// a GRANT or REVOKE, then the owner's UC and each grantee's privileges,
// grantees sorted ("" for PUBLIC).
func schemaACL(s catalog.Schema) any {
	if len(s.Grants) == 0 && !s.ACLSet {
		return nil
	}
	acl := types.Array{s.Owner + "=UC/" + s.Owner}
	grantees := make([]string, 0, len(s.Grants))
	for g := range s.Grants {
		grantees = append(grantees, g)
	}
	sort.Strings(grantees)
	for _, g := range grantees {
		p := s.Grants[g]
		bits := ""
		if p&catalog.SchemaUsage != 0 {
			bits += "U"
		}
		if p&catalog.SchemaCreate != 0 {
			bits += "C"
		}
		name := g
		if g == catalog.PublicGrantee {
			name = ""
		}
		acl = append(acl, name+"="+bits+"/"+s.Owner)
	}
	return acl
}

var classCols = cols("oid", tOID, "relname", tName, "relnamespace", tOID, "reltype", tOID, "reloftype", tOID,
	"relowner", tOID, "relam", tOID, "relfilenode", tOID, "reltablespace", tOID, "relpages", tInt4,
	"reltuples", tFloat4, "relallvisible", tInt4, "reltoastrelid", tOID, "relhasindex", tBool, "relisshared", tBool,
	"relpersistence", tText, "relkind", tText, "relnatts", tInt2, "relchecks", tInt2, "relhasrules", tBool,
	"relhastriggers", tBool, "relhassubclass", tBool, "relrowsecurity", tBool, "relforcerowsecurity", tBool,
	"relispopulated", tBool, "relreplident", tText, "relispartition", tBool, "relrewrite", tOID,
	"relfrozenxid", tXid, "relminmxid", tXid, "relacl", tTextList, "reloptions", tTextList, "relpartbound", tText)

// classRows lists tables, indexes and sequences. A table is never
// analyzed (reltuples -1, as PostgreSQL 15 before ANALYZE); relfilenode
// is the OID; a table's or view's reltype is its row type
// (views_rowtype.go), a sequence's and an index's 0; an index's
// reloptions are its WITH options; a table's, view's and sequence's
// relacl is relACL's.
func classRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		am, natts, hasIndex, tuples, ident := int64(0), int64(0), false, 0.0, "n"
		checks, triggers := int64(0), false
		var opts, acl any
		switch r.kind {
		case kindTable:
			am, natts, tuples, ident, acl = oidHeapAM, int64(len(r.table.Columns)), -1, "d", relACL(env, r.table)
			hasIndex = len(tableIndexes(env.Cat, r.table)) > 0
			checks, triggers = checkCount(r.table), hasTriggers(env.Cat, r.table)
		case kindIndex:
			am, natts = amOID(r.index), int64(len(indexColumns(r.index)))
			if o := reloptions(r.index); len(o) > 0 {
				opts = indexOptions(r.index)
			}
		case kindSequence:
			natts, tuples = 3, 1
			if r.table.Seq != nil {
				acl = relACL(env, r.table)
			}
		case kindView:
			am, natts, tuples, ident, acl = viewClassRow(env, r) // views_user.go
		}
		reltype := int64(0)
		if r.kind == kindTable || r.kind == kindView {
			reltype = int64(sem.RowTypeOID(r.oid))
		}
		rows = append(rows, []any{int64(r.oid), r.name, namespaceOID(env.Cat, r.schema), reltype, int64(0),
			int64(roleOID(r.table.Owner)), am, int64(r.oid), int64(0), int64(0), tuples, int64(0), int64(0),
			hasIndex, false, persistence(r), string(r.kind), natts, checks, r.kind == kindView, triggers, false, false, false, true, ident,
			false, int64(0), "0", "0", acl, opts, nil})
	}
	return rows
}

// indexOptions is an index's reloptions as text[]: {m=16,ef_construction=64}.
func indexOptions(ix *catalog.Index) types.Array {
	var out types.Array
	if ix.Reloptions != nil {
		for _, o := range ix.Reloptions {
			out = append(out, o)
		}
		return out
	}
	if ix.M != 0 && ix.M != hnswDefaultM {
		out = append(out, "m="+strconv.Itoa(ix.M))
	}
	if ix.EfConstruction != 0 && ix.EfConstruction != hnswDefaultEfC {
		out = append(out, "ef_construction="+strconv.Itoa(ix.EfConstruction))
	}
	return out
}

var attributeCols = cols("attrelid", tOID, "attname", tName, "atttypid", tOID, "attstattarget", tInt4,
	"attlen", tInt2, "attnum", tInt2, "attndims", tInt4, "attcacheoff", tInt4, "atttypmod", tInt4,
	"attbyval", tBool, "attalign", tText, "attstorage", tText, "attcompression", tText, "attnotnull", tBool,
	"atthasdef", tBool, "atthasmissing", tBool, "attidentity", tText, "attgenerated", tText,
	"attisdropped", tBool, "attislocal", tBool, "attinhcount", tInt4, "attcollation", tOID, "attacl", tTextList,
	"attoptions", tTextList, "attfdwoptions", tTextList, "attmissingval", tTextList)

// attributeRows lists the user columns of every table (attnum from 1;
// system columns are left out) and the key columns of every index.
func attributeRows(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for i, c := range t.Columns {
			hasDef := c.Serial || c.Default != nil || c.DefaultExpr != ""
			rows = append(rows, attributeRow(t.OID, c, i+1, c.NotNull, hasDef))
		}
		for _, ix := range tableIndexes(env.Cat, t) {
			for n, c := range indexColumns(ix) {
				col := t.Columns[c]
				if ix.Expr != "" && !ix.Composite {
					col.Name = indexExprColumnName(ix.Expr)
				}
				col.Identity = 0
				rows = append(rows, attributeRow(indexOID(ix), col, n+1, false, false))
			}
		}
	}
	return rows
}

// identityChar is c's attidentity: "a", "d" or "".
func identityChar(c catalog.Column) string {
	if c.Identity == 0 {
		return ""
	}
	return string(rune(c.Identity))
}

// attributeRow is column c at position num of relation rel.
func attributeRow(rel uint32, c catalog.Column, num int, notNull, hasDef bool) []any {
	typmod := int64(c.Type.Typmod)
	if typmod >= 0 && (c.Type.Kind == types.KindVarchar || c.Type.Kind == types.KindBpchar) {
		typmod += 4 // PostgreSQL stores length + VARHDRSZ
	}
	align, byval, ndims := "i", c.Type.Size() > 0 && c.Type.Size() <= 8, int64(0)
	if t, ok := typeOf(c.Type.OID()); ok {
		align = t.align
		if types.IsArray(c.Type.Kind) {
			ndims, byval = 1, false
			if t.align != "d" {
				align = "i"
			}
		} else if t.oid == types.OIDUUID {
			byval = false
		}
	}
	return []any{int64(rel), c.Name, int64(c.Type.OID()), int64(-1), int64(c.Type.Size()), int64(num), ndims,
		int64(-1), typmod, byval, align, storage(c.Type), "", notNull, hasDef, false, identityChar(c), "", false, true,
		int64(0), int64(collationOf(c.Type)), nil, nil, nil, nil}
}

var extensionCols = cols("oid", tOID, "extname", tName, "extowner", tOID, "extnamespace", tOID,
	"extrelocatable", tBool, "extversion", tText, "extconfig", tTextList, "extcondition", tTextList)

// extensionRows lists pgvector's extension (PostgreSQL's plpgsql is not
// served).
func extensionRows(Env) [][]any {
	return [][]any{{int64(oidVectorExt), "vector", int64(10), int64(oidPublic), true, VectorVersion, nil, nil}}
}

var databaseCols = cols("oid", tOID, "datname", tName, "datdba", tOID, "encoding", tInt4, "datlocprovider", tText,
	"datistemplate", tBool, "datallowconn", tBool, "datconnlimit", tInt4, "datfrozenxid", tXid, "datminmxid", tXid,
	"dattablespace", tOID, "datcollate", tText, "datctype", tText, "daticulocale", tText, "datcollversion", tText,
	"datacl", tTextList)

// databaseRows is the one database, in UTF8 with the C locale.
func databaseRows(env Env) [][]any {
	return [][]any{{int64(oidDatabase), env.Database, int64(10), int64(6), "c", false, true, int64(-1), "0", "1",
		int64(1663), "C", "C", nil, nil, nil}}
}

// persistence is pg_class.relpersistence: 't' for a temporary table,
// its indexes and sequences (catalog/temp.go), 'u' for an unlogged
// table, its indexes and its columns' sequences (catalog/unlogged.go),
// else 'p'.
func persistence(r relation) string {
	if r.table != nil && r.table.Temp {
		return "t"
	}
	if r.table != nil && r.table.Unlogged && (r.kind != kindSequence || r.table.Seq != nil) {
		return "u"
	}
	return "p"
}
