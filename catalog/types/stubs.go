package types

// This file holds the API of the package as stubs; the helper that
// implements the formats replaces it with real files (one job each).

// OID returns the type OID sent to clients.
func (t Type) OID() OID { panic("todo") }

// Name returns the type as format_type prints it: "vector(3)", "bigint",
// "character varying(10)", "real", "double precision", "text".
func (t Type) Name() string { panic("todo") }

// Size returns typlen for RowDescription: 1, 2, 4, 8 or -1 (varlena).
func (t Type) Size() int16 { panic("todo") }

// TypeByOID maps an OID sent by a client to a Type (NoTypmod); false if unknown.
func TypeByOID(oid OID) (Type, bool) { panic("todo") }

// LookupType resolves a SQL type name (as pg_query gives it: "int8",
// "bigint", "float4", "real", "varchar", "vector", "bool", "text", "oid",
// "regtype", "numeric", "_float4" for real[] ...) and its modifiers, with
// pgvector's errors: vector(0) and vector(16001) 22023, vector(3,2) 22023
// "invalid type modifier". Unknown names: 42704 `type "x" does not exist`.
func LookupType(name string, mods []int32) (Type, error) { panic("todo") }

// ParseText runs the input function of t on s. Errors carry pgvector's or
// PostgreSQL's SQLSTATE and message (22P02 invalid input syntax, 22003 out of
// range, 22000 for vector NaN/Inf/dims). For a vector(n) column the dims are
// checked too ("expected 3 dimensions, not 4").
func ParseText(t Type, s string) (any, error) { panic("todo") }

// AppendText appends the output-function text of d (non-nil) to buf.
func AppendText(buf []byte, t Type, d any) []byte { panic("todo") }

// DecodeBinary runs the receive function of t on b (one parameter or one
// COPY binary field, without its length prefix).
func DecodeBinary(t Type, b []byte) (any, error) { panic("todo") }

// AppendBinary appends the send-function bytes of d (non-nil) to buf.
func AppendBinary(buf []byte, t Type, d any) []byte { panic("todo") }

// Cast converts d (non-nil) of type from to type to, as an explicit cast
// (::type) does in PostgreSQL; implicit reports whether only assignment or
// implicit casts are allowed (INSERT values, comparisons). Errors: 42846
// `cannot cast type x to y`, 22003 out of range, dimension checks for vector(n).
func Cast(d any, from, to Type, explicit bool) (any, error) { panic("todo") }

// CheckDims returns pgvector's 22000 "expected %d dimensions, not %d" when v
// does not fit t's typmod; nil when t has no typmod.
func CheckDims(t Type, v Vector) error { panic("todo") }

// FormatFloat4 prints f as PostgreSQL's float4out does (see package doc).
func FormatFloat4(f float32) string { panic("todo") }

// FormatFloat8 prints f as PostgreSQL's float8out does.
func FormatFloat8(f float64) string { panic("todo") }

// Compare orders two non-nil values of the same kind: -1, 0 or 1. Vectors
// compare element-wise then by length, as pgvector's vector_cmp.
func Compare(a, b any) int { panic("todo") }
