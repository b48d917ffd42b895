//go:build !amd64 || noasm

package distance

// Without assembly the pure-Go defaults stay installed; these lists (used by
// tests and benchmarks) are empty.
func asmFloatSets() []floatSet     { return nil }
func asmQuantSets() []quantSet     { return nil }
func asmHammingSets() []hammingSet { return nil }
func asmHalfSets() []halfSet       { return nil }
func asmSparseSets() []sparseSet   { return nil }
