//go:build amd64 && !noasm

package distance

import (
	"strings"

	"github.com/klauspost/cpuid/v2"
)

// The assembly routines read len(a) elements of both slices; the wrappers
// below re-slice b to len(a) first so that a shorter b panics in Go, as the
// pure-Go kernels do, instead of being read past its end.

var (
	floatAVX512 = floatSet{
		name: "avx512",
		l2:   func(a, b []float32) float32 { return l2SquaredAVX512(a, b[:len(a)]) },
		dot:  func(a, b []float32) float32 { return dotAVX512(a, b[:len(a)]) },
		l1:   func(a, b []float32) float32 { return l1AVX512(a, b[:len(a)]) },
		cosine: func(a, b []float32) (float32, float32, float32) {
			return cosinePartsAVX512(a, b[:len(a)])
		},
		l2u8: func(a []float32, b []uint8) float32 { return l2SquaredFloatUint8AVX512(a, b[:len(a)]) },
	}
	floatAVX2 = floatSet{
		name: "avx2",
		l2:   func(a, b []float32) float32 { return l2SquaredAVX2(a, b[:len(a)]) },
		dot:  func(a, b []float32) float32 { return dotAVX2(a, b[:len(a)]) },
		l1:   func(a, b []float32) float32 { return l1AVX2(a, b[:len(a)]) },
		cosine: func(a, b []float32) (float32, float32, float32) {
			return cosinePartsAVX2(a, b[:len(a)])
		},
		l2u8: func(a []float32, b []uint8) float32 { return l2SquaredFloatUint8AVX2(a, b[:len(a)]) },
	}
	quantAVX512 = quantSet{
		name:  "avx512",
		dotI8: func(a, b []int8) int32 { return dotInt8AVX512(a, b[:len(a)]) },
		l2I8:  func(a, b []int8) int32 { return l2SquaredInt8AVX512(a, b[:len(a)]) },
		dotU8: func(a, b []uint8) uint32 { return dotUint8AVX512(a, b[:len(a)]) },
		l2U8:  func(a, b []uint8) uint32 { return l2SquaredUint8AVX512(a, b[:len(a)]) },
	}
	quantAVX2 = quantSet{
		name:  "avx2",
		dotI8: func(a, b []int8) int32 { return dotInt8AVX2(a, b[:len(a)]) },
		l2I8:  func(a, b []int8) int32 { return l2SquaredInt8AVX2(a, b[:len(a)]) },
		dotU8: func(a, b []uint8) uint32 { return dotUint8AVX2(a, b[:len(a)]) },
		l2U8:  func(a, b []uint8) uint32 { return l2SquaredUint8AVX2(a, b[:len(a)]) },
	}
	hammingAVX512 = hammingSet{
		name:  "avx512",
		fn:    func(a, b []uint64) int { return hammingAVX512Asm(a, b[:len(a)]) },
		andOr: func(a, b []uint64) (int, int) { return andOrAVX512Asm(a, b[:len(a)]) },
	}
	halfAVX512 = halfSet{
		name:     "avx512",
		l2:       func(a, b []uint16) float32 { return l2SquaredHalfAVX512(a, b[:len(a)]) },
		dot:      func(a, b []uint16) float32 { return dotHalfAVX512(a, b[:len(a)]) },
		l1:       func(a, b []uint16) float32 { return l1HalfAVX512(a, b[:len(a)]) },
		cosine:   func(a, b []uint16) (float32, float32, float32) { return cosinePartsHalfAVX512(a, b[:len(a)]) },
		l2Float:  func(a []float32, b []uint16) float32 { return l2SquaredFloatHalfAVX512(a, b[:len(a)]) },
		dotFloat: func(a []float32, b []uint16) float32 { return dotFloatHalfAVX512(a, b[:len(a)]) },
		l1Float:  func(a []float32, b []uint16) float32 { return l1FloatHalfAVX512(a, b[:len(a)]) },
	}
	halfAVX2 = halfSet{
		name:     "avx2",
		l2:       func(a, b []uint16) float32 { return l2SquaredHalfAVX2(a, b[:len(a)]) },
		dot:      func(a, b []uint16) float32 { return dotHalfAVX2(a, b[:len(a)]) },
		l1:       func(a, b []uint16) float32 { return l1HalfAVX2(a, b[:len(a)]) },
		cosine:   func(a, b []uint16) (float32, float32, float32) { return cosinePartsHalfAVX2(a, b[:len(a)]) },
		l2Float:  func(a []float32, b []uint16) float32 { return l2SquaredFloatHalfAVX2(a, b[:len(a)]) },
		dotFloat: func(a []float32, b []uint16) float32 { return dotFloatHalfAVX2(a, b[:len(a)]) },
		l1Float:  func(a []float32, b []uint16) float32 { return l1FloatHalfAVX2(a, b[:len(a)]) },
	}
	hammingPOPCNT = hammingSet{
		name: "popcnt",
		fn:   func(a, b []uint64) int { return hammingPOPCNTAsm(a, b[:len(a)]) },
		// math/bits.OnesCount64 compiles to POPCNT (with its own check)
		andOr: andOrUint64Go,
	}
)

