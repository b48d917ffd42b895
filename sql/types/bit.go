package types

import (
	"encoding/binary"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Bits is the value of bit(n) and bit varying(n), PostgreSQL's VarBit:
// Len bits packed most significant bit first into Data (ceil(Len/8)
// bytes); the pad bits of the last byte are always zero, so equal strings
// have equal bytes.
type Bits struct {
	Len  int
	Data []byte
}

// bitMaxLen is PostgreSQL's limit on a bit type modifier: MaxAttrSize
// (10485760 bytes) in bits (anybit_typmodin).
const bitMaxLen = maxCharLength * 8

// BitOf returns bit(n); NoTypmod is bit of any length (the type of B'...'
// literals and of bit operators' results).
func BitOf(n int32) Type { return Type{KindBit, n} }

// VarbitOf returns bit varying(n); NoTypmod is without a length limit.
func VarbitOf(n int32) Type { return Type{KindVarbit, n} }

// NewBits returns n zero bits.
func NewBits(n int) Bits { return Bits{Len: n, Data: make([]byte, (n+7)/8)} }

// Bit reports bit i (0 = leftmost) of b.
func (b Bits) Bit(i int) bool { return b.Data[i/8]&(0x80>>(i%8)) != 0 }

// SetBit sets bit i of b (which must own its Data) to v.
func (b Bits) SetBit(i int, v bool) {
	if v {
		b.Data[i/8] |= 0x80 >> (i % 8)
	} else {
		b.Data[i/8] &^= 0x80 >> (i % 8)
	}
}

// ClearPad zeroes the pad bits of b's last byte (bit_recv's mask).
func (b Bits) ClearPad() {
	if r := b.Len % 8; r != 0 {
		b.Data[len(b.Data)-1] &= byte(0xFF << (8 - r))
	}
}

// bitTypmodIn is anybit_typmodin: one length, 1 .. 83886080 (22023
// otherwise). name is "bit" or "varbit", as PostgreSQL's messages say.
func bitTypmodIn(k Kind, name string, mods []int32) (Type, error) {
	if len(mods) != 1 {
		return Unknown, invalidTypmod()
	}
	if mods[0] < 1 {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "length for type %s must be at least 1", name)
	}
	if mods[0] > bitMaxLen {
		return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "length for type %s cannot exceed %d", name, bitMaxLen)
	}
	return Type{k, mods[0]}, nil
}

// ParseBits is bit_in and varbit_in (PostgreSQL 15 varbit.c): binary
// digits, or hexadecimal after a leading x or X (a leading b or B marks
// binary). 22P02 `"2" is not a valid binary digit` / `... hexadecimal
// digit`; then the typmod of t: bit(n) needs exactly n bits (22026 `bit
// string length 2 does not match type bit(3)`), bit varying(n) at most n
// (22001 `bit string too long for type bit varying(3)`).
func ParseBits(s string, t Type) (Bits, error) {
	hex := false
	if s != "" && (s[0] == 'b' || s[0] == 'B') {
		s = s[1:]
	} else if s != "" && (s[0] == 'x' || s[0] == 'X') {
		hex, s = true, s[1:]
	}
	var b Bits
	var err error
	if hex {
		b, err = parseHexBits(s)
	} else {
		b, err = parseBinaryBits(s)
	}
	if err != nil {
		return Bits{}, err
	}
	return b, checkBitInput(b, t)
}

func parseBinaryBits(s string) (Bits, error) {
	b := NewBits(len(s))
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '1':
			b.SetBit(i, true)
		case '0':
		default:
			return Bits{}, badBitDigit(s[i:], "binary")
		}
	}
	return b, nil
}

func parseHexBits(s string) (Bits, error) {
	b := NewBits(4 * len(s))
	for i := 0; i < len(s); i++ {
		v, ok := hexDigit(s[i])
		if !ok {
			return Bits{}, badBitDigit(s[i:], "hexadecimal")
		}
		b.Data[i/2] |= v << (4 * (1 - i%2))
	}
	return b, nil
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// badBitDigit names the one (possibly multibyte) character at s's start.
func badBitDigit(s, kind string) error {
	_, n := utf8.DecodeRuneInString(s)
	return pgerror.Errorf(pgerror.InvalidTextRepresentation, "%q is not a valid %s digit", s[:n], kind)
}

// checkBitInput applies the input functions' typmod rule.
func checkBitInput(b Bits, t Type) error {
	if t.Typmod <= 0 {
		return nil
	}
	if t.Kind == KindBit && b.Len != int(t.Typmod) {
		return bitLengthMismatch(b.Len, t.Typmod)
	}
	if t.Kind == KindVarbit && b.Len > int(t.Typmod) {
		return varbitTooLong(t.Typmod)
	}
	return nil
}

func bitLengthMismatch(n int, typmod int32) error {
	return pgerror.Errorf(pgerror.StringDataLengthMismatch, "bit string length %d does not match type bit(%d)", n, typmod)
}

func varbitTooLong(typmod int32) error {
	return pgerror.Errorf(pgerror.StringDataRightTruncation, "bit string too long for type bit varying(%d)", typmod)
}

// AppendBits appends b's output form (bit_out, varbit_out): its binary
// digits.
func AppendBits(buf []byte, b Bits) []byte {
	for i := range b.Len {
		if b.Bit(i) {
			buf = append(buf, '1')
		} else {
			buf = append(buf, '0')
		}
	}
	return buf
}

// DecodeBitsBinary is bit_recv and varbit_recv: an int32 bit length, then
// ceil(len/8) bytes (pad bits cleared). 22P03 `invalid length in external
// bit string` for a negative or too large length, 08P01 when short, 22P03
// `incorrect binary data format` for trailing bytes, then the typmod rule.
func DecodeBitsBinary(p []byte, t Type) (Bits, error) {
	r := reader{b: p}
	h, err := r.take(4)
	if err != nil {
		return Bits{}, err
	}
	n := int32(binary.BigEndian.Uint32(h))
	if n < 0 || n > bitMaxLen {
		return Bits{}, pgerror.New(pgerror.InvalidBinaryRepresentation, "invalid length in external bit string")
	}
	data, err := r.take(int(n+7) / 8)
	if err != nil {
		return Bits{}, err
	}
	if err := r.done(); err != nil {
		return Bits{}, err
	}
	b := Bits{Len: int(n), Data: append([]byte(nil), data...)}
	b.ClearPad()
	return b, checkBitInput(b, t)
}

// AppendBitsBinary is bit_send: int32 length, then the bytes.
func AppendBitsBinary(buf []byte, b Bits) []byte {
	buf = binary.BigEndian.AppendUint32(buf, uint32(b.Len))
	return append(buf, b.Data...)
}

// CompareBits is bit_cmp: the common bytes as unsigned, then the shorter
// string first.
func CompareBits(a, b Bits) int {
	for i := range min(len(a.Data), len(b.Data)) {
		if a.Data[i] != b.Data[i] {
			if a.Data[i] < b.Data[i] {
				return -1
			}
			return 1
		}
	}
	return compareOrdered(int64(a.Len), int64(b.Len))
}
