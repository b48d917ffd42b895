package types

import (
	"encoding/binary"
	"math"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Array binary format (PostgreSQL array_recv / array_send), big-endian:
// int32 ndim, int32 flags (1 = has nulls), uint32 element type OID, ndim ×
// (int32 size, int32 lower bound), then per element int32 length (-1 for
// NULL) and the element's send bytes. vecgres reads one dimension (or none:
// the empty array).
const maxArrayDims = 6 // PostgreSQL MAXDIM

// elementAccepted returns the element kind an array of kind k reads for
// element type oid, and whether k accepts it; integer[] also takes smallint
// and bigint elements. numeric[] elements use the numeric binary format
// (numeric_binary.go).
func elementAccepted(k Kind, oid OID) (Kind, bool) {
	switch k {
	case KindFloat4Array:
		return KindFloat4, oid == OIDFloat4
	case KindFloat8Array:
		return KindFloat8, oid == OIDFloat8
	case KindNumericArray:
		return KindNumeric, oid == OIDNumeric
	}
	switch oid {
	case OIDInt2:
		return KindInt2, true
	case OIDInt4:
		return KindInt4, true
	case OIDInt8:
		return KindInt8, true
	}
	return KindInt4, false
}

// decodeArray is array_recv for kind k: []float64 or []int64.
func decodeArray(b []byte, k Kind) (any, error) {
	r := reader{b: b}
	n, ek, err := readArrayHeader(&r, k)
	if err != nil {
		return nil, err
	}
	fs, is := []float64{}, []int64{}
	for i := range n {
		d, err := readArrayElement(&r, ek, i+1)
		if err != nil {
			return nil, err
		}
		switch x := d.(type) {
		case float64:
			fs = append(fs, x)
		case int64:
			is = append(is, x)
		}
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	if k == KindInt4Array {
		return is, nil
	}
	return fs, nil
}

// readArrayHeader checks the header as array_recv does and returns the
// element count and element kind.
func readArrayHeader(r *reader, k Kind) (int, Kind, error) {
	var hdr [3]uint32
	for i := range hdr {
		v, err := r.uint32()
		if err != nil {
			return 0, 0, err
		}
		hdr[i] = v
	}
	ndim, flags, elemOID := int32(hdr[0]), int32(hdr[1]), OID(hdr[2])
	if ndim < 0 {
		return 0, 0, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "invalid number of dimensions: %d", ndim)
	}
	if ndim > maxArrayDims {
		return 0, 0, pgerror.Errorf(pgerror.ProgramLimitExceeded, "number of array dimensions (%d) exceeds the maximum allowed (%d)", ndim, maxArrayDims)
	}
	if flags != 0 && flags != 1 {
		return 0, 0, pgerror.New(pgerror.InvalidBinaryRepresentation, "invalid array flags")
	}
	ek, ok := elementAccepted(k, elemOID)
	if !ok {
		want := Type{elementKind(k), NoTypmod}
		got := typeNameByOID(elemOID)
		if got == "" {
			got = "???"
		}
		return 0, 0, pgerror.Errorf(pgerror.DatatypeMismatch, "binary data has array element type %d (%s) instead of expected %d (%s)", elemOID, got, want.OID(), want.Name())
	}
	if ndim == 0 {
		return 0, ek, nil
	}
	if ndim > 1 {
		return 0, 0, pgerror.NotSupported("multidimensional arrays")
	}
	size, err := r.uint32()
	if err != nil {
		return 0, 0, err
	}
	if _, err := r.uint32(); err != nil { // lower bound: any
		return 0, 0, err
	}
	if int32(size) < 0 || int(size) > len(r.b)/4 {
		return 0, 0, errInsufficientData()
	}
	return int(size), ek, nil
}

// readArrayElement reads the length-prefixed element number pos (1-based).
func readArrayElement(r *reader, ek Kind, pos int) (any, error) {
	n, err := r.uint32()
	if err != nil {
		return nil, err
	}
	if int32(n) == -1 {
		return nil, errArrayNulls()
	}
	if int32(n) < -1 || int(n) > len(r.b) {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	body, _ := r.take(int(n))
	if ek == KindNumeric {
		return decodeNumeric(body)
	}
	er := reader{b: body}
	d, err := decodeFixed(&er, ek)
	if err != nil {
		return nil, err
	}
	if len(er.b) != 0 {
		return nil, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "improper binary format in array element %d", pos)
	}
	return d, nil
}

// appendArrayBinary is array_send of a one-dimensional array (ndim 0 when
// empty), lower bound 1, no nulls.
func appendArrayBinary(buf []byte, k Kind, d any) []byte {
	ek := elementKind(k)
	var n int
	switch x := d.(type) {
	case []float64:
		n = len(x)
	case []int64:
		n = len(x)
	case Vector:
		n = len(x)
	}
	ndim := uint32(1)
	if n == 0 {
		ndim = 0
	}
	buf = binary.BigEndian.AppendUint32(buf, ndim)
	buf = binary.BigEndian.AppendUint32(buf, 0)
	buf = binary.BigEndian.AppendUint32(buf, kinds[ek].oid)
	if n > 0 {
		buf = binary.BigEndian.AppendUint32(buf, uint32(n))
		buf = binary.BigEndian.AppendUint32(buf, 1)
	}
	size := uint32(kinds[ek].size)
	for i := range n {
		if ek == KindNumeric {
			buf = appendNumericElement(buf, d.([]float64)[i])
			continue
		}
		buf = binary.BigEndian.AppendUint32(buf, size)
		switch x := d.(type) {
		case []float64:
			buf = AppendBinary(buf, Type{ek, NoTypmod}, x[i])
		case []int64:
			buf = AppendBinary(buf, Type{ek, NoTypmod}, x[i])
		case Vector:
			buf = binary.BigEndian.AppendUint32(buf, math.Float32bits(x[i]))
		}
	}
	return buf
}

// appendNumericElement appends one numeric[] element: its length, then
// numeric_send's bytes (variable length, unlike the other element kinds).
func appendNumericElement(buf []byte, f float64) []byte {
	at := len(buf)
	buf = binary.BigEndian.AppendUint32(buf, 0)
	buf = appendNumericBinary(buf, f)
	binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	return buf
}
