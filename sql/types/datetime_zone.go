package types

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // zone names resolve without /usr/share/zoneinfo
)

// IntervalStyle is the IntervalStyle setting: how interval_out prints.
type IntervalStyle uint8

// The IntervalStyle values vecgres prints.
const (
	IntervalPostgres        IntervalStyle = iota // 1 year 2 mons 3 days 04:05:06
	IntervalISO8601                              // P1Y2M3DT4H5M6S
	IntervalPostgresVerbose                      // @ 1 year 2 mons 3 days 4 hours 5 mins 6 secs
)

// postgresEpochSecs is 2000-01-01 00:00:00 UTC in Unix seconds.
const postgresEpochSecs = 946684800

// ZoneOffset is loc's offset east of UTC, in seconds, at the instant us
// (timestamptz microseconds), with the zone's abbreviation then.
func ZoneOffset(us int64, loc *time.Location) (int64, string) {
	name, off := time.Unix(floorDiv(us, usecPerSec)+postgresEpochSecs, 0).In(loc).Zone()
	return int64(off), name
}

// ToWall is the wall-clock time in loc (timestamp microseconds) of the
// instant us (timestamptz microseconds); infinities stay.
func ToWall(us int64, loc *time.Location) int64 {
	if us == TimestampInfinity || us == TimestampNegInfinity {
		return us
	}
	off, _ := ZoneOffset(us, loc)
	return us + off*usecPerSec
}

// FromWall is the instant of wall-clock time us in loc, resolved as
// PostgreSQL's DetermineTimeZoneOffset: a time skipped by a
// spring-forward transition reads with the offset before it, a time a
// fall-back transition repeats with the offset after it. Infinities stay.
func FromWall(us int64, loc *time.Location) int64 {
	if us == TimestampInfinity || us == TimestampNegInfinity {
		return us
	}
	w := floorDiv(us, usecPerSec) // whole seconds since 2000-01-01
	before, _ := ZoneOffset((w-86400)*usecPerSec, loc)
	after, _ := ZoneOffset((w+86400)*usecPerSec, loc)
	if before == after {
		return us - before*usecPerSec
	}
	_, end := time.Unix(w-86400+postgresEpochSecs, 0).In(loc).ZoneBounds()
	t := end.Unix() - postgresEpochSecs
	bt, at := w-before, w-after
	switch {
	case bt < t && at < t:
		return us - before*usecPerSec
	case bt >= t && at >= t:
		return us - after*usecPerSec
	case bt > at:
		return us - before*usecPerSec
	}
	return us - after*usecPerSec
}

// posixZone is a POSIX time zone without daylight rules: an optional
// abbreviation (letters, or <...>) and an offset [+-]hh[:mm[:ss]] west of
// UTC ("UTC+3" and "+05:30" are 3 and 5.5 hours west, "<+05>-05" 5 east).
var posixZone = regexp.MustCompile(`^(?:[A-Za-z]{3,}|<[^<>]+>)?([+-]?)(\d{1,3})(?::(\d{2}))?(?::(\d{2}))?$`)

// maxZoneOffset bounds a POSIX offset (pg_tzset_offset: under a week).
const maxZoneOffset = 168 * 3600

// LoadZone resolves a time zone as PostgreSQL's TimeZone setting and
// AT TIME ZONE do: a tz database name (the system's /usr/share/zoneinfo,
// else the copy embedded in the binary; "europe/paris" finds
// Europe/Paris, the name returned), or a POSIX zone with a fixed offset,
// kept as written. ok false for anything else. PostgreSQL's zone
// abbreviations (PST, CEST) are not known, except those that are tz
// database names (EST, UTC, GMT).
func LoadZone(name string) (loc *time.Location, canonical string, ok bool) {
	if m := posixZone.FindStringSubmatch(name); m != nil {
		h, _ := strconv.Atoi(m[2])
		mi, _ := strconv.Atoi(m[3] + "0")
		s, _ := strconv.Atoi(m[4] + "0")
		west := h*3600 + mi/10*60 + s/10
		if west >= maxZoneOffset || mi/10 > 59 || s/10 > 59 {
			return nil, "", false
		}
		if m[1] == "-" {
			west = -west
		}
		return time.FixedZone(name, -west), name, true
	}
	if name == "" || strings.EqualFold(name, "local") || strings.Contains(name, "..") {
		return nil, "", false
	}
	for _, n := range []string{name, titleZone(name), strings.ToUpper(name)} {
		if loc, err := time.LoadLocation(n); err == nil {
			return loc, n, true
		}
	}
	return nil, "", false
}

// titleZone capitalises each word of a zone name: america/new_york is
// America/New_York.
func titleZone(name string) string {
	b := []byte(strings.ToLower(name))
	for i := range b {
		if i == 0 || b[i-1] == '/' || b[i-1] == '_' || b[i-1] == '-' {
			if b[i] >= 'a' && b[i] <= 'z' {
				b[i] -= 'a' - 'A'
			}
		}
	}
	return string(b)
}

// appendOffset prints a UTC offset as timestamptz_out does: "+00",
// "-05", "+05:30", "+00:19:32".
func appendOffset(buf []byte, off int64) []byte {
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	buf = appendPadded(append(buf, sign), off/3600, 2)
	if off%3600 != 0 {
		buf = appendPadded(append(buf, ':'), off/60%60, 2)
	}
	if off%60 != 0 {
		buf = appendPadded(append(buf, ':'), off%60, 2)
	}
	return buf
}
