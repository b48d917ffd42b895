package types

import (
	"strings"
	"testing"
)

// TestNameInput checks name's input, text and binary, against
// PostgreSQL 15: a name longer than 63 bytes is cut to 63 bytes, or less
// so that no UTF-8 character is split (namein's pg_mbcliplen).
func TestNameInput(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{strings.Repeat("x", 70), strings.Repeat("x", 63)},
		{strings.Repeat("é", 40), strings.Repeat("é", 31)},             // 2-byte characters: 62 bytes
		{"a" + strings.Repeat("€", 30), "a" + strings.Repeat("€", 20)}, // 3-byte: 61 bytes
	}
	for _, tt := range tests {
		got, err := ParseText(Name, tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseText(name, %q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		got, err = DecodeBinary(Name, []byte(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("DecodeBinary(name, %q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		got, err = Cast(tt.in, Text, Name, false)
		if err != nil || got != tt.want {
			t.Errorf("text::name %q = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

// TestNameAndRegtypeArrays checks the array types name[] (1003) and
// regtype[] (2211): lookup, OIDs and text I/O, as drizzle-kit sends
// '{int,int8,int2}'::regtype[].
func TestNameAndRegtypeArrays(t *testing.T) {
	for _, tt := range []struct {
		name, in, out string
		oid           OID
	}{
		{"_name", "{a,B}", "{a,B}", 1003},
		{"name[]", "{x}", "{x}", 1003},
		{"_regtype", "{int,int8,int2}", "{integer,bigint,smallint}", 2211},
		{"regtype[]", "{name,\"character varying\",int4[]}", "{name,\"character varying\",integer[]}", 2211},
	} {
		typ, err := LookupType(tt.name, nil)
		if err != nil || typ.OID() != tt.oid {
			t.Fatalf("LookupType(%q) = %v (OID %d), %v; want OID %d", tt.name, typ, typ.OID(), err, tt.oid)
		}
		v, err := ParseText(typ, tt.in)
		if err != nil {
			t.Fatalf("%s %q: %v", tt.name, tt.in, err)
		}
		if got := string(AppendText(nil, typ, v)); got != tt.out {
			t.Errorf("%s %q prints %q, want %q", tt.name, tt.in, got, tt.out)
		}
	}
	if typ, ok := TypeByOID(OIDName); !ok || typ.Kind != KindName {
		t.Errorf("TypeByOID(19) = %v, %v; want name", typ, ok)
	}
}
