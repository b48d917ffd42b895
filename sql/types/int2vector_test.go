package types

import (
	"encoding/hex"
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

var (
	int2vec = Type{KindInt2Vector, NoTypmod}
	oidvec  = Type{KindOIDVector, NoTypmod}
)

// TestCatalogVectorText checks int2vectorin/out and oidvectorin/out on
// inputs whose answers were taken from PostgreSQL 15.
func TestCatalogVectorText(t *testing.T) {
	good := []struct {
		typ      Type
		in, want string
	}{
		{int2vec, "", ""}, {int2vec, "  1   2  ", "1 2"}, {int2vec, "+3 -4", "3 -4"},
		{oidvec, "-1 4294967295", "4294967295 4294967295"}, {oidvec, "1\t 2", "1 2"},
		{oidvec, "1 2 3", "1 2 3"},
	}
	for _, c := range good {
		d, err := ParseText(c.typ, c.in)
		if err != nil {
			t.Fatalf("%s %q: %v", c.typ.Name(), c.in, err)
		}
		if got := string(AppendText(nil, c.typ, d)); got != c.want {
			t.Errorf("%s %q = %q, want %q", c.typ.Name(), c.in, got, c.want)
		}
	}
	bad := []struct {
		typ  Type
		in   string
		code pgerror.Code
		msg  string
	}{
		{int2vec, "1,2", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "1,2"`},
		{int2vec, "1 2x", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "2x"`},
		{int2vec, "2x 3", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "2x 3"`},
		{int2vec, "1\t2", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "1` + "\t" + `2"`},
		{int2vec, " - 1", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "- 1"`},
		{int2vec, "1 +", pgerror.InvalidTextRepresentation, `invalid input syntax for type smallint: "+"`},
		{int2vec, "99999 1", pgerror.NumericValueOutOfRange, `value "99999 1" is out of range for type smallint`},
		{int2vec, "99999999999999999999", pgerror.NumericValueOutOfRange, `value "99999999999999999999" is out of range for type smallint`},
		{oidvec, "1 2x", pgerror.InvalidTextRepresentation, `invalid input syntax for type oid: "x"`},
		{oidvec, "1,2", pgerror.InvalidTextRepresentation, `invalid input syntax for type oid: ",2"`},
		{oidvec, "0x10", pgerror.InvalidTextRepresentation, `invalid input syntax for type oid: "x10"`},
		{oidvec, "4294967296", pgerror.NumericValueOutOfRange, `value "4294967296" is out of range for type oid`},
	}
	for _, c := range bad {
		_, err := ParseText(c.typ, c.in)
		wantError(t, c.typ.Name()+" "+c.in, err, c.code, c.msg, "")
	}
}

// TestCatalogVectorBinary checks int2vectorsend/oidvectorsend bytes (lower
// bound 0) against PostgreSQL 15's and the receive checks.
func TestCatalogVectorBinary(t *testing.T) {
	d, _ := ParseText(int2vec, "1 -2")
	got := hex.EncodeToString(AppendBinary(nil, int2vec, d))
	want := "00000001" + "00000000" + "00000015" + "00000002" + "00000000" + "00000002" + "0001" + "00000002" + "fffe"
	if got != want {
		t.Fatalf("int2vector send = %s, want %s", got, want)
	}
	back, err := DecodeBinary(int2vec, AppendBinary(nil, int2vec, d))
	if err != nil || !reflect.DeepEqual(back, d) {
		t.Fatalf("int2vector recv = %#v, %v", back, err)
	}
	o, _ := ParseText(oidvec, "4294967295")
	got = hex.EncodeToString(AppendBinary(nil, oidvec, o))
	want = "00000001" + "00000000" + "0000001a" + "00000001" + "00000000" + "00000004" + "ffffffff"
	if got != want {
		t.Fatalf("oidvector send = %s, want %s", got, want)
	}
	// int2[] {1} with lower bound 1: not an int2vector.
	b, _ := hex.DecodeString("00000001" + "00000000" + "00000015" + "00000001" + "00000001" + "00000002" + "0001")
	_, err = DecodeBinary(int2vec, b)
	wantError(t, "lower bound 1", err, pgerror.InvalidBinaryRepresentation, "invalid int2vector data", "")
	empty, _ := hex.DecodeString("00000000" + "00000000" + "0000001a")
	_, err = DecodeBinary(oidvec, empty)
	wantError(t, "no dimension", err, pgerror.InvalidBinaryRepresentation, "invalid oidvector data", "")
}

// TestCatalogVectorArray checks the array behaviour: lower bound 0
// subscripts, OIDs, names, element types and casts.
func TestCatalogVectorArray(t *testing.T) {
	d, _ := ParseText(int2vec, "5 6")
	if ArrayElemAt(KindInt2Vector, d, 0) != int64(5) || ArrayElemAt(KindInt2Vector, d, 2) != nil ||
		ArrayElemAt(KindInt2Array, Array{int64(5)}, 1) != int64(5) {
		t.Fatal("subscripts do not count from the lower bound")
	}
	if int2vec.OID() != 22 || oidvec.OID() != 30 || int2vec.Name() != "int2vector" || typeNameByOID(1006) != "int2vector[]" {
		t.Fatalf("OIDs or names: %d %d %q %q", int2vec.OID(), oidvec.OID(), int2vec.Name(), typeNameByOID(1006))
	}
	if et, _ := ElemType(oidvec); et.Kind != KindOID {
		t.Fatalf("oidvector elements are %s", et.Name())
	}
	if at, _ := ArrayOf(OIDType); at.Kind != KindOIDArray {
		t.Fatalf("oid's array type is %s", at.Name())
	}
	a, err := Cast(d, int2vec, Type{KindInt4Array, NoTypmod}, true)
	if err != nil || !reflect.DeepEqual(a, Array{int64(5), int64(6)}) {
		t.Fatalf("int2vector::int4[] = %#v, %v", a, err)
	}
	s, err := Cast(d, int2vec, Text, true)
	if err != nil || s != "5 6" {
		t.Fatalf("int2vector::text = %#v, %v", s, err)
	}
	_, err = Cast(Array{int64(1)}, Type{KindInt2Array, NoTypmod}, int2vec, true)
	wantError(t, "int2[]::int2vector", err, pgerror.CannotCoerce, "cannot cast type smallint[] to int2vector", "")
}

// FuzzParseCatalogVector parses int2vector and oidvector text; what
// parses prints and parses back to itself and survives the binary format
// (when not empty, which PostgreSQL's receive refuses).
func FuzzParseCatalogVector(f *testing.F) {
	for _, s := range []string{"", "1 2", " +3  -4 ", "1,2", "2x 3", "0x10", "-1 4294967295", "99999", "1\t2", "- 1"} {
		f.Add(false, s)
		f.Add(true, s)
	}
	f.Fuzz(func(t *testing.T, oid bool, s string) {
		typ := int2vec
		if oid {
			typ = oidvec
		}
		d, err := ParseText(typ, s)
		requirePGError(t, err)
		if err != nil {
			return
		}
		text := string(AppendText(nil, typ, d))
		back, err := ParseText(typ, text)
		if err != nil || string(AppendText(nil, typ, back)) != text {
			t.Fatalf("%s %q -> %q -> %#v, %v", typ.Name(), s, text, back, err)
		}
		if a, _ := d.(Array); len(a) == 0 {
			return
		}
		back, err = DecodeBinary(typ, AppendBinary(nil, typ, d))
		if err != nil || !reflect.DeepEqual(back, d) {
			t.Fatalf("%s %q binary -> %#v, %v", typ.Name(), s, back, err)
		}
	})
}
