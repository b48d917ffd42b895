package sem

import (
	"math/bits"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Bit and Varbit are bit and bit varying without a length, the types the
// bit functions take and return (PostgreSQL 15 varbit.c: results of bit
// operators have whatever length they come to).
var (
	Bit    = types.BitOf(types.NoTypmod)
	Varbit = types.VarbitOf(types.NoTypmod)
)

// bitFuncs are PostgreSQL 15's functions of bit strings (docs 9.6) and
// pgvector 0.8's hamming_distance and jaccard_distance (bitvec.c).
var bitFuncs = []Func{
	bitInt("length", types.Int4, func(b types.Bits) int64 { return int64(b.Len) }),
	bitInt("bit_length", types.Int4, func(b types.Bits) int64 { return int64(b.Len) }),
	bitInt("octet_length", types.Int4, func(b types.Bits) int64 { return int64(len(b.Data)) }),
	bitInt("bit_count", types.Int8, func(b types.Bits) int64 { return int64(PopCount(b.Data)) }),
	{Name: "get_bit", Args: []types.Type{Bit, types.Int4}, Ret: types.Int4, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return GetBit(a[0].(types.Bits), a[1].(int64)) }},
	{Name: "set_bit", Args: []types.Type{Bit, types.Int4, types.Int4}, Ret: Bit, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return SetBit(a[0].(types.Bits), a[1].(int64), a[2].(int64)) }},
	{Name: "substring", Args: []types.Type{Bit, types.Int4, types.Int4}, Ret: Bit, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			return BitSubstring(a[0].(types.Bits), a[1].(int64), a[2].(int64), true)
		}},
	{Name: "substring", Args: []types.Type{Bit, types.Int4}, Ret: Bit, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return BitSubstring(a[0].(types.Bits), a[1].(int64), 0, false) }},
	bitDistanceFunc("hamming_distance", HammingDistance),
	bitDistanceFunc("jaccard_distance", JaccardDistance),
	{Name: "binary_quantize", Args: []types.Type{Vector}, Ret: Bit, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) { return BinaryQuantize(a[0].(types.Vector)), nil }},
	{Name: "binary_quantize", Args: []types.Type{Halfvec}, Ret: Bit, Strict: true, Schema: "public",
		Fn: halfUnary(func(v types.HalfVec) (any, error) { return BinaryQuantize(types.HalfvecFloats(v)), nil })},
}

func bitInt(name string, ret types.Type, fn func(types.Bits) int64) Func {
	return Func{Name: name, Args: []types.Type{Bit}, Ret: ret, Strict: true,
		Fn: func(_ Context, a []any) (any, error) { return fn(a[0].(types.Bits)), nil }}
}

// bitDistanceFunc is a pgvector distance of two bit strings of equal
// length (22000 `different bit lengths 3 and 2` otherwise).
func bitDistanceFunc(name string, dist func(a, b types.Bits) float64) Func {
	return Func{Name: name, Args: []types.Type{Bit, Bit}, Ret: types.Float8, Strict: true, Schema: "public",
		Fn: func(_ Context, a []any) (any, error) {
			x, y := a[0].(types.Bits), a[1].(types.Bits)
			if err := CheckSameBits(x, y); err != nil {
				return nil, err
			}
			return dist(x, y), nil
		}}
}

// bitStringOperators are PostgreSQL's & | # (bitand, bitor, bitxor: 22026 for
// different lengths), prefix ~, << and >> by an int4, || of bit varying,
// and pgvector's <~> (Hamming) and <%> (Jaccard).
func bitStringOperators() []Func {
	ops := []Func{
		bitLogic("&", "AND", func(x, y byte) byte { return x & y }),
		bitLogic("|", "OR", func(x, y byte) byte { return x | y }),
		bitLogic("#", "XOR", func(x, y byte) byte { return x ^ y }),
		{Name: "~", Args: []types.Type{Bit}, Ret: Bit, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return BitNot(a[0].(types.Bits)), nil }},
		{Name: "<<", Args: []types.Type{Bit, types.Int4}, Ret: Bit, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return BitShift(a[0].(types.Bits), a[1].(int64)), nil }},
		{Name: ">>", Args: []types.Type{Bit, types.Int4}, Ret: Bit, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return BitShift(a[0].(types.Bits), -a[1].(int64)), nil }},
		{Name: "||", Args: []types.Type{Varbit, Varbit}, Ret: Varbit, Strict: true,
			Fn: func(_ Context, a []any) (any, error) { return BitConcat(a[0].(types.Bits), a[1].(types.Bits)), nil }},
	}
	for _, op := range []string{"<~>", "<%>"} {
		ops = append(ops, bitDistanceFunc(op, BitDistances[op]))
	}
	return ops
}

// BitDistances maps pgvector's bit distance operators to their functions.
var BitDistances = map[string]func(a, b types.Bits) float64{
	"<~>": HammingDistance,
	"<%>": JaccardDistance,
}

// CheckSameBits is pgvector's 22000 `different bit lengths 3 and 2`.
func CheckSameBits(a, b types.Bits) error {
	if a.Len != b.Len {
		return pgerror.Errorf(pgerror.DataException, "different bit lengths %d and %d", a.Len, b.Len)
	}
	return nil
}

