package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
)

// lowerPlan returns the plan tree (package planner/plan) of a bound
// statement; tr, when not nil, holds what its run under EXPLAIN ANALYZE
// saw, and a query it never ran (a UNION ALL side its LIMIT did not
// need) is marked never executed.
func lowerPlan(pl plan, x *execCtx, tr *setOpTrace) (ir.Node, error) {
	if _, ran := tr.ran(pl); !ran {
		n, err := lowerPlan(pl, x, nil)
		if err == nil {
			ir.Top(n).Base().Actual = &ir.Actual{NeverExecuted: true}
		}
		return n, err
	}
	switch p := pl.(type) {
	case *selectPlan:
		var st *planTrace
		if tr != nil {
			st = tr.traces[p]
		}
		n, err := p.lower(x, st)
		if err == nil && st != nil {
			annotateActual(n, tr.rows[pl], st, tr) // lower_knn.go
		}
		return n, err
	case *setOpPlan:
		return p.lower(x, tr) // lower_setop.go
	case *insertPlan:
		return p.lower(x, tr) // dml_insert_exec.go
	case *modifyPlan:
		return p.lower(x, tr) // dml_modify_exec.go
	case *copyPlan:
		return &ir.Copy{Info: ir.Info{Out: tableColumns(p.table)}, Relation: p.table.Name, From: true}, nil
	case *withModifyPlan:
		return p.lower(x, tr) // with_modify.go
	case *sharedPlan, *recursivePlan, *workTablePlan:
		return lowerCTE(pl, x, tr) // cte_explain.go
	case *copyQueryPlan:
		q, err := lowerPlan(p.query, x, nil)
		if err != nil {
			return nil, err
		}
		return &ir.Copy{Info: ir.Info{Out: q.Columns()}, Unary: ir.Unary{Input: q}}, nil
	}
	return &ir.Utility{Info: ir.Info{Out: planColumns(pl.columns())}}, nil
}

// ran returns the rows pl returned under EXPLAIN ANALYZE, and false
// when it never ran; true when not analyzing (tr nil).
func (tr *setOpTrace) ran(pl plan) (int, bool) {
	if tr == nil {
		return 0, true
	}
	n, ok := tr.rows[pl]
	return n, ok
}
