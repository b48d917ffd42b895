package tests

import (
	"bytes"
	"context"
	"encoding/binary"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// peakRSS returns the peak resident set (VmHWM) of process pid in bytes,
// or skips the test where /proc does not have it.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skipf("no /proc status: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", v, err)
			}
			return kb << 10
		}
	}
	t.Skip("no VmHWM in /proc status")
	return 0
}

// pausingLine is a COPY text stream "1\t<n bytes of x>\n2\tsmall\n",
// generated as read, that stops half-way through the long line: it closes
// mid and waits for resume.
type pausingLine struct {
	head, tail  string
	n, left     int
	mid, resume chan struct{}
	paused      bool
}

func (p *pausingLine) Read(b []byte) (int, error) {
	if p.head != "" {
		k := copy(b, p.head)
		p.head = p.head[k:]
		return k, nil
	}
	if !p.paused && p.left <= p.n/2 {
		p.paused = true
		close(p.mid)
		<-p.resume
	}
	if p.left > 0 {
		k := min(len(b), p.left, 1<<20)
		for i := range k {
			b[i] = 'x'
		}
		p.left -= k
		return k, nil
	}
	if p.tail != "" {
		k := copy(b, p.tail)
		p.tail = p.tail[k:]
		return k, nil
	}
	return 0, io.EOF
}

// TestCopyHugeLine sends one 128 MiB COPY line through the wire and checks
// that it commits whole; that another session's SELECT 1 answers while
// the line is half sent; and that the server's peak memory grew by less
// than 2.5 times the line (it is gathered in chunks and copied once into a
// buffer of its size, which the stored value keeps; the WAL takes it a
// record at a time). Before, the message, the line (grown by 1.25 steps),
// a string copy and the WAL payload each held it, a 256 MiB line took
// 1.6 GB, and the commit failed (58030: record larger than a segment)
// after "COPY 2" was sent.
func TestCopyHugeLine(t *testing.T) {
	const n = 128 << 20
	s := startServer(t, "", "--checkpoint-wal-mb", "-1") // no checkpoint copies the row meanwhile
	conn := s.connect(t)
	other := s.connect(t)
	mustExec(t, conn, "CREATE TABLE big (id int, a text)")
	before := peakRSS(t, s.cmd.Process.Pid)

	src := &pausingLine{head: "1\t", tail: "\n2\tsmall\n", n: n, left: n, mid: make(chan struct{}), resume: make(chan struct{})}
	type result struct {
		tag string
		err error
	}
	done := make(chan result, 1)
	go func() {
		tag, err := conn.PgConn().CopyFrom(context.Background(), src, "COPY big FROM STDIN")
		done <- result{tag.String(), err}
	}()
	select {
	case <-src.mid:
	case r := <-done:
		t.Fatalf("COPY ended before its line was half sent: %v", r.err)
	}
	var one int
	if err := other.QueryRow(testCtx(t, 60*time.Second), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("SELECT 1 during the COPY: %d, %v", one, err)
	}
	close(src.resume)
	r := <-done
	if r.err != nil || r.tag != "COPY 2" {
		t.Fatalf("COPY: %q, %v", r.tag, r.err)
	}
	runtime.GC()
	growth := peakRSS(t, s.cmd.Process.Pid) - before
	t.Logf("peak RSS grew by %d MiB (%.2f times the line)", growth>>20, float64(growth)/n)
	if growth > 5*n/2 {
		t.Errorf("peak RSS grew by %d MiB for a %d MiB line, want under 2.5 times", growth>>20, n>>20)
	}
	var length int
	var same bool
	if err := conn.QueryRow(testCtx(t, 60*time.Second), "SELECT length(a), a = repeat('x', $1) FROM big WHERE id = 1", n).Scan(&length, &same); err != nil || length != n || !same {
		t.Fatalf("stored line: length %d, equal %v, %v", length, same, err)
	}
}

