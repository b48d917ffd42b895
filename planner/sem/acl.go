package sem

import (
	"fmt"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// dumpFuncs are the catalog functions pg_dump calls that no other client
// needs (PostgreSQL docs 9.26 "System Information Functions and
// Operators").
var dumpFuncs = []Func{
	{Name: "acldefault", Args: []types.Type{types.Text, types.OIDType}, Ret: types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod},
		Strict: true, Volatility: Immutable, Fn: aclDefault},
	{Name: "pg_options_to_table", Args: []types.Type{types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}},
		Ret: types.Text, Strict: true, Volatility: Stable, SetReturning: true,
		Cols: []Column{{"option_name", types.Text}, {"option_value", types.Text}}, Rows: optionsToTable},
	{Name: "quote_literal", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true, Volatility: Immutable,
		Fn: func(_ Context, a []any) (any, error) { return quoteLiteral(a[0].(string)), nil }},
	{Name: "quote_nullable", Args: []types.Type{types.Text}, Ret: types.Text, Volatility: Immutable,
		Fn: func(_ Context, a []any) (any, error) {
			if a[0] == nil {
				return "NULL", nil
			}
			return quoteLiteral(a[0].(string)), nil
		}},
	{Name: "array_remove", Args: []types.Type{textArray, types.Text}, Ret: textArray, Volatility: Immutable, Fn: arrayRemove},
}

var textArray = types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}

// arrayRemove is array_remove(a, x) (docs 9.19) of a text array, the
// form pg_dump calls (PostgreSQL's takes anyarray and anyelement):
// a without the elements equal to x (IS NOT DISTINCT FROM: a NULL x
// removes the NULLs); NULL for a NULL array.
func arrayRemove(_ Context, a []any) (any, error) {
	arr, ok := a[0].(types.Array)
	if !ok {
		return a[0], nil
	}
	out := types.Array{}
	for _, v := range arr {
		if v == nil && a[1] == nil || v != nil && a[1] != nil && types.Compare(v, a[1]) == 0 {
			continue
		}
		out = append(out, v)
	}
	return out, nil
}

// optionsToTable is pg_options_to_table(options text[]): each
// "name=value" element as a row (name, value); an element without "="
// gives value NULL.
func optionsToTable(_ Context, a []any, emit func([]any) error) error {
	for _, o := range types.Elems(a[0]) {
		s, ok := o.(string)
		if !ok {
			continue
		}
		name, value, found := strings.Cut(s, "=")
		var v any = value
		if !found {
			v = nil
		}
		if err := emit([]any{name, v}); err != nil {
			return err
		}
	}
	return nil
}

// defaultACLs are PostgreSQL 15's built-in privileges by acldefault's
// object type letter (acl.c, acldefault): what PUBLIC holds, what the
// owner holds ("" for none).
var defaultACLs = map[string][2]string{
	"c": {"", ""}, "r": {"", "arwdDxt"}, "s": {"", "rwU"}, "d": {"Tc", "CTc"},
	"f": {"X", "X"}, "l": {"U", "U"}, "L": {"", "rw"}, "n": {"", "UC"}, "t": {"", "C"},
	"F": {"", "U"}, "S": {"", "U"}, "T": {"U", "U"}, "p": {"", "sA"},
}

// aclDefault is acldefault(type "char", owner oid) → aclitem[] (shown as
// text[]): the privileges an object of that type has before any GRANT,
// as aclitem text "grantee=privs/grantor" (PUBLIC's grantee empty; a
// role that does not exist shown by its OID). Errors: XX000
// "unrecognized objtype abbreviation" for another letter.
func aclDefault(c Context, a []any) (any, error) {
	kind := strings.TrimRight(a[0].(string), " ")
	d, ok := defaultACLs[kind]
	if !ok {
		return nil, pgerror.Errorf(pgerror.InternalError, "unrecognized objtype abbreviation: %s", kind)
	}
	oid := uint32(a[1].(int64))
	owner := c.RoleName(oid)
	if strings.HasPrefix(owner, "unknown (OID=") {
		owner = fmt.Sprint(oid)
	} else {
		owner = quoteACLName(owner)
	}
	acl := types.Array{}
	if d[0] != "" {
		acl = append(acl, "="+d[0]+"/"+owner)
	}
	if d[1] != "" {
		acl = append(acl, owner+"="+d[1]+"/"+owner)
	}
	return acl, nil
}

// quoteACLName double-quotes a role name in aclitem text when it holds
// characters other than letters, digits and underscores, as PostgreSQL's
// putid.
func quoteACLName(s string) string {
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80) {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
	}
	return s
}

// substrFuncs are substr(text, from [, count]) and substring's
// same-argument forms (docs 9.4, Table 9.10): characters from the 1-based
// position from, count of them (positions before 1 count against count).
// Errors: 22011 "negative substring length not allowed".
var substrFuncs = []Func{
	{Name: "substr", Args: []types.Type{types.Text, types.Int4, types.Int4}, Ret: types.Text, Strict: true, Volatility: Immutable, Fn: substrText},
	{Name: "substr", Args: []types.Type{types.Text, types.Int4}, Ret: types.Text, Strict: true, Volatility: Immutable, Fn: substrText},
	{Name: "substring", Args: []types.Type{types.Text, types.Int4, types.Int4}, Ret: types.Text, Strict: true, Volatility: Immutable, Fn: substrText},
	{Name: "substring", Args: []types.Type{types.Text, types.Int4}, Ret: types.Text, Strict: true, Volatility: Immutable, Fn: substrText},
}

func substrText(_ Context, a []any) (any, error) {
	r := []rune(a[0].(string))
	from := a[1].(int64)
	end := int64(len(r)) + 1
	if len(a) > 2 {
		n := a[2].(int64)
		if n < 0 {
			return nil, pgerror.New(pgerror.SubstringError, "negative substring length not allowed")
		}
		end = min(from+n, end)
	}
	from = max(from, 1)
	if from >= end {
		return "", nil
	}
	return string(r[from-1 : end-1]), nil
}
