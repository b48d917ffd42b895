package sem

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// formatFuncs are format(formatstr text [, VARIADIC "any"]) (PostgreSQL
// docs 9.4.1), which psql's \dAc, \dAf and others call with %I.
var formatFuncs = []Func{
	{Name: "format", Args: []types.Type{types.Text}, Ret: types.Text, Volatility: Stable, Specialize: format},
	{Name: "format", Args: []types.Type{types.Text, Any}, Variadic: true, Ret: types.Text, Volatility: Stable,
		Specialize: format},
}

// format is format's implementation for arguments of types ts: each
// %[n$]s, %[n$]I and %[n$]L of the format string takes the next (or the
// n-th) argument as text — s as it is (NULL as ""), I as a quoted
// identifier, L as a quoted literal (NULL unquoted) — and %% is a %.
// Widths and * are not served (22023, as an unknown specifier). Errors:
// 22023 for too few arguments or an unrecognised specifier, 22004 for a
// NULL identifier. A NULL format string gives NULL.
func format(ts []types.Type) Impl {
	return func(_ Context, a []any) (any, error) {
		if a[0] == nil {
			return nil, nil
		}
		spec := a[0].(string)
		var out strings.Builder
		next := 1
		for i := 0; i < len(spec); i++ {
			if spec[i] != '%' {
				out.WriteByte(spec[i])
				continue
			}
			i++
			if i >= len(spec) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "unterminated format() type specifier").
					WithHint(`For a single "%" use "%%".`)
			}
			if spec[i] == '%' {
				out.WriteByte('%')
				continue
			}
			arg, j, err := formatArgIndex(spec, i, next)
			if err != nil {
				return nil, err
			}
			i, next = j, arg+1
			if arg >= len(a) {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "too few arguments for format()")
			}
			if err := formatOne(&out, spec[i], ts[arg], a[arg]); err != nil {
				return nil, err
			}
		}
		return out.String(), nil
	}
}

// formatArgIndex reads an optional n$ at spec[i:], returning the argument
// index (next when absent) and the position of the type letter.
func formatArgIndex(spec string, i, next int) (int, int, error) {
	j := i
	for j < len(spec) && spec[j] >= '0' && spec[j] <= '9' {
		j++
	}
	if j == i || j >= len(spec) || spec[j] != '$' {
		return next, i, nil
	}
	n, err := strconv.Atoi(spec[i:j])
	if err != nil || n == 0 {
		return 0, 0, pgerror.New(pgerror.InvalidParameterValue, "format specifies argument 0, but arguments are numbered from 1")
	}
	if j+1 >= len(spec) {
		return 0, 0, pgerror.New(pgerror.InvalidParameterValue, "unterminated format() type specifier").
			WithHint(`For a single "%" use "%%".`)
	}
	return n, j + 1, nil
}

// formatOne appends value v of type t as the specifier c formats it.
func formatOne(out *strings.Builder, c byte, t types.Type, v any) error {
	text := ""
	if v != nil {
		text = string(types.AppendText(nil, t, v))
	}
	switch c {
	case 's':
		out.WriteString(text)
	case 'I':
		if v == nil {
			return pgerror.New(pgerror.NullValueNotAllowed, "null values cannot be formatted as an SQL identifier")
		}
		out.WriteString(QuoteIdent(text))
	case 'L':
		if v == nil {
			out.WriteString("NULL")
			return nil
		}
		out.WriteString(quoteLiteral(text))
	default:
		return pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized format() type specifier \"%c\"", c).
			WithHint(`For a single "%" use "%%".`)
	}
	return nil
}

// quoteLiteral is quote_literal's quoting: single quotes doubled, and an
// E” literal with backslashes doubled when the text has a backslash.
func quoteLiteral(s string) string {
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if strings.Contains(s, `\`) {
		return "E" + strings.ReplaceAll(q, `\`, `\\`)
	}
	return q
}
