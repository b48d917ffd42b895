package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// An uncorrelated X = ANY (subquery) (IN) or X <> ALL (subquery) (NOT IN
// written as such) whose operand and column hash alike is answered from
// a hash set of the subquery's values, built once per execution, as
// PostgreSQL's hashed SubPlan: O(1) per row instead of a scan of the
// values. The NULL rules are those of anyExpr.

// valueSet is the values of an uncorrelated subquery, keyed by
// types.AppendKey (equal for values = calls equal).
type valueSet struct {
	keys    map[string]struct{}
	hasNull bool
	n       int
}

// hashed reports whether s is answered from a valueSet.
func (s *subqueryExpr) hashed() bool {
	if s.correlated || s.test == nil {
		return false
	}
	col := s.plan.columns()[0].Type
	switch {
	case s.op == "=" && s.kind == sql.SubAny, s.op == "<>" && s.kind == sql.SubAll:
		return hashable(s.test.Type(), col) && hashable(col, s.test.Type())
	}
	return false
}

// probe evaluates s for e's row from its value set: ANY is true when X
// is in it, ALL (<>) when it is not; NULL when X is NULL or, X absent,
// the set holds a NULL; false (ANY) or true (ALL) for no value at all.
func (s *subqueryExpr) probe(e *env) (any, error) {
	set, err := s.valueSet(e)
	if err != nil {
		return nil, err
	}
	all := s.kind == sql.SubAll
	if set.n == 0 {
		return all, nil
	}
	xv, err := s.test.Eval(e)
	if err != nil || xv == nil {
		return nil, err
	}
	if _, ok := set.keys[string(types.AppendKey(nil, xv))]; ok {
		return !all, nil
	}
	if set.hasNull {
		return nil, nil
	}
	return all, nil
}

// valueSet returns s's values as a set, run and built on first use in
// the execution (kept in initVals).
func (s *subqueryExpr) valueSet(e *env) (*valueSet, error) {
	x := e.exec
	if v, ok := x.initVals[s].(*valueSet); ok {
		return v, nil
	}
	rows, err := s.rows(e)
	if err != nil {
		return nil, err
	}
	set := &valueSet{keys: make(map[string]struct{}, len(rows)), n: len(rows)}
	for _, r := range rows {
		if r[0] == nil {
			set.hasNull = true
			continue
		}
		set.keys[string(types.AppendKey(nil, r[0]))] = struct{}{}
	}
	if x.initVals == nil {
		x.initVals = map[*subqueryExpr]any{}
	}
	x.initVals[s] = set
	return set, nil
}
