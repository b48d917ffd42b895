package types

import (
	"errors"
	"math"
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

// TestPlainDecimal: plain decimals are read to strtof's float32 bit for
// bit, exactly by the fast path where m ≤ 2^24 and |e| ≤ 10; anything
// else is left to scanFloat.
func TestPlainDecimal(t *testing.T) {
	for _, c := range []struct {
		tok   string
		exact bool
	}{
		{"0", true}, {"-0", true}, {"+0", true}, {"1", true}, {"255", true}, {"0.1", true}, {"-0.000123", true},
		{"3.402823", true}, {"16777216", true}, {"1.6777216e7", true}, {"0.1234567", true}, {"1e10", true},
		{"1e-10", true}, {"5.", true}, {".5", true}, {"0.0000000000000", true}, {"12e-3", true}, {"7E+2", true},
		{"16777217", false}, {"0.16777217", false}, {"1e11", false}, {"1e-11", false}, {"3.4028235", false},
		{"3.4028236e38", false}, {"1e1000", false}, {"-1e99999", false}, {"1e-50", false},
		{"12345678901234567890", false}, {"0.12345678901234568", false},
	} {
		d := scanPlainDecimal(c.tok)
		f, overflow := d.float32(c.tok)
		bits, wantOverflow := strtof32(c.tok)
		if d.n != len(c.tok) || d.exact != c.exact || math.Float32bits(f) != bits || overflow != wantOverflow {
			t.Errorf("%q: n %d exact %v value %v (%#x) overflow %v; want exact %v %#x overflow %v",
				c.tok, d.n, d.exact, f, math.Float32bits(f), overflow, c.exact, bits, wantOverflow)
		}
	}
	for _, tok := range []string{"", "-", ".", "e5", "1e", "1e+", "0x1p3", "inf", "nan", "1.5x", "1.0.0", "+-1"} {
		if d := scanPlainDecimal(tok); d.n != 0 {
			t.Errorf("%q scanned as a plain decimal of length %d", tok, d.n)
		}
	}
	if d := scanPlainDecimal("1.25, 2]"); d.n != 4 || !d.exact {
		t.Errorf(`"1.25, 2]": %+v`, d)
	}
}

// FuzzPlainDecimal: whatever scanPlainDecimal takes, it reads to
// strconv's float32, bit for bit, with the same overflow.
func FuzzPlainDecimal(f *testing.F) {
	for _, s := range []string{"0.1", "-16777216", "9.999999e-10", "1e10", "0.0000001", "123.456,", "1e39", "7e-46"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := scanPlainDecimal(s)
		if d.n == 0 {
			return
		}
		got, overflow := d.float32(s[:d.n])
		bits, wantOverflow := strtof32(s[:d.n])
		if math.Float32bits(got) != bits || overflow != wantOverflow {
			t.Fatalf("%q: %v (%#x) overflow %v, want %#x overflow %v", s[:d.n], got, math.Float32bits(got), overflow, bits, wantOverflow)
		}
	})
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
