package planner

import (
	"context"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// planAnalyze binds ANALYZE [table, ...]: it gathers the statistics the
// planner's selectivity estimates use (catalog.Analyze) for the named
// tables, or all; a table the user does not own is skipped with
// PostgreSQL's warning. Errors: 42P01 for an unknown table. It holds
// SHARE UPDATE EXCLUSIVE on each table (maintenanceTables), not the
// schema latch, while it reads rows.
func (b *binder) planAnalyze(x *sql.Analyze) (plan, error) {
	return &funcPlan{fn: func(ctx context.Context, ex *execCtx) (*backend.Result, error) {
		cat := ex.s.cat
		tables, err := ex.s.maintenanceTables(ctx, ex.txn, x.Tables)
		if err != nil {
			return nil, err
		}
		res := &backend.Result{Tag: "ANALYZE"}
		for _, t := range tables {
			if ctx.Err() != nil {
				return nil, errCanceled
			}
			if !cat.OwnsTable(t, ex.s.user()) { // PostgreSQL 15's vacuum_is_relation_owner
				res.Notices = append(res.Notices, backend.Notice{Severity: "WARNING", Code: "01000",
					Message: "skipping \"" + t.Name + "\" --- only table or database owner can analyze it"})
				continue
			}
			cat.Analyze(t)
		}
		return res, nil
	}}, nil
}
