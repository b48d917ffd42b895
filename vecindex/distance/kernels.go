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
