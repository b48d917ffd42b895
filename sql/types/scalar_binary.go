package types

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// DecodeBinary runs the receive function of t on b (one parameter or one
// COPY binary field, without its length prefix): bool 1 byte, int2/4/8 and
// float4/8 big-endian, text raw UTF-8, oid/regtype uint32, numeric in
// NBASE-10000 form, vector and arrays as their own files describe. Errors:
// 08P01 "insufficient data left in message" when b is short, 22P03
// "incorrect binary data format" for trailing bytes, plus each type's own.
// Void returns nil.
func DecodeBinary(t Type, b []byte) (any, error) {
	switch t.Kind {
	case KindVector:
		v, err := DecodeVectorBinary(b, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindHalfvec:
		v, err := DecodeHalfvecBinary(b, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindNumeric:
		n, err := DecodeNumericBinary(b)
		if err == nil {
			n, err = ApplyNumericTypmod(n, t.Typmod)
		}
		if err != nil {
			return nil, err
		}
		return n, nil
	case KindUnknown, KindText, KindVarchar, KindBpchar, KindName, KindCstring:
		return decodeString(b, t)
	case KindSparsevec:
		v, err := DecodeSparsevecBinary(b, t.Typmod)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindBit, KindVarbit:
		v, err := DecodeBitsBinary(b, t)
		if err != nil {
			return nil, err
		}
		return v, nil
	case KindVoid:
		return nil, nil
	case KindInt2Vector, KindOIDVector:
		return decodeCatalogVector(b, t)
	case KindJSON: // json_recv: the text
		if err := checkText(b); err != nil {
			return nil, err
		}
		return ParseJSON(string(b))
	}
	if IsArray(t.Kind) {
		return decodeArray(b, t)
	}
	if isDriverKind(t.Kind) {
		return decodeDriverBinary(t, b)
	}
	r := reader{b: b}
	d, err := decodeFixed(&r, t.Kind)
	if err != nil {
		return nil, err
	}
	return d, r.done()
}

// decodeFixed reads one fixed-size value of kind k.
func decodeFixed(r *reader, k Kind) (any, error) {
	switch k {
	case KindBool:
		p, err := r.take(1)
		if err != nil {
			return nil, err
		}
		return p[0] != 0, nil
	case KindInt2:
		v, err := r.int16()
		return int64(v), err
	case KindInt4:
		v, err := r.uint32()
		return int64(int32(v)), err
	case KindInt8:
		v, err := r.uint64()
		return int64(v), err
	case KindFloat4:
		v, err := r.uint32()
		return float64(math.Float32frombits(v)), err
	case KindFloat8:
		v, err := r.uint64()
		return math.Float64frombits(v), err
	case KindOID, KindRegtype:
		v, err := r.uint32()
		return int64(v), err
	case KindRegclass, KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoper, KindRegoperator:
		v, err := r.uint32()
		return Reg{OID: int64(v)}, err
	}
	return nil, pgerror.NotSupported("binary input of type " + Type{k, NoTypmod}.Name())
}

// decodeString is textrecv (and varcharrecv/bpcharrecv with their typmod,
// namerecv truncating to NameMaxBytes):
// the bytes must be valid UTF-8 without NUL (checkText).
func decodeString(b []byte, t Type) (any, error) {
	if err := checkText(b); err != nil {
		return nil, err
	}
	if t.Kind == KindVarchar || t.Kind == KindBpchar || t.Kind == KindName {
		return fitString(string(b), t, false)
	}
	return string(b), nil
}

// checkText is the check PostgreSQL's pq_getmsgtext (pg_client_to_server)
// applies to text a client sends in binary: nil for valid UTF-8 without
// NUL bytes, else 22021 `invalid byte sequence for encoding "UTF8": 0x00`
// naming the first bad character.
func checkText(b []byte) error {
	if utf8.Valid(b) && bytes.IndexByte(b, 0) < 0 {
		return nil
	}
	return invalidUTF8(b)
}

// invalidUTF8 is PostgreSQL's report_invalid_encoding for the first bad
// character (pgerror.CheckUTF8: all of its bytes, as PostgreSQL prints them).
func invalidUTF8(b []byte) *pgerror.Error {
	if e := pgerror.CheckUTF8(b); e != nil {
		return e
	}
	return pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\"")
}

// AppendBinary appends the send-function bytes of d (non-nil) to buf.
func AppendBinary(buf []byte, t Type, d any) []byte {
	switch t.Kind {
	case KindBool:
		if b, _ := d.(bool); b {
			return append(buf, 1)
		}
		return append(buf, 0)
	case KindInt2:
		i, _ := asInt(d)
		return binary.BigEndian.AppendUint16(buf, uint16(i))
	case KindInt4, KindOID, KindRegtype, KindRegclass, KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoper, KindRegoperator:
		i, _ := asInt(d)
		return binary.BigEndian.AppendUint32(buf, uint32(i))
	case KindInt8:
		i, _ := asInt(d)
		return binary.BigEndian.AppendUint64(buf, uint64(i))
	case KindFloat4:
		f, _ := asFloat(d)
		return binary.BigEndian.AppendUint32(buf, math.Float32bits(float32(f)))
	case KindFloat8:
		f, _ := asFloat(d)
		return binary.BigEndian.AppendUint64(buf, math.Float64bits(f))
	case KindNumeric:
		n, _ := AsNumeric(d)
		return AppendNumericBinary(buf, n)
	case KindVector:
		v, _ := d.(Vector)
		return AppendVectorBinary(buf, v)
	case KindHalfvec:
		v, _ := d.(HalfVec)
		return AppendHalfvecBinary(buf, v)
	case KindSparsevec:
		v, _ := d.(SparseVec)
		return AppendSparsevecBinary(buf, v)
	case KindBit, KindVarbit:
		v, _ := d.(Bits)
		return AppendBitsBinary(buf, v)
	case KindVoid:
		return buf
	case KindInt2Vector, KindOIDVector:
		return appendCatalogVectorBinary(buf, t, d)
	case KindRecord:
		r, _ := d.(Record)
		return AppendRecordBinary(buf, r)
	}
	if IsArray(t.Kind) {
		return appendArrayBinary(buf, t, d)
	}
	if isDriverKind(t.Kind) {
		return appendDriverBinary(buf, t, d)
	}
	if s, ok := d.(string); ok {
		return append(buf, s...)
	}
	return fmt.Append(buf, d)
}
