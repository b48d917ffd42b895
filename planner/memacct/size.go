package memacct

import "github.com/vecgres/vecgres/sql/types"

// Approximate sizes, in bytes, on a 64-bit Go runtime.
const (
	// RowOverhead is what holding one row costs besides its values: the
	// []any slice header and the planner's per-row record (keyedRow: row,
	// sort keys and aggregate slices), rounded up.
	RowOverhead = 96
	// ValueOverhead is one interface slot of a row (type and data words).
	ValueOverhead = 16
	// scalarSize is a boxed fixed-size scalar (int, float, bool), rounded up to the allocator's smallest class.
	scalarSize = 8
	// headerSize is a string's or a slice's header behind an interface.
	headerSize = 24
	// numericSize is a numeric (apd.Decimal with a small inline
	// coefficient); longer coefficients are rare and not measured, to
	// keep sizing free of allocation.
	numericSize = 64
	// jsonbNodeSize is one types.JSONB node (kind, string, bool, slices).
	jsonbNodeSize = 80
)

// RowSize is the approximate memory a held row takes: RowOverhead plus
// ValueOverhead and ValueSize for each value.
func RowSize(row []any) int64 {
	n := int64(RowOverhead) + int64(len(row))*ValueOverhead
	for _, v := range row {
		n += ValueSize(v)
	}
	return n
}

// ValueSize is the approximate memory of one value (Datum) beyond its
// interface slot: strings and bytea by length, vectors by 4 bytes a
// dimension, arrays, records and jsonb recursively, numerics and other scalars by a
// fixed size; 0 for NULL.
func ValueSize(v any) int64 {
	switch x := v.(type) {
	case nil:
		return 0
	case string:
		return headerSize + int64(len(x))
	case []byte:
		return headerSize + int64(len(x))
	case types.Vector:
		return headerSize + 4*int64(len(x))
	case types.HalfVec:
		return headerSize + 2*int64(len(x))
	case types.Bits:
		return headerSize + 8 + int64(len(x.Data))
	case types.SparseVec:
		return headerSize + 52 + 8*int64(len(x.Indices))
	case types.ShapedArray:
		return headerSize + 48 + 8*int64(len(x.Dims)) + ValueSize(x.Elems)
	case types.Array:
		n := int64(headerSize) + int64(len(x))*ValueOverhead
		for _, e := range x {
			n += ValueSize(e)
		}
		return n
	case types.Record: // its values; the names and types are shared
		n := int64(headerSize) + int64(len(x.Values))*ValueOverhead
		for _, e := range x.Values {
			n += ValueSize(e)
		}
		return n
	case types.JSONB:
		return jsonbSize(&x)
	case types.Decimal:
		return numericSize
	case types.UUID:
		return 16
	}
	return scalarSize
}

// jsonbSize is the approximate memory of a jsonb document, recursively.
func jsonbSize(j *types.JSONB) int64 {
	n := int64(jsonbNodeSize) + int64(len(j.Str))
	for i := range j.Elems {
		n += jsonbSize(&j.Elems[i])
	}
	for _, k := range j.Keys {
		n += headerSize - 8 + int64(len(k))
	}
	return n
}
