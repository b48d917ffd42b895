//go:build amd64 && !noasm

package distance

// Assembly kernels (float_avx512_amd64.s, float_avx2_amd64.s,
// mixed_avx512_amd64.s, mixed_avx2_amd64.s,
// bytes_avx512_amd64.s, bytes_avx2_amd64.s, hamming_amd64.s). Each reads
// exactly len(a) elements of a and of b; callers ensure len(b) >= len(a).

//go:noescape
func l2SquaredAVX512(a, b []float32) float32

//go:noescape
func dotAVX512(a, b []float32) float32

//go:noescape
func l1AVX512(a, b []float32) float32

//go:noescape
func cosinePartsAVX512(a, b []float32) (dot, na, nb float32)

//go:noescape
func l2SquaredAVX2(a, b []float32) float32

//go:noescape
func dotAVX2(a, b []float32) float32

//go:noescape
func l1AVX2(a, b []float32) float32

//go:noescape
func cosinePartsAVX2(a, b []float32) (dot, na, nb float32)

//go:noescape
func l2SquaredFloatUint8AVX512(a []float32, b []uint8) float32

//go:noescape
func l2SquaredFloatUint8AVX2(a []float32, b []uint8) float32

//go:noescape
func dotInt8AVX512(a, b []int8) int32

//go:noescape
func l2SquaredInt8AVX512(a, b []int8) int32

//go:noescape
func dotUint8AVX512(a, b []uint8) uint32

//go:noescape
func l2SquaredUint8AVX512(a, b []uint8) uint32

//go:noescape
func dotInt8AVX2(a, b []int8) int32

//go:noescape
func l2SquaredInt8AVX2(a, b []int8) int32

//go:noescape
func dotUint8AVX2(a, b []uint8) uint32

//go:noescape
func l2SquaredUint8AVX2(a, b []uint8) uint32

//go:noescape
func hammingAVX512Asm(a, b []uint64) int

//go:noescape
func hammingPOPCNTAsm(a, b []uint64) int

// Half kernels (half_avx2_amd64.s): AVX2+FMA+F16C.

//go:noescape
func l2SquaredHalfAVX2(a, b []uint16) float32

//go:noescape
func dotHalfAVX2(a, b []uint16) float32

//go:noescape
func l1HalfAVX2(a, b []uint16) float32

//go:noescape
func cosinePartsHalfAVX2(a, b []uint16) (dot, na, nb float32)

//go:noescape
func l2SquaredFloatHalfAVX2(a []float32, b []uint16) float32

//go:noescape
func dotFloatHalfAVX2(a []float32, b []uint16) float32

//go:noescape
func l1FloatHalfAVX2(a []float32, b []uint16) float32

// Half kernels (half_avx512_amd64.s): AVX512F+BW+VL.

//go:noescape
func l2SquaredHalfAVX512(a, b []uint16) float32

//go:noescape
func dotHalfAVX512(a, b []uint16) float32

//go:noescape
func l1HalfAVX512(a, b []uint16) float32

//go:noescape
func cosinePartsHalfAVX512(a, b []uint16) (dot, na, nb float32)

//go:noescape
func l2SquaredFloatHalfAVX512(a []float32, b []uint16) float32

//go:noescape
func dotFloatHalfAVX512(a []float32, b []uint16) float32

//go:noescape
func l1FloatHalfAVX512(a []float32, b []uint16) float32

//go:noescape
func andOrAVX512Asm(a, b []uint64) (inter, union int)
