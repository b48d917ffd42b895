package vecindex

import (
	"slices"
	"unsafe"

	"github.com/vecgres/vecgres/vecindex/distance"
)

// Bit strings (pgvector's bit_hamming_ops and bit_jaccard_ops) are indexed
// in the same float32 slots as vectors: BitVector packs a string's bytes
// into 64-bit words and hands their memory over as 2 slots per word, so
// Config.Dims is twice the word count. The Hamming and Jaccard metrics
// read the slots back as words (words) and never as floats: their bit
// patterns may be NaN, which Insert's finiteness check skips for them.

// BitVector packs data (a bit string, first bit in the high bit of byte
// 0, pad bits zero) into little-endian uint64 words, byte i in word i/8
// at bits 8·(i%8) up, zero-padded to whole words, and returns their
// memory as 2·words float32 slots: the vector Insert and Search take for
// the bit metrics. Two strings of one length give slices of one length.
func BitVector(data []byte) []float32 {
	w := make([]uint64, (len(data)+7)/8)
	for i, x := range data {
		w[i/8] |= uint64(x) << (8 * (i % 8))
	}
	if len(w) == 0 {
		return []float32{}
	}
	return unsafe.Slice((*float32)(unsafe.Pointer(&w[0])), 2*len(w))
}

// BitDims is the Config.Dims of a bit index over strings of n bits.
func BitDims(n int) int { return 2 * ((n + 63) / 64) }

// words is the uint64 view of slots written by BitVector (or copied from
// such slots: node vectors are stored 8-byte aligned at an even offset).
func words(v []float32) []uint64 {
	if len(v) < 2 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&v[0])), len(v)/2)
}

// isBitMetric reports the metrics whose vectors are packed bits.
func isBitMetric(m Metric) bool { return m == Hamming || m == Jaccard }

// hammingDist is the number of differing bits.
func hammingDist(q, v []float32) float32 {
	return float32(distance.HammingUint64(words(q), words(v)))
}

// jaccardDist is pgvector's Jaccard distance 1 - |a∧b| / |a∨b|, 1 when
// no bit is set in both.
func jaccardDist(q, v []float32) float32 {
	inter, union := distance.AndOrUint64(words(q), words(v))
	if inter == 0 {
		return 1
	}
	return float32(1 - float64(inter)/float64(union))
}

// sameSlots compares stored forms bit for bit for the bit metrics (a
// word's float view may be NaN, which slices.Equal never finds equal).
func sameSlots(m Metric, a, b []float32) bool {
	if isBitMetric(m) {
		return slices.Equal(words(a), words(b))
	}
	return slices.Equal(a, b)
}
