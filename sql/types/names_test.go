package types

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestTypeCatalog(t *testing.T) {
	tests := []struct {
		typ  Type
		oid  OID
		name string
		size int16
	}{
		{Bool, 16, "boolean", 1},
		{Int2, 21, "smallint", 2},
		{Int4, 23, "integer", 4},
		{Int8, 20, "bigint", 8},
		{Float4, 700, "real", 4},
		{Float8, 701, "double precision", 8},
		{Numeric, 1700, "numeric", -1},
		{Text, 25, "text", -1},
		{Varchar, 1043, "character varying", -1},
		{Type{KindVarchar, 10}, 1043, "character varying(10)", -1},
		{Type{KindBpchar, 1}, 1042, "character(1)", -1},
		{OIDType, 26, "oid", 4},
		{Regtype, 2206, "regtype", 4},
		{VectorOf(3), OIDVector, "vector(3)", -1},
		{VectorOf(NoTypmod), OIDVector, "vector", -1},
		{Type{KindFloat4Array, NoTypmod}, 1021, "real[]", -1},
		{Type{KindFloat8Array, NoTypmod}, 1022, "double precision[]", -1},
		{Type{KindInt4Array, NoTypmod}, 1007, "integer[]", -1},
		{Void, 2278, "void", 4},
		{Unknown, 705, "unknown", -2},
	}
	for _, tt := range tests {
		if tt.typ.OID() != tt.oid || tt.typ.Name() != tt.name || tt.typ.Size() != tt.size {
			t.Errorf("%v: got %d %q %d, want %d %q %d", tt.typ, tt.typ.OID(), tt.typ.Name(), tt.typ.Size(), tt.oid, tt.name, tt.size)
		}
		back, ok := TypeByOID(tt.oid)
		if !ok || back.Kind != tt.typ.Kind || back.Typmod != NoTypmod {
			t.Errorf("TypeByOID(%d) = %v, %v", tt.oid, back, ok)
		}
	}
	for _, oid := range []OID{0, 705} {
		if typ, ok := TypeByOID(oid); !ok || typ != Unknown {
			t.Errorf("TypeByOID(%d) = %v, %v", oid, typ, ok)
		}
	}
	if typ, ok := TypeByOID(OIDJSON); !ok || typ != JSONType {
		t.Errorf("TypeByOID(json) = %v, %v", typ, ok)
	}
}

func TestLookupType(t *testing.T) {
	tests := []struct {
		name string
		mods []int32
		want Type
	}{
		{"int2", nil, Int2}, {"smallint", nil, Int2},
		{"int4", nil, Int4}, {"int", nil, Int4}, {"integer", nil, Int4},
		{"int8", nil, Int8}, {"bigint", nil, Int8},
		{"float4", nil, Float4}, {"real", nil, Float4},
		{"float8", nil, Float8}, {"double precision", nil, Float8},
		{"numeric", nil, Numeric}, {"decimal", []int32{10, 2}, Type{KindNumeric, 655366}}, {"numeric", []int32{5}, Type{KindNumeric, 327684}},
		{"bool", nil, Bool}, {"boolean", nil, Bool},
		{"text", nil, Text},
		{"varchar", []int32{20}, Type{KindVarchar, 20}}, {"character varying", nil, Varchar},
		{"bpchar", []int32{1}, Type{KindBpchar, 1}}, {"char", []int32{4}, Type{KindBpchar, 4}},
		{"oid", nil, OIDType}, {"regtype", nil, Regtype},
		{"vector", nil, VectorOf(NoTypmod)}, {"vector", []int32{3}, VectorOf(3)},
		{"vector", []int32{16000}, VectorOf(16000)},
		{"_float4", nil, Type{KindFloat4Array, NoTypmod}}, {"real[]", nil, Type{KindFloat4Array, NoTypmod}},
		{"_float8", nil, Type{KindFloat8Array, NoTypmod}}, {"float8[]", nil, Type{KindFloat8Array, NoTypmod}},
		{"_int4", nil, Type{KindInt4Array, NoTypmod}}, {"integer[]", nil, Type{KindInt4Array, NoTypmod}},
	}
	for _, tt := range tests {
		got, err := LookupType(tt.name, tt.mods)
		if err != nil || got != tt.want {
			t.Errorf("LookupType(%q, %v) = %v, %v; want %v", tt.name, tt.mods, got, err, tt.want)
		}
	}
}

func TestLookupTypeErrors(t *testing.T) {
	bad := pgerror.InvalidParameterValue
	tests := []struct {
		name string
		mods []int32
		code pgerror.Code
		msg  string
	}{
		{"vector", []int32{0}, bad, "dimensions for type vector must be at least 1"},
		{"vector", []int32{16001}, bad, "dimensions for type vector cannot exceed 16000"},
		{"vector", []int32{3, 2}, bad, "invalid type modifier"},
		{"varchar", []int32{0}, bad, "length for type varchar must be at least 1"},
		{"int4", []int32{3}, pgerror.SyntaxError, `type modifier is not allowed for type "int4"`},
		{"numeric", []int32{1001}, bad, "NUMERIC precision 1001 must be between 1 and 1000"},
		{"halfvec", []int32{0}, bad, "dimensions for type halfvec must be at least 1"},
		{"halfvec", []int32{16001}, bad, "dimensions for type halfvec cannot exceed 16000"},
		{"halfvec", []int32{3, 2}, bad, "invalid type modifier"},
		{"sparsevec", []int32{0}, bad, "dimensions for type sparsevec must be at least 1"},
		{"sparsevec", []int32{1000000001}, bad, "dimensions for type sparsevec cannot exceed 1000000000"},
		{"bit", []int32{0}, bad, "length for type bit must be at least 1"},
		{"Vector", nil, pgerror.UndefinedObject, `type "Vector" does not exist`},
		{"foo[]", nil, pgerror.UndefinedObject, `type "foo[]" does not exist`},
		{"_int2vector", nil, pgerror.FeatureNotSupported, "type _int2vector is not supported by vecgres"},
		{"regconfig", nil, pgerror.FeatureNotSupported, "type regconfig is not supported by vecgres"},
		{"regconfig[]", nil, pgerror.FeatureNotSupported, "type regconfig is not supported by vecgres"},
	}
	for _, tt := range tests {
		_, err := LookupType(tt.name, tt.mods)
		wantError(t, tt.name, err, tt.code, tt.msg, "")
	}
}
