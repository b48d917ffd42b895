package types

import (
	"encoding/binary"
	"math"
	"strconv"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Interval is the value of PostgreSQL's interval (datatype/timestamp.h):
// months, days and microseconds kept apart, since a month's and a day's
// length vary. Comparison and hashing read the span with 30-day months
// and 24-hour days (interval_cmp_value), so '1 mon' = '30 days'.
type Interval struct {
	Months int32
	Days   int32
	Micros int64
}

// Interval typmods (PostgreSQL's INTERVAL_TYPMOD): the field range mask
// in the high 16 bits, the seconds' precision in the low 16.
const (
	ivYear            = 1 << 2
	ivMonth           = 1 << 1
	ivDay             = 1 << 3
	ivHour            = 1 << 10
	ivMinute          = 1 << 11
	ivSecond          = 1 << 12
	ivFullRange       = 0x7FFF
	ivFullPrecision   = 0xFFFF
	usecPerHour       = 3600 * usecPerSec
	usecPerMinute     = 60 * usecPerSec
	daysPerMonth      = 30
	monthsPerYear     = 12
	maxIntervalPrec   = 6
	intervalWireBytes = 16
)

// spanKey is the interval's span as (days, microseconds in [0, a day)):
// what interval_cmp_value orders, without 128-bit arithmetic.
func (iv Interval) spanKey() (int64, int64) {
	days := int64(iv.Months)*daysPerMonth + int64(iv.Days) + floorDiv(iv.Micros, usecPerDay)
	return days, iv.Micros - floorDiv(iv.Micros, usecPerDay)*usecPerDay
}

// CompareIntervals orders two intervals by their spans (interval_cmp).
func CompareIntervals(a, b Interval) int {
	ad, au := a.spanKey()
	bd, bu := b.spanKey()
	if c := compareOrdered(ad, bd); c != 0 {
		return c
	}
	return compareOrdered(au, bu)
}

// appendIntervalKey appends the span key: equal spans, equal keys.
func appendIntervalKey(b []byte, iv Interval) []byte {
	d, us := iv.spanKey()
	return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(b, uint64(d)), uint64(us))
}

// appendIntervalBinary is interval_send: int64 microseconds, int32 days,
// int32 months.
func appendIntervalBinary(buf []byte, iv Interval) []byte {
	buf = binary.BigEndian.AppendUint64(buf, uint64(iv.Micros))
	buf = binary.BigEndian.AppendUint32(buf, uint32(iv.Days))
	return binary.BigEndian.AppendUint32(buf, uint32(iv.Months))
}

// decodeIntervalBinary is interval_recv, then the typmod. Errors: 08P01
// for fewer than 16 bytes, 22P03 for more.
func decodeIntervalBinary(t Type, b []byte) (any, error) {
	r := reader{b: b}
	us, err := r.uint64()
	if err != nil {
		return nil, err
	}
	d, err := r.uint32()
	if err != nil {
		return nil, err
	}
	m, err := r.uint32()
	if err != nil {
		return nil, err
	}
	if err := r.done(); err != nil {
		return nil, err
	}
	return adjustInterval(Interval{Months: int32(m), Days: int32(d), Micros: int64(us)}, t.Typmod), nil
}

// IntervalTypmod is the typmod of interval with a field range (a mask
// of the range's fields, ivFullRange for all) and a precision (0..6,
// ivFullPrecision for none).
func IntervalTypmod(rng, prec int32) int32 { return rng<<16 | prec&0xFFFF }

func intervalRange(typmod int32) int32 {
	if typmod < 0 {
		return ivFullRange
	}
	return typmod >> 16 & 0x7FFF
}

func intervalPrecision(typmod int32) int32 {
	if typmod < 0 {
		return ivFullPrecision
	}
	return typmod & 0xFFFF
}

// validRanges are the field ranges the grammar makes (intervaltypmodin).
var validRanges = map[int32]string{
	ivYear: "year", ivMonth: "month", ivDay: "day", ivHour: "hour", ivMinute: "minute", ivSecond: "second",
	ivYear | ivMonth: "year to month", ivDay | ivHour: "day to hour", ivDay | ivHour | ivMinute: "day to minute",
	ivDay | ivHour | ivMinute | ivSecond: "day to second", ivHour | ivMinute: "hour to minute",
	ivHour | ivMinute | ivSecond: "hour to second", ivMinute | ivSecond: "minute to second", ivFullRange: "",
}

// intervalTypmodIn is intervaltypmodin: a range mask, and optionally a
// precision 0..6 (above 6 is 6). Errors: 22023 `invalid INTERVAL type
// modifier`, `INTERVAL(-1) precision must not be negative`.
func intervalTypmodIn(mods []int32) (Type, error) {
	if len(mods) < 1 || len(mods) > 2 {
		return Unknown, pgerror.New(pgerror.InvalidParameterValue, "invalid INTERVAL type modifier")
	}
	if _, ok := validRanges[mods[0]]; !ok {
		return Unknown, pgerror.New(pgerror.InvalidParameterValue, "invalid INTERVAL type modifier")
	}
	prec := int32(ivFullPrecision)
	if len(mods) == 2 {
		if mods[1] < 0 {
			return Unknown, pgerror.Errorf(pgerror.InvalidParameterValue, "INTERVAL(%d) precision must not be negative", mods[1])
		}
		prec = min(mods[1], maxIntervalPrec)
	}
	return Type{KindInterval, IntervalTypmod(mods[0], prec)}, nil
}

// intervalTypmodName is format_type's "interval day to second(3)".
func intervalTypmodName(typmod int32) string {
	name := "interval"
	if r := validRanges[intervalRange(typmod)]; r != "" {
		name += " " + r
	}
	if p := intervalPrecision(typmod); p != ivFullPrecision {
		name += "(" + strconv.Itoa(int(p)) + ")"
	}
	return name
}

// adjustInterval is AdjustIntervalForTypmod: fields below the range's
// last are dropped, seconds rounded to the precision.
func adjustInterval(iv Interval, typmod int32) Interval {
	if typmod < 0 {
		return iv
	}
	switch intervalRange(typmod) {
	case ivYear:
		iv.Months, iv.Days, iv.Micros = iv.Months/monthsPerYear*monthsPerYear, 0, 0
	case ivMonth, ivYear | ivMonth:
		iv.Days, iv.Micros = 0, 0
	case ivDay:
		iv.Micros = 0
	case ivHour, ivDay | ivHour:
		iv.Micros = iv.Micros / usecPerHour * usecPerHour
	case ivMinute, ivHour | ivMinute, ivDay | ivHour | ivMinute:
		iv.Micros = iv.Micros / usecPerMinute * usecPerMinute
	}
	if p := intervalPrecision(typmod); p != ivFullPrecision && p < maxIntervalPrec {
		scale := int64(math.Pow10(int(maxIntervalPrec - p)))
		if iv.Micros >= 0 {
			iv.Micros = (iv.Micros + scale/2) / scale * scale
		} else {
			iv.Micros = -((-iv.Micros + scale/2) / scale * scale)
		}
	}
	return iv
}