// TestBigRowSurvivesCrash inserts an 80 MiB bytea and an 80 MiB text
// value, larger than a 64 MiB WAL segment, kills the server with SIGKILL
// and checks both come back from the WAL byte for byte, then again from
// the checkpoint a clean shutdown writes. Before, such a row failed at
// commit with 58030 after the client saw "INSERT 0 1".
func TestBigRowSurvivesCrash(t *testing.T) {
	const n = 80 << 20
	dir := t.TempDir()
	flags := []string{"--checkpoint-wal-mb", "-1"}
	s := startServer(t, dir, flags...)
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE rows (id int PRIMARY KEY, b bytea, t text)")
	blob := make([]byte, n)
	for i := range blob {
		blob[i] = byte(i * 7 >> 3)
	}
	if tag := mustExec(t, conn, "INSERT INTO rows (id, b) VALUES (1, $1)", blob); tag.String() != "INSERT 0 1" {
		t.Fatalf("insert bytea: %s", tag)
	}
	if tag := mustExec(t, conn, "INSERT INTO rows (id, t) VALUES (2, repeat('ab', $1))", n/2); tag.String() != "INSERT 0 1" {
		t.Fatalf("insert text: %s", tag)
	}
	s.Kill()
	for _, phase := range []string{"after SIGKILL", "after a clean restart"} {
		s = startServer(t, dir, flags...)
		conn = s.connect(t)
		var got []byte
		if err := conn.QueryRow(testCtx(t, 60*time.Second), "SELECT b FROM rows WHERE id = 1").Scan(&got); err != nil || !bytes.Equal(got, blob) {
			t.Fatalf("%s: bytea of %d bytes (want %d), equal %v, %v", phase, len(got), n, bytes.Equal(got, blob), err)
		}
		var length int
		var same bool
		if err := conn.QueryRow(testCtx(t, 60*time.Second), "SELECT length(t), t = repeat('ab', $1) FROM rows WHERE id = 2", n/2).Scan(&length, &same); err != nil || length != n || !same {
			t.Fatalf("%s: text length %d, equal %v, %v", phase, length, same, err)
		}
		conn.Close(context.Background())
		s.Stop() // a clean shutdown checkpoints: the next start reads the snapshot
	}
}

// TestCopyFieldOverLimit sends a binary COPY field whose length word is
// past PostgreSQL's 1 GB limit: the error is PostgreSQL 15's (54000, its
// DETAIL and CONTEXT), nothing is stored, and the session goes on.
func TestCopyFieldOverLimit(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE t (a text)")
	var in bytes.Buffer
	in.WriteString("PGCOPY\n\377\r\n\x00")
	binary.Write(&in, binary.BigEndian, []int32{0, 0})
	binary.Write(&in, binary.BigEndian, int16(1))
	binary.Write(&in, binary.BigEndian, int32(3))
	in.WriteString("abc")
	binary.Write(&in, binary.BigEndian, int16(1))
	binary.Write(&in, binary.BigEndian, int32(1<<30-1))
	in.WriteString(strings.Repeat("z", 1<<20))
	_, err := conn.PgConn().CopyFrom(testCtx(t, 30*time.Second), &in, "COPY t FROM STDIN WITH (FORMAT binary)")
	pe := wantCode(t, err, "54000")
	if pe.Message != "out of memory" || pe.Detail != "Cannot enlarge string buffer containing 0 bytes by 1073741823 more bytes." ||
		pe.Where != "COPY t, line 2, column a" {
		t.Fatalf("error: %q, detail %q, context %q", pe.Message, pe.Detail, pe.Where)
	}
	var count int
	if err := conn.QueryRow(testCtx(t, 10*time.Second), "SELECT count(*) FROM t").Scan(&count); err != nil || count != 0 {
		t.Fatalf("after the error: count %d, %v", count, err)
	}
}

