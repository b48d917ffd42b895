package tests

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// bitRows are clustered random bit strings of nbits bits (each a centre
// with every bit flipped with probability 1/8), by id 1..n.
func bitRows(seed uint64, n, nbits int) map[int64][]byte {
	r := rand.New(rand.NewPCG(seed, 1))
	centres := make([][]byte, 12)
	for i := range centres {
		centres[i] = make([]byte, (nbits+7)/8)
		for j := range centres[i] {
			centres[i][j] = byte(r.Uint32())
		}
	}
	out := map[int64][]byte{}
	for id := int64(1); id <= int64(n); id++ {
		b := slices.Clone(centres[r.IntN(len(centres))])
		for j := range nbits {
			if r.IntN(8) == 0 {
				b[j/8] ^= 0x80 >> (j % 8)
			}
		}
		if rem := nbits % 8; rem != 0 {
			b[len(b)-1] &= byte(0xFF << (8 - rem))
		}
		out[id] = b
	}
	return out
}

// bitDist is pgvector's <~> (Hamming) or <%> (Jaccard) on two strings.
func bitDist(op string, a, b []byte) float64 {
	var ab, aa, bb, x int
	for i := range a {
		ab += bits.OnesCount8(a[i] & b[i])
		aa += bits.OnesCount8(a[i])
		bb += bits.OnesCount8(b[i])
		x += bits.OnesCount8(a[i] ^ b[i])
	}
	if op == "<~>" {
		return float64(x)
	}
	if ab == 0 {
		return 1
	}
	return 1 - float64(ab)/float64(aa+bb-ab)
}

// bruteForceBits is the k nearest ids to q among rows accepted by keep,
// ties by id (rows were inserted in id order, so by slot too).
func bruteForceBits(op string, rows map[int64][]byte, q []byte, k int, keep func(int64) bool) []int64 {
	var ids []int64
	for id := range rows {
		if keep(id) {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b int64) int {
		da, db := bitDist(op, q, rows[a]), bitDist(op, q, rows[b])
		switch {
		case da < db:
			return -1
		case da > db:
			return 1
		}
		return int(a - b)
	})
	return ids[:min(k, len(ids))]
}

func bitsParam(b []byte, nbits int) pgtype.Bits {
	return pgtype.Bits{Bytes: b, Len: int32(nbits), Valid: true}
}

func bitText(b []byte, nbits int) string {
	var sb strings.Builder
	for i := range nbits {
		if b[i/8]&(0x80>>(i%8)) != 0 {
			sb.WriteByte('1')
		} else {
			sb.WriteByte('0')
		}
	}
	return sb.String()
}

// TestBitKNNMatchesExact: bit_hamming_ops and bit_jaccard_ops HNSW
// indexes answer ORDER BY b <~> $1 / b <%> $1 LIMIT k with exactly the
// brute-force rows in exact distance order, ties by slot (Hamming
// distances tie often): plain, filtered by WHERE, and past
// hnsw.ef_search, never short. The plan is the index's.
func TestBitKNNMatchesExact(t *testing.T) {
	t.Parallel()
	const n, nbits = 1500, 100
	s := startServer(t, t.TempDir())
	conn := s.connect(t)
	defer conn.Close(context.Background())
	rows := bitRows(3, n, nbits)
	mustExec(t, conn, fmt.Sprintf("CREATE TABLE bt (id bigint PRIMARY KEY, cat int, b bit(%d))", nbits))
	batch := &pgx.Batch{}
	for id := int64(1); id <= n; id++ {
		batch.Queue("INSERT INTO bt VALUES ($1, $2, $3)", id, id%7, bitsParam(rows[id], nbits))
	}
	if err := conn.SendBatch(testCtx(t, 60*time.Second), batch).Close(); err != nil {
		t.Fatal(err)
	}
	mustExec(t, conn, "CREATE INDEX bt_ham ON bt USING hnsw (b bit_hamming_ops)")
	mustExec(t, conn, "CREATE INDEX bt_jac ON bt USING hnsw (b bit_jaccard_ops)")
	qr := bitRows(99, 12, nbits)
	for _, c := range []struct{ op, index string }{{"<~>", "bt_ham"}, {"<%>", "bt_jac"}} {
		lit := bitText(qr[1], nbits)
		requireIndexScan(t, conn, fmt.Sprintf("SELECT id FROM bt ORDER BY b %s B'%s' LIMIT 10", c.op, lit), c.index)
		for qi := int64(1); qi <= 12; qi++ {
			q := qr[qi]
			if qi%3 == 0 {
				q = rows[qi*10] // a stored string: distance 0 and its near duplicates
			}
			for _, k := range []int{1, 10, 60} {
				sql := fmt.Sprintf("SELECT id FROM bt ORDER BY b %s $1 LIMIT %d", c.op, k)
				got := queryIDs(t, conn, sql, bitsParam(q, nbits))
				if want := bruteForceBits(c.op, rows, q, k, func(int64) bool { return true }); !slices.Equal(got, want) {
					t.Fatalf("%s k=%d q%d: got %v, want %v", c.op, k, qi, got, want)
				}
				sql = fmt.Sprintf("SELECT id FROM bt WHERE cat = 3 ORDER BY b %s $1 LIMIT %d", c.op, k)
				got = queryIDs(t, conn, sql, bitsParam(q, nbits))
				if want := bruteForceBits(c.op, rows, q, k, func(id int64) bool { return id%7 == 3 }); !slices.Equal(got, want) {
					t.Fatalf("%s filtered k=%d q%d: got %v, want %v", c.op, k, qi, got, want)
				}
			}
		}
		mustExec(t, conn, "SET hnsw.ef_search = 10")
		sql := fmt.Sprintf("SELECT id FROM bt ORDER BY b %s $1 LIMIT 40", c.op)
		if got, want := queryIDs(t, conn, sql, bitsParam(qr[2], nbits)), bruteForceBits(c.op, rows, qr[2], 40, func(int64) bool { return true }); !slices.Equal(got, want) {
			t.Fatalf("%s past ef_search: got %v, want %v", c.op, got, want)
		}
		mustExec(t, conn, "RESET hnsw.ef_search")
	}
	// A query of another length: pgvector's error, as a sequential scan.
	_, err := conn.Exec(testCtx(t, 10*time.Second), "SELECT id FROM bt ORDER BY b <~> B'101' LIMIT 3")
	if pe := wantCode(t, err, "22000"); pe.Message != fmt.Sprintf("different bit lengths %d and 3", nbits) {
		t.Fatalf("message %q", pe.Message)
	}
}

