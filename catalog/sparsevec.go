package catalog

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/vecgres/vecgres/sql/types"
)

// appendSparse encodes a sparsevec datum: tagSparsevec, uvarint dim,
// uvarint nnz, the nnz indices as uvarints, then the nnz values as
// little-endian float32 bits.
func appendSparse(b []byte, v types.SparseVec) []byte {
	b = appendUvarint(append(b, tagSparsevec), uint64(v.Dim))
	b = appendUvarint(b, uint64(len(v.Indices)))
	for _, i := range v.Indices {
		b = appendUvarint(b, uint64(i))
	}
	for _, f := range v.Values {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
	}
	return b
}

var errSparseDatum = errors.New("sparsevec datum out of range")

// sparse reads the body of a tagSparsevec datum.
func (d *decoder) sparse() any {
	dim, nnz := d.uvarint(), d.uvarint()
	if nnz > uint64(len(d.b)) || dim > types.SparsevecMaxDim {
		d.fail(errSparseDatum)
		d.b = nil
		return nil
	}
	v := types.SparseVec{Dim: int32(dim), Indices: make([]int32, nnz), Values: make([]float32, nnz)}
	for k := range v.Indices {
		v.Indices[k] = int32(d.uvarint())
	}
	raw := d.bytes(4 * nnz)
	if raw == nil && nnz > 0 {
		return nil
	}
	for k := range v.Values {
		v.Values[k] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*k:]))
	}
	return v
}
