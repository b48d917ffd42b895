package types

import (
	"encoding/binary"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Record is the value of a composite type (PostgreSQL docs 8.16): a
// table's or view's row type, or the anonymous record of ROW(...). Each
// value carries its fields' names and types, so it prints, sends and
// converts to JSON without a catalog. Values[i] is a value of Types[i]
// (nil for NULL). A record's Type is KindRecord with Typmod the row
// type's OID (pg_class.reltype, see Type.OID) or NoTypmod for record.
type Record struct {
	Names  []string
	Types  []Type
	Values []any
}

// RowTypeOf returns the type of the rows of the relation whose row type
// has OID oid (0: the anonymous record).
func RowTypeOf(oid OID) Type {
	if oid == 0 || oid > 1<<31-1 {
		return RecordType
	}
	return Type{KindRecord, int32(oid)}
}

// AppendRecordText appends r as record_out writes it (PostgreSQL 15
// rowtypes.c): `(1,"a b",)`: fields separated by commas, a NULL as
// nothing, a field quoted when it is empty or holds a double quote,
// backslash, parenthesis, comma or white space, with `"` and `\` doubled
// inside the quotes.
func AppendRecordText(buf []byte, r Record) []byte { return appendRecordText(buf, r, nil) }

// appendRecordText is AppendRecordText with fields in style st.
func appendRecordText(buf []byte, r Record, st *Style) []byte {
	buf = append(buf, '(')
	for i, v := range r.Values {
		if i > 0 {
			buf = append(buf, ',')
		}
		if v == nil {
			continue
		}
		buf = appendRecordField(buf, AppendTextStyle(nil, r.Types[i], v, st))
	}
	return append(buf, ')')
}

func appendRecordField(buf, text []byte) []byte {
	quote := len(text) == 0
	for _, c := range text {
		if c == '"' || c == '\\' || c == '(' || c == ')' || c == ',' || isRecordSpace(c) {
			quote = true
			break
		}
	}
	if !quote {
		return append(buf, text...)
	}
	buf = append(buf, '"')
	for _, c := range text {
		if c == '"' || c == '\\' {
			buf = append(buf, c)
		}
		buf = append(buf, c)
	}
	return append(buf, '"')
}

// isRecordSpace is the C isspace of record_in and record_out.
func isRecordSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// ParseRecord is record_in: the text s as a record of fields named names
// of types ts, each field read by its type's input function (ParseText).
// An empty unquoted field is NULL. Errors: 22P02 `malformed record
// literal: "s"` with DETAIL "Missing left parenthesis.", "Too few
// columns.", "Too many columns.", "Unexpected end of input." or "Junk
// after right parenthesis."; a field's own input errors.
func ParseRecord(s string, names []string, ts []Type) (Record, error) {
	bad := func(detail string) (Record, error) {
		return Record{}, pgerror.Errorf(pgerror.InvalidTextRepresentation, "malformed record literal: \"%s\"", s).WithDetail(detail)
	}
	p := 0
	for p < len(s) && isRecordSpace(s[p]) {
		p++
	}
	if p >= len(s) || s[p] != '(' {
		return bad("Missing left parenthesis.")
	}
	p++
	r := Record{Names: names, Types: ts, Values: make([]any, len(ts))}
	for i := range ts {
		if i > 0 {
			if p >= len(s) || s[p] != ',' {
				return bad("Too few columns.")
			}
			p++
		}
		if p < len(s) && (s[p] == ',' || s[p] == ')') {
			continue // NULL
		}
		text, next, ok := scanRecordField(s, p)
		if !ok {
			return bad("Unexpected end of input.")
		}
		p = next
		v, err := ParseText(ts[i], text)
		if err != nil {
			return Record{}, err
		}
		r.Values[i] = v
	}
	if p >= len(s) || s[p] != ')' {
		return bad("Too many columns.")
	}
	for p++; p < len(s); p++ {
		if !isRecordSpace(s[p]) {
			return bad("Junk after right parenthesis.")
		}
	}
	return r, nil
}

// scanRecordField reads one field from s[p:] up to an unquoted comma or
// right parenthesis: quotes group, a backslash takes the next byte as it
// is, "" inside quotes is one quote. ok is false at the end of input.
func scanRecordField(s string, p int) (string, int, bool) {
	var b strings.Builder
	inQuote := false
	for {
		if p >= len(s) {
			return "", p, false
		}
		c := s[p]
		if !inQuote && (c == ',' || c == ')') {
			return b.String(), p, true
		}
		p++
		switch {
		case c == '\\':
			if p >= len(s) {
				return "", p, false
			}
			b.WriteByte(s[p])
			p++
		case c == '"' && !inQuote:
			inQuote = true
		case c == '"' && p < len(s) && s[p] == '"':
			b.WriteByte('"')
			p++
		case c == '"':
			inQuote = false
		default:
			b.WriteByte(c)
		}
	}
}

// AppendRecordBinary appends r as record_send writes it: the int32 count
// of fields, then per field its type's int32 OID and int32 length (-1
// for NULL) followed by its send-function bytes.
func AppendRecordBinary(buf []byte, r Record) []byte {
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(r.Values)))
	for i, v := range r.Values {
		buf = binary.BigEndian.AppendUint32(buf, uint32(r.Types[i].OID()))
		if v == nil {
			buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
			continue
		}
		at := len(buf)
		buf = AppendBinary(append(buf, 0, 0, 0, 0), r.Types[i], v)
		binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	}
	return buf
}

// DecodeRecordBinary is record_recv for a record of fields named names
// of types ts. Errors: 22P03 "wrong number of columns: N, expected M",
// "wrong data type: X, expected Y", 08P01 for short input.
func DecodeRecordBinary(b []byte, names []string, ts []Type) (Record, error) {
	r := &reader{b: b}
	n, err := r.uint32()
	if err != nil {
		return Record{}, err
	}
	if int(int32(n)) != len(ts) {
		return Record{}, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "wrong number of columns: %d, expected %d", int32(n), len(ts))
	}
	rec := Record{Names: names, Types: ts, Values: make([]any, len(ts))}
	for i, t := range ts {
		oid, err := r.uint32()
		if err != nil {
			return Record{}, err
		}
		if OID(oid) != t.OID() {
			return Record{}, pgerror.Errorf(pgerror.InvalidBinaryRepresentation, "wrong data type: %d, expected %d", oid, t.OID())
		}
		l, err := r.uint32()
		if err != nil {
			return Record{}, err
		}
		if int32(l) == -1 {
			continue
		}
		field, err := r.take(int(int32(l)))
		if err != nil {
			return Record{}, err
		}
		if rec.Values[i], err = DecodeBinary(t, field); err != nil {
			return Record{}, err
		}
	}
	return rec, r.done()
}

// compareRecords is record_cmp: field by field, a NULL after every
// value and equal to another NULL; a shorter record first when all its
// fields are equal.
func compareRecords(a, b Record) int {
	return compareArrays(Array(a.Values), Array(b.Values))
}
