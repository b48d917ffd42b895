package catalog

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/vecgres/vecgres/sql/types"
)

// Datum tags of the WAL encoding. Part of the on-disk format: never reuse.
const (
	tagNull   byte = 0
	tagBool   byte = 1
	tagInt    byte = 2
	tagFloat  byte = 3
	tagString byte = 4
	tagVector byte = 5
	tagBytes  byte = 6  // bytea: length-prefixed bytes
	tagUUID   byte = 7  // uuid: 16 bytes
	tagJSONB  byte = 8  // jsonb: length-prefixed jsonb text (types.AppendJSONB)
	tagArray  byte = 16 // array: uvarint element count, then each element's datum (NULL as tagNull)
	// tagNumeric is numeric: length-prefixed numeric_send bytes
	// (types.AppendNumericBinary), exact with its scale. Numeric values
	// written before it are tagFloat; types.AsNumeric reads those.
	tagNumeric byte = 9
	// tagHalfvec is halfvec: uvarint count, then 2 bytes per half
	// (little-endian binary16 bits; halfvec.go).
	tagHalfvec byte = 10
	// tagBits is bit and bit varying: uvarint bit length, then the
	// ceil(length/8) bytes, first bit in the high bit (bits.go).
	tagBits byte = 11
	// tagSparsevec is sparsevec: uvarint dim, uvarint nnz, then nnz
	// uvarint 0-based indices and nnz little-endian float32 values.
	tagSparsevec byte = 12
	// tagInterval is interval: varint months, varint days, varint
	// microseconds.
	tagInterval byte = 13
	// tagShapedArray is an array of several dimensions or a lower bound
	// other than 1 (types.ShapedArray): uvarint ndim, then per dimension
	// varint length and varint lower bound, then its elements as one
	// tagArray datum (row-major).
	tagShapedArray byte = 17
)

var errShortRecord = errors.New("record payload too short")

func appendUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

func appendVarint(b []byte, v int64) []byte { return binary.AppendVarint(b, v) }

