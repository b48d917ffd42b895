package types

import (
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestFormatFloat4(t *testing.T) {
	tests := []struct {
		in   float32
		want string
	}{
		{0, "0"},
		{float32(negZero()), "-0"},
		{1, "1"},
		{-2, "-2"},
		{0.1, "0.1"},
		{1.5, "1.5"},
		{0.0234, "0.0234"},
		{1e-4, "0.0001"},
		{1.5e-4, "0.00015"},
		{1e-5, "1e-05"},
		{999999, "999999"},
		{100000, "100000"},
		{1e6, "1e+06"},
		{123456789, "1.2345679e+08"},
		{92572176, "9.2572176e+07"},
		{3.4028235e38, "3.4028235e+38"},
		{1e-45, "1e-45"},
		{float32(math.NaN()), "NaN"},
		{float32(math.Inf(1)), "Infinity"},
		{float32(math.Inf(-1)), "-Infinity"},
		{-1.2345e-7, "-1.2345e-07"},
	}
	for _, tt := range tests {
		if got := FormatFloat4(tt.in); got != tt.want {
			t.Errorf("FormatFloat4(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFormatFloat8(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{0, "0"},
		{negZero(), "-0"},
		{0.1, "0.1"},
		{math.Sqrt(8), "2.8284271247461903"},
		{math.Sqrt(5), "2.23606797749979"},
		{1e15, "1e+15"},
		{123456789012345, "123456789012345"},
		{1e-5, "1e-05"},
		{1e-4, "0.0001"},
		{1e100, "1e+100"},
		{-1.5e-300, "-1.5e-300"},
		// Go's shortest form "4.03276355294e+18" lies exactly on the
		// midpoint to the next float64; PostgreSQL 15 prints one more digit.
		{4032763552940000000, "4.0327635529400003e+18"},
		{-4032763552940000000, "-4.0327635529400003e+18"},
		{math.MaxFloat64, "1.7976931348623157e+308"},
		{math.SmallestNonzeroFloat64, "5e-324"},
		{math.NaN(), "NaN"},
		{math.Inf(1), "Infinity"},
		{math.Inf(-1), "-Infinity"},
	}
	for _, tt := range tests {
		if got := FormatFloat8(tt.in); got != tt.want {
			t.Errorf("FormatFloat8(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// exactMidpoint reports, with exact rational arithmetic, whether the
// decimal s lies exactly halfway between f and one of its neighbours.
func exactMidpoint(f float32, s string) bool {
	// Necessary condition first (an exact midpoint parses exactly as a
	// float64), so that big.Rat runs only on candidates.
	a32 := math.Abs(float64(f))
	lo := (a32 + float64(math.Nextafter32(float32(a32), 0))) / 2
	hi := float64(math.Nextafter32(float32(a32), float32(math.Inf(1))))
	if math.IsInf(hi, 0) {
		hi = 0x1p128
	}
	hi = (a32 + hi) / 2
	if v, err := strconv.ParseFloat(s, 64); err != nil || (math.Abs(v) != lo && math.Abs(v) != hi) {
		return false
	}
	var r big.Rat
	if _, ok := r.SetString(s); !ok {
		panic("bad decimal " + s)
	}
	r.Abs(&r)
	a := math.Abs(float64(f))
	fr := new(big.Rat).SetFloat64(a)
	for _, n := range []float32{math.Nextafter32(float32(a), 0), math.Nextafter32(float32(a), float32(math.Inf(1)))} {
		nr := new(big.Rat)
		if math.IsInf(float64(n), 0) {
			nr.SetFloat64(0x1p128)
		} else {
			nr.SetFloat64(float64(n))
		}
		mid := new(big.Rat).Add(fr, nr)
		mid.Quo(mid, big.NewRat(2, 1))
		if r.Cmp(mid) == 0 {
			return true
		}
	}
	return false
}

// TestFormatFloat4Midpoints checks FormatFloat4 on random float32 bit
// patterns: the output reads back to the same float32, is never exactly on
// a midpoint, is as short as Go's shortest unless Go's was a midpoint, and
// such midpoint cases occur (so the check is not vacuous).
func TestFormatFloat4Midpoints(t *testing.T) {
	n := 2_000_000
	if testing.Short() || raceEnabled { // a pure function: nothing for the race detector
		n = 200_000
	}
	rng := rand.New(rand.NewPCG(1, 2))
	fixed := 0
	for range n {
		f := math.Float32frombits(rng.Uint32())
		if f != f || math.IsInf(float64(f), 0) || f == 0 {
			continue
		}
		got := FormatFloat4(f)
		back, err := strconv.ParseFloat(got, 32)
		if err != nil || float32(back) != f {
			t.Fatalf("FormatFloat4(%b) = %q reads back as %v (%v)", math.Float32bits(f), got, back, err)
		}
		goStr := strconv.FormatFloat(float64(f), 'e', -1, 32)
		if !exactMidpoint(f, goStr) {
			if want := string(appendPGDecimal(nil, []byte(goStr), float4PlainLimit)); got != want && got != "-"+want {
				t.Fatalf("FormatFloat4(%v) = %q, Go shortest %q is not a midpoint", f, got, goStr)
			}
			continue
		}
		fixed++
		if exactMidpoint(f, got) {
			t.Fatalf("FormatFloat4(%v) = %q is a midpoint", f, got)
		}
	}
	if fixed == 0 {
		t.Fatal("no midpoint case met")
	}
	t.Logf("%d of %d values needed extra digits", fixed, n)
}

func BenchmarkAppendVector(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	v := make(Vector, 768)
	for i := range v {
		v[i] = rng.Float32()*2 - 1
	}
	var buf []byte
	for b.Loop() {
		buf = AppendVector(buf[:0], v)
	}
}

// BenchmarkAppendVectorPixels prints a 784-d byte-valued row
// (Fashion-MNIST), half of it zeros.
func BenchmarkAppendVectorPixels(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	v := make(Vector, 784)
	for i := range v {
		v[i] = float32(max(0, rng.IntN(512)-256))
	}
	var buf []byte
	for b.Loop() {
		buf = AppendVector(buf[:0], v)
	}
}

// TestFormatFloat8RoundTrip: every printed float8 reads back to itself
// (random bit patterns, deterministic seed).
func TestFormatFloat8RoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	n := 200000
	if raceEnabled { // a pure function: nothing for the race detector
		n = 20000
	}
	for range n {
		f := math.Float64frombits(r.Uint64())
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		s := FormatFloat8(f)
		if g, err := strconv.ParseFloat(s, 64); err != nil || g != f {
			t.Fatalf("FormatFloat8(%v) = %q reads back as %v, %v", f, s, g, err)
		}
	}
}

// referenceAppendFloat4 is AppendFloat4 without its integer and dyadic
// shortcuts: Go's shortest digits, lengthened while they are exactly a
// midpoint, in PostgreSQL's layout.
func referenceAppendFloat4(buf []byte, f float32) []byte {
	if special, ok := specialFloat(float64(f)); ok {
		return append(buf, special...)
	}
	if f < 0 {
		buf = append(buf, '-')
		f = -f
	}
	s := strconv.AppendFloat(nil, float64(f), 'e', -1, 32)
	for prec := mantissaDigits(s) + 1; exactMidpoint(f, string(s)) && prec < 17; prec++ {
		s = trimMantissaZeros(strconv.AppendFloat(nil, float64(f), 'e', prec, 32))
	}
	return appendPGDecimal(buf, s, float4PlainLimit)
}

// TestAppendFloat4Shapes compares AppendFloat4 with the reference on the
// shapes vectors hold: every integer up to ±70,000 and around 10^6 (pixels,
// counts), powers of two and ten, and random embeddings in ±1.
func TestAppendFloat4Shapes(t *testing.T) {
	var fs []float32
	for i := -70000; i <= 70000; i++ {
		fs = append(fs, float32(i))
	}
	for i := 999990; i <= 1000010; i++ {
		fs = append(fs, float32(i), -float32(i), float32(i)+0.5)
	}
	for e := -130; e <= 128; e++ {
		fs = append(fs, float32(math.Ldexp(1, e)), float32(math.Pow10(e/3)))
	}
	r := rand.New(rand.NewPCG(9, 9))
	for range 100000 {
		fs = append(fs, r.Float32()*2-1, float32(r.NormFloat64()*0.05))
	}
	for _, f := range fs {
		checkAppendFloat4(t, f)
	}
}

// checkAppendFloat4 fails when AppendFloat4 and the reference differ on f.
func checkAppendFloat4(t *testing.T, f float32) {
	t.Helper()
	got := string(AppendFloat4([]byte("x"), f))
	if want := "x" + string(referenceAppendFloat4(nil, f)); got != want {
		t.Fatalf("AppendFloat4(%v) = %q, reference %q", f, got[1:], want[1:])
	}
}

// FuzzAppendFloat4: AppendFloat4 prints every float32 bit pattern as the
// reference does.
func FuzzAppendFloat4(f *testing.F) {
	for _, v := range []float32{0, 1, 255, 0.1, 1e6, 999999, 16777216, 1e-5, 3.4028235e38, 1.4e-45} {
		f.Add(math.Float32bits(v))
	}
	f.Fuzz(func(t *testing.T, bits uint32) { checkAppendFloat4(t, math.Float32frombits(bits)) })
}
