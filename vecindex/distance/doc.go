// Package distance holds the float32 distance kernels HNSW spends its time
// in. It is a leaf: it imports nothing of ours.
//
// Each kernel is a package-level function variable whose default is the
// pure-Go version; on amd64 (without the noasm build tag) an init function
// replaces it once, at start-up, with the fastest assembly version the CPU
// supports (detected with klauspost/cpuid/v2). Callers always call the
// variable, never a specific implementation.
//
// All kernels take two slices of equal length n (callers guarantee it; a
// shorter b panics) and return float32.
package distance