// HammingDistance is the number of differing bits of a and b (equal
// lengths).
func HammingDistance(a, b types.Bits) float64 {
	n := 0
	for i := range a.Data {
		n += bits.OnesCount8(a.Data[i] ^ b.Data[i])
	}
	return float64(n)
}

// JaccardDistance is 1 - |a∧b| / |a∨b| over the set bits of a and b
// (equal lengths); 1 when they share no set bit (pgvector's guard against
// 0/0).
func JaccardDistance(a, b types.Bits) float64 {
	var ab, aa, bb int
	for i := range a.Data {
		ab += bits.OnesCount8(a.Data[i] & b.Data[i])
		aa += bits.OnesCount8(a.Data[i])
		bb += bits.OnesCount8(b.Data[i])
	}
	if ab == 0 {
		return 1
	}
	return 1 - float64(ab)/float64(aa+bb-ab)
}

// PopCount is the number of set bits of p.
func PopCount(p []byte) int {
	n := 0
	for _, x := range p {
		n += bits.OnesCount8(x)
	}
	return n
}

// bitLogic is a bytewise operator of two bit strings of equal length
// (bitand, bitor, bitxor: 22026 `cannot AND bit strings of different
// sizes`).
func bitLogic(op, word string, fn func(x, y byte) byte) Func {
	return Func{Name: op, Args: []types.Type{Bit, Bit}, Ret: Bit, Strict: true,
		Fn: func(_ Context, a []any) (any, error) {
			x, y := a[0].(types.Bits), a[1].(types.Bits)
			if x.Len != y.Len {
				return nil, pgerror.Errorf(pgerror.StringDataLengthMismatch, "cannot %s bit strings of different sizes", word)
			}
			out := types.NewBits(x.Len)
			for i := range out.Data {
				out.Data[i] = fn(x.Data[i], y.Data[i])
			}
			return out, nil
		}}
}

// BitNot is bitnot: every bit inverted (pad bits stay zero).
func BitNot(b types.Bits) types.Bits {
	out := types.NewBits(b.Len)
	for i, x := range b.Data {
		out.Data[i] = ^x
	}
	out.ClearPad()
	return out
}

// BitShift is bitshiftleft for n > 0 and bitshiftright for n < 0: the
// length stays, zeros come in, and a shift of the length or more gives
// all zeros.
func BitShift(b types.Bits, n int64) types.Bits {
	out := types.NewBits(b.Len)
	for i := range b.Len {
		src := int64(i) + n
		if src >= 0 && src < int64(b.Len) && b.Bit(int(src)) {
			out.SetBit(i, true)
		}
	}
	return out
}

// BitConcat is bitcat: a's bits then b's.
func BitConcat(a, b types.Bits) types.Bits {
	out := types.NewBits(a.Len + b.Len)
	copy(out.Data, a.Data)
	for i := range b.Len {
		if b.Bit(i) {
			out.SetBit(a.Len+i, true)
		}
	}
	return out
}

// GetBit is bitgetbit: bit n (0 = leftmost) as 0 or 1; 2202E `bit index 3
// out of valid range (0..2)`.
func GetBit(b types.Bits, n int64) (int64, error) {
	if n < 0 || n >= int64(b.Len) {
		return 0, bitIndexRange(n, b.Len)
	}
	if b.Bit(int(n)) {
		return 1, nil
	}
	return 0, nil
}

// SetBit is bitsetbit: a copy of b with bit n set to v; 2202E for n out of
// range, 22023 `new bit must be 0 or 1`.
func SetBit(b types.Bits, n, v int64) (types.Bits, error) {
	if n < 0 || n >= int64(b.Len) {
		return types.Bits{}, bitIndexRange(n, b.Len)
	}
	if v != 0 && v != 1 {
		return types.Bits{}, pgerror.New(pgerror.InvalidParameterValue, "new bit must be 0 or 1")
	}
	out := types.Bits{Len: b.Len, Data: append([]byte(nil), b.Data...)}
	out.SetBit(int(n), v == 1)
	return out, nil
}

func bitIndexRange(n int64, length int) error {
	return pgerror.Errorf(pgerror.ArraySubscriptError, "bit index %d out of valid range (0..%d)", n, length-1)
}

// BitSubstring is bitsubstr: bits start .. start+count-1 (1-based) clipped
// to b, or from start to the end without a count; 22011 `negative
// substring length not allowed`.
func BitSubstring(b types.Bits, start, count int64, hasCount bool) (types.Bits, error) {
	end := int64(b.Len) + 1
	if hasCount {
		if count < 0 {
			return types.Bits{}, pgerror.New(pgerror.SubstringError, "negative substring length not allowed")
		}
		end = min(end, start+count)
	}
	start = max(start, 1)
	if start >= end {
		return types.NewBits(0), nil
	}
	out := types.NewBits(int(end - start))
	for i := range out.Len {
		if b.Bit(int(start) - 1 + i) {
			out.SetBit(i, true)
		}
	}
	return out, nil
}

// BinaryQuantize is pgvector's binary_quantize(vector): one bit per
// element, set where the element is positive.
func BinaryQuantize(v types.Vector) types.Bits {
	out := types.NewBits(len(v))
	for i, x := range v {
		if x > 0 {
			out.SetBit(i, true)
		}
	}
	return out
}
