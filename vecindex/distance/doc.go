// Package distance holds the distance kernels HNSW spends its time in. It is
// a leaf: it imports nothing of ours.
//
// # Kernels
//
// Float32 (pgvector vector): L2Squared, Dot, L1, CosineParts.
// Float32 against byte codes: L2SquaredFloatUint8 (a float query against a
// stored vector of integers 0..255 kept one byte per component); it is in
// the float32 family and sums exactly as that family's L2Squared does.
// Quantized bytes: DotInt8, L2SquaredInt8 (int32 results), DotUint8,
// L2SquaredUint8 (uint32 results); integer sums wrap modulo 2³² exactly as
// Go arithmetic does, so every implementation returns the same value.
// Bit vectors: HammingUint64, 64 bits per word.
// Half vectors (pgvector halfvec, IEEE binary16 bits in uint16; half.go
// converts, rounding to nearest even): L2SquaredHalf, DotHalf, L1Half,
// CosinePartsHalf on two half vectors, and L2SquaredFloatHalf,
// DotFloatHalf, L1FloatHalf from a float32 query to a half vector (HNSW
// graphs that store halves). Each widens the halves exactly and sums in
// float32; the pure-Go ones equal the float32 kernels' pure-Go sums on the
// widened values bit for bit.
// Bit vectors: HammingUint64 and AndOrUint64 (the Jaccard set sizes), 64
// bits per word.
//
// All kernels take two slices; they read len(a) elements of each and panic
// (in Go, before any assembly runs) when len(b) < len(a).
//
// # Selection
//
// Each kernel is a package-level function variable whose default is the
// pure-Go version (kernels_go.go, kernels_quant_go.go). On amd64 without the
// noasm build tag, init in kernels_amd64.go asks klauspost/cpuid/v2 (which
// also checks that the OS saves the vector registers) once, at start-up, and
// installs per family the fastest set the CPU supports:
//
//	float32:  "avx512" (AVX512F+BW+VL)  else "avx2" (AVX2+FMA3)  else "go"
//	          (L2SquaredFloatUint8 included)
//	bytes:    "avx512" (AVX512F+BW+VL+VNNI)  else "avx2"  else "go"
//	hamming:  "avx512" (AVX512F+VPOPCNTDQ)  else "popcnt"  else "go"
//	          (AndOrUint64 included; its "popcnt" is Go's OnesCount64)
//	half:     "avx512" (AVX512F+BW+VL)  else "avx2" (AVX2+FMA3+F16C): both widen
//	          with VCVTPH2PS and then run FMA in float32, else "go"
//
// Implementation, QuantizedImplementation, HammingImplementation and
// HalfImplementation report the choice. Callers always call the variables, never an implementation.
// Build with -tags noasm (kernels_noasm.go) to keep pure Go everywhere.
//
// # Assembly
//
// The *_amd64.s files are hand-written Go assembler (no generator). Their
// Go declarations are in asm_amd64.go; the Go wrappers in kernels_amd64.go
// re-slice b to len(a) so bounds are checked in Go. Loops keep four or more
// independent accumulators (float: 64 floats per AVX-512 iteration, 32 per
// AVX2 iteration). Tails never read past the slice end: AVX-512 kernels use
// zeroing masked loads (K1 = 2^r−1), AVX2 kernels a scalar loop. Float sums
// are therefore reassociated relative to pure Go; they agree within
// 2·γ(n+2)·Σ|term| (Higham's bound, tested). The byte dot products use
// VPDPBUSD (unsigned × signed) with a 128 offset on one operand, corrected
// with Σ of the other; see bytes_avx512_amd64.s.
package distance
