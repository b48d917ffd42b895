package sql

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// defValue returns the argument of an option (DefElem) as written: numbers
// as written, strings and identifiers unquoted, booleans "true"/"false".
// ok is false when there is no argument or it is not a constant.
func defValue(d *pg_query.DefElem) (v string, ok bool) {
	return constText(d.GetArg())
}

// constText is the text of a constant node (Integer, Float, String, Boolean
// or an A_Const of one of them).
func constText(n *pg_query.Node) (string, bool) {
	switch v := n.GetNode().(type) {
	case *pg_query.Node_Integer:
		return itoa32(v.Integer.GetIval()), true
	case *pg_query.Node_Float:
		return v.Float.GetFval(), true
	case *pg_query.Node_String_:
		return v.String_.GetSval(), true
	case *pg_query.Node_Boolean:
		return strconv.FormatBool(v.Boolean.GetBoolval()), true
	case *pg_query.Node_AConst:
		a := v.AConst
		switch x := a.GetVal().(type) {
		case *pg_query.A_Const_Ival:
			return itoa32(x.Ival.GetIval()), true
		case *pg_query.A_Const_Fval:
			return x.Fval.GetFval(), true
		case *pg_query.A_Const_Sval:
			return x.Sval.GetSval(), true
		case *pg_query.A_Const_Boolval:
			return strconv.FormatBool(x.Boolval.GetBoolval()), true
		}
	case *pg_query.Node_TypeName:
		// A type-name keyword used as a value: WITH (x = int).
		return strings.Join(strs(v.TypeName.GetNames()), "."), true
	}
	return "", false
}

// parseBool reads a Boolean option value as PostgreSQL's parse_bool does:
// true/false, yes/no, on/off, 1/0 and unique prefixes, case-insensitive.
func parseBool(s string) (val, ok bool) {
	s = strings.ToLower(s)
	if s == "" {
		return false, false
	}
	switch {
	case strings.HasPrefix("true", s), strings.HasPrefix("yes", s), s == "on", s == "1":
		return true, true
	case strings.HasPrefix("false", s), strings.HasPrefix("no", s), len(s) >= 2 && strings.HasPrefix("off", s), s == "0":
		return false, true
	}
	return false, false
}

// defBool is the Boolean value of an option; no argument means true.
func defBool(d *pg_query.DefElem) (val, ok bool) {
	if d.GetArg() == nil {
		return true, true
	}
	s, ok := defValue(d)
	if !ok {
		return false, false
	}
	return parseBool(s)
}
