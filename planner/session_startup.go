package planner

import (
	"sort"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Startup parameters (PostgreSQL docs §55.7 StartupMessage, and libpq's
// "options"): the options parameter holds command-line switches for the
// server, of which vecgres takes -c name=value and --name=value (as
// PostgreSQL, a dash in the name is an underscore); the other parameters
// that are settings apply after them, so they win. Errors are FATAL.

// notSettings are the startup parameters that are not run-time settings,
// and those vecgres keeps at the values wire announced at startup, since
// it has only that behaviour (dates and times in ISO, UTC): a driver's
// DateStyle or TimeZone parameter must not be echoed back as if applied.
var notSettings = map[string]bool{"user": true, "database": true, "options": true, "replication": true,
	"datestyle": true, "timezone": true, "intervalstyle": true}

// ApplyStartup implements backend.Session. A bad value or an unknown name
// given with -c is PostgreSQL's error for SET (FATAL at startup); unknown
// names given as parameters are ignored, since drivers send settings
// PostgreSQL has and vecgres may not. A client_encoding that is not
// UTF8 is 0A000 "conversion between LATIN1 and UTF8 is not supported", as
// PostgreSQL's startup says for an encoding it cannot convert (vecgres
// converts none); an unknown encoding name is 22023. wire announces
// is_superuser on; for a role that is not a superuser the status sent
// here sets it off, and SHOW is_superuser says off.
func (s *Session) ApplyStartup() (map[string]string, error) {
	opts, err := splitOptions(s.startup["options"])
	if err != nil {
		return nil, err
	}
	status := map[string]string{}
	for _, kv := range opts {
		res, err := s.settings.setDefault(kv[0], kv[1])
		if err != nil {
			return nil, startupEncodingError(kv[0], kv[1], err)
		}
		for k, v := range res.ParamStatus {
			status[k] = v
		}
	}
	names := make([]string, 0, len(s.startup))
	for k := range s.startup {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		name, v := strings.ToLower(k), s.startup[k]
		if _, known := knownSettings[name]; notSettings[name] || (!known && !strings.Contains(name, ".")) {
			continue
		}
		res, err := s.settings.setDefault(name, v)
		if err != nil {
			return nil, startupEncodingError(name, v, err)
		}
		for rk, rv := range res.ParamStatus {
			status[rk] = rv
		}
	}
	if s.cat != nil && !s.cat.IsSuperuser(s.user()) { // nil: unit tests of settings alone
		s.settings.setBase("is_superuser", "off")
		status["is_superuser"] = "off"
	}
	return status, nil
}

// setBase sets the session's value of an internal setting (is_superuser).
func (st *settings) setBase(name, value string) {
	if st.base == nil {
		st.base = map[string]string{}
	}
	st.base[name] = value
	st.version++
}

// startupEncodingError is PostgreSQL's startup error for a client_encoding
// that names an encoding vecgres does not convert.
func startupEncodingError(name, v string, err error) error {
	if name != "client_encoding" {
		return err
	}
	if enc, ok := pgEncodingName(v); ok {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "conversion between %s and UTF8 is not supported", enc)
	}
	return err
}

// splitOptions reads the options startup parameter as PostgreSQL's
// pg_split_opts and postgres' switch parser: arguments separated by white
// space, a backslash taking the next character literally; -c name=value,
// -cname=value and --name=value. Other switches are 42601, as PostgreSQL
// reports an invalid one.
func splitOptions(opts string) ([][2]string, error) {
	args := splitArgs(opts)
	var out [][2]string
	for i := 0; i < len(args); i++ {
		a := args[i]
		var kv, flag string
		switch {
		case a == "-c" && i+1 < len(args):
			i++
			kv, flag = args[i], "-c "
		case strings.HasPrefix(a, "-c") && len(a) > 2:
			kv, flag = a[2:], "-c "
		case strings.HasPrefix(a, "--") && len(a) > 2:
			kv, flag = a[2:], "--"
		default:
			return nil, pgerror.Errorf(pgerror.SyntaxError, "invalid command-line argument for server process: %s", a).
				WithHint(`Try "postgres --help" for more information.`)
		}
		name, value, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, pgerror.Errorf(pgerror.SyntaxError, "%s%s requires a value", flag, kv)
		}
		out = append(out, [2]string{strings.ToLower(strings.ReplaceAll(name, "-", "_")), value})
	}
	return out, nil
}

// splitArgs splits on unescaped white space; backslash escapes.
func splitArgs(s string) []string {
	var args []string
	var cur strings.Builder
	in, esc := false, false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc, in = false, true
		case r == '\\':
			esc, in = true, true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\f' || r == '\v':
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		args = append(args, cur.String())
	}
	return args
}

// setDefault applies a startup setting: checked as SET, it becomes the
// session's default (RESET and DISCARD ALL return to it).
func (st *settings) setDefault(name, value string) (*backend.Result, error) {
	res, err := st.set(name, value)
	if err != nil {
		return nil, err
	}
	if st.base == nil {
		st.base = map[string]string{}
	}
	st.base[name] = st.values[name]
	delete(st.values, name)
	return res, nil
}
