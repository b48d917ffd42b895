package sem

import "testing"

// Expected strings are PostgreSQL 15's pg_size_pretty output.
func TestSizePretty(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0 bytes"}, {10239, "10239 bytes"}, {10240, "10 kB"}, {10752, "11 kB"}, {-10240, "-10 kB"},
		{-1, "-1 bytes"}, {1048576, "1024 kB"}, {20971007, "20 MB"}, {20971008, "20 MB"},
		{1000000000000, "931 GB"}, {9223372036854775807, "8192 PB"},
	}
	for _, tt := range tests {
		if got := SizePretty(tt.in); got != tt.want {
			t.Errorf("SizePretty(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// gen_random_uuid gives RFC 4122 version 4, variant 10 UUIDs, all distinct.
func TestRandomUUID(t *testing.T) {
	seen := map[[16]byte]bool{}
	for range 1000 {
		u := RandomUUID()
		if u[6]>>4 != 4 || u[8]>>6 != 2 {
			t.Fatalf("%x: version %d, variant bits %b", u, u[6]>>4, u[8]>>6)
		}
		if seen[u] {
			t.Fatalf("%x twice", u)
		}
		seen[u] = true
	}
}
