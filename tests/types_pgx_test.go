package tests

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestPgxDriverTypes sends bytea, date, timestamp, timestamptz, uuid and
// jsonb as pgx parameters (binary, pgx's default for these types), reads
// them back in binary and as text, filters with ->> and @>, and checks
// they survive a restart (WAL replay).
func TestPgxDriverTypes(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE docs (id uuid PRIMARY KEY, body jsonb, blob bytea, born date, seen timestamp, at timestamptz)")

	id := [16]byte{0xa0, 0xee, 0xbc, 0x99, 0x9c, 0x0b, 0x4e, 0xf8, 0xbb, 0x6d, 0x6b, 0xb9, 0xbd, 0x38, 0x0a, 0x11}
	born := time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)
	seen := time.Date(2023, 12, 31, 23, 59, 59, 123456000, time.UTC)
	at := time.Date(2024, 1, 2, 3, 4, 5, 500000000, time.FixedZone("x", 2*3600))
	body := map[string]any{"kind": "a", "n": 1.5, "tags": []any{"x", "y"}}
	blob := []byte{0, 1, 0xff}
	mustExec(t, conn, "INSERT INTO docs VALUES ($1, $2, $3, $4, $5, $6)", id, body, blob, born, seen, at)
	mustExec(t, conn, "INSERT INTO docs (id, body) VALUES ($1, $2)", [16]byte{1}, map[string]any{"kind": "b"})

	check := func(label string) {
		t.Helper()
		var (
			gotID               pgtype.UUID
			gotBody             map[string]any
			gotBlob             []byte
			gotBorn, gotSeen, g time.Time
		)
		err := conn.QueryRow(ctx, "SELECT id, body, blob, born, seen, at FROM docs WHERE body ->> $1 = $2 AND body @> $3",
			"kind", "a", map[string]any{"tags": []any{"y"}}).Scan(&gotID, &gotBody, &gotBlob, &gotBorn, &gotSeen, &g)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		if gotID.Bytes != id || !reflect.DeepEqual(gotBody, body) || !bytes.Equal(gotBlob, blob) ||
			!gotBorn.Equal(born) || !gotSeen.Equal(seen) || !g.Equal(at) {
			t.Fatalf("%s: got %x %v %x %v %v %v", label, gotID.Bytes, gotBody, gotBlob, gotBorn, gotSeen, g)
		}
		var text [6]string
		err = conn.QueryRow(ctx, "SELECT id::text, body::text, blob::text, born::text, seen::text, at::text FROM docs WHERE id = $1", id).
			Scan(&text[0], &text[1], &text[2], &text[3], &text[4], &text[5])
		want := [6]string{"a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", `{"n": 1.5, "kind": "a", "tags": ["x", "y"]}`, `\x0001ff`,
			"2024-02-29", "2023-12-31 23:59:59.123456", "2024-01-02 01:04:05.5+00"}
		if err != nil || text != want {
			t.Fatalf("%s: text %q, %v; want %q", label, text, err, want)
		}
		var n int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM docs WHERE at < $1 OR born IS NULL", time.Date(2024, 1, 3, 0, 0, 0, 0, time.UTC)).Scan(&n); err != nil || n != 2 {
			t.Fatalf("%s: count %d, %v", label, n, err)
		}
	}
	check("before restart")
	conn.Close(ctx)
	s.Stop()
	s = startServer(t, dir)
	conn = s.connect(t)
	check("after restart")
}