// missingFeatures lists, comma-separated, the features of ids the CPU (and
// OS, for vector register state) does not support; "" when all are present.
func missingFeatures(ids ...cpuid.FeatureID) string {
	var miss []string
	for _, id := range ids {
		if !cpuid.CPU.Supports(id) {
			miss = append(miss, id.String())
		}
	}
	return strings.Join(miss, ",")
}

func init() {
	floatAVX512.missing = missingFeatures(cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL)
	floatAVX2.missing = missingFeatures(cpuid.AVX2, cpuid.FMA3)
	quantAVX512.missing = missingFeatures(cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL, cpuid.AVX512VNNI)
	quantAVX2.missing = missingFeatures(cpuid.AVX2)
	hammingAVX512.missing = missingFeatures(cpuid.AVX512F, cpuid.AVX512VPOPCNTDQ)
	hammingPOPCNT.missing = missingFeatures(cpuid.POPCNT)
	halfAVX512.missing = missingFeatures(cpuid.AVX512F, cpuid.AVX512BW, cpuid.AVX512VL)
	halfAVX2.missing = missingFeatures(cpuid.AVX2, cpuid.FMA3, cpuid.F16C)
	installFastest(asmFloatSets(), asmQuantSets(), asmHammingSets())
	installFastestHalf(asmHalfSets())
	sparseAVX512.missing = missingFeatures(cpuid.AVX512F)
	installFastestSparse(asmSparseSets())
}

// asmHalfSets returns the assembly half-kernel sets, fastest first.
func asmHalfSets() []halfSet { return []halfSet{halfAVX512, halfAVX2} }

// asmFloatSets returns the assembly float32 sets, fastest first.
func asmFloatSets() []floatSet { return []floatSet{floatAVX512, floatAVX2} }

// asmQuantSets returns the assembly byte-kernel sets, fastest first.
func asmQuantSets() []quantSet { return []quantSet{quantAVX512, quantAVX2} }

// asmHammingSets returns the assembly Hamming sets, fastest first.
func asmHammingSets() []hammingSet { return []hammingSet{hammingAVX512, hammingPOPCNT} }

// sparseAVX512 is SparseGather in AVX-512F (sparse_avx512_amd64.s).
var sparseAVX512 = sparseSet{name: "avx512", gather: sparseGatherAVX512}

//go:noescape
func sparseGatherAVX512(q, pairs []float32) (dot, d2, qq, vv float32)

// asmSparseSets returns the assembly SparseGather sets, fastest first.
func asmSparseSets() []sparseSet { return []sparseSet{sparseAVX512} }
