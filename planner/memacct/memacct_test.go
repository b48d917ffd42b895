package memacct

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/planner/guc"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

func TestValueSize(t *testing.T) {
	cases := []struct {
		name string
		v    any
		want int64
	}{
		{"null", nil, 0},
		{"int", int64(7), scalarSize},
		{"float", 1.5, scalarSize},
		{"bool", true, scalarSize},
		{"text", "hello", headerSize + 5},
		{"bytea", []byte{1, 2, 3}, headerSize + 3},
		{"vector", types.Vector{1, 2, 3, 4}, headerSize + 16},
		{"numeric", types.NumericFromInt64(5), numericSize},
		{"uuid", types.UUID{}, 16},
		{"array", types.Array{"ab", nil, int64(1)}, headerSize + 3*ValueOverhead + (headerSize + 2) + 0 + scalarSize},
		{"nested array", types.Array{types.Array{"x"}}, headerSize + ValueOverhead + headerSize + ValueOverhead + headerSize + 1},
		{"record", types.Record{Names: []string{"a", "b"}, Values: []any{"xy", nil}}, headerSize + 2*ValueOverhead + headerSize + 2},
		{"jsonb", types.JSONB{Kind: types.JSONObject, Keys: []string{"key"}, Elems: []types.JSONB{{Kind: types.JSONString, Str: "value"}}},
			jsonbNodeSize + (headerSize - 8 + 3) + jsonbNodeSize + 5},
	}
	for _, c := range cases {
		if got := ValueSize(c.v); got != c.want {
			t.Errorf("%s: ValueSize = %d, want %d", c.name, got, c.want)
		}
	}
}

func TestRowSize(t *testing.T) {
	row := []any{int64(1), "abc", nil}
	want := int64(RowOverhead + 3*ValueOverhead + scalarSize + headerSize + 3)
	if got := RowSize(row); got != want {
		t.Fatalf("RowSize = %d, want %d", got, want)
	}
	if got := RowSize(nil); got != RowOverhead {
		t.Fatalf("RowSize(nil) = %d, want %d", got, RowOverhead)
	}
}

func TestAccountLimit(t *testing.T) {
	a := New(1000)
	if err := a.Charge(600); err != nil {
		t.Fatal(err)
	}
	if err := a.Charge(400); err != nil {
		t.Fatalf("charge up to the limit: %v", err)
	}
	err := a.Charge(1)
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("charge past the limit: %v, want a pgerror", err)
	}
	if pe.Code != "53200" || pe.Message != "out of memory" {
		t.Fatalf("got %s %q, want 53200 out of memory", pe.Code, pe.Message)
	}
	const detail = "Failed on request of size 1: the statement's rows held in memory passed vecgres.work_mem_limit (0)." // 1000 bytes: 0 kB, spelt as SHOW spells zero
	if pe.Detail != detail {
		t.Fatalf("detail %q, want %q", pe.Detail, detail)
	}
	if a.Used() != 1001 || a.Limit() != 1000 {
		t.Fatalf("used %d limit %d, want 1001 1000", a.Used(), a.Limit())
	}
	if err := a.Charge(0); err == nil {
		t.Fatal("an account past its limit accepted another charge")
	}
}

func TestAccountDetailNamesLimit(t *testing.T) {
	err := New(256 << 20).ChargeRow([]any{make([]byte, 300<<20)})
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want 53200", err)
	}
	want := "Failed on request of size 314572936: the statement's rows held in memory passed vecgres.work_mem_limit (256MB)."
	if pe.Detail != want {
		t.Fatalf("detail %q, want %q", pe.Detail, want)
	}
}

func TestNilAccount(t *testing.T) {
	var a *Account
	if err := a.Charge(1 << 62); err != nil {
		t.Fatal(err)
	}
	if err := a.ChargeRow([]any{"x"}); err != nil || a.Used() != 0 {
		t.Fatalf("nil account: %v, used %d", err, a.Used())
	}
}

// TestChargeAllocatesNothing: accounting a row is a counter add.
func TestChargeAllocatesNothing(t *testing.T) {
	a := New(1 << 40)
	row := []any{int64(1), "abc", types.Vector{1, 2}, types.Array{"x"}}
	if n := testing.AllocsPerRun(100, func() { _ = a.ChargeRow(row) }); n != 0 {
		t.Fatalf("ChargeRow allocates %v times", n)
	}
}

