package vecindex

import (
	"unsafe"

	"github.com/vecgres/vecgres/vecindex/distance"
	"github.com/vecgres/vecgres/vecindex/fp16"
)

// Half storage (Config.Half), for pgvector's halfvec operator classes:
// each node keeps its vector as Dims IEEE binary16 halves (segment.halves,
// 2 bytes per dimension, half the memory and memory traffic of float32),
// in stored form: the halves of a halfvec value as they are (exactly: a
// halfvec widened to float32 rounds back to itself), and for Cosine the
// normalized vector rounded to halves. Walks on halves take a float32
// query and compute each distance with the float32-by-half kernels of
// vecindex/distance (distance.L2SquaredFloatHalf, DotFloatHalf,
// L1FloatHalf: the halves widened exactly, summed in float32, as pgvector
// sums halfvec distances); distances between two nodes (the neighbour
// heuristic) use the half-by-half kernels. Result.Dist is always the
// distance to the stored halves. Checkpoints write the halves widened to
// float32 (floatVec) and ReadFrom rounds them back, exactly.
//
// Config.Quantization chooses the walk's codes as for a float index, the
// codes kept beside the halves (1 byte per dimension more): QuantAuto
// walks L2 on exact byte codes while every vector is byte-valued (a
// byte-valued half is exact, codes.go; the first other vector drops the
// codes), else searches walk on SQ8 codes when the recall probe accepts
// them (sqauto.go, trained on the halves widened), else on halves;
// QuantSQ8 and QuantNone as for floats. Searches on codes re-rank or
// recompute their results' distances from the halves.

// halfDistFuncs returns the internal distance of m from a float32 query
// to stored halves, and between two stored half vectors.
func halfDistFuncs(m Metric) (func(q []float32, v []uint16) float32, func(a, b []uint16) float32) {
	switch m {
	case L2:
		return func(q []float32, v []uint16) float32 { return sane(distance.L2SquaredFloatHalf(q, v)) },
			func(a, b []uint16) float32 { return sane(distance.L2SquaredHalf(a, b)) }
	case InnerProduct:
		return func(q []float32, v []uint16) float32 { return sane(-distance.DotFloatHalf(q, v)) },
			func(a, b []uint16) float32 { return sane(-distance.DotHalf(a, b)) }
	case Cosine:
		return func(q []float32, v []uint16) float32 { return sane(clampCos(1 - distance.DotFloatHalf(q, v))) },
			func(a, b []uint16) float32 { return sane(clampCos(1 - distance.DotHalf(a, b))) }
	}
	return func(q []float32, v []uint16) float32 { return sane(distance.L1FloatHalf(q, v)) },
		func(a, b []uint16) float32 { return sane(distance.L1Half(a, b)) }
}

// halves returns node id's stored halves (Dims, aliasing the segment),
// nil unless its segment keeps halves.
func (h *HNSW) halves(id uint32) []uint16 {
	s := h.seg(id)
	if s.halves == nil {
		return nil
	}
	d := h.cfg.Dims
	o := int(id&segMask) * d
	return s.halves[o : o+d : o+d]
}

// storeHalves writes v (Dims floats; in stored form if prepared, else
// prepared first: normalized for Cosine) into dst rounded to halves.
func (h *HNSW) storeHalves(dst []uint16, v []float32, prepared bool) {
	if !prepared && h.cfg.Metric == Cosine {
		buf := make([]float32, len(v))
		h.prepare(buf, v)
		v = buf
	}
	for i, x := range v[:len(dst)] {
		dst[i] = fp16.FromFloat32(x)
	}
}

// alignedHalves returns n zero halves starting on a 64-byte boundary.
func alignedHalves(n int) []uint16 {
	b := make([]uint16, n+32)
	off := int(uintptr(unsafe.Pointer(&b[0]))&63) / 2
	if off != 0 {
		off = 32 - off
	}
	return b[off : off+n : off+n]
}
