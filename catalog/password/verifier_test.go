package password

import (
	"encoding/base64"
	"testing"
)

// TestVerifierFormats: the SCRAM verifier of RFC 7677's example and the md5
// verifier of a known password print as PostgreSQL stores them; Encrypt
// keeps what already is a verifier and hashes anything else with a fresh
// salt.
func TestVerifierFormats(t *testing.T) {
	salt, _ := base64.StdEncoding.DecodeString("W22ZaJ0SNY7soEsUEjb6gQ==")
	v, err := NewSCRAM("pencil", salt, 4096) // RFC 7677 §3's example
	if err != nil {
		t.Fatal(err)
	}
	s := v.String()
	const want = "SCRAM-SHA-256$4096:W22ZaJ0SNY7soEsUEjb6gQ==$WG5d8oPm3OtcPnkdi4Uo7BkeZkBFzpcXkuLmtbsT4qY=:wfPLwcE6nTWhTAmQ7tl2KeoiWGPlZqQxSrmfPwDl2dU="
	if s != want {
		t.Fatalf("verifier %q, want %q", s, want)
	}
	back, ok := ParseSCRAM(s)
	if !ok || back.String() != s {
		t.Fatalf("parse(%q) = %v, %v", s, back, ok)
	}
	// PostgreSQL's md5 verifier of password "postgres" for role "postgres".
	if got := MD5("postgres", "postgres"); got != "md53175bce1d3201d16594cebf9d7eb3f9d" {
		t.Fatalf("MD5 = %q", got)
	}
	for _, tt := range []struct {
		in   string
		kept bool
	}{
		{want, true},
		{"md53175bce1d3201d16594cebf9d7eb3f9d", true},
		{"md53175BCE1d3201d16594cebf9d7eb3f9d", false}, // upper case: a password
		{"md5short", false},
		{"SCRAM-SHA-256$4096:W22Z$bad:bad", false},
		{"SCRAM-SHA-256$0:W22ZaJ0SNY7soEsUEjb6gQ==$WG5d8oPm3OtcPnkdi4Uo7BkeZkBFzpcXkuLmtbsT4qY=:wfPLwcE6nTWhTAmQ7tl2KeoiWGPlZqQxSrmfPwDl2dU=", false},
		{"pencil", false},
		{"", false},
	} {
		got, err := Encrypt(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if kept := got == tt.in; kept != tt.kept {
			t.Errorf("Encrypt(%q) = %q, kept %v want %v", tt.in, got, kept, tt.kept)
		}
		if _, ok := ParseSCRAM(got); !ok && !IsMD5(got) {
			t.Errorf("Encrypt(%q) = %q is no verifier", tt.in, got)
		}
	}
	a, _ := Encrypt("pencil")
	b, _ := Encrypt("pencil")
	if a == b {
		t.Error("two verifiers of one password share a salt")
	}
}

func FuzzParseSCRAMVerifier(f *testing.F) {
	f.Add("SCRAM-SHA-256$4096:W22ZaJ0SNY7soEsUEjb6gQ==$WG5d8oPm3OtcPnkdi4Uo7BkeZkBFzpcXkuLmtbsT4qY=:wfPLwcE6nTWhTAmQ7tl2KeoiWGPlZqQxSrmfPwDl2dU=")
	f.Add("SCRAM-SHA-256$1:$:")
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := ParseSCRAM(s)
		if !ok {
			return
		}
		again, ok := ParseSCRAM(v.String())
		if !ok || again.String() != v.String() {
			t.Fatalf("%q reparsed as %q", v.String(), again.String())
		}
	})
}
