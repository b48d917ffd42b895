package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestBlockOnlyInPipeline checks PostgreSQL 15's PreventInTransactionBlock
// for extended-protocol pipelines (checked against PostgreSQL 15.20): the
// first statement of a pipeline may be CREATE INDEX CONCURRENTLY, VACUUM
// or DISCARD ALL; after another statement not yet ended by Sync it is 25001
// "... cannot be executed within a pipeline".
func TestBlockOnlyInPipeline(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE TABLE pp (a int)").ReadAll(); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		stmts []string
		tags  []string // of the statements that complete
		msg   string   // the error ending the batch, "" for none
	}{
		{[]string{"CREATE INDEX CONCURRENTLY pp_a ON pp (a)", "SELECT 1"}, []string{"CREATE INDEX", "SELECT 1"}, ""},
		{[]string{"VACUUM pp"}, []string{"VACUUM"}, ""},
		{[]string{"SELECT 1", "CREATE INDEX CONCURRENTLY pp_b ON pp (a)"}, []string{"SELECT 1"},
			"CREATE INDEX CONCURRENTLY cannot be executed within a pipeline"},
		{[]string{"SELECT 1", "VACUUM pp"}, []string{"SELECT 1"}, "VACUUM cannot be executed within a pipeline"},
		{[]string{"SELECT 1", "DROP INDEX CONCURRENTLY pp_a"}, []string{"SELECT 1"}, "DROP INDEX CONCURRENTLY cannot be executed within a pipeline"},
		{[]string{"SELECT 1", "REINDEX INDEX CONCURRENTLY pp_a"}, []string{"SELECT 1"}, "REINDEX CONCURRENTLY cannot be executed within a pipeline"},
		{[]string{"DISCARD ALL", "SELECT 1"}, []string{"DISCARD ALL", "SELECT 1"}, ""},
		{[]string{"SELECT 1", "DISCARD ALL"}, []string{"SELECT 1"}, "DISCARD ALL cannot be executed within a pipeline"},
		{[]string{"BEGIN", "VACUUM pp"}, []string{"BEGIN"}, "VACUUM cannot run inside a transaction block"},
		{[]string{"ROLLBACK"}, []string{"ROLLBACK"}, ""}, // the failed block outlives Sync
		{[]string{"BEGIN", "COMMIT", "VACUUM pp"}, []string{"BEGIN", "COMMIT", "VACUUM"}, ""},
	} {
		b := &pgconn.Batch{}
		for _, s := range tt.stmts {
			b.ExecParams(s, nil, nil, nil, nil)
		}
		res, err := conn.ExecBatch(ctx, b).ReadAll()
		var tags []string
		for _, r := range res {
			if r.Err == nil {
				tags = append(tags, r.CommandTag.String())
			}
		}
		if len(tags) != len(tt.tags) {
			t.Errorf("%q: tags %q, want %q", tt.stmts, tags, tt.tags)
		} else {
			for i := range tags {
				if tags[i] != tt.tags[i] {
					t.Errorf("%q: tags %q, want %q", tt.stmts, tags, tt.tags)
					break
				}
			}
		}
		if tt.msg == "" {
			if err != nil {
				t.Errorf("%q: %v", tt.stmts, err)
			}
			continue
		}
		wantPgError(t, "pipeline "+tt.stmts[1], err, "25001", tt.msg, "")
	}
	// The failed pipeline's index does not exist; pp_a does.
	res, err := conn.Exec(ctx, "SELECT indexname FROM pg_indexes WHERE tablename = 'pp' ORDER BY 1").ReadAll()
	if err != nil || len(res) != 1 || len(res[0].Rows) != 1 || string(res[0].Rows[0][0]) != "pp_a" {
		t.Errorf("indexes after the pipelines: %v %v", res, err)
	}
}
