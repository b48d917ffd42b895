package types

import (
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseVectorValid(t *testing.T) {
	tests := []struct {
		in   string
		want Vector
		out  string
	}{
		{"[1,2,3]", Vector{1, 2, 3}, "[1,2,3]"},
		{" [ 1,  2 ,    3  ] ", Vector{1, 2, 3}, "[1,2,3]"},
		{"[0.24    ]", Vector{0.24}, "[0.24]"},
		{"[1.,2.,3.]", Vector{1, 2, 3}, "[1,2,3]"},
		{"[1.45, 2.34E-2]", Vector{1.45, 0.0234}, "[1.45,0.0234]"},
		{"[1e-46]", Vector{0}, "[0]"},
		{"[-1e-46]", Vector{float32(negZero())}, "[-0]"},
		{"[1.5,-2,3]", Vector{1.5, -2, 3}, "[1.5,-2,3]"},
		{"[\t.5\n,+7e+0]", Vector{0.5, 7}, "[0.5,7]"},
		{"[0x10]", Vector{16}, "[16]"},
		{"[1e-05,1e6,123456789]", Vector{1e-5, 1e6, 123456789}, "[1e-05,1e+06,1.2345679e+08]"},
		{"[3.4028235e38]", Vector{3.4028235e38}, "[3.4028235e+38]"},
	}
	for _, tt := range tests {
		v, err := ParseVector(tt.in, NoTypmod)
		if err != nil {
			t.Errorf("ParseVector(%q): %v", tt.in, err)
			continue
		}
		if !slices.Equal(v, tt.want) {
			t.Errorf("ParseVector(%q) = %v, want %v", tt.in, v, tt.want)
		}
		if got := string(AppendVector(nil, v)); got != tt.out {
			t.Errorf("AppendVector(%q) = %q, want %q", tt.in, got, tt.out)
		}
	}
}

func negZero() float64 {
	z := 0.0
	return -z
}

func TestParseVectorErrors(t *testing.T) {
	syntax := func(lit string) string { return `invalid input syntax for type vector: "` + lit + `"` }
	long := "[" + strings.Repeat("1,", VectorMaxDim) + "1]"
	tests := []struct {
		in     string
		dims   int32
		code   pgerror.Code
		msg    string
		detail string
	}{
		{"[1,2", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1,2"), ""},
		{"[1,,3]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1,,3]"), ""},
		{"[1,]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1,]"), ""},
		{"[hello,1]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[hello,1]"), ""},
		{"[1a]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1a]"), ""},
		{"[1e]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1e]"), ""},
		{"[1_000]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1_000]"), ""},
		{"[", NoTypmod, pgerror.InvalidTextRepresentation, syntax("["), ""},
		{"abc", NoTypmod, pgerror.InvalidTextRepresentation, syntax("abc"), `Vector contents must start with "[".`},
		{"", NoTypmod, pgerror.InvalidTextRepresentation, syntax(""), `Vector contents must start with "[".`},
		{"1,2,3", NoTypmod, pgerror.InvalidTextRepresentation, syntax("1,2,3"), `Vector contents must start with "[".`},
		{"[1,2,3]9", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1,2,3]9"), "Junk after closing right brace."},
		{"[1,2,3] ]", NoTypmod, pgerror.InvalidTextRepresentation, syntax("[1,2,3] ]"), "Junk after closing right brace."},
		{"[]", NoTypmod, pgerror.DataException, "vector must have at least 1 dimension", ""},
		{"[ ]", NoTypmod, pgerror.DataException, "vector must have at least 1 dimension", ""},
		{"[1,NaN]", NoTypmod, pgerror.DataException, "NaN not allowed in vector", ""},
		{"[nan(123)]", NoTypmod, pgerror.DataException, "NaN not allowed in vector", ""},
		{"[1,Infinity]", NoTypmod, pgerror.DataException, "infinite value not allowed in vector", ""},
		{"[-Infinity,1]", NoTypmod, pgerror.DataException, "infinite value not allowed in vector", ""},
		{"[inf]", NoTypmod, pgerror.DataException, "infinite value not allowed in vector", ""},
		{"[4e38,1]", NoTypmod, pgerror.NumericValueOutOfRange, `"4e38" is out of range for type vector`, ""},
		{"[1, -4E38]", NoTypmod, pgerror.NumericValueOutOfRange, `"-4E38" is out of range for type vector`, ""},
		{"[1,2,3,4]", 3, pgerror.DataException, "expected 3 dimensions, not 4", ""},
		{long, NoTypmod, pgerror.ProgramLimitExceeded, "vector cannot have more than 16000 dimensions", ""},
	}
	for _, tt := range tests {
		_, err := ParseVector(tt.in, tt.dims)
		wantError(t, "ParseVector("+tt.in[:min(len(tt.in), 20)]+")", err, tt.code, tt.msg, tt.detail)
		_, err = ParseText(VectorOf(tt.dims), tt.in)
		wantError(t, "ParseText", err, tt.code, tt.msg, tt.detail)
	}
}

func TestParseVectorMaxDims(t *testing.T) {
	s := "[" + strings.Repeat("1,", VectorMaxDim-1) + "1]"
	v, err := ParseVector(s, VectorMaxDim)
	if err != nil || len(v) != VectorMaxDim {
		t.Fatalf("16000 dims: len %d, err %v", len(v), err)
	}
}

func TestCheckDims(t *testing.T) {
	if err := CheckDims(VectorOf(3), Vector{1, 2, 3}); err != nil {
		t.Errorf("fits: %v", err)
	}
	if err := CheckDims(VectorOf(NoTypmod), Vector{1}); err != nil {
		t.Errorf("no typmod: %v", err)
	}
	wantError(t, "CheckDims", CheckDims(VectorOf(3), Vector{1, 2, 3, 4}), pgerror.DataException, "expected 3 dimensions, not 4", "")
}
