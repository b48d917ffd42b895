package distance

import "math/bits"

func dotInt8Go(a, b []int8) int32 {
	b = b[:len(a)]
	var s int32
	for i := range a {
		s += int32(a[i]) * int32(b[i])
	}
	return s
}

func l2SquaredInt8Go(a, b []int8) int32 {
	b = b[:len(a)]
	var s int32
	for i := range a {
		d := int32(a[i]) - int32(b[i])
		s += d * d
	}
	return s
}

func dotUint8Go(a, b []uint8) uint32 {
	b = b[:len(a)]
	var s uint32
	for i := range a {
		s += uint32(a[i]) * uint32(b[i])
	}
	return s
}

func l2SquaredUint8Go(a, b []uint8) uint32 {
	b = b[:len(a)]
	var s uint32
	for i := range a {
		d := int32(a[i]) - int32(b[i])
		s += uint32(d * d)
	}
	return s
}

func hammingUint64Go(a, b []uint64) int {
	b = b[:len(a)]
	n := 0
	for i := range a {
		n += bits.OnesCount64(a[i] ^ b[i])
	}
	return n
}

func andOrUint64Go(a, b []uint64) (inter, union int) {
	b = b[:len(a)]
	for i := range a {
		inter += bits.OnesCount64(a[i] & b[i])
		union += bits.OnesCount64(a[i] | b[i])
	}
	return inter, union
}
