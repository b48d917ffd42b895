package types

import (
	"encoding/binary"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array binary format (PostgreSQL array_recv / array_send), big-endian:
// int32 ndim, int32 flags (1 = has nulls), uint32 element type OID, ndim ×
// (int32 size, int32 lower bound), then per element int32 length (-1 for
// NULL) and the element type's send bytes, row-major. An array without
// elements has ndim 0.
const (
	maxArrayDims = 6         // PostgreSQL MAXDIM
	maxArraySize = 134217727 // PostgreSQL MaxArraySize: MaxAllocSize / sizeof(Datum)
)

// arrayHasNulls is the flags bit array_send sets when an element is NULL.
const arrayHasNulls = 1

// decodeArray is array_recv for array type t: an Array. Errors as
// array_recv: 22P03 bad ndim, flags or element length, 54000 too many
// dimensions, 42804 another element type, 22P03 "improper binary format in
// array element n" when an element leaves bytes unread, 08P01 short data,
// and the element receive function's own.
func decodeArray(b []byte, t Type) (any, error) {
	et, _ := ElemType(t)
	r := reader{b: b}
	dims, lbs, n, err := readArrayHeader(&r, et)
	if err != nil {
		return nil, err
	}
	out := make(Array, n)
	for i := range n {
		if out[i], err = readArrayElement(&r, et, i+1); err != nil {
			return nil, err
		}
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	return NewArray(dims, lbs, out), nil
}

// readArrayHeader checks the header as array_recv does and returns the
// dimensions, lower bounds and element count.
func readArrayHeader(r *reader, et Type) (dims, lbs []int32, n int, err error) {
	var hdr [3]uint32
	for i := range hdr {
		if hdr[i], err = r.uint32(); err != nil {
			return nil, nil, 0, err
		}
	}
	ndim, flags, elemOID := int32(hdr[0]), int32(hdr[1]), OID(hdr[2])
	if ndim < 0 {
		return nil, nil, 0, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "invalid number of dimensions: %d", ndim)
	}
	if ndim > maxArrayDims {
		return nil, nil, 0, pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", ndim, maxArrayDims)
	}
	if flags != 0 && flags != arrayHasNulls {
		return nil, nil, 0, pgerror.New(pgerror.InvalidBinaryRepresentation, "invalid array flags")
	}
	if elemOID != et.OID() {
		got := typeNameByOID(elemOID)
		if got == "" {
			got = "???"
		}
		return nil, nil, 0, pgerror.Errorf(pgerror.DatatypeMismatch, "binary data has array element type %d (%s) instead of expected %d (%s)",
			elemOID, got, et.OID(), Type{et.Kind, NoTypmod}.Name())
	}
	dims, lbs = make([]int32, ndim), make([]int32, ndim)
	for i := range dims {
		d, err := r.uint32()
		if err != nil {
			return nil, nil, 0, err
		}
		lb, err := r.uint32()
		if err != nil {
			return nil, nil, 0, err
		}
		dims[i], lbs[i] = int32(d), int32(lb)
	}
	if err := checkArrayShape(dims, lbs); err != nil {
		return nil, nil, 0, err
	}
	n = 1
	for _, d := range dims {
		n *= int(d)
	}
	if ndim == 0 {
		n = 0
	}
	if n > len(r.b)/4 {
		return nil, nil, 0, errInsufficientData()
	}
	return dims, lbs, n, nil
}

// readArrayElement reads the length-prefixed element number pos (1-based)
// with the element type's receive function; nil for NULL.
func readArrayElement(r *reader, et Type, pos int) (any, error) {
	n, err := r.uint32()
	if err != nil {
		return nil, err
	}
	if int32(n) == -1 {
		return nil, nil
	}
	if int32(n) < -1 || int(n) > len(r.b) {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	body, _ := r.take(int(n))
	d, err := DecodeBinary(et, body)
	if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.InvalidBinaryRepresentation && pe.Message == "incorrect binary data format" {
		return nil, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "improper binary format in array element %d", pos)
	}
	return d, err
}

// appendArrayBinary is array_send: ndim 0 for an empty array, the
// has-nulls flag set when an element is NULL.
func appendArrayBinary(buf []byte, t Type, d any) []byte {
	if v, ok := d.(Vector); ok { // a vector cast to real[]
		d = vectorElems(v)
	}
	dims, lbs, a, _ := ArrayShape(d)
	et, _ := ElemType(t)
	flags := uint32(0)
	for _, e := range a {
		if e == nil {
			flags = arrayHasNulls
		}
	}
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(dims)))
	buf = binary.BigEndian.AppendUint32(buf, flags)
	buf = binary.BigEndian.AppendUint32(buf, et.OID())
	for i, n := range dims {
		buf = binary.BigEndian.AppendUint32(buf, uint32(n))
		buf = binary.BigEndian.AppendUint32(buf, uint32(lbs[i]))
	}
	for _, e := range a {
		if e == nil {
			buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
			continue
		}
		at := len(buf)
		buf = binary.BigEndian.AppendUint32(buf, 0)
		buf = AppendBinary(buf, et, e)
		binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	}
	return buf
}
