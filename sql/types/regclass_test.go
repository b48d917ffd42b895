package types

import (
	"bytes"
	"testing"
)

// TestRegValues checks regclass values (Reg): output is the name, or the
// OID's digits when there is none; binary output, =, order and keys are
// the OID's, so a regclass joins and compares with an oid; casts to oid
// and integers give the OID.
func TestRegValues(t *testing.T) {
	r := Reg{OID: 1259, Name: "pg_class"}
	if got := string(AppendText(nil, Regclass, r)); got != "pg_class" {
		t.Errorf("text %q, want pg_class", got)
	}
	if got := string(AppendText(nil, Regclass, Reg{OID: 99})); got != "99" {
		t.Errorf("text of an unnamed OID %q, want 99", got)
	}
	if got := AppendBinary(nil, Regclass, r); !bytes.Equal(got, []byte{0, 0, 4, 0xeb}) {
		t.Errorf("binary %x, want 000004eb", got)
	}
	if Compare(r, int64(1259)) != 0 || Compare(int64(1259), r) != 0 || Compare(r, Reg{OID: 1260}) >= 0 {
		t.Error("Reg compares as its OID")
	}
	if !bytes.Equal(AppendKey(nil, r), AppendKey(nil, int64(1259))) {
		t.Error("Reg's key differs from its OID's")
	}
	for _, to := range []Type{OIDType, Int8} {
		if v, err := Cast(r, Regclass, to, true); err != nil || v != int64(1259) {
			t.Errorf("regclass::%s = %v, %v; want 1259", to.Name(), v, err)
		}
	}
	if v, err := Cast(int64(1259), OIDType, Regclass, false); err != nil || v != (Reg{OID: 1259}) {
		t.Errorf("oid::regclass = %v, %v", v, err)
	}
	if v, err := ParseText(Regclass, "1259"); err != nil || v != (Reg{OID: 1259}) {
		t.Errorf("'1259'::regclass = %v, %v", v, err)
	}
}
