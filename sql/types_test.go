package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// withRealLookup runs f with the real types.LookupType and Type.Name.
func withRealLookup(t *testing.T, f func()) {
	t.Helper()
	lookupType, typeString = types.LookupType, types.Type.Name
	defer func() { lookupType, typeString = fakeLookup, fakeTypeString }()
	f()
}

// TestRealLookupType checks column and cast types against package types.
func TestRealLookupType(t *testing.T) {
	withRealLookup(t, func() {
		ct := parseOne(t, "CREATE TABLE t (a int, b bigserial, c double precision, d varchar(10), e vector(3), f boolean, g numeric(10,2), h real[], i char(4))").(*CreateTable)
		want := []types.Type{types.Int4, types.Int8, types.Float8, {Kind: types.KindVarchar, Typmod: 10},
			types.VectorOf(3), types.Bool, {Kind: types.KindNumeric, Typmod: types.NumericTypmod(10, 2)}, {Kind: types.KindFloat4Array, Typmod: types.NoTypmod}, {Kind: types.KindBpchar, Typmod: 4}}
		for i, col := range ct.Columns {
			if col.Type != want[i] {
				t.Errorf("column %s: got %+v, want %+v", col.Name, col.Type, want[i])
			}
		}
		s := parseOne(t, "SELECT '[1,2]'::vector(2), vector '[1]', x::float4").(*Select)
		if got := FormatExpr(s.Items[0].Expr) + "|" + FormatExpr(s.Items[1].Expr) + "|" + FormatExpr(s.Items[2].Expr); got != "('[1,2]')::vector(2)|('[1]')::vector|(x)::real" {
			t.Errorf("casts: %s", got)
		}
	})
}

// TestTypeErrors checks that type errors keep their SQLSTATE and point at
// the type name.
func TestTypeErrors(t *testing.T) {
	tests := []struct {
		sql  string
		code pgerror.Code
		msg  string
		pos  int
	}{
		{"CREATE TABLE t (a foo)", pgerror.UndefinedObject, `type "foo" does not exist`, 19},
		{"CREATE TABLE t (a vector(0))", pgerror.InvalidParameterValue, "dimensions for type vector must be at least 1", 19},
		{"CREATE TABLE t (a vector(3, 2))", pgerror.InvalidParameterValue, "invalid type modifier", 19},
		{"SELECT 'x'::blob[]", pgerror.UndefinedObject, `type "blob[]" does not exist`, 13},
		{"SELECT 1::serial", pgerror.FeatureNotSupported, "serial types outside CREATE TABLE is not supported by vecgres", 11},
		{"CREATE TABLE t (a serial[])", pgerror.FeatureNotSupported, "array of serial is not supported by vecgres", 19},
	}
	withRealLookup(t, func() {
		for _, tt := range tests {
			e := parseErr(t, tt.sql)
			if e.Code != tt.code || e.Message != tt.msg || e.Position != tt.pos {
				t.Errorf("%s: got %s %q at %d, want %s %q at %d", tt.sql, e.Code, e.Message, e.Position, tt.code, tt.msg, tt.pos)
			}
		}
	})
}
