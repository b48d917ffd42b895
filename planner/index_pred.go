package planner

import (
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// Partial index use. A partial index holds only the rows its predicate
// is true for, so a query may read it only when its WHERE implies the
// predicate: every conjunct of the predicate is implied by some conjunct
// of WHERE (PostgreSQL's predtest.c, reduced to its common cases): the
// same expression (exprKey), a comparison of the same operand with a
// constant implying another (x > 10 implies x > 5; x = 3 implies x >= 1),
// any strict comparison of x implying x IS NOT NULL, and the AND/OR
// rules of predtest.c's predicate_implied_by, with x IN (c1, ..., cn)
// read as x = c1 OR ... OR x = cn (so x = 3 implies x IN (1, 3), and
// x IN (40, 41) implies x > 10): an OR implies p when each of its arms
// does, an AND when one of its conjuncts does, and q implies an OR p when
// it implies one of p's arms, an AND p when it implies each conjunct.
// Anything else does not prove the predicate and the index is not used.
// A WHERE conjunct the predicate itself implies is true of every row the
// index holds, so an index scan need not test it (predicateRest).

// impliedPartials returns t's partial indexes whose predicate where
// implies.
func impliedPartials(t *catalog.Table, where expr) []*catalog.Index {
	var out []*catalog.Index
	for _, ix := range t.Indexes {
		if ix.Pred != "" && predImplied(ix, where) {
			out = append(out, ix)
		}
	}
	return out
}

// predImplied reports whether where implies ix's predicate.
func predImplied(ix *catalog.Index, where expr) bool {
	pred, ok := ix.BoundPred.(expr)
	return ok && impliesPredicate(where, pred)
}

// impliesPredicate reports whether where implies the predicate pred
// (false when where is nil).
func impliesPredicate(where, pred expr) bool {
	if where == nil {
		return false
	}
	have := boundConjuncts(where)
	for _, p := range boundConjuncts(pred) {
		if !slices.ContainsFunc(have, func(q expr) bool { return clauseImplies(q, p) }) {
			return false
		}
	}
	return true
}

// predicateRest returns where without the conjuncts ix's predicate
// implies (nil when none is left): every row ix holds passes them, so a
// scan of ix need not test them (PostgreSQL drops them from an index
// scan's quals in create_indexscan_plan). where is returned as it is for
// an index without a predicate.
func predicateRest(ix *catalog.Index, where expr) expr {
	pred, ok := ix.BoundPred.(expr)
	if ix.Pred == "" || !ok || where == nil {
		return where
	}
	var rest []expr
	for _, q := range boundConjuncts(where) {
		if !clauseImplies(pred, q) {
			rest = append(rest, q)
		}
	}
	switch len(rest) {
	case 0:
		return nil
	case 1:
		return rest[0]
	}
	return &andExpr{args: rest}
}

// boundConjuncts splits x at its top-level ANDs.
func boundConjuncts(x expr) []expr {
	if a, ok := x.(*andExpr); ok {
		var out []expr
		for _, c := range a.args {
			out = append(out, boundConjuncts(c)...)
		}
		return out
	}
	return []expr{x}
}

// maxImplyArms bounds the IN lists read as ORs, as predtest.c's
// MAX_SAOP_ARRAY_SIZE (100) does.
const maxImplyArms = 100

// clauseImplies reports whether clause q being true proves p true.
func clauseImplies(q, p expr) bool {
	if kq, ok := exprKey(q); ok {
		if kp, ok := exprKey(p); ok && kq == kp {
			return true
		}
	}
	if arms, and, ok := junctionArms(q); ok {
		if and {
			return slices.ContainsFunc(arms, func(a expr) bool { return clauseImplies(a, p) })
		}
		return !slices.ContainsFunc(arms, func(a expr) bool { return !clauseImplies(a, p) })
	}
	if arms, and, ok := junctionArms(p); ok {
		if and {
			return !slices.ContainsFunc(arms, func(a expr) bool { return !clauseImplies(q, a) })
		}
		return slices.ContainsFunc(arms, func(a expr) bool { return clauseImplies(q, a) })
	}
	return atomImplies(q, p)
}

// junctionArms returns x's arms when x is an AND (and is true) or an OR,
// reading x IN (c1, ..., cn) of constants as x = c1 OR ... OR x = cn (at
// most maxImplyArms of them); ok is false for any other clause.
func junctionArms(x expr) (arms []expr, and, ok bool) {
	switch v := x.(type) {
	case *andExpr:
		return v.args, true, true
	case *orExpr:
		return v.args, false, true
	case *inExpr:
		if v.not || len(v.list) == 0 || len(v.list) > maxImplyArms {
			return nil, false, false
		}
		for _, c := range v.list {
			if _, isConst := constOf(c); !isConst {
				return nil, false, false
			}
			arms = append(arms, &cmpExpr{op: "=", l: v.x, r: c, cmp: v.cmp})
		}
		return arms, false, true
	}
	return nil, false, false
}

// atomImplies reports whether comparison q proves comparison (or IS NOT
// NULL test) p.
func atomImplies(q, p expr) bool {
	qo, qop, qc, ok := constCmp(q)
	if !ok {
		return false
	}
	if n, isNull := p.(*isNullExpr); isNull {
		return n.not && sameKeyOperand(qo, n.x) // a strict comparison is not true for NULL
	}
	po, pop, pc, ok := constCmp(p)
	if !ok || !sameKeyOperand(qo, po) || classOf(qc.t) != classOf(pc.t) || qc.v == nil || pc.v == nil {
		return false
	}
	if c := classOf(qc.t); c == classOther || c == classVector {
		return false
	}
	return rangeImplies(qop, types.Compare(qc.v, pc.v), pop)
}

// rangeImplies reports whether x qop a implies x pop b, given c, the
// order of a and b (types.Compare(a, b)).
func rangeImplies(qop string, c int, pop string) bool {
	switch pop {
	case "=":
		return qop == "=" && c == 0
	case "<>":
		return qop == "=" && c != 0
	case ">":
		return (qop == ">" && c >= 0) || ((qop == ">=" || qop == "=") && c > 0)
	case ">=":
		return (qop == ">" || qop == ">=" || qop == "=") && c >= 0
	case "<":
		return (qop == "<" && c <= 0) || ((qop == "<=" || qop == "=") && c < 0)
	case "<=":
		return (qop == "<" || qop == "<=" || qop == "=") && c <= 0
	}
	return false
}

// constCmp splits x op const (or const op x, flipped) into its operand,
// operator and constant.
func constCmp(x expr) (expr, string, *constExpr, bool) {
	c, ok := x.(*cmpExpr)
	if !ok {
		return nil, "", nil, false
	}
	if k, ok := constOf(c.r); ok && findColumn(c.l) != nil {
		return c.l, c.op, k, true
	}
	if k, ok := constOf(c.l); ok && findColumn(c.r) != nil {
		return c.r, flipOp(c.op), k, true
	}
	return nil, "", nil, false
}

// constOf returns x as a constant: a literal, or a cast of one evaluated.
func constOf(x expr) (*constExpr, bool) {
	switch v := x.(type) {
	case *constExpr:
		return v, true
	case *castExpr:
		if k, ok := constOf(v.x); ok {
			val, err := v.Eval(&env{sess: indexSession()})
			if err == nil {
				return &constExpr{t: v.t, v: val}, k != nil
			}
		}
	}
	return nil, false
}

// sameKeyOperand reports whether a and b are the same bound expression.
func sameKeyOperand(a, b expr) bool {
	ka, ok1 := exprKey(a)
	kb, ok2 := exprKey(b)
	return ok1 && ok2 && ka == kb
}
