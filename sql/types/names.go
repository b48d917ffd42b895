package types

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Limits of type modifiers (pgvector vector.h VECTOR_MAX_DIM; PostgreSQL
// MaxAttrSize for character types, NUMERIC_MAX_PRECISION for numeric).
const (
	VectorMaxDim        = 16000
	maxCharLength       = 10485760
	numericMaxPrecision = 1000
)

// kindInfo is the catalog row of a kind: its OID, its format_type name
// without modifiers, and its typlen.
type kindInfo struct {
	oid  OID
	name string
	size int16
}

// kinds is indexed by Kind; the single source of OIDs, names and sizes.
var kinds = [...]kindInfo{
	KindUnknown:      {OIDUnknownLit, "unknown", -2},
	KindBool:         {OIDBool, "boolean", 1},
	KindInt2:         {OIDInt2, "smallint", 2},
	KindInt4:         {OIDInt4, "integer", 4},
	KindInt8:         {OIDInt8, "bigint", 8},
	KindFloat4:       {OIDFloat4, "real", 4},
	KindFloat8:       {OIDFloat8, "double precision", 8},
	KindNumeric:      {OIDNumeric, "numeric", -1},
	KindText:         {OIDText, "text", -1},
	KindVarchar:      {OIDVarchar, "character varying", -1},
	KindBpchar:       {OIDBpchar, "bpchar", -1},
	KindOID:          {OIDOid, "oid", 4},
	KindRegtype:      {OIDRegtype, "regtype", 4},
	KindVector:       {OIDVector, "vector", -1},
	KindFloat4Array:  {OIDFloat4Arr, "real[]", -1},
	KindFloat8Array:  {OIDFloat8Arr, "double precision[]", -1},
	KindInt4Array:    {OIDInt4Array, "integer[]", -1},
	KindVoid:         {OIDVoid, "void", 4},
	KindNumericArray: {OIDNumericArr, "numeric[]", -1},
	KindBytea:        {OIDBytea, "bytea", -1},
	KindDate:         {OIDDate, "date", 4},
	KindTimestamp:    {OIDTimestamp, "timestamp without time zone", 8},
	KindTimestamptz:  {OIDTimestamptz, "timestamp with time zone", 8},
	KindUUID:         {OIDUUID, "uuid", 16},
	KindJSONB:        {OIDJSONB, "jsonb", -1},

	KindBoolArray:        {OIDBoolArray, "boolean[]", -1},
	KindInt2Array:        {OIDInt2Array, "smallint[]", -1},
	KindInt8Array:        {OIDInt8Array, "bigint[]", -1},
	KindTextArray:        {OIDTextArray, "text[]", -1},
	KindVarcharArray:     {OIDVarcharArr, "character varying[]", -1},
	KindBpcharArray:      {OIDBpcharArr, "bpchar[]", -1},
	KindByteaArray:       {OIDByteaArr, "bytea[]", -1},
	KindDateArray:        {OIDDateArr, "date[]", -1},
	KindTimestampArray:   {OIDTSArr, "timestamp without time zone[]", -1},
	KindTimestamptzArray: {OIDTSTZArr, "timestamp with time zone[]", -1},
	KindUUIDArray:        {OIDUUIDArr, "uuid[]", -1},
	KindJSONBArray:       {OIDJSONBArr, "jsonb[]", -1},
	KindVectorArray:      {OIDVectorArray, "vector[]", -1},
	KindHalfvec:          {OIDHalfvec, "halfvec", -1},
	KindHalfvecArray:     {OIDHalfvecArray, "halfvec[]", -1},
	KindBit:              {OIDBit, "bit", -1},
	KindVarbit:           {OIDVarbit, "bit varying", -1},
	KindSparsevec:        {OIDSparsevec, "sparsevec", -1},
	KindInt2Vector:       {OIDInt2Vector, "int2vector", -1},
	KindOIDVector:        {OIDOidVector, "oidvector", -1},
	KindOIDArray:         {OIDOidArray, "oid[]", -1},
	KindName:             {OIDName, "name", 64},
	KindNameArray:        {OIDNameArray, "name[]", -1},
	KindRegtypeArray:     {OIDRegtypeArray, "regtype[]", -1},
	KindRegclass:         {OIDRegclass, "regclass", 4},
	KindRegclassArray:    {OIDRegclassArray, "regclass[]", -1},
	KindRegnamespace:     {OIDRegnamespace, "regnamespace", 4},
	KindRegrole:          {OIDRegrole, "regrole", 4},
	KindRegproc:          {OIDRegproc, "regproc", 4},
	KindRegprocedure:     {OIDRegprocedure, "regprocedure", 4},
	KindRegoper:          {OIDRegoper, "regoper", 4},
	KindRegoperator:      {OIDRegoperator, "regoperator", 4},
	KindSparsevecArray:   {OIDSparsevecArray, "sparsevec[]", -1},
	KindBitArray:         {OIDBitArray, "bit[]", -1},
	KindVarbitArray:      {OIDVarbitArray, "bit varying[]", -1},
	KindJSON:             {OIDJSON, "json", -1},
	KindJSONArray:        {OIDJSONArr, "json[]", -1},
	KindCstring:          {OIDCstring, "cstring", -1},
	KindCstringArray:     {OIDCstringArr, "cstring[]", -1},
	KindRecord:           {OIDRecord, "record", -1},
	KindRecordArray:      {OIDRecordArray, "record[]", -1},
	KindInterval:         {OIDInterval, "interval", 16},
	KindTime:             {OIDTime, "time without time zone", 8},
}

func (k Kind) info() kindInfo {
	if int(k) < len(kinds) {
		return kinds[k]
	}
	return kinds[KindUnknown]
}

// OID returns the type OID sent to clients (705 for an unresolved literal).
// A table's or view's row type is its own OID, kept in Typmod (record.go).
func (t Type) OID() OID {
	if t.Kind == KindRecord && t.Typmod > 0 {
		return OID(t.Typmod)
	}
	return t.Kind.info().oid
}

// Name returns the type as format_type prints it: "vector(3)", "bigint",
// "character varying(10)", "character(1)", "real", "double precision".
func (t Type) Name() string {
	if et, ok := ElemType(t); ok && t.Typmod != NoTypmod {
		return et.Name() + "[]"
	}
	if t.Typmod == NoTypmod {
		return t.Kind.info().name
	}
	n := strconv.Itoa(int(t.Typmod))
	switch t.Kind {
	case KindVector:
		return "vector(" + n + ")"
	case KindHalfvec:
		return "halfvec(" + n + ")"
	case KindBit:
		return "bit(" + n + ")"
	case KindVarbit:
		return "bit varying(" + n + ")"
	case KindSparsevec:
		return "sparsevec(" + n + ")"
	case KindVarchar:
		return "character varying(" + n + ")"
	case KindBpchar:
		return "character(" + n + ")"
	case KindTimestamp:
		return "timestamp(" + n + ") without time zone"
	case KindTimestamptz:
		return "timestamp(" + n + ") with time zone"
	case KindTime:
		return "time(" + n + ") without time zone"
	case KindInterval:
		return intervalTypmodName(t.Typmod)
	case KindNumeric:
		return numericTypmodName(t.Typmod)
	}
	return t.Kind.info().name
}

// baseName is the name without modifiers, as PostgreSQL's cast errors print it.
func (t Type) baseName() string { return t.Kind.info().name }

// Size returns typlen for RowDescription: 1, 2, 4, 8, -1 (varlena) or -2
// (unknown, a C string), as pg_type.typlen.
func (t Type) Size() int16 { return t.Kind.info().size }

// TypeByOID maps an OID sent by a client to a Type (NoTypmod); false if
// vecgres has no kind for it. 0 and 705 are Unknown.
func TypeByOID(oid OID) (Type, bool) {
	switch oid {
	case OIDUnknown, OIDUnknownLit:
		return Unknown, true
	}
	for k, in := range kinds {
		if in.oid == oid {
			return Type{Kind(k), NoTypmod}, true
		}
	}
	return Unknown, false
}

// oidNames names built-in types without a Kind, for regtype output.
var oidNames = map[OID]string{
	OIDUnknownLit:      "unknown",
	OIDInt2VectorArray: "int2vector[]", OIDOidVectorArray: "oidvector[]",
	// The pseudo-types of the functions pg_proc lists ("any", anyarray,
	// void and internal arguments and results; the access method
	// handlers' results).
	2276: `"any"`, 2277: "anyarray", 2283: "anyelement", 2281: "internal",
	325: "index_am_handler", 269: "table_am_handler",
}

// typeNameByOID is format_type(oid, NULL); "" when the OID is not a type.
func typeNameByOID(oid OID) string {
	if n, ok := oidNames[oid]; ok {
		return n
	}
	if oid == OIDUnknown {
		return ""
	}
	if t, ok := TypeByOID(oid); ok {
		return t.Name()
	}
	return ""
}

// typeNames maps SQL type names, as pg_query spells them, to kinds.
var typeNames = map[string]Kind{
	"int2": KindInt2, "smallint": KindInt2,
	"int4": KindInt4, "int": KindInt4, "integer": KindInt4,
	"int8": KindInt8, "bigint": KindInt8,
	"float4": KindFloat4, "real": KindFloat4,
	"float8": KindFloat8, "double precision": KindFloat8, "float": KindFloat8,
	"numeric": KindNumeric, "decimal": KindNumeric,
	"bool": KindBool, "boolean": KindBool,
	"text": KindText, "name": KindName,
	"varchar": KindVarchar, "character varying": KindVarchar,
	"bpchar": KindBpchar, "char": KindBpchar, "character": KindBpchar,
	"oid":     KindOID,
	"regtype": KindRegtype, "regclass": KindRegclass, "regnamespace": KindRegnamespace, "regrole": KindRegrole,
	"regproc": KindRegproc, "regprocedure": KindRegprocedure, "regoper": KindRegoper, "regoperator": KindRegoperator,
	"vector":  KindVector,
	"halfvec": KindHalfvec,
	"void":    KindVoid, "unknown": KindUnknown,
	"bytea": KindBytea, "date": KindDate,
	"timestamp": KindTimestamp, "timestamp without time zone": KindTimestamp,
	"timestamptz": KindTimestamptz, "timestamp with time zone": KindTimestamptz,
	"interval": KindInterval, "time": KindTime, "time without time zone": KindTime,
	"uuid": KindUUID, "jsonb": KindJSONB, "json": KindJSON, "cstring": KindCstring,
	"bit": KindBit, "varbit": KindVarbit, "bit varying": KindVarbit,
	"sparsevec":  KindSparsevec,
	"int2vector": KindInt2Vector, "oidvector": KindOIDVector,
}

// unsupportedRegTypes are PostgreSQL's OID alias types vecgres does not
// serve (it has regtype, regclass, regnamespace, regrole, regproc,
// regprocedure, regoper and regoperator): naming one is 0A000, not 42704
// as for a type PostgreSQL lacks too.
var unsupportedRegTypes = map[string]bool{"regconfig": true, "regdictionary": true, "regcollation": true}

// LookupType resolves a SQL type name (as pg_query gives it: "int8",
// "bigint", "float4", "real", "varchar", "vector", "bool", "text", "oid",
// "regtype", "numeric", "_float4" or "real[]" for real[], "_numeric" ...) and its
// modifiers, with pgvector's errors: vector(0) and vector(16001) 22023,
// vector(3,2) 22023 "invalid type modifier". Unknown names: 0A000
// `type "interval" is not supported by vecgres` for a PostgreSQL 15 type
// (IsPG15Type), else 42704 `type "x" does not exist`; a modifier on a
// type without any: 42601.
// numeric(p,s) keeps its typmod (see NumericTypmod).
func LookupType(name string, mods []int32) (Type, error) {
	if base, ok := strings.CutSuffix(name, "[]"); ok {
		return lookupArray(name, base, mods)
	}
	k, ok := typeNames[name]
	if base, isArr := strings.CutPrefix(name, "_"); !ok && isArr {
		return lookupArray(name, base, mods)
	}
	if unsupportedRegTypes[name] {
		return Unknown, pgerror.NotSupported("type " + name)
	}
	if !ok && IsPG15Type(name) {
		return Unknown, pgerror.NotSupported("type \"" + name + "\"")
	}
	if !ok {
		return Unknown, pgerror.Errorf(pgerror.UndefinedObject, "type \"%s\" does not exist", name)
	}
	if len(mods) == 0 {
		return Type{k, NoTypmod}, nil
	}
	return typmodIn(name, k, mods)
}

// typmodIn checks modifiers as each type's typmod_in function does.
func typmodIn(name string, k Kind, mods []int32) (Type, error) {
	switch k {
	case KindVector:
		return vectorTypmodIn("vector", mods)
	case KindHalfvec:
		return vectorTypmodIn("halfvec", mods)
	case KindBit:
		return bitTypmodIn(k, "bit", mods)
	case KindVarbit:
		return bitTypmodIn(k, "varbit", mods)
	case KindSparsevec:
		return sparsevecTypmodIn(mods)
	case KindVarchar:
		return charTypmodIn(k, "varchar", mods)
	case KindBpchar:
		return charTypmodIn(k, "char", mods)
	case KindNumeric:
		return numericTypmodIn(mods)
	case KindTimestamp, KindTimestamptz, KindTime:
		return timestampTypmodIn(k, mods)
	case KindInterval:
		return intervalTypmodIn(mods)
	}
	return Unknown, pgerror.Errorf(pgerror.SyntaxError, "type modifier is not allowed for type \"%s\"", name)
}

func invalidTypmod() error {
	return pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
}

// vectorTypmodIn is pgvector's vector_typmod_in and halfvec_typmod_in
// (name "vector" or "halfvec"; both allow 1..16000 dimensions).
func vectorTypmodIn(name string, mods []int32) (Type, error) {
	if len(mods) != 1 {
		return Unknown, invalidTypmod()
	}
	if mods[0] < 1 {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "dimensions for type %s must be at least 1", name)
	}
	if mods[0] > VectorMaxDim {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "dimensions for type %s cannot exceed %d", name, VectorMaxDim)
	}
	return Type{typeNames[name], mods[0]}, nil
}