func appendString(b []byte, s string) []byte {
	b = appendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendDatum encodes one value self-describingly: a tag byte, then the
// value (varint for ints, 8 bytes for floats, length-prefixed bytes for
// strings and bytea, length-prefixed little-endian float32s for vectors
// and binary16 halves for halfvec (halfvec.go),
// 16 bytes for a uuid, length-prefixed canonical text for jsonb,
// length-prefixed numeric_send bytes for numeric).
func appendDatum(b []byte, d any) []byte {
	switch v := d.(type) {
	case nil:
		return append(b, tagNull)
	case bool:
		x := byte(0)
		if v {
			x = 1
		}
		return append(b, tagBool, x)
	case int64:
		return appendVarint(append(b, tagInt), v)
	case float64:
		return binary.LittleEndian.AppendUint64(append(b, tagFloat), math.Float64bits(v))
	case string:
		return appendString(append(b, tagString), v)
	case types.Vector:
		b = appendUvarint(append(b, tagVector), uint64(len(v)))
		return appendFloat32s(b, v)
	case types.HalfVec:
		return appendHalfvec(b, v)
	case []byte:
		b = appendUvarint(append(b, tagBytes), uint64(len(v)))
		return append(b, v...)
	case types.UUID:
		return append(append(b, tagUUID), v[:]...)
	case types.JSONB:
		return appendString(append(b, tagJSONB), v.String())
	case types.Decimal:
		return appendString(append(b, tagNumeric), string(types.AppendNumericBinary(nil, v)))
	case types.Bits:
		return appendBits(b, v)
	case types.SparseVec:
		return appendSparse(b, v)
	case types.Interval:
		b = appendVarint(append(b, tagInterval), int64(v.Months))
		return appendVarint(appendVarint(b, int64(v.Days)), v.Micros)
	case types.ShapedArray:
		b = appendUvarint(append(b, tagShapedArray), uint64(len(v.Dims)))
		for i, n := range v.Dims {
			b = appendVarint(appendVarint(b, int64(n)), int64(v.Lbounds[i]))
		}
		return appendDatum(b, v.Elems)
	case types.Array:
		b = appendUvarint(append(b, tagArray), uint64(len(v)))
		for _, e := range v {
			b = appendDatum(b, e)
		}
		return b
	}
	panic(fmt.Sprintf("catalog: cannot encode %T", d))
}

// decoder reads what the append functions wrote; the first error sticks.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail(errShortRecord)
		d.b = nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

// varint reads what appendVarint wrote: binary.AppendVarint's zig-zag
// encoding over a uvarint.
func (d *decoder) varint() int64 {
	u := d.uvarint()
	return int64(u>>1) ^ -int64(u&1)
}

func (d *decoder) bytes(n uint64) []byte {
	if uint64(len(d.b)) < n {
		d.fail(errShortRecord)
		d.b = nil
		return nil
	}
	out := d.b[:n]
	d.b = d.b[n:]
	return out
}

func (d *decoder) byte1() byte {
	b := d.bytes(1)
	if b == nil {
		return 0
	}
	return b[0]
}

func (d *decoder) str() string { return string(d.bytes(d.uvarint())) }

func (d *decoder) datum() any {
	switch tag := d.byte1(); tag {
	case tagNull:
		return nil
	case tagBool:
		return d.byte1() == 1
	case tagInt:
		return d.varint()
	case tagFloat:
		b := d.bytes(8)
		if b == nil {
			return nil
		}
		return math.Float64frombits(binary.LittleEndian.Uint64(b))
	case tagString:
		return d.str()
	case tagVector:
		n := d.uvarint()
		raw := d.bytes(4 * n)
		if raw == nil {
			return nil
		}
		v := make(types.Vector, n)
		readFloat32s(v, raw)
		return v
	case tagBytes:
		return bytes.Clone(d.bytes(d.uvarint()))
	case tagUUID:
		raw := d.bytes(16)
		if raw == nil {
			return nil
		}
		return types.UUID(raw)
	case tagJSONB:
		v, err := types.ParseJSONB(d.str())
		if err != nil {
			d.fail(fmt.Errorf("jsonb datum: %w", err))
			return nil
		}
		return v
	case tagArray:
		return d.array()
	case tagShapedArray:
		return d.shapedArray()
	case tagHalfvec:
		return d.halfvec()
	case tagBits:
		return d.bits()
	case tagSparsevec:
		return d.sparse()
	case tagInterval:
		m, days := d.varint(), d.varint()
		return types.Interval{Months: int32(m), Days: int32(days), Micros: d.varint()}
	case tagNumeric:
		v, err := types.DecodeNumericBinary(d.bytes(d.uvarint()))
		if err != nil {
			d.fail(fmt.Errorf("numeric datum: %w", err))
			return nil
		}
		return v
	default:
		d.fail(fmt.Errorf("unknown datum tag %d", tag))
		return nil
	}
}

// array reads the elements of a tagArray datum; each element is at least
// one byte, which bounds the count by the bytes left.
func (d *decoder) array() any {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.fail(errShortRecord)
		d.b = nil
		return nil
	}
	out := make(types.Array, n)
	for i := range out {
		out[i] = d.datum()
	}
	return out
}

// shapedArray reads a tagShapedArray datum: at most 6 dimensions, whose
// lengths multiply to the element count of the tagArray that follows.
func (d *decoder) shapedArray() any {
	ndim := d.uvarint()
	if ndim == 0 || ndim > 6 {
		d.fail(fmt.Errorf("shaped array of %d dimensions", ndim))
		return nil
	}
	dims, lbs := make([]int32, ndim), make([]int32, ndim)
	n := int64(1)
	for i := range dims {
		dims[i], lbs[i] = int32(d.varint()), int32(d.varint())
		if n *= int64(dims[i]); dims[i] <= 0 || n > 1<<31 {
			d.fail(fmt.Errorf("shaped array dimensions %v", dims[:i+1]))
			return nil
		}
	}
	elems, ok := d.datum().(types.Array)
	if d.err == nil && (!ok || int64(len(elems)) != n) {
		d.fail(fmt.Errorf("shaped array of %d elements for dimensions %v", len(elems), dims))
	}
	if d.err != nil {
		return nil
	}
	return types.ShapedArray{Dims: dims, Lbounds: lbs, Elems: elems}
}
