package tests

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// backupPayload is the text row id carries: long enough to span WAL
// batches and segments, derived from id so a torn row shows.
func backupPayload(id int) string {
	return strings.Repeat(fmt.Sprintf("row %d;", id), 40)
}

// backupWriter inserts transactions of three rows into t until stop is
// closed: ids base, base+1, base+2, then base+step... Each acknowledged
// transaction is appended to acked under mu.
func backupWriter(t *testing.T, s *server, base, step int, stop <-chan struct{}, mu *sync.Mutex, acked *[][]int) {
	conn := s.connect(t)
	for id := base; ; id += step {
		select {
		case <-stop:
			return
		default:
		}
		ids := []int{id * 3, id*3 + 1, id*3 + 2}
		batch := fmt.Sprintf("INSERT INTO t VALUES (%d, '%s'), (%d, '%s'), (%d, '%s')",
			ids[0], backupPayload(ids[0]), ids[1], backupPayload(ids[1]), ids[2], backupPayload(ids[2]))
		if _, err := conn.Exec(testCtx(t, 30*time.Second), batch); err != nil {
			t.Errorf("insert %v: %v", ids, err)
			return
		}
		mu.Lock()
		*acked = append(*acked, ids)
		mu.Unlock()
	}
}

// TestBackupDuringWritesRestoresCommittedPrefix: "vecgres backup --to DIR"
// taken while four sessions commit three-row transactions and another
// forces checkpoints restores, on a server started on DIR, every
// transaction acknowledged before the backup began, whole; any other row
// there belongs to a transaction that is there whole, with its exact
// payload. Before, there was no way to back up a running server.
func TestBackupDuringWritesRestoresCommittedPrefix(t *testing.T) {
	s := startServer(t, "", "--checkpoint-wal-mb", "1")
	admin := s.connect(t)
	mustExec(t, admin, "CREATE TABLE t (id int PRIMARY KEY, payload text NOT NULL)")
	var mu sync.Mutex
	var acked [][]int
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() { defer wg.Done(); backupWriter(t, s, w, 4, stop, &mu, &acked) }()
	}
	wg.Add(1)
	go func() { // checkpoints racing the backup
		defer wg.Done()
		conn := s.connect(t)
		for {
			select {
			case <-stop:
				return
			default:
			}
			if _, err := conn.Exec(testCtx(t, 30*time.Second), "CHECKPOINT"); err != nil {
				t.Errorf("CHECKPOINT: %v", err)
				return
			}
		}
	}()
	waitRows := func(n int) {
		for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			mu.Lock()
			k := len(acked)
			mu.Unlock()
			if k >= n {
				return
			}
		}
		t.Fatalf("writers did not commit %d transactions", n)
	}
	waitRows(200)
	mu.Lock()
	before := append([][]int(nil), acked...)
	mu.Unlock()
	dir := filepath.Join(t.TempDir(), "backup")
	out, err := exec.Command(vecgresBinary(t), "backup", "--to", dir, "--dsn", s.DSN()).CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "backup written to "+dir+", consistent at LSN ") {
		t.Fatalf("vecgres backup: %v\n%s", err, out)
	}
	waitRows(len(before) + 100) // writes go on after the backup
	close(stop)
	wg.Wait()

	restored := startServer(t, dir)
	rc := restored.connect(t)
	rows, err := rc.Query(testCtx(t, 60*time.Second), "SELECT id, payload FROM t")
	if err != nil {
		t.Fatal(err)
	}
	have := map[int]bool{}
	for rows.Next() {
		var id int
		var payload string
		if err := rows.Scan(&id, &payload); err != nil {
			t.Fatal(err)
		}
		if payload != backupPayload(id) {
			t.Fatalf("row %d torn: payload %.40q...", id, payload)
		}
		have[id] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for _, txn := range before {
		for _, id := range txn {
			if !have[id] {
				t.Fatalf("row %d, acknowledged before the backup, is missing from it (%d rows restored)", id, len(have))
			}
		}
	}
	for id := range have { // whole transactions only
		base := id - id%3
		if !have[base] || !have[base+1] || !have[base+2] {
			t.Fatalf("transaction of rows %d..%d restored in part", base, base+2)
		}
	}
	if len(have) >= 3*len(acked) {
		t.Fatalf("backup has %d rows, all %d written: it was not taken during the writes", len(have), 3*len(acked))
	}
	t.Logf("%d rows acknowledged before the backup, %d restored, %d written in all", 3*len(before), len(have), 3*len(acked))
	var n int
	if err := s.connect(t).QueryRow(context.Background(), "SELECT count(*) FROM t").Scan(&n); err != nil || n != 3*len(acked) {
		t.Fatalf("source server has %d rows (%v), want %d", n, err, 3*len(acked))
	}
}

// TestBackupRefusals: vecgres_backup needs a superuser, an absolute path
// and an empty target, with PostgreSQL-style errors.
func TestBackupRefusals(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	_, err := conn.Exec(testCtx(t, 10*time.Second), "SELECT vecgres_backup('relative/dir')")
	wantCode(t, err, "22023")
	_, err = conn.Exec(testCtx(t, 10*time.Second), "SELECT vecgres_backup($1)", s.DataDir)
	wantCode(t, err, "55000")
	mustExec(t, conn, "CREATE ROLE alice LOGIN")
	alice, err := dialAs(t, s, "alice")
	if err != nil {
		t.Fatal(err)
	}
	_, err = alice.Exec(testCtx(t, 10*time.Second), "SELECT vecgres_backup($1)", filepath.Join(t.TempDir(), "b"))
	wantCode(t, err, "42501")
}
