package wire

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"sync"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/catalog/password"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// RoleStore looks up roles for authentication. *catalog.Catalog implements
// it. Calls come from many connections at once.
type RoleStore interface {
	// RoleVerifier returns the role's stored password verifier
	// ("SCRAM-SHA-256$..." or "md5...", "" when it has none), whether it
	// may log in, and whether it exists.
	RoleVerifier(name string) (verifier string, login, ok bool)
}

// Authentication policy (the role of pg_hba.conf), applied when
// Server.Roles is set:
//
//   - a role with a password authenticates with it, from anywhere:
//     SCRAM-SHA-256 (docs §55.3.1), or MD5 (AuthenticationMD5Password)
//     when its stored verifier is md5;
//   - a role without a password logs in without one from a local address
//     when Server.TrustLocal is set, and is refused elsewhere;
//   - an unknown role, or one refused, goes through a mock SCRAM exchange
//     that always fails, so the client learns nothing but FATAL 28P01
//     "password authentication failed for user ...".
//
// A role that authenticates but lacks LOGIN gets FATAL 28000.

// authenticate runs the authentication exchange for user. It returns a
// *pgerror.Error (FATAL for the caller to send) or a network error.
func (c *conn) authenticate(user string) error {
	s := c.srv
	if s.Roles == nil {
		return nil
	}
	verifier, login, exists := s.Roles.RoleVerifier(user)
	var err error
	switch {
	case exists && password.IsMD5(verifier):
		err = c.md5Auth(user, verifier)
	case exists && verifier != "":
		v, ok := password.ParseSCRAM(verifier)
		if !ok {
			c.log.Warn("role has an unusable password verifier", "role", user)
			err = c.scramAuth(user, mockVerifier(user), true)
		} else {
			err = c.scramAuth(user, v, false)
		}
	case exists && s.TrustLocal && s.isLocal(c.nc.RemoteAddr()):
		err = nil
	default:
		c.log.Debug("role cannot authenticate", "role", user, "exists", exists)
		err = c.scramAuth(user, mockVerifier(user), true)
	}
	if err != nil {
		return err
	}
	if !login {
		return pgerror.Errorf(pgerror.InvalidAuthorizationSpec, "role %q is not permitted to log in", user)
	}
	return nil
}

// authFailed is the one error a client sees for a wrong password, an
// unknown role or a role that may not log in from where it is.
func authFailed(user string) *pgerror.Error {
	return pgerror.Errorf(pgerror.InvalidPassword, "password authentication failed for user %q", user)
}

// scramAuth runs SCRAM-SHA-256 over AuthenticationSASL, SASLContinue and
// SASLFinal (docs §55.3.1).
func (c *conn) scramAuth(user string, v password.SCRAM, mock bool) error {
	srv, err := newSCRAMServer(v, mock)
	if err != nil {
		return err
	}
	c.send(&pgproto3.AuthenticationSASL{AuthMechanisms: []string{scramMechanism}})
	first, err := c.authResponse(pgproto3.AuthTypeSASL)
	if err != nil {
		return err
	}
	init, ok := first.(*pgproto3.SASLInitialResponse)
	if !ok {
		return protocolError(first)
	}
	if init.AuthMechanism != scramMechanism {
		return pgerror.New(pgerror.ProtocolViolation, "client selected an invalid SASL authentication mechanism")
	}
	serverFirst, err := srv.serverFirst(string(init.Data))
	if err != nil {
		return pgerror.New(pgerror.ProtocolViolation, err.Error())
	}
	c.send(&pgproto3.AuthenticationSASLContinue{Data: []byte(serverFirst)})
	final, err := c.authResponse(pgproto3.AuthTypeSASLContinue)
	if err != nil {
		return err
	}
	resp, ok := final.(*pgproto3.SASLResponse)
	if !ok {
		return protocolError(final)
	}
	serverFinal, err := srv.serverFinal(string(resp.Data))
	switch {
	case errors.Is(err, errSCRAMProof):
		c.log.Info("password authentication failed", "role", user)
		return authFailed(user)
	case err != nil:
		return pgerror.New(pgerror.ProtocolViolation, err.Error())
	}
	c.send(&pgproto3.AuthenticationSASLFinal{Data: []byte(serverFinal)})
	return nil
}

// md5Auth runs MD5 password authentication (docs §55.3): the client sends
// "md5" + md5hex(md5hex(password || user) || salt); the stored verifier
// is "md5" + md5hex(password || user).
func (c *conn) md5Auth(user, verifier string) error {
	var salt [4]byte
	if _, err := rand.Read(salt[:]); err != nil {
		return fmt.Errorf("md5 Salt: %w", err)
	}
	c.send(&pgproto3.AuthenticationMD5Password{Salt: salt})
	msg, err := c.authResponse(pgproto3.AuthTypeMD5Password)
	if err != nil {
		return err
	}
	pw, ok := msg.(*pgproto3.PasswordMessage)
	if !ok {
		return protocolError(msg)
	}
	sum := md5.Sum(append([]byte(verifier[len(password.MD5Prefix):]), salt[:]...))
	want := password.MD5Prefix + hex.EncodeToString(sum[:])
	if subtle.ConstantTimeCompare([]byte(pw.Password), []byte(want)) != 1 {
		c.log.Info("password authentication failed", "role", user, "method", "md5")
		return authFailed(user)
	}
	return nil
}

// authResponse flushes the pending authentication request and reads the
// client's answer, decoded as the given authentication type expects.
func (c *conn) authResponse(authType uint32) (pgproto3.FrontendMessage, error) {
	c.flush()
	if c.writeErr != nil {
		return nil, c.writeErr
	}
	msg, err := c.receiveAuth(authType)
	if err != nil {
		if isNetError(err) {
			return nil, err
		}
		return nil, pgerror.Errorf(pgerror.ProtocolViolation, "invalid authentication message: %v", err)
	}
	return msg, nil
}

func protocolError(msg pgproto3.FrontendMessage) *pgerror.Error {
	return pgerror.Errorf(pgerror.ProtocolViolation,
		"expected password response, got message type %d", frontendType(msg))
}

// mockKey seeds the salts of mock SCRAM exchanges: stable for one server
// process, so that repeated attempts for an unknown role look like those
// for a real one.
var mockKey = sync.OnceValue(func() []byte {
	k := make([]byte, 32)
	rand.Read(k) // never fails (crypto/rand)
	return k
})

// mockVerifier makes up a verifier for a role that cannot authenticate.
func mockVerifier(user string) password.SCRAM {
	h := password.HMACSHA256(mockKey(), []byte("salt\x00"+user))
	return password.SCRAM{Iterations: password.SCRAMIterations, Salt: h[:password.SCRAMSaltLen],
		StoredKey: password.HMACSHA256(mockKey(), []byte("stored\x00"+user)),
		ServerKey: password.HMACSHA256(mockKey(), []byte("server\x00"+user))}
}

// isLocal reports whether addr is a local client: Server.IsLocal when set,
// else loopback TCP addresses and Unix sockets.
func (s *Server) isLocal(addr net.Addr) bool {
	if s.IsLocal != nil {
		return s.IsLocal(addr)
	}
	return IsLoopback(addr)
}

// IsLoopback reports whether addr is a loopback TCP address (127.0.0.0/8,
// ::1) or a Unix socket.
func IsLoopback(addr net.Addr) bool {
	switch a := addr.(type) {
	case *net.TCPAddr:
		return a.IP.IsLoopback()
	case *net.UnixAddr:
		return true
	}
	return false
}
