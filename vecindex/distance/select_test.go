package distance

import "testing"

// TestSelection: each family runs on the first implementation (fastest
// first) whose CPU features are present, "go" when none is — on an
// AVX-512 VNNI machine that is "avx512" for all three.
func TestSelection(t *testing.T) {
	firstF, firstQ, firstH := "go", "go", "go"
	for _, s := range asmFloatSets() {
		if s.missing == "" {
			firstF = s.name
			break
		}
	}
	for _, s := range asmQuantSets() {
		if s.missing == "" {
			firstQ = s.name
			break
		}
	}
	for _, s := range asmHammingSets() {
		if s.missing == "" {
			firstH = s.name
			break
		}
	}
	if got := Implementation(); got != firstF {
		t.Errorf("Implementation() = %q, want %q", got, firstF)
	}
	if got := QuantizedImplementation(); got != firstQ {
		t.Errorf("QuantizedImplementation() = %q, want %q", got, firstQ)
	}
	if got := HammingImplementation(); got != firstH {
		t.Errorf("HammingImplementation() = %q, want %q", got, firstH)
	}
	t.Logf("float %s, quantized %s, hamming %s", Implementation(), QuantizedImplementation(), HammingImplementation())
}
