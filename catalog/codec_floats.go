package catalog

import (
	"encoding/binary"
	"math"
	"unsafe"
)

// hostLittleEndian is whether float32s in memory are already in the WAL's
// byte order (little-endian), so a vector is copied as one block.
var hostLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// appendFloat32s appends v to b as little-endian IEEE 754 words: one copy
// of v's memory on a little-endian host (a COPY of 784-d rows writes 188
// MB of them), a word at a time otherwise.
func appendFloat32s(b []byte, v []float32) []byte {
	if hostLittleEndian {
		if len(v) == 0 {
			return b
		}
		return append(b, unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v))...)
	}
	for _, f := range v {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(f))
	}
	return b
}

// readFloat32s fills v from raw, 4*len(v) bytes that appendFloat32s wrote.
func readFloat32s(v []float32, raw []byte) {
	if hostLittleEndian {
		if len(v) > 0 {
			copy(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), 4*len(v)), raw)
		}
		return
	}
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
	}
}