// charTypmodIn is PostgreSQL's anychar_typmodin; Typmod holds the length in
// characters (not PostgreSQL's length + 4).
func charTypmodIn(k Kind, label string, mods []int32) (Type, error) {
	if len(mods) != 1 {
		return Unknown, invalidTypmod()
	}
	if mods[0] < 1 {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "length for type %s must be at least 1", label)
	}
	if mods[0] > maxCharLength {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "length for type %s cannot exceed %d", label, maxCharLength)
	}
	return Type{k, mods[0]}, nil
}

// numericTypmodIn checks numeric(p[,s]) as numerictypmodin does; Typmod
// holds PostgreSQL's encoding (NumericTypmod; numeric(p) is numeric(p,0)).
func numericTypmodIn(mods []int32) (Type, error) {
	if len(mods) > 2 {
		return Unknown, pgerror.New(pgerror.InvalidParameterValue, "invalid NUMERIC type modifier")
	}
	if p := mods[0]; p < 1 || p > numericMaxPrecision {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "NUMERIC precision %d must be between 1 and %d", p, numericMaxPrecision)
	}
	scale := int32(0)
	if len(mods) == 2 {
		if s := mods[1]; s < -numericMaxPrecision || s > numericMaxPrecision {
			return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "NUMERIC scale %d must be between %d and %d", s, -numericMaxPrecision, numericMaxPrecision)
		}
		scale = mods[1]
	}
	return Type{KindNumeric, NumericTypmod(mods[0], scale)}, nil
}
