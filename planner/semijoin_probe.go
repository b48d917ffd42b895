package planner

import (
	"context"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// A correlated EXISTS that may run as a semi join (semijoin.go) but is
// not a WHERE conjunct of a SELECT — in the select list, under OR, in
// HAVING, in UPDATE and DELETE — runs as a SubPlan for its first
// semiProbeAfter rows, then as a probe of a hash set of the decorrelated
// subquery's keys, built once per execution: O(n + m) for many rows,
// while a statement that evaluates it a few times (a lookup by key)
// keeps the SubPlan's index lookups.

// semiProbeAfter is how many rows run the SubPlan before the hash set is
// built.
const semiProbeAfter = 8

// semiState is a correlated EXISTS's state in one execution: the rows it
// ran for as a SubPlan, then the set of the subquery's keys.
type semiState struct {
	runs int
	keys map[string]struct{}
}

// hashedExists reports whether s is a correlated EXISTS answered from a
// hash set after its first rows.
func (s *subqueryExpr) hashedExists() bool {
	return s.kind == sql.SubExists && s.semi != nil && s.correlated
}

// semiProbe answers s for e's row from the key set once s has run for
// semiProbeAfter rows; ok is false while it has not (run the SubPlan).
// A NULL outer key matches nothing, as = never holds for NULL.
func (s *subqueryExpr) semiProbe(e *env) (v any, ok bool, err error) {
	x := e.exec
	st, _ := x.initVals[s].(*semiState)
	if st == nil {
		st = &semiState{}
		if x.initVals == nil {
			x.initVals = map[*subqueryExpr]any{}
		}
		x.initVals[s] = st
	}
	if st.keys == nil && st.runs < semiProbeAfter {
		st.runs++
		return nil, false, nil
	}
	if st.keys == nil {
		if st.keys, err = s.semiKeys(x); err != nil {
			return nil, true, err
		}
	}
	var key []byte
	for _, k := range s.semi.outer {
		kv, err := k.Eval(e)
		if err != nil || kv == nil {
			return false, true, err
		}
		key = types.AppendKey(key, kv)
	}
	_, found := st.keys[string(key)]
	return found, true, nil
}

// semiKeys runs the decorrelated subquery and keys its rows.
func (s *subqueryExpr) semiKeys(x *execCtx) (map[string]struct{}, error) {
	ctx := x.s.stmtCtx
	if ctx == nil {
		ctx = context.Background()
	}
	res, err := runQuery(ctx, s.semi.right, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	keys := make(map[string]struct{}, len(res.Rows))
rows:
	for _, r := range res.Rows {
		var key []byte
		for _, v := range r {
			if v == nil {
				continue rows
			}
			key = types.AppendKey(key, v)
		}
		keys[string(key)] = struct{}{}
	}
	return keys, nil
}
