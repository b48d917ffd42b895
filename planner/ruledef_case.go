package planner

import "strings"

// caseIndent is ruleutils.c's PRETTYINDENT_VAR: a CASE's WHEN and ELSE
// lines indent this much past its CASE keyword.
const caseIndent = 4

// caseText prints CASE as get_rule_expr's CaseExpr with PRETTYFLAG_INDENT:
// "\nCASE [arg]", "\n    WHEN cond THEN result" for each branch,
// "\n    ELSE result" (NULL::type when there is none, as the parser adds
// it), "\nEND". A simple CASE's WHEN shows the compared value alone.
func (d *ruleDeparser) caseText(v *caseExpr) string {
	var b strings.Builder
	b.WriteString("\n" + strings.Repeat(" ", d.indent) + "CASE")
	if v.arg != nil {
		b.WriteString(" " + d.expr(v.arg, true))
	}
	d.indent += caseIndent
	pad := "\n" + strings.Repeat(" ", d.indent)
	for _, w := range v.whens {
		b.WriteString(pad + "WHEN " + d.expr(w.cond, false) + " THEN " + d.expr(w.result, true))
	}
	els := v.els
	if els == nil {
		els = &constExpr{t: v.t}
	}
	b.WriteString(pad + "ELSE " + d.expr(els, true))
	d.indent -= caseIndent
	b.WriteString("\n" + strings.Repeat(" ", d.indent) + "END")
	return b.String()
}

// notBetween prints NOT (x >= lo AND x <= hi), which the binder makes of
// x NOT BETWEEN lo AND hi, as PostgreSQL's parser makes that: "((x < lo)
// OR (x > hi))" (so an explicit NOT (x >= lo AND x <= hi) prints so too).
func (d *ruleDeparser) notBetween(v *notExpr) (string, bool) {
	and, ok := v.x.(*andExpr)
	if !ok || len(and.args) != 2 {
		return "", false
	}
	ge, ok1 := and.args[0].(*cmpExpr)
	le, ok2 := and.args[1].(*cmpExpr)
	if !ok1 || !ok2 || ge.op != ">=" || le.op != "<=" {
		return "", false
	}
	if l1, ok := ruleDeparse(ge.l, false); !ok || l1 != func() string { l2, _ := ruleDeparse(le.l, false); return l2 }() {
		return "", false
	}
	lt := &cmpExpr{op: "<", l: ge.l, r: ge.r}
	gt := &cmpExpr{op: ">", l: le.l, r: le.r}
	return d.junction(&orExpr{args: []expr{lt, gt}}, []expr{lt, gt}, " OR "), true
}

// hasCase reports whether x holds a CASE.
func hasCase(x expr) bool {
	if _, ok := x.(*caseExpr); ok {
		return true
	}
	for _, c := range children(x) {
		if hasCase(c) {
			return true
		}
	}
	return false
}
