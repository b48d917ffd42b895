package sem

import "strconv"

// sizeUnit is one step of pg_size_pretty's scale (PostgreSQL 15,
// src/backend/utils/adt/dbsize.c): values below limit print in this unit,
// half-rounded when round is set; bits is the unit's power of two.
type sizeUnit struct {
	name  string
	limit int64
	round bool
	bits  uint
}

var sizeUnits = []sizeUnit{
	{"bytes", 10 * 1024, false, 0},
	{"kB", 20*1024 - 1, true, 10},
	{"MB", 20*1024 - 1, true, 20},
	{"GB", 20*1024 - 1, true, 30},
	{"TB", 20*1024 - 1, true, 40},
	{"PB", 20*1024 - 1, true, 50},
}

// SizePretty is pg_size_pretty(bigint) as PostgreSQL 15 computes it:
// "10239 bytes", "10 kB", "20479 kB", "20 MB" ... up to PB.
func SizePretty(size int64) string {
	for i, u := range sizeUnits {
		abs := size
		if abs < 0 {
			abs = -abs
		}
		if i == len(sizeUnits)-1 || abs < u.limit {
			if u.round {
				size = halfRounded(size)
			}
			return strconv.FormatInt(size, 10) + " " + u.name
		}
		next := sizeUnits[i+1]
		bits := next.bits - u.bits
		if next.round {
			bits--
		}
		if u.round {
			bits++
		}
		size /= int64(1) << bits
	}
	return ""
}

func halfRounded(x int64) int64 {
	if x < 0 {
		return (x - 1) / 2
	}
	return (x + 1) / 2
}
