package wire

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog/password"
)

// scramMechanism is the only SASL mechanism advertised (PostgreSQL docs
// §55.3.1 "SCRAM-SHA-256 Authentication"); channel binding
// (SCRAM-SHA-256-PLUS) is not offered, so clients on TLS send the "y" flag.
const scramMechanism = "SCRAM-SHA-256"

// scramNonceLen is the number of random bytes in the server's nonce part,
// as PostgreSQL's SCRAM_RAW_NONCE_LEN.
const scramNonceLen = 18

// errSCRAMMalformed marks a client message that does not follow RFC 5802
// §7; the connection gets FATAL 08P01.
var errSCRAMMalformed = errors.New("malformed SCRAM message")

// errSCRAMProof marks a client proof that does not match the verifier
// (wrong password, or a mock exchange for a role that cannot authenticate).
var errSCRAMProof = errors.New("SCRAM proof does not match")

// scramServer runs the server side of one SCRAM-SHA-256 exchange (RFC 5802
// §5, RFC 7677): serverFirst answers the client-first-message, serverFinal
// checks the client-final-message's proof and returns the server-final
// message. The user name in the messages is ignored, as PostgreSQL does:
// the role is the startup packet's.
type scramServer struct {
	v    password.SCRAM
	mock bool // no real verifier: run the exchange, then fail

	serverNonce     string // the server's part, appended to the client's
	gs2Header       string
	clientFirstBare string
	serverFirstMsg  string
	nonce           string // client nonce + server nonce
}

// newSCRAMServer starts an exchange against v; mock exchanges (v made up
// for a role without a usable verifier) always fail at the proof.
func newSCRAMServer(v password.SCRAM, mock bool) (*scramServer, error) {
	raw := make([]byte, scramNonceLen)
	if _, err := rand.Read(raw); err != nil {
		return nil, fmt.Errorf("scram nonce: %w", err)
	}
	return &scramServer{v: v, mock: mock, serverNonce: base64.StdEncoding.EncodeToString(raw)}, nil
}

// serverFirst parses client-first-message = gs2-header client-first-bare
// and returns server-first-message "r=<nonce>,s=<salt>,i=<iterations>".
func (s *scramServer) serverFirst(clientFirst string) (string, error) {
	flag, rest, ok := strings.Cut(clientFirst, ",")
	if !ok {
		return "", fmt.Errorf("%w: no GS2 header", errSCRAMMalformed)
	}
	switch {
	case flag == "n", flag == "y": // y: the client could bind, but we offer no -PLUS
	case strings.HasPrefix(flag, "p="):
		return "", fmt.Errorf("%w: channel binding requested but %s does not use it", errSCRAMMalformed, scramMechanism)
	default:
		return "", fmt.Errorf("%w: unexpected channel-binding flag %q", errSCRAMMalformed, flag)
	}
	authzid, bare, ok := strings.Cut(rest, ",")
	if !ok {
		return "", fmt.Errorf("%w: GS2 header not terminated", errSCRAMMalformed)
	}
	if authzid != "" {
		return "", fmt.Errorf("%w: authorization identity is not supported", errSCRAMMalformed)
	}
	s.gs2Header = flag + "," + authzid + ","
	attrs := strings.Split(bare, ",")
	if len(attrs) < 2 || !strings.HasPrefix(attrs[0], "n=") || !strings.HasPrefix(attrs[1], "r=") {
		return "", fmt.Errorf("%w: expected n=<user>,r=<nonce>", errSCRAMMalformed)
	}
	clientNonce := attrs[1][2:]
	if clientNonce == "" || !printable(clientNonce) {
		return "", fmt.Errorf("%w: bad client nonce", errSCRAMMalformed)
	}
	s.clientFirstBare = bare
	s.nonce = clientNonce + s.serverNonce
	s.serverFirstMsg = "r=" + s.nonce + ",s=" + base64.StdEncoding.EncodeToString(s.v.Salt) +
		",i=" + strconv.Itoa(s.v.Iterations)
	return s.serverFirstMsg, nil
}

// serverFinal checks client-final-message = "c=<cbind>,r=<nonce>[,ext],p=<proof>"
// and returns server-final-message "v=<ServerSignature>". A wrong proof is
// errSCRAMProof; anything malformed errSCRAMMalformed.
func (s *scramServer) serverFinal(clientFinal string) (string, error) {
	withoutProof, proofAttr, ok := cutLast(clientFinal, ",p=")
	if !ok {
		return "", fmt.Errorf("%w: no proof", errSCRAMMalformed)
	}
	attrs := strings.Split(withoutProof, ",")
	if len(attrs) < 2 || !strings.HasPrefix(attrs[0], "c=") || !strings.HasPrefix(attrs[1], "r=") {
		return "", fmt.Errorf("%w: expected c=<binding>,r=<nonce>", errSCRAMMalformed)
	}
	cbind, err := base64.StdEncoding.DecodeString(attrs[0][2:])
	if err != nil || string(cbind) != s.gs2Header {
		return "", fmt.Errorf("%w: channel binding does not match the GS2 header", errSCRAMMalformed)
	}
	if subtle.ConstantTimeCompare([]byte(attrs[1][2:]), []byte(s.nonce)) != 1 {
		return "", fmt.Errorf("%w: nonce does not match", errSCRAMMalformed)
	}
	proof, err := base64.StdEncoding.DecodeString(proofAttr)
	if err != nil || len(proof) != password.KeyLen {
		return "", fmt.Errorf("%w: bad proof", errSCRAMMalformed)
	}
	authMessage := []byte(s.clientFirstBare + "," + s.serverFirstMsg + "," + withoutProof)
	// ClientKey = ClientProof XOR HMAC(StoredKey, AuthMessage); the proof
	// is right when H(ClientKey) = StoredKey (RFC 5802 §3).
	clientKey := password.HMACSHA256(s.v.StoredKey, authMessage)
	for i := range clientKey {
		clientKey[i] ^= proof[i]
	}
	got := sha256.Sum256(clientKey)
	if subtle.ConstantTimeCompare(got[:], s.v.StoredKey) != 1 || s.mock {
		return "", errSCRAMProof
	}
	return "v=" + base64.StdEncoding.EncodeToString(password.HMACSHA256(s.v.ServerKey, authMessage)), nil
}

// cutLast splits s around the last sep.
func cutLast(s, sep string) (before, after string, ok bool) {
	i := strings.LastIndex(s, sep)
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+len(sep):], true
}

// printable reports whether s holds only the printable ASCII characters
// RFC 5802 allows in a nonce (0x21-0x7E except ',').
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x21 || s[i] > 0x7e || s[i] == ',' {
			return false
		}
	}
	return true
}
