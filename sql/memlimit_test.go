package sql

import (
	"runtime"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// allocated returns the bytes allocated on the Go heap so far and the live
// heap after a collection.
func allocated() (total, live uint64) {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return m.TotalAlloc, m.HeapAlloc
}

// withMemLimit sets StatementMemLimit for the test.
func withMemLimit(t *testing.T, bytes int64) {
	old := StatementMemLimit()
	SetStatementMemLimit(bytes)
	t.Cleanup(func() { SetStatementMemLimit(old) })
}

// twoMBSelect is issue 11's 2 MB SELECT 1,1,... (a million items), which
// took 886 MiB.
func twoMBSelect() string { return "SELECT 1" + strings.Repeat(",1", 1<<20) }

// TestStatementMemLimitRefusesBeforeParsing: over the limit, Parse answers
// 54000 naming the limit having allocated less than a tenth of the text
// (one scan, nothing of libpg_query).
func TestStatementMemLimitRefusesBeforeParsing(t *testing.T) {
	withMemLimit(t, 64<<20)
	q := twoMBSelect()
	total0, _ := allocated()
	_, err := Parse(q)
	total1, _ := allocated()
	pe, _ := err.(*pgerror.Error)
	if pe == nil || pe.Code != pgerror.ProgramLimitExceeded || pe.Message != "statement is too large" {
		t.Fatalf("%v, want 54000 statement is too large", err)
	}
	want := "Parsing it would take about 1041MB of memory, more than vecgres.statement_mem_limit (64MB)."
	if pe.Detail != want {
		t.Errorf("detail %q, want %q", pe.Detail, want)
	}
	if grew := total1 - total0; grew > uint64(len(q))/10 {
		t.Errorf("refusing a %d-byte query allocated %d bytes", len(q), grew)
	}
}

// TestParseMemEstimateBoundsHeap: within the limit, the 2 MB SELECT
// 1,1,... is PostgreSQL's 54011, and the Go heap it allocates on the way
// (protobuf copy, unmarshalled tree) stays within parseMemEstimate, the
// figure the limit is checked against; all of it is released after, to
// the operating system too.
func TestParseMemEstimateBoundsHeap(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 2 MB (about 500 MB of C heap, 450 MB of Go heap)")
	}
	withMemLimit(t, 4<<30)
	q := twoMBSelect()
	estimate := uint64(parseMemEstimate(len(q), measureShape(q)))
	total0, live0 := allocated()
	_, err := Parse(q)
	total1, live1 := allocated()
	if pe, _ := err.(*pgerror.Error); pe == nil || pe.Code != pgerror.TooManyColumns {
		t.Fatalf("%v, want 54011", err)
	}
	t.Logf("%d-byte query: Go heap allocated %d bytes (estimate %d)", len(q), total1-total0, estimate)
	if grew := total1 - total0; grew > estimate {
		t.Errorf("parsing %d bytes allocated %d bytes, more than the estimate %d", len(q), grew, estimate)
	}
	if live1 > live0+uint64(len(q)) {
		t.Errorf("live heap %d after parsing, %d before", live1, live0)
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	if kept := m.HeapIdle - m.HeapReleased; kept > 64<<20 {
		t.Errorf("the Go heap keeps %d bytes of the parse from the operating system", kept)
	}
}

// TestFormatMemLimit: SHOW's spelling of the limit.
func TestFormatMemLimit(t *testing.T) {
	for in, want := range map[int64]string{256 << 20: "256MB", 1 << 30: "1024MB", 1536 << 10: "1536kB"} {
		if got := FormatMemLimit(in); got != want {
			t.Errorf("%d: %q, want %q", in, got, want)
		}
	}
}
