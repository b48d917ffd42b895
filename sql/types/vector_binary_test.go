package types

import (
	"encoding/hex"
	"slices"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestVectorBinaryExample(t *testing.T) {
	want := mustHex(t, "0003 0000 3fc00000 c0000000 40400000")
	v := Vector{1.5, -2, 3}
	if got := AppendBinary(nil, VectorOf(3), v); !slices.Equal(got, want) {
		t.Errorf("AppendBinary = %x, want %x", got, want)
	}
	d, err := DecodeBinary(VectorOf(3), want)
	if err != nil || !slices.Equal(d.(Vector), v) {
		t.Errorf("DecodeBinary = %v, %v", d, err)
	}
}

func TestVectorBinaryErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		dims int32
		code pgerror.Code
		msg  string
	}{
		{"dim 0", "0000 0000", NoTypmod, pgerror.DataException, "vector must have at least 1 dimension"},
		{"dim negative", "ffff 0000 3f800000", NoTypmod, pgerror.DataException, "vector must have at least 1 dimension"},
		{"dim 16001", "3e81 0000", NoTypmod, pgerror.ProgramLimitExceeded, "vector cannot have more than 16000 dimensions"},
		{"unused 7", "0001 0007 3f800000", NoTypmod, pgerror.DataException, "expected unused to be 0, not 7"},
		{"unused -1", "0001 ffff 3f800000", NoTypmod, pgerror.DataException, "expected unused to be 0, not -1"},
		{"dims before unused", "0002 0007 3f800000 3f800000", 3, pgerror.DataException, "expected 3 dimensions, not 2"},
		{"truncated header", "0001 00", NoTypmod, pgerror.ProtocolViolation, "insufficient data left in message"},
		{"truncated element", "0002 0000 3f800000 3f80", NoTypmod, pgerror.ProtocolViolation, "insufficient data left in message"},
		{"trailing bytes", "0001 0000 3f800000 00", NoTypmod, pgerror.InvalidBinaryRepresentation, "incorrect binary data format"},
		{"NaN", "0002 0000 3f800000 7fc00000", NoTypmod, pgerror.DataException, "NaN not allowed in vector"},
		{"Inf", "0001 0000 ff800000", NoTypmod, pgerror.DataException, "infinite value not allowed in vector"},
		{"NaN before truncation", "0002 0000 7fc00000", NoTypmod, pgerror.DataException, "NaN not allowed in vector"},
		{"wrong dims", "0001 0000 3f800000", 3, pgerror.DataException, "expected 3 dimensions, not 1"},
	}
	for _, tt := range tests {
		_, err := DecodeBinary(VectorOf(tt.dims), mustHex(t, tt.in))
		wantError(t, tt.name, err, tt.code, tt.msg, "")
	}
}