// TestCopyContextTruncated checks that an error's CONTEXT shows at most 100
// bytes of the line or value and "...", as PostgreSQL 15's
// limit_printout_length (the message keeps the whole value, as there).
func TestCopyContextTruncated(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE c2 (a int, b text)")
	x, y := strings.Repeat("x", 150), strings.Repeat("y", 150)
	tests := []struct{ sql, in, code, msg, where string }{
		{"COPY c2 FROM STDIN", "1\t" + x + "\tq\n", "22P04", "extra data after last expected column",
			`COPY c2, line 1: "1	` + x[:98] + `..."`},
		{"COPY c2 (a) FROM STDIN", y + "\n", "22P02", `invalid input syntax for type integer: "` + y + `"`,
			`COPY c2, line 1, column a: "` + y[:100] + `..."`},
	}
	for _, tt := range tests {
		_, err := conn.PgConn().CopyFrom(testCtx(t, 30*time.Second), strings.NewReader(tt.in), tt.sql)
		pe := wantCode(t, err, tt.code)
		if pe.Message != tt.msg || pe.Where != tt.where {
			t.Errorf("%s: %q\ncontext %q\n   want %q", tt.sql, pe.Message, pe.Where, tt.where)
		}
	}
}

// binaryField is a binary COPY stream of one row (int4 1, bytea of n bytes
// i*13), generated as read.
type binaryField struct {
	head, tail []byte
	n, off     int
}

func newBinaryField(n int) *binaryField {
	var h bytes.Buffer
	h.WriteString("PGCOPY\n\377\r\n\x00")
	binary.Write(&h, binary.BigEndian, []int32{0, 0})
	binary.Write(&h, binary.BigEndian, int16(2))
	binary.Write(&h, binary.BigEndian, []int32{4, 1, int32(n)})
	return &binaryField{head: h.Bytes(), tail: []byte{0xff, 0xff}, n: n}
}

func (f *binaryField) Read(b []byte) (int, error) {
	switch {
	case len(f.head) > 0:
		k := copy(b, f.head)
		f.head = f.head[k:]
		return k, nil
	case f.off < f.n:
		k := min(len(b), f.n-f.off)
		for i := range k {
			b[i] = byte((f.off + i) * 13)
		}
		f.off += k
		return k, nil
	case len(f.tail) > 0:
		k := copy(b, f.tail)
		f.tail = f.tail[k:]
		return k, nil
	}
	return 0, io.EOF
}

// TestCopyHugeBinaryField sends a 96 MiB bytea field in binary COPY and
// checks it commits byte for byte with the server's peak memory growing
// by less than 2.5 times the field: read in 1 MiB pieces, copied once
// into the row's buffer, which the stored value keeps.
func TestCopyHugeBinaryField(t *testing.T) {
	const n = 96 << 20
	s := startServer(t, "", "--checkpoint-wal-mb", "-1")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE bin (id int, b bytea)")
	before := peakRSS(t, s.cmd.Process.Pid)
	tag, err := conn.PgConn().CopyFrom(testCtx(t, 120*time.Second), newBinaryField(n), "COPY bin FROM STDIN WITH (FORMAT binary)")
	if err != nil || tag.String() != "COPY 1" {
		t.Fatalf("COPY: %s, %v", tag, err)
	}
	growth := peakRSS(t, s.cmd.Process.Pid) - before
	t.Logf("peak RSS grew by %d MiB (%.2f times the field)", growth>>20, float64(growth)/n)
	if growth > 5*n/2 {
		t.Errorf("peak RSS grew by %d MiB for a %d MiB field, want under 2.5 times", growth>>20, n>>20)
	}
	var got []byte
	if err := conn.QueryRow(testCtx(t, 60*time.Second), "SELECT b FROM bin WHERE id = 1").Scan(&got); err != nil || len(got) != n {
		t.Fatalf("stored field: %d bytes, %v", len(got), err)
	}
	for i, c := range got {
		if c != byte(i*13) {
			t.Fatalf("byte %d is %d, want %d", i, c, byte(i*13))
		}
	}
}
