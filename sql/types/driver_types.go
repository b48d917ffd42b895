package types

import (
	"bytes"
	"encoding/binary"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// isDriverKind reports the kinds this file formats: bytea, date,
// timestamp, timestamptz, uuid and jsonb.
func isDriverKind(k Kind) bool {
	switch k {
	case KindBytea, KindDate, KindTimestamp, KindTimestamptz, KindUUID, KindJSONB, KindInterval, KindTime:
		return true
	}
	return false
}

// parseDriverText is the input function of a driver kind.
func parseDriverText(t Type, s string, st *Style) (any, error) {
	switch t.Kind {
	case KindBytea:
		return parseBytea(s)
	case KindDate:
		return ParseDate(s)
	case KindTimestamp, KindTimestamptz:
		us, err := parseTimestamp(s, t.Kind == KindTimestamptz, st)
		if err != nil {
			return nil, err
		}
		return roundTimestamp(us, t.Typmod), nil
	case KindUUID:
		return ParseUUID(s)
	case KindInterval:
		return ParseInterval(s, t.Typmod)
	case KindTime:
		return ParseTime(s, t.Typmod)
	}
	return ParseJSONB(s)
}

// appendDriverText is the output function of a driver kind.
func appendDriverText(buf []byte, t Type, d any, st *Style) []byte {
	switch x := d.(type) {
	case []byte:
		return appendBytea(buf, x)
	case UUID:
		return AppendUUID(buf, x)
	case JSONB:
		return AppendJSONB(buf, x)
	case Interval:
		return AppendInterval(buf, x, st)
	case int64:
		switch t.Kind {
		case KindTime:
			return AppendTime(buf, x)
		case KindDate:
			return AppendDate(buf, x)
		case KindTimestamp:
			return AppendTimestamp(buf, x, false)
		case KindTimestamptz:
			return AppendTimestamptz(buf, x, st)
		}
	}
	return nil
}

// jsonbVersion is the first byte of jsonb's binary form (jsonb_send).
const jsonbVersion = 1

// decodeDriverBinary is the receive function of a driver kind: bytea raw;
// date int32 days since 2000-01-01; timestamp and timestamptz int64
// microseconds since 2000-01-01; uuid 16 bytes; jsonb a version byte 1
// then the JSON text. Errors: 08P01 short data, 22P03 trailing bytes,
// 22008 date or timestamp out of range, 22023 `unsupported jsonb version
// number 2`, 22021 for JSON text that is not UTF-8 or holds a NUL byte
// (checked before parsing, as jsonb_recv's pq_getmsgtext does), and the
// text parser's for jsonb.
func decodeDriverBinary(t Type, b []byte) (any, error) {
	switch t.Kind {
	case KindBytea:
		return bytes.Clone(b), nil
	case KindJSONB:
		if len(b) == 0 {
			return nil, errInsufficientData()
		}
		if b[0] != jsonbVersion {
			return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "unsupported jsonb version number %d", b[0])
		}
		if err := checkText(b[1:]); err != nil {
			return nil, err
		}
		return ParseJSONB(string(b[1:]))
	case KindInterval:
		return decodeIntervalBinary(t, b)
	}
	r := reader{b: b}
	var d any
	switch t.Kind {
	case KindDate:
		v, err := r.uint32()
		if err != nil {
			return nil, err
		}
		if days := int64(int32(v)); ValidDate(days) {
			d = days
		} else {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "date out of range")
		}
	case KindTime:
		v, err := r.uint64()
		if err != nil {
			return nil, err
		}
		if int64(v) < 0 || int64(v) > usecPerDay {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "time out of range")
		}
		d = roundTime(int64(v), t.Typmod)
	case KindTimestamp, KindTimestamptz:
		v, err := r.uint64()
		if err != nil {
			return nil, err
		}
		if !ValidTimestamp(int64(v)) {
			return nil, pgerror.New(pgerror.DatetimeFieldOverflow, "timestamp out of range")
		}
		d = roundTimestamp(int64(v), t.Typmod)
	case KindUUID:
		p, err := r.take(16)
		if err != nil {
			return nil, err
		}
		d = UUID(p)
	}
	return d, r.done()
}

// appendDriverBinary is the send function of a driver kind.
func appendDriverBinary(buf []byte, t Type, d any) []byte {
	switch x := d.(type) {
	case []byte:
		return append(buf, x...)
	case UUID:
		return append(buf, x[:]...)
	case JSONB:
		return AppendJSONB(append(buf, jsonbVersion), x)
	case Interval:
		return appendIntervalBinary(buf, x)
	case int64:
		if t.Kind == KindDate {
			return binary.BigEndian.AppendUint32(buf, uint32(int32(x)))
		}
		return binary.BigEndian.AppendUint64(buf, uint64(x))
	}
	return buf
}

// castDateTime converts among date, timestamp and timestamptz (all
// allowed implicitly or in assignment): date to timestamp is midnight,
// timestamp to date drops the time of day; a timestamptz is read or made
// in the style's TimeZone. Infinities map to infinities. ok is false for
// other pairs.
func castDateTime(d any, from, to Type, st *Style) (any, bool, error) {
	isTS := func(k Kind) bool { return k == KindTimestamp || k == KindTimestamptz }
	v, _ := d.(int64)
	if from.Kind == KindTimestamptz && to.Kind != KindTimestamptz {
		v = ToWall(v, st.zone())
	}
	if v2, ok, err := castTime(v, from, to, st); ok { // time.go
		return v2, ok, err
	}
	switch {
	case isTS(from.Kind) && isTS(to.Kind):
		if to.Kind == KindTimestamptz && from.Kind == KindTimestamp {
			v = FromWall(v, st.zone())
		}
		return roundTimestamp(v, to.Typmod), true, nil
	case from.Kind == KindDate && isTS(to.Kind):
		us, err := DateToTimestamp(v)
		if err != nil {
			return nil, true, err
		}
		if to.Kind == KindTimestamptz {
			us = FromWall(us, st.zone())
		}
		return us, true, nil
	case isTS(from.Kind) && to.Kind == KindDate:
		switch v {
		case TimestampInfinity:
			return int64(DateInfinity), true, nil
		case TimestampNegInfinity:
			return int64(DateNegInfinity), true, nil
		}
		return floorDiv(v, usecPerDay), true, nil
	}
	return nil, false, nil
}

// DateToTimestamp is date2timestamp: midnight of days (since 2000-01-01)
// in microseconds, infinities kept. Error: 22008 `date out of range for
// timestamp` past 294276 AD.
func DateToTimestamp(days int64) (int64, error) {
	switch days {
	case DateInfinity:
		return TimestampInfinity, nil
	case DateNegInfinity:
		return TimestampNegInfinity, nil
	}
	if days >= endTimestamp/usecPerDay {
		return 0, pgerror.New(pgerror.DatetimeFieldOverflow, "date out of range for timestamp")
	}
	return days * usecPerDay, nil
}
