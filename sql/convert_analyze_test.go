package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseAnalyze(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"ANALYZE", `Analyze{}`},
		{"analyze items", `Analyze{Tables:["items"]}`},
		{"ANALYZE VERBOSE a, b", `Analyze{Tables:["a" "b"]}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
	for _, q := range []string{"ANALYZE items (a)"} {
		_, err := Parse(q)
		if e, ok := err.(*pgerror.Error); !ok || e.Code != pgerror.FeatureNotSupported {
			t.Errorf("%s: error %v, want 0A000", q, err)
		}
	}
}
