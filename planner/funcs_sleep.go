package planner

import (
	"time"

	"github.com/vecgres/vecgres/sql/types"
)

func init() {
	funcs["pg_sleep"] = funcDef{args: []types.Type{types.Float8}, ret: types.Void, strict: true, fn: pgSleep}
}

// pgSleep waits the given seconds, or until the statement is cancelled
// (57014), as PostgreSQL's pg_sleep.
func pgSleep(e *env, a []any) (any, error) {
	d := time.Duration(toFloat(a[0]) * float64(time.Second))
	if d <= 0 {
		return "", nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	ctx := e.sess.stmtCtx
	if ctx == nil {
		<-t.C
		return "", nil
	}
	select {
	case <-t.C:
		return "", nil
	case <-ctx.Done():
		return nil, errCanceled
	}
}
