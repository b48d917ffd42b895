package planner

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Style is the session's types.Style (backend.Styler): timestamptz values
// read and print in its TimeZone, intervals print in its IntervalStyle,
// floats and bytea in its extra_float_digits and bytea_output. It is made
// again, as a new Style, with the hotSettings after a setting changed.
func (s *Session) Style() *types.Style { return s.hot().style }

// readStyle is the Style of the session's current settings.
func (s *Session) readStyle() *types.Style {
	st := &types.Style{}
	if loc, _, ok := types.LoadZone(s.settingValue("timezone")); ok {
		st.Zone = loc
	}
	switch s.settingValue("intervalstyle") {
	case "iso_8601":
		st.IntervalStyle = types.IntervalISO8601
	case "postgres_verbose":
		st.IntervalStyle = types.IntervalPostgresVerbose
	}
	efd, err := strconv.Atoi(s.settingValue("extra_float_digits"))
	if err != nil {
		efd = 1
	}
	st.SetOutput(efd, s.settingValue("bytea_output") == "escape")
	return st
}

// intervalStyleCheck accepts PostgreSQL's IntervalStyle values; vecgres
// prints postgres, postgres_verbose and iso_8601. Errors: 22023 with the
// available values, 0A000 for sql_standard.
func intervalStyleCheck(name, v string) (string, error) {
	lv, err := enumCheck("postgres", "postgres_verbose", "sql_standard", "iso_8601")(name, v)
	if err == nil && lv == "sql_standard" {
		return "", pgerror.NotSupported("IntervalStyle sql_standard")
	}
	return lv, err
}

// dateStyleCheck is check_datestyle: a comma-separated list of an output
// format (ISO, SQL, Postgres, German) and a field order (YMD, DMY, MDY;
// Euro and US spellings), printed "ISO, MDY". vecgres prints ISO only:
// another format is 0A000 naming it. Errors: 22023 `invalid value for
// parameter "DateStyle": "x"` with DETAIL `Unrecognized key word: "x".` or
// `Conflicting "datestyle" specifications.`
func dateStyleCheck(_, v string) (string, error) {
	format, order := "", ""
	for _, w := range strings.Split(v, ",") {
		tok := strings.ToLower(strings.TrimSpace(w))
		var f, o string
		switch tok {
		case "iso", "sql", "postgres", "german":
			f = map[string]string{"iso": "ISO", "sql": "SQL", "postgres": "Postgres", "german": "German"}[tok]
			if tok == "german" && order == "" {
				o = "DMY"
			}
		case "ymd":
			o = "YMD"
		case "dmy", "euro", "european":
			o = "DMY"
		case "mdy", "us", "noneuro", "noneuropean":
			o = "MDY"
		case "default":
			f, o = "ISO", "MDY"
		default:
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter \"DateStyle\": \"%s\"", v).
				WithDetail("Unrecognized key word: \"" + strings.TrimSpace(w) + "\".")
		}
		if f != "" && format != "" && f != format || o != "" && order != "" && o != order && tok != "german" {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter \"DateStyle\": \"%s\"", v).
				WithDetail("Conflicting \"datestyle\" specifications.")
		}
		if f != "" {
			format = f
		}
		if o != "" && (order == "" || tok != "german") {
			order = o
		}
	}
	if format == "" {
		format = "ISO"
	}
	if order == "" {
		order = "MDY"
	}
	if format != "ISO" {
		return "", pgerror.NotSupported("DateStyle " + format)
	}
	return format + ", " + order, nil
}
