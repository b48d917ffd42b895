package tests

import (
	"strings"
	"testing"
)

// TestStartupLogsStatementMemLimit: the start-up line lists every setting,
// --statement-mem-limit among them (it was missing, so a refusal with
// 54000 could not be matched to the server's limit from its log).
func TestStartupLogsStatementMemLimit(t *testing.T) {
	s := startServer(t, "", "--statement-mem-limit", "64")
	s.Stop()
	start := logLine(t, s.stderr.String(), "vecgres starting")
	if !strings.Contains(start, "statement_mem_limit_mb=64") {
		t.Fatalf("start-up line lacks statement_mem_limit_mb=64: %s", start)
	}
}
