package pgcatalog

import (
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_index and pg_opclass (PostgreSQL docs 53.26, 53.33) with PostgreSQL
// 15's columns. indkey and indoption are int2vector, indcollation and
// indclass oidvector (vectors.go: indkey[0] is the first column);
// pg_node_tree columns (indexprs, indpred) hold the expression's SQL text
// (index_expr.go), NULL for none.

var indexCols = cols("indexrelid", tOID, "indrelid", tOID, "indnatts", tInt2, "indnkeyatts", tInt2,
	"indisunique", tBool, "indnullsnotdistinct", tBool, "indisprimary", tBool, "indisexclusion", tBool,
	"indimmediate", tBool, "indisclustered", tBool, "indisvalid", tBool, "indcheckxmin", tBool,
	"indisready", tBool, "indislive", tBool, "indisreplident", tBool, "indkey", tInt2Vector,
	"indcollation", tOIDVector, "indclass", tOIDVector, "indoption", tInt2Vector, "indexprs", tText, "indpred", tText)

// indexRowsView lists every index of every table.
func indexRowsView(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for _, ix := range tableIndexes(env.Cat, t) {
			rows = append(rows, indexRow(ix))
		}
	}
	return rows
}

// indexRow is ix's pg_index row: a primary key or unique index is unique;
// every index is valid, ready and live once the catalog lists it.
func indexRow(ix *catalog.Index) []any {
	key := indexColumns(ix)
	attnums, colls, classes, options := make([]string, len(key)), make([]string, len(key)), make([]string, len(key)), make([]string, len(key))
	for i, c := range key {
		col := ix.Table.Columns[c]
		attnums[i] = strconv.Itoa(c + 1)
		if ix.Expr != "" {
			attnums[i], col.Type = "0", ix.KeyType()
		}
		colls[i] = strconv.Itoa(int(collationOf(col.Type)))
		classes[i] = strconv.Itoa(int(opclassOf(ix, col.Type).oid))
		options[i] = "0"
	}
	pk, uniq, n := isPrimary(ix), isUnique(ix), int64(len(key))
	nnd := ix.Key != nil && ix.Key.NullsNotDistinct
	return []any{int64(indexOID(ix)), int64(ix.Table.OID), n, n, uniq, nnd, pk, false,
		true, false, true, false, true, true, false, catalogVector(attnums),
		catalogVector(colls), catalogVector(classes), catalogVector(options), nodeText(ix.Expr), nodeText(ix.Pred)}
}

// oidDefaultCollation is pg_collation's "default" (PostgreSQL's
// DEFAULT_COLLATION_OID), the collation of text-like columns.
const oidDefaultCollation = 100

// collationOf is the collation OID of a column of type t: the default for
// text, varchar and char, 0 for types without collation.
func collationOf(t types.Type) uint32 {
	switch t.Kind {
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindTextArray, types.KindVarcharArray,
		types.KindBpcharArray:
		return oidDefaultCollation
	}
	return 0
}

// opclass is one pg_opclass row.
type opclass struct {
	oid    uint32
	am     uint32 // access method OID
	name   string
	intype types.OID // opcintype: the indexed type
	deflt  bool      // opcdefault: the type's default class for am
	family uint32    // opcfamily
	ns     uint32    // opcnamespace
}

// pgvector's operator classes get fixed OIDs below the catalog's first
// OID (16400) and above every OID PostgreSQL 15's initdb assigns, apart
// from the range 16384.. that pgvector's extension, types and access
// methods take (relations.go, sql/types/oid.go); each class is its own
// family, with the same OID.
const (
	oidVectorBtreeOps = 16300 + iota
	oidHNSWL2Ops
	oidHNSWIPOps
	oidHNSWCosineOps
	oidHNSWL1Ops
	oidIvfflatL2Ops
	oidIvfflatIPOps
	oidIvfflatCosineOps
	oidHalfvecBtreeOps
	oidHalfvecHNSWL2Ops
	oidHalfvecHNSWIPOps
	oidHalfvecHNSWCosineOps
	oidHalfvecHNSWL1Ops
	oidHalfvecIvfflatL2Ops
	oidHalfvecIvfflatIPOps
	oidHalfvecIvfflatCosineOps
	oidSparsevecBtreeOps
	oidSparsevecHNSWL2Ops
	oidSparsevecHNSWIPOps
	oidSparsevecHNSWCosineOps
	oidSparsevecHNSWL1Ops
	oidBitHNSWHammingOps
	oidBitHNSWJaccardOps
	oidBitIvfflatHammingOps
)

