package distance

// L2Squared returns Σ (a[i]-b[i])², the squared Euclidean distance.
var L2Squared = l2SquaredGo

// Dot returns Σ a[i]·b[i], the inner product.
var Dot = dotGo

// L1 returns Σ |a[i]-b[i]|, the taxicab distance.
var L1 = l1Go

// CosineParts returns Σ a·b, Σ a² and Σ b² in one pass, from which callers
// compute cosine distance 1 - dot/sqrt(na·nb).
var CosineParts = cosinePartsGo

// L2SquaredFloatUint8 returns Σ (a[i]-float32(b[i]))², the squared
// Euclidean distance from a float32 vector to a vector of byte codes (a
// vector whose components are integers 0..255, stored one byte each). Each
// implementation sums in the same order as its L2Squared, so the result
// equals L2Squared(a, float32(b)) bit for bit.
var L2SquaredFloatUint8 = l2SquaredFloatUint8Go

// DotInt8 returns Σ a[i]·b[i] over signed bytes (scalar-quantized vectors).
// The sum wraps modulo 2³² like Go int32 arithmetic; it cannot overflow for
// len(a) <= 131072 (|a[i]·b[i]| <= 2¹⁴).
var DotInt8 = dotInt8Go

// L2SquaredInt8 returns Σ (a[i]-b[i])² over signed bytes. Each term is at
// most 255² = 65025, so the int32 sum cannot overflow for len(a) <= 33025;
// beyond that it wraps modulo 2³².
var L2SquaredInt8 = l2SquaredInt8Go

// DotUint8 returns Σ a[i]·b[i] over unsigned bytes, wrapping modulo 2³²
// (no wrap for len(a) <= 66052, as each term is at most 255² = 65025).
var DotUint8 = dotUint8Go

// L2SquaredUint8 returns Σ (a[i]-b[i])² over unsigned bytes, wrapping modulo
// 2³² (no wrap for len(a) <= 66052).
var L2SquaredUint8 = l2SquaredUint8Go

// HammingUint64 returns the number of differing bits between two bit vectors
// packed 64 bits per word: Σ popcount(a[i] XOR b[i]).
var HammingUint64 = hammingUint64Go

// AndOrUint64 returns the set sizes behind the Jaccard distance of two bit
// vectors packed 64 bits per word: Σ popcount(a[i] AND b[i]) and
// Σ popcount(a[i] OR b[i]) (len(b) >= len(a)). Same implementation family
// as HammingUint64.
var AndOrUint64 = andOrUint64Go

// Implementation names the instruction set behind the float32 kernels
// (L2Squared, Dot, L1, CosineParts, L2SquaredFloatUint8): "avx512", "avx2" or "go".
func Implementation() string { return chosen.float }

// QuantizedImplementation names the instruction set behind the byte kernels
// (DotInt8, L2SquaredInt8, DotUint8, L2SquaredUint8): "avx512" (AVX-512
// VNNI), "avx2" or "go".
func QuantizedImplementation() string { return chosen.quant }

// HammingImplementation names the instruction set behind HammingUint64:
// "avx512" (VPOPCNTQ), "popcnt" (scalar POPCNT) or "go".
func HammingImplementation() string { return chosen.hamming }

// Half-precision kernels (pgvector halfvec): vectors of IEEE binary16 bits
// (half.go). Each widens the halves to float32 exactly and sums in
// float32, as pgvector's halfvec functions do.

// L2SquaredHalf returns Σ (a[i]-b[i])² over two half vectors.
var L2SquaredHalf = l2SquaredHalfGo

// DotHalf returns Σ a[i]·b[i] over two half vectors.
var DotHalf = dotHalfGo

// L1Half returns Σ |a[i]-b[i]| over two half vectors.
var L1Half = l1HalfGo

// CosinePartsHalf returns Σ a·b, Σ a² and Σ b² over two half vectors.
var CosinePartsHalf = cosinePartsHalfGo

// L2SquaredFloatHalf returns Σ (a[i]-b[i])² from a float32 query a to a
// stored half vector b (an HNSW graph holding halfvec values).
var L2SquaredFloatHalf = l2SquaredFloatHalfGo

// DotFloatHalf returns Σ a[i]·b[i] for a float32 a and a half vector b.
var DotFloatHalf = dotFloatHalfGo

// L1FloatHalf returns Σ |a[i]-b[i]| for a float32 a and a half vector b.
var L1FloatHalf = l1FloatHalfGo
