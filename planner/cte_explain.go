package planner

import (
	ir "github.com/vecgres/vecgres/planner/plan"
)

// EXPLAIN of WITH queries, as PostgreSQL 15 prints them: a materialized
// WITH query's reference is "CTE Scan on name [alias]" and its plan a
// subplan headed "CTE name" under the statement's top node, printed once
// however many references read it; a recursive one's plan is "Recursive
// Union" over its two terms, the recursive term reading "WorkTable Scan
// on name". An inlined WITH query prints as the subquery in FROM it is.

// derivedScan is the scan node of a subquery in FROM whose plan is pl.
func derivedScan(pl plan, info ir.Info, si ir.ScanInfo) ir.Node {
	switch p := pl.(type) {
	case *sharedPlan:
		cs := &ir.CTEScan{Info: info, ScanInfo: si, CTE: p.key.Name}
		if si.Relation == p.key.Name {
			cs.Relation = ""
		}
		return cs
	case *workTablePlan:
		return &ir.WorkTableScan{Info: info, ScanInfo: si}
	case *modifyRefPlan: // with_modify.go
		cs := &ir.CTEScan{Info: info, ScanInfo: si, CTE: p.m.name}
		if si.Relation == p.m.name {
			cs.Relation = ""
		}
		return cs
	}
	return &ir.SubqueryScan{Info: info, ScanInfo: si}
}

// derivedPlan is the plan of p's subquery in FROM, nil when none.
func derivedPlan(p *selectPlan) plan {
	if p.derived == nil {
		return nil
	}
	return p.derived.plan
}

// noteCTE adds the subplan of materialized WITH query sp to x.ctePlans,
// once per WITH query.
func (x *execCtx) noteCTE(sp *sharedPlan) error {
	heading := ir.CTE(sp.key.Name, nil).Heading
	for _, s := range x.ctePlans {
		if s.Heading == heading {
			return nil
		}
	}
	n, err := lowerPlan(sp.plan, x, nil) // lower.go
	if err != nil {
		return err
	}
	x.ctePlans = append(x.ctePlans, ir.CTE(sp.key.Name, n))
	return nil
}

// lowerCTE lowers the plans of WITH queries: a materialized one's is
// its query's (noteCTE heads it), a recursive one's a RecursiveUnion.
func lowerCTE(pl plan, x *execCtx, tr *setOpTrace) (ir.Node, error) {
	switch p := pl.(type) {
	case *sharedPlan:
		return lowerPlan(p.plan, x, tr)
	case *recursivePlan:
		init, err := lowerPlan(p.init, x, tr)
		if err != nil {
			return nil, err
		}
		step, err := lowerPlan(p.step, x, tr)
		if err != nil {
			return nil, err
		}
		return &ir.RecursiveUnion{Info: ir.Info{Out: planColumns(p.columns())}, Init: init, Step: step}, nil
	case *workTablePlan:
		return &ir.WorkTableScan{Info: ir.Info{Out: planColumns(p.columns())}, ScanInfo: ir.ScanInfo{Relation: p.wt.name}}, nil
	}
	return &ir.Utility{Info: ir.Info{Out: planColumns(pl.columns())}}, nil
}
