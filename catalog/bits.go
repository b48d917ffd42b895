package catalog

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// appendBits encodes a bit or bit varying datum: tagBits, uvarint bit
// length, then its ceil(length/8) bytes as types.Bits holds them.
func appendBits(b []byte, v types.Bits) []byte {
	b = appendUvarint(append(b, tagBits), uint64(v.Len))
	return append(b, v.Data...)
}

// bits reads the body of a tagBits datum.
func (d *decoder) bits() any {
	n := d.uvarint()
	nbytes := (n + 7) / 8
	if nbytes > uint64(len(d.b)) {
		d.fail(errShortRecord)
		d.b = nil
		return nil
	}
	v := types.Bits{Len: int(n), Data: append([]byte(nil), d.bytes(nbytes)...)}
	v.ClearPad()
	return v
}

// graphDims is the Config.Dims of an HNSW graph on a column of type t:
// a vector's dimensions, or the float32 slots of a bit(n)'s words.
func graphDims(t types.Type) int {
	if t.Kind == types.KindBit {
		return vecindex.BitDims(int(t.Typmod))
	}
	if t.Kind == types.KindSparsevec {
		return vecindex.SparseDims
	}
	return int(t.Typmod)
}

// checkGraphValue is pgvector's limit on what an HNSW index takes beyond
// its column type: 54000 `sparsevec cannot have more than 1000 non-zero
// elements for hnsw index`.
func checkGraphValue(x any) error {
	if v, ok := x.(types.SparseVec); ok && len(v.Indices) > vecindex.SparseMaxNNZ {
		return pgerror.Errorf(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d non-zero elements for hnsw index", vecindex.SparseMaxNNZ)
	}
	return nil
}
