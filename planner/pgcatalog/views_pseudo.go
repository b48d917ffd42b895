package pgcatalog

import "github.com/vecgres/vecgres/sql/types"

// oidRegclass is regclass's pg_type OID: vecgres reads X::regclass itself
// (planner/funcs_regclass.go) and lists the type for pg_proc's to_regclass.
const oidRegclass types.OID = 2205

// pg_type rows of PostgreSQL 15's pseudo-types (typtype p, category P;
// unknown is X) that vecgres's pg_proc rows name as argument or result
// types (concat's "any", array_length's anyarray, void), so that every
// type OID another catalog shows has its pg_type row. Values as
// PostgreSQL 15's pg_type.dat.

// pseudoType is one pseudo-type row's distinct values.
type pseudoType struct {
	oid      int64
	name     string
	len      int16
	category string
	recv     bool   // has <name>_recv / <name>_send (unknown: unknownrecv)
	align    string // typalign
	storage  string // typstorage
	ioPrefix string // any_in's "any_"; unknown's "unknown"
	byval    bool   // typbyval
	array    int64  // typarray (cstring's _cstring), 0 for none
}

var pseudoTypes = []pseudoType{
	{705, "unknown", -2, "X", true, "c", "p", "unknown", false, 0},
	{2276, "any", 4, "P", false, "i", "p", "any_", true, 0},
	{2277, "anyarray", -1, "P", true, "d", "x", "anyarray_", false, 0},
	{2278, "void", 4, "P", true, "i", "p", "void_", true, 0},
	{2283, "anyelement", 4, "P", false, "i", "p", "anyelement_", true, 0},
	// The types of pgvector's I/O functions, access method handlers and
	// support functions (vector_in(cstring, oid, integer),
	// hnswhandler(internal) -> index_am_handler), and heap's handler's.
	{2275, "cstring", -2, "P", true, "c", "p", "cstring_", false, 1263},
	{2281, "internal", 8, "P", false, "d", "p", "internal_", true, 0},
	{325, "index_am_handler", 4, "P", false, "i", "p", "index_am_handler_", true, 0},
	{269, "table_am_handler", 4, "P", false, "i", "p", "table_am_handler_", true, 0},
}

// cstringArrayRow is _cstring's pg_type row (cstring[], the argument of
// typmod input functions), an array type like the others.
func cstringArrayRow() []any {
	return arrayTypeRow(pgType{oid: 2275, name: "cstring", align: "c", array: 1263})
}

// pseudoTypeRow is p's pg_type row (columns as typeCols).
func pseudoTypeRow(p pseudoType) []any {
	recv, send := "-", "-"
	if p.recv {
		recv, send = p.ioPrefix+"recv", p.ioPrefix+"send"
	}
	return []any{p.oid, p.name, int64(oidPgCatalog), int64(10), int64(p.len), p.byval, "p", p.category, false, true, ",",
		int64(0), "-", int64(0), p.array, p.ioPrefix + "in", p.ioPrefix + "out", recv, send, "-", "-", "-",
		p.align, p.storage, false, int64(0), int64(-1), int64(0), int64(0), nil, nil, nil}
}

// rangeCols are pg_range's PostgreSQL 15 columns (docs 53.42); regproc
// columns are text, as elsewhere. vecgres has no range types, so pg_range
// has no rows and pg_type no range rows (Sequelize's type probe joins
// pg_range LEFT OUTER JOIN pg_type and finds none).
var rangeCols = cols("rngtypid", tOID, "rngsubtype", tOID, "rngmultitypid", tOID, "rngcollation", tOID,
	"rngsubopc", tOID, "rngcanonical", tText, "rngsubdiff", tText)
