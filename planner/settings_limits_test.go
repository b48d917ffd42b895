package planner

import (
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestLimitSettings: SHOW reports the server's statement memory limit
// (which --statement-mem-limit sets) and the max_stack_depth the 54001
// HINT names; SET and RESET of either are 55P02.
func TestLimitSettings(t *testing.T) {
	old := sql.StatementMemLimit()
	defer sql.SetStatementMemLimit(old)
	sql.SetStatementMemLimit(96 << 20)
	st := newSettings()
	for name, want := range map[string]string{"vecgres.statement_mem_limit": "96MB", "max_stack_depth": "2048kB"} {
		res, err := st.show(name)
		if err != nil || res.Rows[0][0] != want {
			t.Errorf("SHOW %s: %v, %v; want %s", name, res, err, want)
		}
		if _, err := st.set(name, "1GB"); pgerror.CodeOf(err) != pgerror.CantChangeRuntimeParam {
			t.Errorf("SET %s: %v, want 55P02", name, err)
		}
		if _, err := st.reset(name); pgerror.CodeOf(err) != pgerror.CantChangeRuntimeParam {
			t.Errorf("RESET %s: %v, want 55P02", name, err)
		}
	}
}
