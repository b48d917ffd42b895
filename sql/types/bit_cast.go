package types

import "github.com/vecgres/vecgres/sql/pgerror"

// castBits is the casts of PostgreSQL 15 that involve bit or bit varying
// (pg_cast): between the two (binary coercible, then the target's length
// coercion), and, explicit only, int4 and int8 to bit (bitfromint4,
// bitfromint8) and bit to int4 and int8 (bittoint4, bittoint8). ok is
// false when neither type is a bit type.
func castBits(d any, from, to Type, explicit bool) (v any, ok bool, err error) {
	fromBits := from.Kind == KindBit || from.Kind == KindVarbit
	toBits := to.Kind == KindBit || to.Kind == KindVarbit
	switch {
	case fromBits && toBits:
		b, _ := d.(Bits)
		v, err = CoerceBits(b, to, explicit)
		return v, true, err
	case toBits && explicit && to.Kind == KindBit && (from.Kind == KindInt4 || from.Kind == KindInt8):
		i, _ := asInt(d)
		width := 32
		if from.Kind == KindInt8 {
			width = 64
		}
		return BitsFromInt(i, width, to.Typmod), true, nil
	case fromBits && explicit && from.Kind == KindBit && (to.Kind == KindInt4 || to.Kind == KindInt8):
		b, _ := d.(Bits)
		v, err = BitsToInt(b, to.Kind)
		return v, true, err
	}
	return nil, false, nil
}

// CoerceBits is the length coercion of bit(n) (PostgreSQL's bit(bit, int4,
// bool)) and bit varying(n) (varbit(varbit, int4, bool)) to type t: bit(n)
// of another length is 22026 unless explicit, which pads with zeros or
// truncates on the right; bit varying(n) longer than n is 22001 unless
// explicit, which truncates. Without a typmod b is returned as is.
func CoerceBits(b Bits, t Type, explicit bool) (Bits, error) {
	n := int(t.Typmod)
	if t.Typmod <= 0 || n == b.Len || t.Kind == KindVarbit && n > b.Len {
		return b, nil
	}
	if !explicit {
		if t.Kind == KindBit {
			return Bits{}, bitLengthMismatch(b.Len, t.Typmod)
		}
		return Bits{}, varbitTooLong(t.Typmod)
	}
	out := NewBits(n)
	copy(out.Data, b.Data)
	out.ClearPad()
	return out, nil
}

// BitsFromInt is bitfromint4 / bitfromint8: the rightmost typmod bits (1
// without a typmod) of the width-bit two's complement i, sign-extended on
// the left when typmod exceeds width.
func BitsFromInt(i int64, width int, typmod int32) Bits {
	n := int(typmod)
	if n <= 0 {
		n = 1
	}
	out := NewBits(n)
	for k := range n {
		shift := n - 1 - k // bit position counted from the right
		if shift >= width {
			shift = width - 1
		}
		out.SetBit(k, i>>uint(shift)&1 != 0)
	}
	return out
}

// BitsToInt is bittoint4 / bittoint8: the bits as an unsigned number, read
// as a two's complement int4 or int8; 22003 `integer out of range` /
// `bigint out of range` for more bits than the integer has.
func BitsToInt(b Bits, k Kind) (int64, error) {
	if k == KindInt4 && b.Len > 32 {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
	}
	if b.Len > 64 {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "bigint out of range")
	}
	var u uint64
	for i := range b.Len {
		u <<= 1
		if b.Bit(i) {
			u |= 1
		}
	}
	if k == KindInt4 {
		return int64(int32(uint32(u))), nil
	}
	return int64(u), nil
}
