package wire

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
	md5Prefix       = "md5"
	md5VerifierLen  = 35 // "md5" + 32 hex digits
	scramIterations = 4096
	scramSaltLen    = 16 // bytes, PostgreSQL's SCRAM_DEFAULT_SALT_LEN
	scramKeyLen     = sha256.Size
)

// scramVerifier is a parsed SCRAM-SHA-256 verifier (RFC 5802 §3): the
// server keeps StoredKey = H(ClientKey) and ServerKey, never the password.
type scramVerifier struct {
	iterations int
	salt       []byte
	storedKey  []byte // 32 bytes
	serverKey  []byte // 32 bytes
}

// EncryptPassword returns the verifier to store for a password given to
// CREATE/ALTER ROLE ... PASSWORD, as PostgreSQL does: a string that already
// is a SCRAM-SHA-256 or md5 verifier is kept as given; anything else
// becomes a SCRAM-SHA-256 verifier with a random 16-byte salt and 4096
// iterations. Errors come from crypto/rand or PBKDF2 only.
func EncryptPassword(password string) (string, error) {
	if isMD5Verifier(password) {
		return password, nil
	}
	if _, ok := parseSCRAMVerifier(password); ok {
		return password, nil
	}
	salt := make([]byte, scramSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password salt: %w", err)
	}
	v, err := newSCRAMVerifier(password, salt, scramIterations)
	if err != nil {
		return "", err
	}
	return v.String(), nil
}

// MD5Verifier returns PostgreSQL's md5 verifier of password for role:
// "md5" + hex(md5(password || role)).
func MD5Verifier(role, password string) string {
	sum := md5.Sum([]byte(password + role))
	return md5Prefix + hex.EncodeToString(sum[:])
}

// isMD5Verifier reports whether s has the md5 verifier format.
func isMD5Verifier(s string) bool {
	if len(s) != md5VerifierLen || !strings.HasPrefix(s, md5Prefix) {
		return false
	}
	for _, ch := range s[len(md5Prefix):] {
		if !('0' <= ch && ch <= '9' || 'a' <= ch && ch <= 'f') {
			return false
		}
	}
	return true
}

// newSCRAMVerifier derives the keys of password (RFC 5802 §3):
// SaltedPassword = PBKDF2-HMAC-SHA-256(Normalize(password), salt, i),
// StoredKey = SHA-256(HMAC(SaltedPassword, "Client Key")),
// ServerKey = HMAC(SaltedPassword, "Server Key").
func newSCRAMVerifier(password string, salt []byte, iterations int) (scramVerifier, error) {
	salted, err := pbkdf2.Key(sha256.New, normalizePassword(password), salt, iterations, scramKeyLen)
	if err != nil {
		return scramVerifier{}, fmt.Errorf("pbkdf2: %w", err)
	}
	clientKey := hmacSHA256(salted, []byte("Client Key"))
	stored := sha256.Sum256(clientKey)
	return scramVerifier{iterations: iterations, salt: salt, storedKey: stored[:],
		serverKey: hmacSHA256(salted, []byte("Server Key"))}, nil
}

// String formats v as PostgreSQL stores it.
func (v scramVerifier) String() string {
	b64 := base64.StdEncoding.EncodeToString
	return fmt.Sprintf("%s%d:%s$%s:%s", scramPrefix, v.iterations, b64(v.salt), b64(v.storedKey), b64(v.serverKey))
}

// parseSCRAMVerifier parses the SCRAM-SHA-256 verifier format; ok is false
// for anything else (PostgreSQL's parse_scram_secret).
func parseSCRAMVerifier(s string) (v scramVerifier, ok bool) {
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
	v.iterations = n
	dec := base64.StdEncoding.DecodeString
	var e1, e2, e3 error
	v.salt, e1 = dec(salt)
	v.storedKey, e2 = dec(stored)
	v.serverKey, e3 = dec(server)
	if e1 != nil || e2 != nil || e3 != nil || len(v.salt) == 0 ||
		len(v.storedKey) != scramKeyLen || len(v.serverKey) != scramKeyLen {
		return scramVerifier{}, false
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

func hmacSHA256(key, msg []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write(msg)
	return m.Sum(nil)
}
