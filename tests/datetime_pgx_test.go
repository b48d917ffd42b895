package tests

import (
	"bytes"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// TestPgxIntervalTimeBinary sends interval and time as pgx parameters
// (binary: int64 microseconds, int32 days, int32 months; int64
// microseconds), stores them, reads them back in binary and as text in
// the session's TimeZone and IntervalStyle (COPY TO too), and again after a restart
// (the interval datum replayed from the WAL).
func TestPgxIntervalTimeBinary(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE slots (id int, dur interval, starts time, at timestamptz)")
	dur := pgtype.Interval{Months: 14, Days: -3, Microseconds: 4*3600e6 + 5*60e6 + 6_500_000, Valid: true}
	starts := pgtype.Time{Microseconds: 8*3600e6 + 15*60e6 + 500, Valid: true}
	at := time.Date(2024, 3, 10, 7, 0, 0, 0, time.UTC)
	mustExec(t, conn, "INSERT INTO slots VALUES (1, $1, $2, $3)", dur, starts, at)

	check := func(label string) {
		t.Helper()
		var gotDur pgtype.Interval
		var gotStart pgtype.Time
		var ends time.Time
		err := conn.QueryRow(ctx, "SELECT dur, starts, at + dur FROM slots WHERE dur > $1", pgtype.Interval{Days: 1, Valid: true}).
			Scan(&gotDur, &gotStart, &ends)
		if err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		if gotDur != dur || gotStart != starts || !ends.Equal(time.Date(2025, 5, 7, 11, 5, 6, 500_000_000, time.UTC)) {
			t.Fatalf("%s: got %+v %+v %v", label, gotDur, gotStart, ends)
		}
		mustExec(t, conn, "SET TimeZone = 'America/New_York'")
		mustExec(t, conn, "SET IntervalStyle = iso_8601")
		var text [3]string
		if err := conn.QueryRow(ctx, "SELECT dur::text, starts::text, at::text FROM slots").Scan(&text[0], &text[1], &text[2]); err != nil {
			t.Fatalf("%s: %v", label, err)
		}
		want := [3]string{"P1Y2M-3DT4H5M6.5S", "08:15:00.0005", "2024-03-10 03:00:00-04"}
		if text != want {
			t.Fatalf("%s: text %q, want %q", label, text, want)
		}
		var buf bytes.Buffer
		if _, err := conn.PgConn().CopyTo(ctx, &buf, "COPY slots TO STDOUT"); err != nil {
			t.Fatalf("%s: copy: %v", label, err)
		}
		if want := "1\tP1Y2M-3DT4H5M6.5S\t08:15:00.0005\t2024-03-10 03:00:00-04\n"; buf.String() != want {
			t.Fatalf("%s: copy %q, want %q", label, buf.String(), want)
		}
		mustExec(t, conn, "RESET TimeZone")
		mustExec(t, conn, "RESET IntervalStyle")
	}
	check("before restart")
	conn.Close(ctx)
	s.Stop()
	s = startServer(t, dir)
	conn = s.connect(t)
	check("after restart")
}