// TestBitCrashRestart writes bit(n) and bit varying rows (binary through
// pgx's bit codec) with a bit_hamming_ops index, part before a
// CHECKPOINT and part only in the WAL, kills the server with SIGKILL and
// restarts it: every row reads back exactly in binary and text, and the
// index answers k-NN as brute force does.
func TestBitCrashRestart(t *testing.T) {
	t.Parallel()
	const n, nbits = 400, 70
	dataDir := t.TempDir()
	s := startServer(t, dataDir)
	conn := s.connect(t)
	mustExec(t, conn, fmt.Sprintf("CREATE TABLE bc (id bigint PRIMARY KEY, b bit(%d), v varbit(20))", nbits))
	mustExec(t, conn, "CREATE INDEX bc_ham ON bc USING hnsw (b bit_hamming_ops)")
	rows := bitRows(5, n, nbits)
	insert := func(from, to int64) {
		for id := from; id < to; id++ {
			v := rows[id][:id%3] // 0, 8 or 16 bits
			mustExec(t, conn, "INSERT INTO bc VALUES ($1, $2, $3)", id, bitsParam(rows[id], nbits), bitsParam(v, 8*len(v)))
		}
	}
	insert(1, 201)
	mustExec(t, conn, "CHECKPOINT")
	insert(201, n+1)
	mustExec(t, conn, "DELETE FROM bc WHERE id % 10 = 0")
	for id := range rows {
		if id%10 == 0 {
			delete(rows, id)
		}
	}
	conn.Close(context.Background())
	s.Kill()

	s = startServer(t, dataDir)
	conn = s.connect(t)
	defer conn.Close(context.Background())
	res, err := conn.Query(testCtx(t, 30*time.Second), "SELECT id, b, b::text, v FROM bc")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for res.Next() {
		var id int64
		var b, v pgtype.Bits
		var text string
		if err := res.Scan(&id, &b, &text, &v); err != nil {
			t.Fatal(err)
		}
		want, ok := rows[id]
		if !ok || b.Len != nbits || !slices.Equal(b.Bytes, want) || text != bitText(want, nbits) {
			t.Fatalf("row %d: %v %q, want %v (present %v)", id, b, text, want, ok)
		}
		if wv := want[:id%3]; int(v.Len) != 8*len(wv) || !slices.Equal(v.Bytes, wv) {
			t.Fatalf("row %d varbit: %v, want %v", id, v, wv)
		}
		seen++
	}
	if res.Err() != nil || seen != len(rows) {
		t.Fatalf("read %d rows (%v), want %d", seen, res.Err(), len(rows))
	}
	q := rows[11]
	requireIndexScan(t, conn, fmt.Sprintf("SELECT id FROM bc ORDER BY b <~> B'%s' LIMIT 10", bitText(q, nbits)), "bc_ham")
	got := queryIDs(t, conn, "SELECT id FROM bc ORDER BY b <~> $1 LIMIT 10", bitsParam(q, nbits))
	if want := bruteForceBits("<~>", rows, q, 10, func(int64) bool { return true }); !slices.Equal(got, want) {
		t.Fatalf("index answer %v, exact %v", got, want)
	}
}
