package tests

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pythonWith returns a Python 3 interpreter that can import module, trying
// Debian's /usr/bin/python3 (where apt's python3-psycopg2 and
// python3-psycopg install) before python3 on PATH, or skips the test.
func pythonWith(t *testing.T, module string) string {
	t.Helper()
	candidates := []string{"/usr/bin/python3"}
	if p, err := exec.LookPath("python3"); err == nil {
		candidates = append(candidates, p)
	}
	for _, p := range candidates {
		if exec.Command(p, "-c", "import "+module).Run() == nil {
			return p
		}
	}
	t.Skipf("no python3 with module %s (install Debian python3-psycopg2 / python3-psycopg)", module)
	return ""
}

// pythonClientTest runs tests/clients/python/<script> with an interpreter
// that has module against each target and compares its transcript with
// tests/clients/expected/<expected>.
func pythonClientTest(t *testing.T, module, script, expected string) {
	py := pythonWith(t, module)
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		clientScript{
			prog:     py,
			args:     []string{filepath.Join("clients", "python", script)},
			dir:      ".",
			expected: filepath.Join("clients", "expected", expected),
		}.run(t, tg)
	})
}

// TestClientPsycopg2 runs psycopg2 (Debian python3-psycopg2) the way
// applications do: autocommit off with an implicit BEGIN, executemany,
// copy_expert in text and CSV, a named (server-side) cursor, errors in a
// transaction, and Python lists and strings as vector parameters. The
// transcript is compared with clients/expected/psycopg2.out.
func TestClientPsycopg2(t *testing.T) {
	t.Parallel()
	pythonClientTest(t, "psycopg2", "psycopg2_client.py", "psycopg2.out")
}

// TestClientPsycopg3 runs psycopg 3 (Debian python3-psycopg) the way
// applications do: autocommit off with an implicit BEGIN (sent through the
// extended protocol), executemany, cursor.copy, a named (server-side)
// cursor, errors in a transaction, and Python lists (sent as float8[]
// parameters) and strings as vector parameters. The transcript is
// compared with clients/expected/psycopg3.out.
func TestClientPsycopg3(t *testing.T) {
	t.Parallel()
	pythonClientTest(t, "psycopg", "psycopg3_client.py", "psycopg3.out")
}

// psycopgTLSScript connects with sslmode=require (DSN in argv[1]) and
// prints whether libpq reports TLS in use, the TLS protocol, and a vector
// query's round trip. MODULE, SSL_IN_USE and PROTOCOL are replaced by each
// module's name and its way of asking libpq.
const psycopgTLSScript = `
import sys
import ctypes
import MODULE as pg

def libpq_ssl_protocol(ptr):
    import psycopg.pq._pq_ctypes as c
    f = c.pq.PQsslAttribute
    f.argtypes, f.restype = [ctypes.c_void_p, ctypes.c_char_p], ctypes.c_char_p
    return f(ptr, b"protocol").decode()

conn = pg.connect(sys.argv[1])
conn.autocommit = True
print("ssl_in_use", SSL_IN_USE)
print("protocol", PROTOCOL)
cur = conn.cursor()
cur.execute("CREATE EXTENSION IF NOT EXISTS vector")
cur.execute("CREATE TABLE tls_items (id bigint PRIMARY KEY, embedding vector(3))")
cur.execute("INSERT INTO tls_items VALUES (1, %s), (2, %s)", ("[1,2,3]", "[10,20,30]"))
cur.execute("SELECT id, embedding::text, embedding <-> %s::vector FROM tls_items ORDER BY embedding <-> %s::vector",
            ("[1,2,4]", "[1,2,4]"))
for row in cur.fetchall():
    print(row[0], row[1], round(row[2], 4))
conn.close()
`

// TestClientPsycopgTLS: psycopg 3 and psycopg2 connect with
// sslmode=require to a vecgres started with --tls-cert/--tls-key; libpq
// reports the connection encrypted (TLSv1.3) and a vector query round
// trips over it.
func TestClientPsycopgTLS(t *testing.T) {
	cert, key := writeSelfSigned(t, t.TempDir())
	s := startServer(t, "", "--tls-cert", cert, "--tls-key", key)
	admin := s.connect(t)
	mustExec(t, admin, "CREATE ROLE alice LOGIN PASSWORD 's3cret'")
	mustExec(t, admin, "GRANT CREATE ON SCHEMA public TO alice") // the script creates its table as alice
	dsn := fmt.Sprintf("host=127.0.0.1 port=%s user=alice password=s3cret dbname=postgres sslmode=require connect_timeout=10", s.Port())
	for _, tc := range []struct{ module, sslInUse, protocol string }{
		// psycopg 3.1 has no ssl_attribute: ask the libpq it loaded.
		{"psycopg", "conn.pgconn.ssl_in_use", `libpq_ssl_protocol(conn.pgconn.pgconn_ptr)`},
		{"psycopg2", "conn.info.ssl_in_use", `conn.info.ssl_attribute("protocol")`},
	} {
		t.Run(tc.module, func(t *testing.T) {
			py := pythonWith(t, tc.module)
			script := strings.NewReplacer("MODULE", tc.module, "SSL_IN_USE", tc.sslInUse, "PROTOCOL", tc.protocol).Replace(psycopgTLSScript)
			script = strings.Replace(script, "tls_items", "tls_"+tc.module, -1)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			out, err := exec.CommandContext(ctx, py, "-c", script, dsn).CombinedOutput()
			if err != nil {
				t.Fatalf("%s over TLS: %v\n%s", tc.module, err, out)
			}
			want := "ssl_in_use True\nprotocol TLSv1.3\n1 [1,2,3] 1.0\n2 [10,20,30] 32.8786\n"
			if string(out) != want {
				t.Fatalf("%s over TLS printed:\n%s\nwant:\n%s", tc.module, out, want)
			}
		})
	}
}
