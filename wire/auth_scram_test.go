package wire

import (
	"encoding/base64"
	"errors"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/catalog/password"
)

// RFC 7677 §3's SCRAM-SHA-256 example exchange (user "user", password
// "pencil").
const (
	rfcClientFirst = "n,,n=user,r=rOprNGfwEbeRWgbNEkqO"
	rfcServerNonce = "%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0"
	rfcServerFirst = "r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,s=W22ZaJ0SNY7soEsUEjb6gQ==,i=4096"
	rfcClientFinal = "c=biws,r=rOprNGfwEbeRWgbNEkqO%hvYDpWUa2RaTCAfuxFIlj)hNlF$k0,p=dHzbZapWIk4jUhN+Ute9ytag9zjfMHgsqmmiz7AndVQ="
	rfcServerFinal = "v=6rriTRBi23WpRR/wtup+mMhUZUn/dB5nLTJRsjl95G4="
)

func rfcVerifier(t testing.TB) password.SCRAM {
	t.Helper()
	salt, _ := base64.StdEncoding.DecodeString("W22ZaJ0SNY7soEsUEjb6gQ==")
	v, err := password.NewSCRAM("pencil", salt, 4096)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func rfcServer(t testing.TB, v password.SCRAM, mock bool) *scramServer {
	t.Helper()
	s, err := newSCRAMServer(v, mock)
	if err != nil {
		t.Fatal(err)
	}
	s.serverNonce = rfcServerNonce
	return s
}

// TestSCRAMRFC7677 replays RFC 7677's example against the server side.
func TestSCRAMRFC7677(t *testing.T) {
	s := rfcServer(t, rfcVerifier(t), false)
	first, err := s.serverFirst(rfcClientFirst)
	if err != nil || first != rfcServerFirst {
		t.Fatalf("server-first = %q, %v; want %q", first, err, rfcServerFirst)
	}
	final, err := s.serverFinal(rfcClientFinal)
	if err != nil || final != rfcServerFinal {
		t.Fatalf("server-final = %q, %v; want %q", final, err, rfcServerFinal)
	}
}

// TestSCRAMRejects: wrong passwords, mock exchanges and malformed messages
// all fail, with the right kind of error.
func TestSCRAMRejects(t *testing.T) {
	wrongSalt, _ := base64.StdEncoding.DecodeString("W22ZaJ0SNY7soEsUEjb6gQ==")
	wrong, err := password.NewSCRAM("pencil2", wrongSalt, 4096)
	if err != nil {
		t.Fatal(err)
	}
	badProof := strings.Replace(rfcClientFinal, "p=dHzb", "p=dHzc", 1)
	tests := []struct {
		name        string
		v           password.SCRAM
		mock        bool
		first, last string
		want        error
	}{
		{"wrong password", wrong, false, rfcClientFirst, rfcClientFinal, errSCRAMProof},
		{"mock with the right keys", rfcVerifier(t), true, rfcClientFirst, rfcClientFinal, errSCRAMProof},
		{"altered proof", rfcVerifier(t), false, rfcClientFirst, badProof, errSCRAMProof},
		{"channel binding p", rfcVerifier(t), false, "p=tls-server-end-point,,n=user,r=abc", "", errSCRAMMalformed},
		{"authzid", rfcVerifier(t), false, "n,a=admin,n=user,r=abc", "", errSCRAMMalformed},
		{"bad flag", rfcVerifier(t), false, "x,,n=user,r=abc", "", errSCRAMMalformed},
		{"no nonce", rfcVerifier(t), false, "n,,n=user", "", errSCRAMMalformed},
		{"mandatory extension", rfcVerifier(t), false, "n,,m=ext,n=user,r=abc", "", errSCRAMMalformed},
		{"empty", rfcVerifier(t), false, "", "", errSCRAMMalformed},
		{"nonce changed", rfcVerifier(t), false, rfcClientFirst,
			strings.Replace(rfcClientFinal, "r=rOpr", "r=xOpr", 1), errSCRAMMalformed},
		{"binding changed", rfcVerifier(t), false, rfcClientFirst,
			strings.Replace(rfcClientFinal, "c=biws", "c=eSws", 1), errSCRAMMalformed},
		{"no proof", rfcVerifier(t), false, rfcClientFirst, "c=biws,r=rOprNGfwEbeRWgbNEkqO" + rfcServerNonce, errSCRAMMalformed},
		{"short proof", rfcVerifier(t), false, rfcClientFirst,
			"c=biws,r=rOprNGfwEbeRWgbNEkqO" + rfcServerNonce + ",p=AAAA", errSCRAMMalformed},
	}
	for _, tt := range tests {
		s := rfcServer(t, tt.v, tt.mock)
		_, err := s.serverFirst(tt.first)
		if err == nil {
			_, err = s.serverFinal(tt.last)
		}
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, err, tt.want)
		}
	}
}

// TestSCRAMClientOnTLS: a client on TLS without channel binding sends the
// "y" flag, whose GS2 header "y,," comes back base64 as "eSws".
func TestSCRAMClientOnTLS(t *testing.T) {
	s := rfcServer(t, rfcVerifier(t), false)
	if _, err := s.serverFirst("y,,n=user,r=rOprNGfwEbeRWgbNEkqO"); err != nil {
		t.Fatal(err)
	}
	// The proof covers the changed AuthMessage, so the RFC's proof fails:
	// what matters is that the binding check passes.
	_, err := s.serverFinal(strings.Replace(rfcClientFinal, "c=biws", "c=eSws", 1))
	if !errors.Is(err, errSCRAMProof) {
		t.Fatalf("got %v, want a proof mismatch", err)
	}
}

func FuzzSCRAMServer(f *testing.F) {
	f.Add(rfcClientFirst, rfcClientFinal)
	f.Add("y,,n=,r=abc", "c=eSws,r=abc,p=AAAA")
	f.Add("n,,n=user,r=abc,ext=1", "c=biws,r=abc,x=1,p=")
	v := rfcVerifier(f)
	f.Fuzz(func(t *testing.T, first, final string) {
		s := rfcServer(t, v, false)
		if _, err := s.serverFirst(first); err != nil {
			if !errors.Is(err, errSCRAMMalformed) {
				t.Fatalf("serverFirst(%q): %v", first, err)
			}
			return
		}
		_, err := s.serverFinal(final)
		if err != nil && !errors.Is(err, errSCRAMMalformed) && !errors.Is(err, errSCRAMProof) {
			t.Fatalf("serverFinal(%q): %v", final, err)
		}
		// Only the RFC's own messages carry a proof for "pencil".
		if err == nil && (first != rfcClientFirst || final != rfcClientFinal) {
			t.Fatalf("accepted %q / %q", first, final)
		}
	})
}
