// Package types defines the SQL value types vecgres serves (pgvector's vector
// and PostgreSQL's scalar types), their OIDs, and their text and binary
// formats as PostgreSQL and pgvector define them.
//
// A value (Datum) is a plain Go value: nil is SQL NULL; bool; int64 for int2,
// int4, int8 and oid/regtype; float64 for float4 and float8 (a float4
// holds the float64 of a float32, so it round-trips exactly); Decimal (an
// exact apd decimal with its display scale, numeric.go) for numeric; string
// for text, varchar, bpchar and name (name.go: at most 63 bytes); Reg (the
// object's OID and the name its output prints, resolved by the planner;
// regclass.go) for regclass, regnamespace, regrole and regproc; Vector for
// vector; HalfVec (IEEE binary16
// bits, 2 bytes per dimension; halfvec.go) for halfvec; Array (array.go: the
// elements as values of the element type, nil for a NULL element; one
// dimension, lower bound 1) for the arrays of all these types, vector[]
// included, and ShapedArray (array_shape.go: dimensions, lower bounds and
// the elements in row-major order) for an array of several dimensions or
// another lower bound (older callers' []float64 and []int64 are still read as float
// and integer arrays), and for the catalog types int2vector and oidvector
// (int2vector.go: lower bound 0, text "1 2"); []byte for bytea; int64 days since
// 2000-01-01 for date and int64 microseconds since 2000-01-01 00:00:00 for
// timestamp and timestamptz (timestamptz's instant in UTC; it reads and
// prints in a session's TimeZone through Style, style.go and datetime_zone.go;
// infinities are the int32/int64 extremes, as on the wire); int64
// microseconds since midnight for time; Interval (months, days,
// microseconds: interval.go, interval_text.go, interval_out.go, with the
// arithmetic in datetime_arith.go and extract/date_trunc in
// datetime_fields.go) for interval; UUID ([16]byte)
// for uuid; JSONB (a parsed tree, keys sorted and unique, numbers kept as
// numeric text) for jsonb; string (the input text verbatim, checked by
// ParseJSON; ParseJSONTree reads it with each value's source text) for
// json; Bits (a bit length and its bytes, first bit
// in the high bit, pad bits zero) for bit(n) and bit varying(n);
// SparseVec (dimensions, 0-based ascending indices, non-zero values) for
// sparsevec; Record (record.go: field names, types and values) for a
// composite value, whose Type's Typmod is its row type's OID (NoTypmod for
// the anonymous record). A
// Datum carries no type: its Type travels
// beside it (in a column or a parameter description).
//
// Formats:
//   - text: PostgreSQL's input/output functions (docs chapter 8), with float4
//     and float8 printed as the shortest string that reads back to the same
//     value (PostgreSQL 12+ with extra_float_digits = 1, the default); a
//     float4 never prints as a decimal lying exactly on the midpoint between
//     two float4 values (PostgreSQL's Ryu excludes the bounds). A session's
//     TimeZone, IntervalStyle, extra_float_digits <= 0 and bytea_output =
//     'escape' are one Style (style.go) that ParseTextStyle,
//     AppendTextStyle and CastStyle follow (casts to text only its
//     TimeZone and IntervalStyle).
//   - binary: PostgreSQL's send/receive functions, big-endian. A vector is
//     int16 dim, int16 unused (must be 0), dim × float4 (pgvector vector.c);
//     a halfvec the same with dim × binary16 (halfvec.c);
//     numeric is NBASE-10000 digits; arrays are PostgreSQL's array_send form;
//     bytea raw; date int32 days and timestamp(tz) int64 microseconds since
//     2000-01-01; uuid 16 bytes; jsonb a version byte 1 then its text; bit
//     and bit varying int32 bit length, then the bytes (bit_send); sparsevec
//     int32 dim, int32 nnz, int32 unused (0), nnz int32 0-based indices,
//     nnz float4 values (pgvector sparsevec.c); a record int32 field count,
//     then per field int32 type OID, int32 length (-1 NULL) and its bytes
//     (record_send).
//
// Files: names.go (OIDs, names, sizes, type lookup), vector_text.go and
// vector_binary.go, halfvec.go (text, binary, conversions), float_scan.go (strtod's grammar), float_format.go,
// scalar_text.go and scalar_binary.go, numeric.go (value, text),
// numeric_arith.go, numeric_cast.go (casts, typmod), numeric_binary.go, array.go (kinds,
// helpers), int2vector.go (int2vector and oidvector), array_text.go, array_binary.go, array_cast.go, cast.go, compare.go, key.go (hash keys equal as Compare); driver_types.go (bytea, date,
// timestamp, timestamptz, uuid and jsonb hooks), bytea.go, datetime.go,
// uuid.go, jsonb.go (parser), jsonb_number.go, jsonb_text.go, jsonb_ops.go
// (->, ->>, @>, ?, B-tree order), bit.go (bit and bit varying: input,
// output, send/receive, order) and bit_cast.go (length coercions, integer
// casts), sparsevec.go (sparsevec input, output, send/receive, order)
// and sparsevec_cast.go, record.go (record_in, record_out, send/receive,
// record_cmp).
//
// Errors are *pgerror.Error with pgvector's SQLSTATE and message text
// (see shared/pgvector-compat.md).
package types
