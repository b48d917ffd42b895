package types

// Kind is the base type of a value, without modifiers.
type Kind uint8

// The kinds vecgres stores or computes.
const (
	KindUnknown Kind = iota // an untyped literal ('...' or a parameter not yet resolved)
	KindBool
	KindInt2
	KindInt4
	KindInt8
	KindFloat4
	KindFloat8
	KindNumeric // exact decimal: Decimal (numeric.go); Typmod is numeric(p,s) as NumericTypmod
	KindText
	KindVarchar
	KindBpchar
	KindOID
	KindRegtype
	KindVector
	KindFloat4Array // real[]: cast source for vector
	KindFloat8Array // double precision[]: psycopg sends Python lists as this
	KindInt4Array
	KindVoid
	KindNumericArray // numeric[]: ARRAY[1.5, 2] constructors; cast source for vector
	KindBytea        // []byte
	KindDate         // int64 days since 2000-01-01
	KindTimestamp    // int64 microseconds since 2000-01-01 00:00:00
	KindTimestamptz  // int64 microseconds since 2000-01-01 00:00:00 UTC
	KindUUID         // UUID
	KindJSONB        // JSONB

	// One-dimensional arrays (array.go): values are Array, elements the
	// element kind's values. Appended here: kinds are stored in the WAL.
	KindBoolArray
	KindInt2Array
	KindInt8Array
	KindTextArray
	KindVarcharArray
	KindBpcharArray
	KindByteaArray
	KindDateArray
	KindTimestampArray
	KindTimestamptzArray
	KindUUIDArray
	KindJSONBArray
	KindVectorArray
	KindHalfvec      // HalfVec: pgvector halfvec(n)
	KindHalfvecArray // halfvec[]
	KindBit          // Bits: bit(n); NoTypmod is any length (B'...' literals)
	KindVarbit       // Bits: bit varying(n)
	KindSparsevec    // SparseVec: pgvector sparsevec(n)

	// PostgreSQL's catalog vectors (int2vector.go): Array values of int2
	// and oid elements with lower bound 0, and oid[].
	KindInt2Vector
	KindOIDVector
	KindOIDArray

	// PostgreSQL's name (names.go: a string of at most NameMaxBytes
	// bytes, ordered bytewise as collation "C"), its array, and regtype[].
	KindName
	KindNameArray
	KindRegtypeArray

	// regclass and its array (regclass.go): Reg values, a relation's OID
	// with the name regclassout prints, resolved by the planner.
	KindRegclass
	KindRegclassArray
	KindRegnamespace // Reg: a schema's OID and its name
	KindRegrole      // Reg: a role's OID and its name
	KindRegproc      // Reg: a function's OID and its name

	// Arrays of pgvector's sparsevec and of bit strings (array.go).
	KindSparsevecArray // sparsevec[]
	KindBitArray       // bit[]
	KindVarbitArray    // bit varying[]

	// PostgreSQL's json (json.go): a string, the input text kept
	// verbatim once validated; and json[].
	KindJSON
	KindJSONArray

	// PostgreSQL's pseudo-type cstring (a C string: the argument and
	// result of type input and output functions, vector_in, vector_out)
	// and cstring[] (typmod input functions' argument): string values,
	// read and written as text; no column has them.
	KindCstring
	KindCstringArray
	// regprocedure, regoper and regoperator (regclass.go): Reg values, a
	// function's or operator's OID with the name or signature their
	// output functions print, resolved by the planner.
	KindRegprocedure
	KindRegoper
	KindRegoperator
	// Composite values (record.go): Record. Typmod is the row type's OID
	// of a table or view (pg_class.reltype), or NoTypmod for the anonymous
	// record of ROW(...); KindRecordArray is record[] (_record).
	KindRecord
	KindRecordArray
	// PostgreSQL's interval (interval.go: Interval values; Typmod is
	// INTERVAL_TYPMOD(range, precision)) and time without time zone
	// (time_of_day.go: int64 microseconds since midnight).
	KindInterval
	KindTime
)

// NoTypmod is the typmod of a type without modifiers (PostgreSQL's -1).
const NoTypmod int32 = -1

// Type is a kind with its type modifier: the dimensions of a vector, the
// maximum length of a varchar, or NoTypmod.
type Type struct {
	Kind   Kind
	Typmod int32
}

// Convenience values for types without modifiers.
var (
	Unknown  = Type{KindUnknown, NoTypmod}
	Bool     = Type{KindBool, NoTypmod}
	Int2     = Type{KindInt2, NoTypmod}
	Int4     = Type{KindInt4, NoTypmod}
	Int8     = Type{KindInt8, NoTypmod}
	Float4   = Type{KindFloat4, NoTypmod}
	Float8   = Type{KindFloat8, NoTypmod}
	Numeric  = Type{KindNumeric, NoTypmod}
	Text     = Type{KindText, NoTypmod}
	Varchar  = Type{KindVarchar, NoTypmod}
	Name     = Type{KindName, NoTypmod}
	OIDType  = Type{KindOID, NoTypmod}
	Regtype  = Type{KindRegtype, NoTypmod}
	Regclass = Type{KindRegclass, NoTypmod}
	Void     = Type{KindVoid, NoTypmod}

	Bytea        = Type{KindBytea, NoTypmod}
	Date         = Type{KindDate, NoTypmod}
	Timestamp    = Type{KindTimestamp, NoTypmod}
	Timestamptz  = Type{KindTimestamptz, NoTypmod}
	UUIDType     = Type{KindUUID, NoTypmod}
	JSONBType    = Type{KindJSONB, NoTypmod}
	JSONType     = Type{KindJSON, NoTypmod}
	RecordType   = Type{KindRecord, NoTypmod}
	IntervalType = Type{KindInterval, NoTypmod}
	Time         = Type{KindTime, NoTypmod}
)

// VectorOf returns vector(dims); dims NoTypmod means a vector of any size.
func VectorOf(dims int32) Type { return Type{KindVector, dims} }

// Vector is the value of a vector: its float4 elements.
type Vector []float32

// HalfvecOf returns halfvec(dims); dims NoTypmod means any size.
func HalfvecOf(dims int32) Type { return Type{KindHalfvec, dims} }

// HalfVec is the value of a halfvec: its elements as IEEE binary16 bits
// (vecindex/fp16.ToFloat32 reads one), 2 bytes per dimension.
type HalfVec []uint16