// opclasses are the B-tree classes of the types vecgres indexes, with
// PostgreSQL 15's OIDs and families (pg_opclass.dat), and pgvector's
// vector classes. varchar is indexed by text_ops, as in PostgreSQL.
var opclasses = []opclass{
	{1978, oidBtreeAM, "int4_ops", types.OIDInt4, true, 1976, oidPgCatalog},
	{1979, oidBtreeAM, "int2_ops", types.OIDInt2, true, 1976, oidPgCatalog},
	{1981, oidBtreeAM, "oid_ops", types.OIDOid, true, 1989, oidPgCatalog},
	{3122, oidBtreeAM, "date_ops", types.OIDDate, true, 434, oidPgCatalog},
	{3123, oidBtreeAM, "float8_ops", types.OIDFloat8, true, 1970, oidPgCatalog},
	{3124, oidBtreeAM, "int8_ops", types.OIDInt8, true, 1976, oidPgCatalog},
	{3125, oidBtreeAM, "numeric_ops", types.OIDNumeric, true, 1988, oidPgCatalog},
	{3126, oidBtreeAM, "text_ops", types.OIDText, true, 1994, oidPgCatalog},
	{3127, oidBtreeAM, "timestamptz_ops", types.OIDTimestamptz, true, 434, oidPgCatalog},
	{3128, oidBtreeAM, "timestamp_ops", types.OIDTimestamp, true, 434, oidPgCatalog},
	{10003, oidBtreeAM, "bool_ops", types.OIDBool, true, 424, oidPgCatalog},
	{10004, oidBtreeAM, "bpchar_ops", types.OIDBpchar, true, 426, oidPgCatalog},
	{10006, oidBtreeAM, "bytea_ops", types.OIDBytea, true, 428, oidPgCatalog},
	{10012, oidBtreeAM, "float4_ops", types.OIDFloat4, true, 1970, oidPgCatalog},
	{10065, oidBtreeAM, "uuid_ops", types.OIDUUID, true, 2968, oidPgCatalog},
	{10088, oidBtreeAM, "jsonb_ops", types.OIDJSONB, true, 4033, oidPgCatalog},
	{oidVectorBtreeOps, oidBtreeAM, "vector_ops", types.OIDVector, true, oidVectorBtreeOps, oidPublic},
	{oidHNSWL2Ops, oidHNSWAM, "vector_l2_ops", types.OIDVector, false, oidHNSWL2Ops, oidPublic},
	{oidHNSWIPOps, oidHNSWAM, "vector_ip_ops", types.OIDVector, false, oidHNSWIPOps, oidPublic},
	{oidHNSWCosineOps, oidHNSWAM, "vector_cosine_ops", types.OIDVector, false, oidHNSWCosineOps, oidPublic},
	{oidHNSWL1Ops, oidHNSWAM, "vector_l1_ops", types.OIDVector, false, oidHNSWL1Ops, oidPublic},
	{oidIvfflatL2Ops, oidIvfflatAM, "vector_l2_ops", types.OIDVector, true, oidIvfflatL2Ops, oidPublic},
	{oidIvfflatIPOps, oidIvfflatAM, "vector_ip_ops", types.OIDVector, false, oidIvfflatIPOps, oidPublic},
	{oidIvfflatCosineOps, oidIvfflatAM, "vector_cosine_ops", types.OIDVector, false, oidIvfflatCosineOps, oidPublic},
	{oidHalfvecBtreeOps, oidBtreeAM, "halfvec_ops", types.OIDHalfvec, true, oidHalfvecBtreeOps, oidPublic},
	{oidHalfvecHNSWL2Ops, oidHNSWAM, "halfvec_l2_ops", types.OIDHalfvec, false, oidHalfvecHNSWL2Ops, oidPublic},
	{oidHalfvecHNSWIPOps, oidHNSWAM, "halfvec_ip_ops", types.OIDHalfvec, false, oidHalfvecHNSWIPOps, oidPublic},
	{oidHalfvecHNSWCosineOps, oidHNSWAM, "halfvec_cosine_ops", types.OIDHalfvec, false, oidHalfvecHNSWCosineOps, oidPublic},
	{oidHalfvecHNSWL1Ops, oidHNSWAM, "halfvec_l1_ops", types.OIDHalfvec, false, oidHalfvecHNSWL1Ops, oidPublic},
	{oidHalfvecIvfflatL2Ops, oidIvfflatAM, "halfvec_l2_ops", types.OIDHalfvec, false, oidHalfvecIvfflatL2Ops, oidPublic},
	{oidHalfvecIvfflatIPOps, oidIvfflatAM, "halfvec_ip_ops", types.OIDHalfvec, false, oidHalfvecIvfflatIPOps, oidPublic},
	{oidHalfvecIvfflatCosineOps, oidIvfflatAM, "halfvec_cosine_ops", types.OIDHalfvec, false, oidHalfvecIvfflatCosineOps, oidPublic},
	{oidSparsevecBtreeOps, oidBtreeAM, "sparsevec_ops", types.OIDSparsevec, true, oidSparsevecBtreeOps, oidPublic},
	{oidSparsevecHNSWL2Ops, oidHNSWAM, "sparsevec_l2_ops", types.OIDSparsevec, false, oidSparsevecHNSWL2Ops, oidPublic},
	{oidSparsevecHNSWIPOps, oidHNSWAM, "sparsevec_ip_ops", types.OIDSparsevec, false, oidSparsevecHNSWIPOps, oidPublic},
	{oidSparsevecHNSWCosineOps, oidHNSWAM, "sparsevec_cosine_ops", types.OIDSparsevec, false, oidSparsevecHNSWCosineOps, oidPublic},
	{oidSparsevecHNSWL1Ops, oidHNSWAM, "sparsevec_l1_ops", types.OIDSparsevec, false, oidSparsevecHNSWL1Ops, oidPublic},
	{oidBitHNSWHammingOps, oidHNSWAM, "bit_hamming_ops", types.OIDBit, false, oidBitHNSWHammingOps, oidPublic},
	{oidBitHNSWJaccardOps, oidHNSWAM, "bit_jaccard_ops", types.OIDBit, false, oidBitHNSWJaccardOps, oidPublic},
	{oidBitIvfflatHammingOps, oidIvfflatAM, "bit_hamming_ops", types.OIDBit, false, oidBitIvfflatHammingOps, oidPublic},
}

var opclassCols = cols("oid", tOID, "opcmethod", tOID, "opcname", tName, "opcnamespace", tOID, "opcowner", tOID,
	"opcfamily", tOID, "opcintype", tOID, "opcdefault", tBool, "opckeytype", tOID)

func opclassRows(Env) [][]any {
	rows := make([][]any, len(opclasses))
	for i, o := range opclasses {
		rows[i] = []any{int64(o.oid), int64(o.am), o.name, int64(o.ns), int64(10), int64(o.family),
			int64(o.intype), o.deflt, int64(0)}
	}
	return rows
}

// opclassOf is the class an index uses on a column of type t: the one
// CREATE INDEX named (ix.Opclass), else the type's default for the
// index's method; a zero opclass when there is none.
func opclassOf(ix *catalog.Index, t types.Type) opclass {
	am := uint32(amOID(ix))
	intype := t.OID()
	if t.Kind == types.KindVarchar {
		intype = types.OIDText
	}
	for _, o := range opclasses {
		if o.am == am && o.intype == intype && (o.name == ix.Opclass || ix.Opclass == "" && o.deflt) {
			return o
		}
	}
	return opclass{}
}
