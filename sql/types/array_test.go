package types

import (
	"reflect"
	"slices"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func arrayType(k Kind) Type { return Type{k, NoTypmod} }

// TestArrayCatalog checks OIDs, names and lookups of every array kind
// against PostgreSQL's pg_type (and pgvector's fixed _vector OID).
func TestArrayCatalog(t *testing.T) {
	tests := []struct {
		name string // as pg_query spells the column type
		oid  OID
		out  string // format_type
		elem Kind
	}{
		{"_bool", 1000, "boolean[]", KindBool},
		{"_int2", 1005, "smallint[]", KindInt2},
		{"_int4", 1007, "integer[]", KindInt4},
		{"_int8", 1016, "bigint[]", KindInt8},
		{"_float4", 1021, "real[]", KindFloat4},
		{"_float8", 1022, "double precision[]", KindFloat8},
		{"_numeric", 1231, "numeric[]", KindNumeric},
		{"_text", 1009, "text[]", KindText},
		{"_varchar", 1015, "character varying[]", KindVarchar},
		{"_bpchar", 1014, "bpchar[]", KindBpchar},
		{"_bytea", 1001, "bytea[]", KindBytea},
		{"_date", 1182, "date[]", KindDate},
		{"_timestamp", 1115, "timestamp without time zone[]", KindTimestamp},
		{"_timestamptz", 1185, "timestamp with time zone[]", KindTimestamptz},
		{"_uuid", 2951, "uuid[]", KindUUID},
		{"_jsonb", 3807, "jsonb[]", KindJSONB},
		{"_vector", 16386, "vector[]", KindVector},
	}
	for _, tt := range tests {
		typ, err := LookupType(tt.name, nil)
		if err != nil {
			t.Errorf("LookupType(%q): %v", tt.name, err)
			continue
		}
		if typ.OID() != tt.oid || typ.Name() != tt.out || typ.Size() != -1 {
			t.Errorf("%s: OID %d name %q size %d; want %d %q -1", tt.name, typ.OID(), typ.Name(), typ.Size(), tt.oid, tt.out)
		}
		if back, ok := TypeByOID(tt.oid); !ok || back != typ {
			t.Errorf("TypeByOID(%d) = %v, %v; want %v", tt.oid, back, ok, typ)
		}
		if et, ok := ElemType(typ); !ok || et.Kind != tt.elem {
			t.Errorf("ElemType(%s) = %v, %v", tt.out, et, ok)
		}
		if at, ok := ArrayOf(Type{tt.elem, NoTypmod}); !ok || at != typ {
			t.Errorf("ArrayOf(%v) = %v, %v", tt.elem, at, ok)
		}
		if got := typeNameByOID(tt.oid); got != tt.out {
			t.Errorf("typeNameByOID(%d) = %q, want %q", tt.oid, got, tt.out)
		}
	}
	vc, err := LookupType("_varchar", []int32{10})
	if err != nil || vc.Name() != "character varying(10)[]" {
		t.Errorf("varchar(10)[] = %v %q, %v", vc, vc.Name(), err)
	}
	if _, ok := ElemType(Text); ok {
		t.Error("ElemType(text) reports an array")
	}
}

// TestArrayTextRoundTrip parses literals as array_in does and prints them
// as array_out does (outputs checked against PostgreSQL 15).
func TestArrayTextRoundTrip(t *testing.T) {
	tests := []struct {
		k    Kind
		in   string
		want Array
		out  string
	}{
		{KindTextArray, `{a,"b c",NULL,"","NULL"}`, Array{"a", "b c", nil, "", "NULL"}, `{a,"b c",NULL,"","NULL"}`},
		{KindTextArray, " { a b , c } ", Array{"a b", "c"}, `{"a b",c}`},
		{KindTextArray, `{\NULL}`, Array{"NULL"}, `{"NULL"}`},
		{KindTextArray, `{null}`, Array{nil}, `{NULL}`},
		{KindTextArray, `{a\,b}`, Array{"a,b"}, `{"a,b"}`},
		{KindTextArray, `{"a\"b","back\\slash"}`, Array{`a"b`, `back\slash`}, `{"a\"b","back\\slash"}`},
		{KindTextArray, `{"a b"," c "}`, Array{"a b", " c "}, `{"a b"," c "}`},
		{KindTextArray, "{tab\\\there,x}", Array{"tab\there", "x"}, "{\"tab\there\",x}"},
		{KindTextArray, `{ }`, Array{}, `{}`},
		{KindTextArray, `{"{}"}`, Array{"{}"}, `{"{}"}`},
		{KindInt8Array, `{1,NULL,-3}`, Array{int64(1), nil, int64(-3)}, `{1,NULL,-3}`},
		{KindInt2Array, `{1,-2}`, Array{int64(1), int64(-2)}, `{1,-2}`},
		{KindBoolArray, `{t,f,NULL}`, Array{true, false, nil}, `{t,f,NULL}`},
		{KindByteaArray, `{"\\x0102",NULL}`, Array{[]byte{1, 2}, nil}, `{"\\x0102",NULL}`},
		{KindBpcharArray, `{ab ,c}`, Array{"ab", "c"}, `{ab,c}`},
		{KindVectorArray, `{"[1,2]", "[3,4.5]"}`, Array{Vector{1, 2}, Vector{3, 4.5}}, `{"[1,2]","[3,4.5]"}`},
		{KindUUIDArray, `{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}`, nil, `{a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11}`},
		{KindDateArray, `{2024-01-02,infinity}`, nil, `{2024-01-02,infinity}`},
		{KindTimestampArray, `{"2024-01-02 03:04:05.5"}`, nil, `{"2024-01-02 03:04:05.5"}`},
		{KindTimestamptzArray, `{"2024-01-02 03:04:05+00"}`, nil, `{"2024-01-02 03:04:05+00"}`},
		{KindJSONBArray, `{"{\"a\": 1}",null,"[1, 2]"}`, nil, `{"{\"a\": 1}",NULL,"[1, 2]"}`},
		{KindFloat8Array, `{1.5,NaN,-Infinity}`, nil, `{1.5,NaN,-Infinity}`},
		{KindNumericArray, `{1.5,NULL}`, nil, `{1.5,NULL}`},
	}
	for _, tt := range tests {
		typ := arrayType(tt.k)
		d, err := ParseText(typ, tt.in)
		if err != nil {
			t.Errorf("ParseText(%s, %q): %v", typ.Name(), tt.in, err)
			continue
		}
		if tt.want != nil && !reflect.DeepEqual(d, tt.want) {
			t.Errorf("ParseText(%s, %q) = %#v, want %#v", typ.Name(), tt.in, d, tt.want)
		}
		if got := string(AppendText(nil, typ, d)); got != tt.out {
			t.Errorf("AppendText(%s, %q) = %q, want %q", typ.Name(), tt.in, got, tt.out)
		}
		back, err := DecodeBinary(typ, AppendBinary(nil, typ, d))
		if err != nil || string(AppendText(nil, typ, back)) != tt.out {
			t.Errorf("binary round trip %s %q: %#v, %v", typ.Name(), tt.in, back, err)
		}
	}
}

// TestArrayTextErrors checks array_in's errors, word for word as
// PostgreSQL 15 reports them.
func TestArrayTextErrors(t *testing.T) {
	bad := pgerror.InvalidTextRepresentation
	tests := []struct {
		k      Kind
		in     string
		code   pgerror.Code
		msg    string
		detail string
	}{
		{KindTextArray, `{1,,2}`, bad, `malformed array literal: "{1,,2}"`, `Unexpected "," character.`},
		{KindTextArray, `{`, bad, `malformed array literal: "{"`, "Unexpected end of input."},
		{KindTextArray, `{1}x`, bad, `malformed array literal: "{1}x"`, "Junk after closing right brace."},
		{KindTextArray, `{}}`, bad, `malformed array literal: "{}}"`, "Junk after closing right brace."},
		{KindTextArray, `{"a"b}`, bad, `malformed array literal: "{"a"b}"`, "Unexpected array element."},
		{KindTextArray, `{a"b"}`, bad, `malformed array literal: "{a"b"}"`, "Unexpected array element."},
		{KindTextArray, `{"a" "b"}`, bad, `malformed array literal: "{"a" "b"}"`, "Unexpected array element."},
		{KindTextArray, `{1,}`, bad, `malformed array literal: "{1,}"`, `Unexpected "}" character.`},
		{KindTextArray, `{a,  }`, bad, `malformed array literal: "{a,  }"`, `Unexpected "}" character.`},
		{KindTextArray, `{,}`, bad, `malformed array literal: "{,}"`, `Unexpected "," character.`},
		{KindTextArray, ``, bad, `malformed array literal: ""`, `Array value must start with "{" or dimension information.`},
		{KindInt4Array, `1`, bad, `malformed array literal: "1"`, `Array value must start with "{" or dimension information.`},
		{KindTextArray, `{1,{2}}`, bad, `malformed array literal: "{1,{2}}"`, `Unexpected "{" character.`},
		{KindTextArray, `{a\`, bad, `malformed array literal: "{a\"`, "Unexpected end of input."},
		{KindTextArray, `{"a`, bad, `malformed array literal: "{"a"`, "Unexpected end of input."},
		// Several dimensions and decorations, as PostgreSQL 15 reports them.
		{KindInt4Array, `{{}}`, bad, `malformed array literal: "{{}}"`, `Unexpected "}" character.`},
		{KindInt4Array, `{{1,2},3}`, bad, `malformed array literal: "{{1,2},3}"`, "Unexpected array element."},
		{KindInt4Array, `{{1,2},{3}}`, bad, `malformed array literal: "{{1,2},{3}}"`, "Multidimensional arrays must have sub-arrays with matching dimensions."},
		{KindInt4Array, `{{1,2},{3,4},{5}}`, bad, `malformed array literal: "{{1,2},{3,4},{5}}"`, "Multidimensional arrays must have sub-arrays with matching dimensions."},
		{KindInt4Array, `{{1,2},{3,4}`, bad, `malformed array literal: "{{1,2},{3,4}"`, "Unexpected end of input."},
		{KindInt4Array, `{{1,2}}x`, bad, `malformed array literal: "{{1,2}}x"`, "Junk after closing right brace."},
		{KindInt4Array, `[1:3]={1,2}`, bad, `malformed array literal: "[1:3]={1,2}"`, "Specified array dimensions do not match array contents."},
		{KindInt4Array, `[1:2]={{1},{2}}`, bad, `malformed array literal: "[1:2]={{1},{2}}"`, "Specified array dimensions do not match array contents."},
		{KindInt4Array, `[1:2]={}`, bad, `malformed array literal: "[1:2]={}"`, "Specified array dimensions do not match array contents."},
		{KindInt4Array, `[1:2]{1,2}`, bad, `malformed array literal: "[1:2]{1,2}"`, `Missing "=" after array dimensions.`},
		{KindInt4Array, `[1:2]`, bad, `malformed array literal: "[1:2]"`, `Missing "=" after array dimensions.`},
		{KindInt4Array, `[]={1}`, bad, `malformed array literal: "[]={1}"`, `"[" must introduce explicitly-specified array dimensions.`},
		{KindInt4Array, `[1:]={1}`, bad, `malformed array literal: "[1:]={1}"`, "Missing array dimension value."},
		{KindInt4Array, `[1:2={1,2}`, bad, `malformed array literal: "[1:2={1,2}"`, `Missing "]" after array dimensions.`},
		{KindInt4Array, `[1:1]=x`, bad, `malformed array literal: "[1:1]=x"`, `Array contents must start with "{".`},
		{KindInt4Array, `[2:1]={1,2}`, pgerror.ArraySubscriptError, "upper bound cannot be less than lower bound", ""},
		{KindInt4Array, `[2147483647:2147483647]={1}`, pgerror.ProgramLimitExceeded, "array lower bound is too large: 2147483647", ""},
		{KindInt4Array, `{{{{{{{1}}}}}}}`, pgerror.ProgramLimitExceeded, "number of array dimensions (7) exceeds the maximum allowed (6)", ""},
		{KindInt4Array, `{{"a"},{b}}`, bad, `invalid input syntax for type integer: "a"`, ""},
		// The whole literal is checked before the elements.
		{KindInt4Array, `{x,}`, bad, `malformed array literal: "{x,}"`, `Unexpected "}" character.`},
		{KindInt4Array, `{x}`, bad, `invalid input syntax for type integer: "x"`, ""},
		{KindInt2Array, `{99999}`, pgerror.NumericValueOutOfRange, `value "99999" is out of range for type smallint`, ""},
		{KindVectorArray, `{"[1,NaN]"}`, pgerror.DataException, "NaN not allowed in vector", ""},
	}
	for _, tt := range tests {
		_, err := ParseText(arrayType(tt.k), tt.in)
		wantError(t, tt.in, err, tt.code, tt.msg, tt.detail)
	}
	_, err := ParseText(Type{KindVarcharArray, 2}, "{abc}")
	wantError(t, "varchar(2)[]", err, pgerror.StringDataRightTruncation, "value too long for type character varying(2)", "")
}

// TestArrayBinary checks array_send's bytes, NULL elements and the flag,
// and array_recv's errors.
func TestArrayBinary(t *testing.T) {
	wire := mustHex(t, "00000001 00000001 00000019 00000003 00000001"+
		" 00000001 61 ffffffff 00000000")
	a := Array{"a", nil, ""}
	txt := arrayType(KindTextArray)
	if got := AppendBinary(nil, txt, a); !slices.Equal(got, wire) {
		t.Errorf("AppendBinary(text[]) = %x, want %x", got, wire)
	}
	d, err := DecodeBinary(txt, wire)
	if err != nil || !reflect.DeepEqual(d, a) {
		t.Errorf("DecodeBinary(text[]) = %#v, %v", d, err)
	}
	vec := mustHex(t, "00000001 00000000 00004001 00000001 00000001 0000000c 0002 0000 3f800000 40000000")
	d, err = DecodeBinary(arrayType(KindVectorArray), vec)
	if err != nil || !reflect.DeepEqual(d, Array{Vector{1, 2}}) {
		t.Errorf("DecodeBinary(vector[]) = %#v, %v", d, err)
	}
	if got := AppendBinary(nil, arrayType(KindVectorArray), Array{Vector{1, 2}}); !slices.Equal(got, vec) {
		t.Errorf("AppendBinary(vector[]) = %x, want %x", got, vec)
	}
	i8 := arrayType(KindInt8Array)
	errs := []struct {
		wire string
		code pgerror.Code
		msg  string
	}{
		{"00000001 00000000 00000017 00000001 00000001 00000004 00000001", pgerror.DatatypeMismatch,
			"binary data has array element type 23 (integer) instead of expected 20 (bigint)"},
		{"00000001 00000000 00000063 00000001 00000001 00000004 00000001", pgerror.DatatypeMismatch,
			"binary data has array element type 99 (???) instead of expected 20 (bigint)"},
		{"00000001 00000000 00000014 00000001 00000001 00000009 0000000000000001 00", pgerror.InvalidBinaryRepresentation,
			"improper binary format in array element 1"},
		{"00000001 00000000 00000014 00000001 00000001 fffffffe", pgerror.InvalidBinaryRepresentation,
			"insufficient data left in message"},
		{"00000001 00000000 00000014 00000001 7fffffff 00000008 0000000000000001", pgerror.ProgramLimitExceeded,
			"array lower bound is too large: 2147483647"},
		{"00000001 00000000 00000014 ffffffff 00000001", pgerror.ProgramLimitExceeded,
			"array size exceeds the maximum allowed (134217727)"},
		{"00000001 00000000 00000014 00000001 00000001 00000008 0000000000000001 00", pgerror.InvalidBinaryRepresentation,
			"incorrect binary data format"},
	}
	for _, tt := range errs {
		_, err := DecodeBinary(i8, mustHex(t, tt.wire))
		wantError(t, tt.wire, err, tt.code, tt.msg, "")
	}
}

// TestArrayCasts checks element-wise casts, NULL elements, the casts to
// vector and the array comparison order.
func TestArrayCasts(t *testing.T) {
	i4, i8 := arrayType(KindInt4Array), arrayType(KindInt8Array)
	txt, f8 := arrayType(KindTextArray), arrayType(KindFloat8Array)
	tests := []struct {
		d        any
		from, to Type
		explicit bool
		want     any
	}{
		{Array{int64(1), nil}, i4, i8, false, Array{int64(1), nil}},
		{Array{int64(1), nil}, i4, txt, true, Array{"1", nil}},
		{Array{"1", " 2"}, txt, i8, true, Array{int64(1), int64(2)}},
		{Array{int64(1), nil}, i4, Text, true, "{1,NULL}"},
		{"{1,2}", Text, i8, true, Array{int64(1), int64(2)}},
		{Array{"abc"}, txt, Type{KindVarcharArray, 2}, true, Array{"ab"}},
		{Array{1.5, 2.0}, f8, VectorOf(2), false, Vector{1.5, 2}},
		{Array{int64(3)}, i8, VectorOf(NoTypmod), false, Vector{3}},
		{Vector{1, 2}, VectorOf(NoTypmod), arrayType(KindFloat4Array), false, Array{1.0, 2.0}},
	}
	for _, tt := range tests {
		got, err := Cast(tt.d, tt.from, tt.to, tt.explicit)
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Cast(%v, %s, %s) = %#v, %v; want %#v", tt.d, tt.from.Name(), tt.to.Name(), got, err, tt.want)
		}
	}
	_, err := Cast(Array{1.0, nil}, f8, VectorOf(NoTypmod), false)
	wantError(t, "null to vector", err, pgerror.NullValueNotAllowed, "array must not contain nulls", "")
	_, err = Cast(Array{"a"}, txt, VectorOf(NoTypmod), true)
	wantError(t, "text[] to vector", err, pgerror.CannotCoerce, "cannot cast type text[] to vector", "")
	_, err = Cast(Array{int64(1)}, i4, arrayType(KindUUIDArray), true)
	wantError(t, "int[] to uuid[]", err, pgerror.CannotCoerce, "cannot cast type integer[] to uuid[]", "")
	_, err = Cast(Array{int64(1) << 40}, i8, i4, false)
	wantError(t, "range", err, pgerror.NumericValueOutOfRange, "integer out of range", "")

	order := []struct {
		a, b Array
		want int
	}{
		{Array{int64(1), int64(2)}, Array{int64(1), int64(3)}, -1},
		{Array{int64(1)}, Array{int64(1), int64(0)}, -1},
		{Array{int64(1), nil}, Array{int64(1), int64(5)}, 1},
		{Array{nil}, Array{nil}, 0},
		{Array{"b"}, Array{"a", "z"}, 1},
	}
	for _, tt := range order {
		if got := Compare(tt.a, tt.b); got != tt.want {
			t.Errorf("Compare(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestArrayHelpers checks ArrayLength and ArrayElem.
func TestArrayHelpers(t *testing.T) {
	a := Array{"x", nil, "z"}
	if n, ok := ArrayLength(a); n != 3 || !ok {
		t.Errorf("ArrayLength = %d, %v", n, ok)
	}
	if _, ok := ArrayLength(Array{}); ok {
		t.Error("ArrayLength({}) ok")
	}
	for i, want := range map[int64]any{0: nil, 1: "x", 2: nil, 3: "z", 4: nil, -1: nil} {
		if got := ArrayElem(a, i); got != want {
			t.Errorf("ArrayElem(%d) = %v, want %v", i, got, want)
		}
	}
}
