// Package types defines the SQL value types vecgres serves (pgvector's vector
// and PostgreSQL's scalar types), their OIDs, and their text and binary
// formats as PostgreSQL and pgvector define them.
//
// A value (Datum) is a plain Go value: nil is SQL NULL; bool; int64 for int2,
// int4, int8 and oid/regtype; float64 for float4 and float8 (a float4 holds
// the float64 of a float32, so it round-trips exactly); string for text and
// varchar; Vector for vector. A Datum carries no type: its Type travels beside
// it (in a column or a parameter description).
//
// Formats:
//   - text: PostgreSQL's input/output functions (docs chapter 8), with float4
//     and float8 printed as the shortest string that reads back to the same
//     value (PostgreSQL 12+ with extra_float_digits = 1, the default).
//   - binary: PostgreSQL's send/receive functions, big-endian. A vector is
//     int16 dim, int16 unused (must be 0), dim × float4 (pgvector vector.c).
//
// Errors are *pgerror.Error with pgvector's SQLSTATE and message text
// (see shared/pgvector-compat.md).
package types
