package vecindex

import (
	"errors"
	"fmt"
)

// Metric selects the distance an index orders by. The values mirror the
// pgvector opclasses for the vector type.
type Metric uint8

const (
	// L2 is vector_l2_ops (operator <->); internal distance is squared L2.
	L2 Metric = iota
	// InnerProduct is vector_ip_ops (operator <#>); internal distance is -dot.
	InnerProduct
	// Cosine is vector_cosine_ops (operator <=>); internal distance is
	// 1 - cos(a, b).
	Cosine
	// L1 is vector_l1_ops (operator <+>); internal distance is Σ|a-b|.
	L1
	// Hamming is bit_hamming_ops (operator <~>) over packed bits
	// (BitVector, bits.go); internal distance is the differing bit count.
	Hamming
	// Jaccard is bit_jaccard_ops (operator <%>) over packed bits;
	// internal distance is pgvector's 1 - |a∧b|/|a∨b|.
	Jaccard
	// SparseL2, SparseIP, SparseCosine and SparseL1 are sparsevec_l2_ops,
	// sparsevec_ip_ops, sparsevec_cosine_ops and sparsevec_l1_ops over
	// SparseVector slots (sparse.go), with L2's ... L1's internal
	// distances.
	SparseL2
	SparseIP
	SparseCosine
	SparseL1
)

// String returns the pgvector opclass name of m.
func (m Metric) String() string {
	switch m {
	case L2:
		return "vector_l2_ops"
	case InnerProduct:
		return "vector_ip_ops"
	case Cosine:
		return "vector_cosine_ops"
	case L1:
		return "vector_l1_ops"
	case Hamming:
		return "bit_hamming_ops"
	case Jaccard:
		return "bit_jaccard_ops"
	case SparseL2:
		return "sparsevec_l2_ops"
	case SparseIP:
		return "sparsevec_ip_ops"
	case SparseCosine:
		return "sparsevec_cosine_ops"
	case SparseL1:
		return "sparsevec_l1_ops"
	}
	return fmt.Sprintf("Metric(%d)", uint8(m))
}

// Config holds the build parameters of an index.
//
//   - Dims: number of float32 components per vector (>= 1).
//   - M: pgvector's m, neighbours per node on layers >= 1; layer 0 keeps
//     2*M (>= 2).
//   - EfConstruction: candidate list size while inserting (>= 1). pgvector
//     additionally requires ef_construction >= 2*m; that check belongs to the
//     SQL layer.
//   - Metric: the distance.
//   - Seed: seeds the level generator, so a build from the same inserts in
//     the same order gives the same graph.
//   - Quantization: how walks read vectors (QuantAuto: byte codes for
//     byte-valued L2 data, else SQ8 codes for searches when the recall
//     probe accepts them, sqauto.go, else floats; QuantNone: QuantAuto
//     without SQ8; QuantSQ8: trained 8-bit codes with float re-ranking
//     for inserts and searches, sq.go).
//   - Half: every vector is stored as IEEE binary16 halves, 2 bytes per
//     dimension (pgvector's halfvec_*_ops, half.go); Quantization then
//     chooses the walk's codes as for floats, kept beside the halves.
type Config struct {
	Dims, M, EfConstruction int
	Metric                  Metric
	Seed                    int64
	Quantization            Quantization
	Half                    bool
}

// maxLevel caps the random level; with M = 2 a level above 32 needs about
// 2^32 nodes, more than uint32 node ids can name.
const maxLevel = 32

// ErrDims is wrapped by Insert when a vector has the wrong length.
var ErrDims = errors.New("vecindex: vector has wrong number of dimensions")

// ErrDuplicateKey is wrapped by Insert when the key is already live.
var ErrDuplicateKey = errors.New("vecindex: key already in index")

// ErrTombstoned is wrapped by Insert when the key is tombstoned with
// another vector: the key takes a new vector only once Compact has
// reclaimed the tombstone.
var ErrTombstoned = errors.New("vecindex: key is tombstoned with another vector")

// ErrKeyRange is wrapped by Insert for a key above MaxKey.
var ErrKeyRange = errors.New("vecindex: key out of range")

// MaxKey is the largest key: keys are node ids, below noNode (2^29 - 1,
// state.go).
const MaxKey = uint64(noNode) - 1

func (c Config) validate() error {
	switch {
	case c.Dims < 1:
		return fmt.Errorf("vecindex: dims %d must be at least 1", c.Dims)
	case c.M < 2:
		return fmt.Errorf("vecindex: m %d must be at least 2", c.M)
	case c.EfConstruction < 1:
		return fmt.Errorf("vecindex: ef_construction %d must be at least 1", c.EfConstruction)
	case c.Metric > SparseL1:
		return fmt.Errorf("vecindex: unknown metric %d", uint8(c.Metric))
	case c.Quantization > QuantNone || c.Quantization == quantHalfV5:
		return fmt.Errorf("vecindex: unknown quantization %d", uint8(c.Quantization))
	case c.Half && (isSparseMetric(c.Metric) || isBitMetric(c.Metric)):
		return fmt.Errorf("vecindex: %v takes no halves", c.Metric)
	case isSparseMetric(c.Metric) && (c.Dims != SparseDims || !c.Quantization.plain()):
		return fmt.Errorf("vecindex: %v takes dims %d and no quantization", c.Metric, SparseDims)
	case isBitMetric(c.Metric) && (c.Dims%2 != 0 || !c.Quantization.plain()):
		return fmt.Errorf("vecindex: %v takes an even dims and no quantization", c.Metric)
	}
	return nil
}

// plain reports whether q asks for no lossy codes (QuantAuto or
// QuantNone), the only choices bit and sparse metrics take.
func (q Quantization) plain() bool { return q == QuantAuto || q == QuantNone }
