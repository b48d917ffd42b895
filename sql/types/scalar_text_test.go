package types

import (
	"math"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseTextValues(t *testing.T) {
	tests := []struct {
		typ  Type
		in   string
		want any
		out  string
	}{
		{Bool, "t", true, "t"},
		{Bool, " TRUE ", true, "t"},
		{Bool, "yes", true, "t"},
		{Bool, "on", true, "t"},
		{Bool, "1", true, "t"},
		{Bool, "tr", true, "t"},
		{Bool, "f", false, "f"},
		{Bool, "False", false, "f"},
		{Bool, "no", false, "f"},
		{Bool, "off", false, "f"},
		{Bool, "of", false, "f"},
		{Bool, "0", false, "f"},
		{Int2, "-32768", int64(-32768), "-32768"},
		{Int4, " +42 ", int64(42), "42"},
		{Int4, "2147483647", int64(2147483647), "2147483647"},
		{Int8, "-9223372036854775808", int64(math.MinInt64), "-9223372036854775808"},
		{Float4, "0.1", float64(float32(0.1)), "0.1"},
		{Float4, "1e-40", float64(float32(1e-40)), "1e-40"},
		{Float4, " -Infinity", math.Inf(-1), "-Infinity"},
		{Float4, "inf", math.Inf(1), "Infinity"},
		{Float4, "123456789", float64(float32(123456789)), "1.2345679e+08"},
		{Float8, "0.1", 0.1, "0.1"},
		{Float8, "1e15", 1e15, "1e+15"},
		{Float8, "-0", negZero(), "-0"},
		{Numeric, "1.50", dec("1.50"), "1.50"},
		{Numeric, "-1e20", dec("-100000000000000000000"), "-100000000000000000000"},
		{Numeric, "Infinity", NumericPosInf, "Infinity"},
		{Numeric, " 0.000001 ", dec("0.000001"), "0.000001"},
		{Text, " a b ", " a b ", " a b "},
		{Type{KindVarchar, 3}, "ab", "ab", "ab"},
		{Type{KindVarchar, 3}, "abc   ", "abc", "abc"},
		{Type{KindBpchar, 3}, "ab", "ab ", "ab "},
		{Type{KindVarchar, 2}, "héllo"[:3], "hé", "hé"},
		{OIDType, "16385", int64(16385), "16385"},
		{OIDType, "-1", int64(4294967295), "4294967295"},
		{Regtype, "vector", int64(OIDVector), "vector"},
		{Regtype, "pg_catalog.INT4", int64(OIDInt4), "integer"},
		{Regtype, "character varying(10)", int64(OIDVarchar), "character varying"},
		{Regtype, "1009", int64(OIDTextArray), "text[]"},
		{Regtype, "99999", int64(99999), "99999"},
		{VectorOf(2), "[1,2]", Vector{1, 2}, "[1,2]"},
		{Type{KindFloat8Array, NoTypmod}, "{1, 2.5 ,\"3\"}", Array{1.0, 2.5, 3.0}, "{1,2.5,3}"},
		{Type{KindFloat4Array, NoTypmod}, "{0.1}", Array{float64(float32(0.1))}, "{0.1}"},
		{Type{KindInt4Array, NoTypmod}, "{}", Array{}, "{}"},
		{Type{KindInt4Array, NoTypmod}, " { -1 , 2 } ", Array{int64(-1), int64(2)}, "{-1,2}"},
		{Unknown, "x", "x", "x"},
	}
	for _, tt := range tests {
		got, err := ParseText(tt.typ, tt.in)
		if err != nil {
			t.Errorf("ParseText(%s, %q): %v", tt.typ.Name(), tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) && !(isNegZero(got) && isNegZero(tt.want)) {
			t.Errorf("ParseText(%s, %q) = %#v, want %#v", tt.typ.Name(), tt.in, got, tt.want)
		}
		if out := string(AppendText(nil, tt.typ, got)); out != tt.out {
			t.Errorf("AppendText(%s, %#v) = %q, want %q", tt.typ.Name(), got, out, tt.out)
		}
	}
}

func isNegZero(d any) bool {
	f, ok := d.(float64)
	return ok && f == 0 && math.Signbit(f)
}

func TestParseTextErrors(t *testing.T) {
	syntax := pgerror.InvalidTextRepresentation
	rng := pgerror.NumericValueOutOfRange
	tests := []struct {
		typ    Type
		in     string
		code   pgerror.Code
		msg    string
		detail string
	}{
		{Int4, "99999999999", rng, `value "99999999999" is out of range for type integer`, ""},
		{Int4, "x", syntax, `invalid input syntax for type integer: "x"`, ""},
		{Int4, "1.5", syntax, `invalid input syntax for type integer: "1.5"`, ""},
		{Int4, "", syntax, `invalid input syntax for type integer: ""`, ""},
		{Int4, "--1", syntax, `invalid input syntax for type integer: "--1"`, ""},
		{Int2, "32768", rng, `value "32768" is out of range for type smallint`, ""},
		{Int8, "9223372036854775808", rng, `value "9223372036854775808" is out of range for type bigint`, ""},
		{Int8, "1 2", syntax, `invalid input syntax for type bigint: "1 2"`, ""},
		{Float4, "1e39", rng, `"1e39" is out of range for type real`, ""},
		{Float4, "1e-50", rng, `"1e-50" is out of range for type real`, ""},
		{Float4, "abc", syntax, `invalid input syntax for type real: "abc"`, ""},
		{Float8, "1e400", rng, `"1e400" is out of range for type double precision`, ""},
		{Float8, "1.5x", syntax, `invalid input syntax for type double precision: "1.5x"`, ""},
		{Bool, "maybe", syntax, `invalid input syntax for type boolean: "maybe"`, ""},
		{Bool, "o", syntax, `invalid input syntax for type boolean: "o"`, ""},
		{Bool, "", syntax, `invalid input syntax for type boolean: ""`, ""},
		{Numeric, "1e", syntax, `invalid input syntax for type numeric: "1e"`, ""},
		{Numeric, "0x10", syntax, `invalid input syntax for type numeric: "0x10"`, ""},
		{OIDType, "4294967296", rng, `value "4294967296" is out of range for type oid`, ""},
		{Regtype, "nosuch", pgerror.UndefinedObject, `type "nosuch" does not exist`, ""},
		{Type{KindVarchar, 2}, "abc", pgerror.StringDataRightTruncation, "value too long for type character varying(2)", ""},
		{Type{KindBpchar, 2}, "abc", pgerror.StringDataRightTruncation, "value too long for type character(2)", ""},
		{Type{KindFloat8Array, NoTypmod}, "1,2", syntax, `malformed array literal: "1,2"`, `Array value must start with "{" or dimension information.`},
		{Type{KindFloat8Array, NoTypmod}, "{1,2", syntax, `malformed array literal: "{1,2"`, "Unexpected end of input."},
		{Type{KindFloat8Array, NoTypmod}, "{1,,2}", syntax, `malformed array literal: "{1,,2}"`, `Unexpected "," character.`},
		{Type{KindFloat8Array, NoTypmod}, "{1}x", syntax, `malformed array literal: "{1}x"`, "Junk after closing right brace."},
		{Type{KindFloat8Array, NoTypmod}, "{1,x}", syntax, `invalid input syntax for type double precision: "x"`, ""},
		{Type{KindFloat8Array, NoTypmod}, "{1,}", pgerror.InvalidTextRepresentation, `malformed array literal: "{1,}"`, `Unexpected "}" character.`},
		{Type{KindInt4Array, NoTypmod}, "{{1},2}", syntax, `malformed array literal: "{{1},2}"`, "Unexpected array element."},
	}
	for _, tt := range tests {
		_, err := ParseText(tt.typ, tt.in)
		wantError(t, tt.typ.Name()+" "+tt.in, err, tt.code, tt.msg, tt.detail)
	}
}
