package catalog

import (
	"encoding/binary"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// graphVector is the vector an HNSW graph indexes for a non-NULL column
// value: a vector's floats, a halfvec's halves widened to float32
// (exactly; the graph of a halfvec index keeps them as halves again), a
// bit string packed into words (vecindex.BitVector, read back as words by
// the bit metrics) or a sparse vector's pairs (vecindex.SparseVector).
func graphVector(x any) []float32 {
	switch v := x.(type) {
	case types.HalfVec:
		return types.HalfvecFloats(v)
	case types.Bits:
		return vecindex.BitVector(v.Data)
	case types.SparseVec:
		n := min(len(v.Indices), vecindex.SparseMaxNNZ) // checkGraphValue refused more
		return vecindex.SparseVector(v.Indices[:n], v.Values[:n])
	}
	return x.(types.Vector)
}

// appendHalfvec encodes a halfvec datum: tagHalfvec, uvarint dimension
// count, then each half's bits little-endian (2 bytes per dimension).
func appendHalfvec(b []byte, v types.HalfVec) []byte {
	b = appendUvarint(append(b, tagHalfvec), uint64(len(v)))
	for _, h := range v {
		b = binary.LittleEndian.AppendUint16(b, h)
	}
	return b
}

// halfvec reads the body of a tagHalfvec datum.
func (d *decoder) halfvec() any {
	n := d.uvarint()
	if n > uint64(len(d.b))/2 {
		d.fail(errShortRecord)
		d.b = nil
		return nil
	}
	raw := d.bytes(2 * n)
	v := make(types.HalfVec, n)
	for i := range v {
		v[i] = binary.LittleEndian.Uint16(raw[2*i:])
	}
	return v
}

// graphHalf reports whether the HNSW graph of a column of type ct keeps
// its vectors as halves, 2 bytes per dimension (vecindex.Config.Half): a
// halfvec column's does; its walks then read codes as its quantization
// reloption says, as a vector column's do.
func graphHalf(ct types.Type) bool { return ct.Kind == types.KindHalfvec }
