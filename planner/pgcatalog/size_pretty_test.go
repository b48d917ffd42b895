package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/planner/sem"
)

// TestSizePretty checks pg_size_pretty's unit steps and rounding against
// PostgreSQL 15's output.
func TestSizePretty(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0 bytes"}, {8192, "8192 bytes"}, {10239, "10239 bytes"}, {10240, "10 kB"},
		{16384, "16 kB"}, {10485760, "10 MB"}, {10484736, "10239 kB"}, {20970496, "20 MB"}, {1099511627776, "1024 GB"}, {-10240, "-10 kB"},
	}
	for _, tc := range tests {
		if got := sem.SizePretty(tc.in); got != tc.want {
			t.Errorf("SizePretty(%d) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
