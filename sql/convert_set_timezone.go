package sql

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// SET TIME ZONE's value forms that name a fixed offset from UTC
// (PostgreSQL 15 docs, SET; guc check_timezone): INTERVAL '+05:30' [HOUR
// TO MINUTE] (Sequelize sends INTERVAL '+00:00' HOUR TO MINUTE on every
// connection) and a number of hours (SET TIME ZONE -3.5). PostgreSQL
// names such a zone by its POSIX spelling, which SHOW TimeZone prints:
// "<+05:30>-05:30", "<+00>-00". Other values (UTC, LOCAL, DEFAULT, zone
// names) are SET's ordinary ones.

// hhmmInterval is the interval text of a time zone offset: [+-]H[H][:MM[:SS]].
var hhmmInterval = regexp.MustCompile(`^\s*([+-]?)(\d{1,3})(?::(\d{2}))?(?::(\d{2}))?\s*$`)

// timeZoneValue converts the one value of SET TIME ZONE (or SET timezone
// =) when it is an interval or a number: ok false for any other value.
// Errors: 22023 "invalid value for parameter \"TimeZone\"" for an
// interval with days, months or years, or an offset of a week or more;
// 0A000 for another interval text.
func (c *conv) timeZoneValue(arg *pg_query.Node) (string, bool, error) {
	if tc := arg.GetTypeCast(); tc != nil {
		names := strs(tc.GetTypeName().GetNames())
		if len(names) == 0 || names[len(names)-1] != "interval" {
			return "", false, nil
		}
		s, _ := constText(tc.GetArg())
		secs, err := intervalOffset(s)
		if err != nil {
			return "", true, err
		}
		return posixOffsetName(secs, "INTERVAL '"+s+"'")
	}
	switch arg.GetAConst().GetVal().(type) {
	case *pg_query.A_Const_Ival, *pg_query.A_Const_Fval:
	default:
		return "", false, nil
	}
	s, _ := constText(arg)
	hours, _ := strconv.ParseFloat(s, 64)
	return posixOffsetName(int64(math.Round(hours*3600)), s)
}

// intervalOffset reads an offset interval's seconds east of UTC.
func intervalOffset(s string) (int64, error) {
	bad := func(detail string) error {
		return pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter \"TimeZone\": \"INTERVAL '%s'\"", s).WithDetail(detail)
	}
	lower := strings.ToLower(s)
	for _, unit := range []string{"year", "mon", "day"} {
		if strings.Contains(lower, unit) {
			unitName := map[string]string{"year": "months", "mon": "months", "day": "days"}[unit]
			return 0, bad("Cannot specify " + unitName + " in time zone interval.")
		}
	}
	m := hhmmInterval.FindStringSubmatch(s)
	if m == nil {
		return 0, pgerror.NotSupported(fmt.Sprintf("SET TIME ZONE INTERVAL '%s'", s))
	}
	h, _ := strconv.ParseInt(m[2], 10, 64)
	mi, _ := strconv.ParseInt("0"+m[3], 10, 64)
	se, _ := strconv.ParseInt("0"+m[4], 10, 64)
	secs := h*3600 + mi*60 + se
	if m[1] == "-" {
		secs = -secs
	}
	return secs, nil
}

// maxOffset is the bound of a fixed offset's size (pg_tzset_offset: under
// one week).
const maxOffset = 168 * 3600

// posixOffsetName is PostgreSQL's name for a fixed offset of secs seconds
// east of UTC (pg_tzset_offset): "<+05:30>-05:30", minutes and seconds
// only when not zero; ok true. Errors: 22023 naming value when the offset
// is a week or more.
func posixOffsetName(secs int64, value string) (string, bool, error) {
	if secs >= maxOffset || secs <= -maxOffset {
		return "", true, pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter \"TimeZone\": \"%s\"", value).
			WithDetail("UTC timezone offset is out of range.")
	}
	abs := secs
	if abs < 0 {
		abs = -abs
	}
	off := fmt.Sprintf("%02d", abs/3600)
	if abs%3600 != 0 {
		off += fmt.Sprintf(":%02d", abs%3600/60)
		if abs%60 != 0 {
			off += fmt.Sprintf(":%02d", abs%60)
		}
	}
	if secs >= 0 {
		return "<+" + off + ">-" + off, true, nil
	}
	return "<-" + off + ">+" + off, true, nil
}