func TestParseKB(t *testing.T) {
	ok := []struct {
		in   string
		kb   int64
		show string
	}{
		{"64", 64, "64kB"},
		{"1MB", 1024, "1MB"},
		{" 256 MB ", 256 << 10, "256MB"},
		{"1GB", 1 << 20, "1GB"},
		{"1.5GB", 1536 << 10, "1536MB"},
		{"65536B", 64, "64kB"},
		{"1000kB", 1000, "1000kB"},
		{"1024kB", 1024, "1MB"},
	}
	for _, c := range ok {
		kb, err := ParseKB("x", c.in)
		if err != nil || kb != c.kb {
			t.Errorf("ParseKB(%q) = %d, %v; want %d", c.in, kb, err, c.kb)
		}
		if s, _ := Check("x", c.in); s != c.show {
			t.Errorf("Check(%q) = %q, want %q", c.in, s, c.show)
		}
	}
	bad := []struct{ in, msg, hint string }{
		{"abc", `invalid value for parameter "x": "abc"`, ""},
		{"", `invalid value for parameter "x": ""`, ""},
		{"10XB", `invalid value for parameter "x": "10XB"`, guc.Memory.Hint},
		{"10mb", `invalid value for parameter "x": "10mb"`, guc.Memory.Hint},
		{"10", `10 kB is outside the valid range for parameter "x" (64 .. 2147483647)`, ""},
		{"-1", `-1 kB is outside the valid range for parameter "x" (64 .. 2147483647)`, ""},
		{"2TB", `invalid value for parameter "x": "2TB"`, "Value exceeds integer range."},
	}
	for _, c := range bad {
		_, err := ParseKB("x", c.in)
		var pe *pgerror.Error
		if !errors.As(err, &pe) || pe.Code != "22023" || pe.Message != c.msg || pe.Hint != c.hint {
			t.Errorf("ParseKB(%q) = %v, want 22023 %q hint %q", c.in, err, c.msg, c.hint)
		}
	}
}

func TestLimitBytes(t *testing.T) {
	if got := LimitBytes("1MB"); got != 1<<20 {
		t.Fatalf("LimitBytes(1MB) = %d", got)
	}
	if got := LimitBytes("junk"); got != DefaultLimitKB<<10 {
		t.Fatalf("LimitBytes(junk) = %d, want the default", got)
	}
	if ServerDefault() != "1GB" {
		t.Fatalf("ServerDefault = %q, want 1GB", ServerDefault())
	}
}

func TestAccountRelease(t *testing.T) {
	a := New(100)
	if err := a.Charge(80); err != nil {
		t.Fatal(err)
	}
	a.Release(50)
	if err := a.Charge(70); err != nil || a.Used() != 100 {
		t.Fatalf("after a release: %v, used %d", err, a.Used())
	}
	var nilAcct *Account
	nilAcct.Release(5)
}

// TestAccountPeak: Peak is the most bytes held at once, through releases
// and a refused charge; Done returns at once below ReleaseAbove and
// after starting the release above it.
func TestAccountPeak(t *testing.T) {
	a := New(1000)
	for _, step := range []struct {
		charge, release, peak int64
		fails                 bool
	}{{600, 0, 600, false}, {0, 500, 600, false}, {300, 0, 600, false}, {800, 0, 1200, true}} {
		a.Release(step.release)
		if err := a.Charge(step.charge); (err != nil) != step.fails {
			t.Fatalf("charge %d: err %v, want failure %v", step.charge, err, step.fails)
		}
		if a.Peak() != step.peak {
			t.Fatalf("after charging %d and releasing %d: peak %d, want %d", step.charge, step.release, a.Peak(), step.peak)
		}
	}
	a.Done()
	big := New(ReleaseAbove * 2)
	if err := big.Charge(ReleaseAbove); err != nil || big.Peak() != ReleaseAbove {
		t.Fatalf("charge %d: %v, peak %d", int64(ReleaseAbove), err, big.Peak())
	}
	big.Done()
	var nilAcct *Account
	nilAcct.Done()
	if nilAcct.Peak() != 0 {
		t.Fatal("nil account has a peak")
	}
}
