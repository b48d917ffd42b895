// Package password holds PostgreSQL's password verifier formats, as
// roles store them (pg_authid.rolpassword) and authentication checks them:
// SCRAM-SHA-256 (RFC 5802, RFC 7677) and md5. It is a leaf: catalog keeps
// the verifiers, planner makes them for CREATE/ALTER ROLE, wire checks a
// client's proof against them.
package password

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/secure/precis"
)

// Password verifier formats, as PostgreSQL stores them in pg_authid.rolpassword
// (PostgreSQL docs, chapter 21.5 "Password Authentication"):
//
//	SCRAM-SHA-256$<iterations>:<salt base64>$<StoredKey base64>:<ServerKey base64>
//	md5<32 lowercase hex digits of md5(password || role name)>
const (
	scramPrefix     = "SCRAM-SHA-256$"
	MD5Prefix       = "md5"
	md5VerifierLen  = 35 // "md5" + 32 hex digits
	SCRAMIterations = 4096
	SCRAMSaltLen    = 16 // bytes, PostgreSQL's SCRAM_DEFAULT_SALT_LEN
	KeyLen          = sha256.Size
)

// SCRAM is a parsed SCRAM-SHA-256 verifier (RFC 5802 §3): the
// server keeps StoredKey = H(ClientKey) and ServerKey, never the password.
type SCRAM struct {
	Iterations int
	Salt       []byte
	StoredKey  []byte // 32 bytes
	ServerKey  []byte // 32 bytes
}

// Encrypt returns the verifier to store for a password given to
// CREATE/ALTER ROLE ... PASSWORD, as PostgreSQL does: a string that already
// is a SCRAM-SHA-256 or md5 verifier is kept as given; anything else
// becomes a SCRAM-SHA-256 verifier with a random 16-byte salt and 4096
// iterations. Errors come from crypto/rand or PBKDF2 only.
func Encrypt(password string) (string, error) {
	if IsMD5(password) {
		return password, nil
	}
	if _, ok := ParseSCRAM(password); ok {
		return password, nil
	}
	salt := make([]byte, SCRAMSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	v, err := NewSCRAM(password, salt, SCRAMIterations)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// MD5 returns PostgreSQL's md5 verifier of password for role:
// "md5" + hex(md5(password || role)).
func MD5(role, password string) string {
	sum := md5.Sum([]byte(password + role))
	return MD5Prefix + hex.EncodeToString(sum[:])
}

// IsMD5 reports whether s has the md5 verifier format.
func IsMD5(s string) bool {
	if len(s) != md5VerifierLen || !strings.HasPrefix(s, MD5Prefix) {
		return false
	}
	for _, ch := range s[len(MD5Prefix):] {
		if !('0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'f') {
			return false
		}
	}
	return true
}

// NewSCRAM derives the keys of password (RFC 5802 §3):
// SaltedPassword = PBKDF2-HMAC-SHA-256(Normalize(password), salt, i),
// StoredKey = SHA-256(HMAC(SaltedPassword, "Client Key")),
// ServerKey = HMAC(SaltedPassword, "Server Key").
func NewSCRAM(password string, salt []byte, iterations int) (SCRAM, error) {
	salted, err := pbkdf2.Key(sha256.New, normalizePassword(password), salt, iterations, KeyLen)
	if err != nil {
		return SCRAM{}, fmt.Errorf("pbkdf2: %w", err)
	}
	clientKey := HMACSHA256(salted, []byte("Client Key"))
	stored := sha256.Sum256(clientKey)
	return SCRAM{Iterations: iterations, Salt: salt, StoredKey: stored[:],
		ServerKey: HMACSHA256(salted, []byte("Server Key"))}, nil
}

// String formats v as PostgreSQL stores it.
func (v SCRAM) String() string {
	b64 := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("%s%d:%s$%s:%s", scramPrefix, v.Iterations, b64(v.Salt), b64(v.StoredKey), b64(v.ServerKey))
}

// ParseSCRAM parses the SCRAM-SHA-256 verifier format; ok is false
// for anything else (PostgreSQL's parse_scram_secret).
func ParseSCRAM(s string) (v SCRAM, ok bool) {
	rest, found := strings.CutPrefix(s, scramPrefix)
	if !found {
		return v, false
	}
	iterSalt, keys, found := strings.Cut(rest, "$")
	if !found {
		return v, false
	}
	iter, salt, found1 := strings.Cut(iterSalt, ":")
	stored, server, found2 := strings.Cut(keys, ":")
	if !found1 || !found2 {
		return v, false
	}
	n, err := strconv.Atoi(iter)
	if err != nil || n <= 0 {
		return v, false
	}
	v.Iterations = n
	dec := base64.StdEncoding.DecodeString
	var e1, e2, e3 error
	v.Salt, e1 = dec(salt)
	v.StoredKey, e2 = dec(stored)
	v.ServerKey, e3 = dec(server)
	if e1 != nil || e2 != nil || e3 != nil || len(v.Salt) == 0 ||
		len(v.StoredKey) != KeyLen || len(v.ServerKey) != KeyLen {
		return SCRAM{}, false
	}
	return v, true
}

// normalizePassword prepares a password for SCRAM as SASLprep (RFC 4013)
// would: ASCII passwords are used as they are; others are normalized with
// the PRECIS OpaqueString profile (RFC 8265, SASLprep's successor, as pgx
// does), falling back to the raw password when that fails, as PostgreSQL
// does for passwords SASLprep rejects.
func normalizePassword(p string) string {
	ascii := true
	for i := 0; i < len(p); i++ {
		if p[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return p
	}
	n, err := precis.OpaqueString.String(p)
	if err != nil {
		return p
	}
	return n
}

func HMACSHA256(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}
