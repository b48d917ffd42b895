package types

import (
	"errors"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// strtof32 is strconv's reading of a plain decimal as a float32, and
// whether it overflowed: what strtof gives.
func strtof32(tok string) (uint32, bool) {
	v, err := strconv.ParseFloat(tok, 32)
	return math.Float32bits(float32(v)), err != nil && math.IsInf(v, 0)
}

// TestFastDecimal: plain decimals the fast path decides are read to
// strtof's float32 bit for bit; exact midpoints, numbers beyond float32's
// normal range, long exponents and more than 19 significant digits are
// left to the slow path, and so is anything that is not a plain decimal.
func TestFastDecimal(t *testing.T) {
	for _, c := range []struct {
		tok  string
		fast bool
	}{
		{"0", true}, {"-0", true}, {"+0", true}, {"1", true}, {"255", true}, {"0.1", true}, {"-0.000123", true},
		{"3.402823", true}, {"16777216", true}, {"1.6777216e7", true}, {"0.1234567", true}, {"1e10", true},
		{"1e-10", true}, {"5.", true}, {".5", true}, {"0.0000000000000", true}, {"12e-3", true}, {"7E+2", true},
		{"16777218", true}, {"0.16777217", true}, {"1e11", true}, {"1e-11", true}, {"3.4028235", true},
		{"0.0123456", true}, {"0.12345678901234568", true}, {"-1.2345678901234567e-05", true},
		{"3.4028234e38", false}, {"1e22", true}, {"340282346638528859811704183484516925440", false}, {"1234567890123456789", true},
		{"16777217", false}, {"3.4028236e38", false}, {"1e1000", false}, {"-1e99999", false}, {"1e-50", false},
		{"1e23", false}, {"1e-23", false}, {"12345678901234567890", false}, {"1e00001", false},
		{"0.000000000000000000001", true}, {"0.0000000000000000000001", true}, {"0.00000000000000000000001", false},
	} {
		f, end, ok := readFastFloat32(c.tok, 0)
		if ok != c.fast {
			t.Errorf("%q: fast %v, want %v", c.tok, ok, c.fast)
			continue
		}
		if !ok {
			continue
		}
		bits, overflow := strtof32(c.tok)
		if end != len(c.tok) || math.Float32bits(f) != bits || overflow {
			t.Errorf("%q: end %d value %v (%#x); want %#x overflow %v", c.tok, end, f, math.Float32bits(f), bits, overflow)
		}
	}
	for _, tok := range []string{"", "-", ".", "e5", "1e", "1e+", "0x1p3", "inf", "nan", "1.5x", "1.0.0", "+-1"} {
		if _, _, ok := readFastFloat32(tok, 0); ok {
			t.Errorf("%q read by the fast path", tok)
		}
	}
	if f, end, ok := readFastFloat32("[1.25, 2]", 1); !ok || end != 5 || f != 1.25 {
		t.Errorf(`"[1.25, 2]" at 1: %v %d %v`, f, end, ok)
	}
}

// TestFastDecimalNearMidpoints: decimals just beside, on and around
// float32 midpoints (where a float64 double rounding would err) read as
// strtof reads them.
func TestFastDecimalNearMidpoints(t *testing.T) {
	for _, f := range []float32{1, 0.1, 1.5e-7, 3.3e7, 12345.678, math.MaxFloat32 / 2, 0x1p-120} {
		next := math.Nextafter32(f, 2*f)
		mid := (float64(f) + float64(next)) / 2
		for _, prec := range []int{9, 12, 15, 17, 18} {
			for _, v := range []float64{mid, math.Nextafter(mid, 0), math.Nextafter(mid, math.Inf(1))} {
				tok := strconv.FormatFloat(v, 'e', prec, 64)
				checkFast32(t, tok)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 200000 {
		f := math.Float32frombits(r.Uint32N(0x7f000000) + 0x00800000)
		mid := (float64(f) + float64(math.Nextafter32(f, math.MaxFloat32))) / 2
		v := math.Float64frombits(math.Float64bits(mid) + uint64(r.IntN(33)) - 16)
		checkFast32(t, strconv.FormatFloat(v, 'e', 8+r.IntN(12), 64))
	}
}

// checkFast32 fails when the fast path reads tok other than strconv does.
func checkFast32(t *testing.T, tok string) {
	t.Helper()
	got, end, ok := readFastFloat32(tok, 0)
	if !ok {
		return
	}
	bits, overflow := strtof32(tok[:end])
	if math.Float32bits(got) != bits || overflow {
		t.Fatalf("%q: %v (%#x), want %#x overflow %v", tok[:end], got, math.Float32bits(got), bits, overflow)
	}
}

// FuzzFastDecimal: whatever the fast path takes, it reads to strconv's
// float32, bit for bit, never overflowing.
func FuzzFastDecimal(f *testing.F) {
	for _, s := range []string{"0.1", "-16777216", "9.999999e-10", "1e10", "0.0000001", "123.456,", "1e39", "7e-46",
		"0.12345678901234568", "1.00000005960464477539", "3.4028235e38"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkFast32(t, s) })
}

// referenceParseVector is ParseVector before the fast path (every
// element read by scanFloat and convertFloat), kept to check that the two
// agree on every input, errors included.
func referenceParseVector(s string, dims int32) (Vector, error) {
	p := skipCSpace(s, 0)
	if p >= len(s) || s[p] != '[' {
		return nil, vectorSyntaxError(s).WithDetail(`Vector contents must start with "[".`)
	}
	p = skipCSpace(s, p+1)
	if p < len(s) && s[p] == ']' {
		return nil, errNoDimensions()
	}
	var v Vector
	for {
		if len(v) == VectorMaxDim {
			return nil, errTooManyDimensions()
		}
		p = skipCSpace(s, p)
		n := scanFloat(s[p:])
		if n == 0 {
			return nil, vectorSyntaxError(s)
		}
		tok := s[p : p+n]
		f, res := convertFloat(tok, 32)
		if res == convOverflow {
			return nil, pgerror.Errorf(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type vector", tok)
		}
		if err := checkElement(float32(f)); err != nil {
			return nil, err
		}
		v = append(v, float32(f))
		p = skipCSpace(s, p+n)
		if p < len(s) && s[p] == ',' {
			p++
			continue
		}
		if p < len(s) && s[p] == ']' {
			p++
			break
		}
		return nil, vectorSyntaxError(s)
	}
	if p = skipCSpace(s, p); p < len(s) {
		return nil, vectorSyntaxError(s).WithDetail("Junk after closing right brace.")
	}
	if err := checkExpectedDims(dims, len(v)); err != nil {
		return nil, err
	}
	return v, nil
}

// FuzzParseVectorReference: ParseVector and the reference give the same
// vector, bit for bit, or the same error (SQLSTATE, message, DETAIL).
func FuzzParseVectorReference(f *testing.F) {
	for _, s := range []string{"[1,2,3]", " [ 0.5 , -1e-3 ] ", "[1e,2]", "[0x1p3, inf]", "[nan]", "[1.5x]",
		"[16777217, 0.1234567]", "[1e39]", "[-0, +0.]", "[1,2", "[1]junk", "[]", "1,2]", "[1,,2]"} {
		f.Add(s, int32(-1))
	}
	f.Fuzz(func(t *testing.T, s string, dims int32) {
		got, err := ParseVector(s, dims)
		want, werr := referenceParseVector(s, dims)
		var ge, we *pgerror.Error
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: %v / %v", s, err, werr)
		}
		if err != nil {
			if !errors.As(err, &ge) || !errors.As(werr, &we) || ge.Code != we.Code || ge.Message != we.Message || ge.Detail != we.Detail {
				t.Fatalf("%q: error %v, reference %v", s, err, werr)
			}
			return
		}
		if len(got) != len(want) {
			t.Fatalf("%q: %d elements, reference %d", s, len(got), len(want))
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%q: element %d %v, reference %v", s, i, got[i], want[i])
			}
		}
	})
}

// TestParseVectorMatchesReference runs the benchmark's client forms
// through both parsers.
func TestParseVectorMatchesReference(t *testing.T) {
	for name, s := range vectorTexts() {
		got, err := ParseVector(s, 784)
		want, werr := referenceParseVector(s, 784)
		if err != nil || werr != nil || len(got) != 784 {
			t.Fatalf("%s: %v, %v", name, err, werr)
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(want[i]) {
				t.Fatalf("%s: element %d %v, reference %v", name, i, got[i], want[i])
			}
		}
	}
}

// FuzzParseFloatFast: float4in and float8in give what the full grammar
// (parseFloatSlow) gives, value bits and error alike.
func FuzzParseFloatFast(f *testing.F) {
	for _, s := range []string{"1", " -0 ", "0.1", "1e22", "1e23", "9007199254740993", "3.4028236e38", "1e-50", "1.5x", "nan"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, single bool) {
		bitSize, name := 64, "double precision"
		if single {
			bitSize, name = 32, "real"
		}
		got, err := parseFloat(s, bitSize, name)
		want, werr := parseFloatSlow(s, trimCSpace(s), bitSize, name)
		if (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() {
			t.Fatalf("%q: %v, slow %v", s, err, werr)
		}
		if err == nil && math.Float64bits(got.(float64)) != math.Float64bits(want.(float64)) {
			t.Fatalf("%q: %v, slow %v", s, got, want)
		}
	})
}
