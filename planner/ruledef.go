package planner

import (
	"strings"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/types"
)

// ruleDeparse prints a bound expression as PostgreSQL 15's ruleutils.c
// deparses a stored one (get_rule_expr), which is what
// pg_get_constraintdef and pg_dump show for a CHECK constraint:
// operators and boolean connectives fully parenthesised (pretty: only
// where isSimpleNode says so, PRETTYFLAG_PAREN), an operand's implicit
// cast shown as "(x)::type" (pretty "x::type", get_coercion_expr) where
// PostgreSQL's operator resolution inserts one (an integer beside a
// numeric, a numeric or integer beside a float, a varchar beside text),
// constants as get_const_expr prints them ("0", "1.5", "'-1'::integer",
// "'x'::text", "'2020-01-01'::date"), IN as "= ANY (ARRAY[...])".
// CASE prints on indented lines, as PRETTYFLAG_INDENT (which
// pg_get_constraintdef and pg_get_expr always set) makes it; pgvector's
// distance operators as "(emb <-> '[1,2,3]'::vector)"; x op ANY of an
// array literal as "x = ANY ('{a,b}'::text[])".
// ok is false for a node outside those shapes (subscripts, ...): the
// caller then keeps the expression's text as written.
func ruleDeparse(x expr, pretty bool) (text string, ok bool) {
	d := &ruleDeparser{ok: true, pretty: pretty}
	text = d.expr(x, false)
	return text, d.ok
}

// ruleDeparser's indent is ruleutils.c's indentLevel: the spaces before
// a CASE keyword's line.
type ruleDeparser struct {
	ok, pretty bool
	indent     int
}

// expr prints x; showImplicit is get_rule_expr's flag (true for an
// operator's operands and a function's arguments).
func (d *ruleDeparser) expr(x expr, showImplicit bool) string {
	switch v := x.(type) {
	case *colExpr:
		if v.qual != "" {
			return v.qual + "." + pgcatalog.QuoteIdent(v.name)
		}
		return pgcatalog.QuoteIdent(v.name)
	case *constExpr:
		if v.from != nil && v.from.ctor {
			return d.wrap(d.arrayCtor(v.from, false)) + "::" + v.t.Name()
		}
		if v.from != nil {
			return d.wrap(constText(v.from)) + "::" + v.t.Name()
		}
		return constText(v)
	case *castExpr:
		if !v.explicit && !showImplicit {
			return d.expr(v.x, false)
		}
		return d.coercion(v.x, v.t, x)
	case *cmpExpr:
		return d.binary(x, v.l, v.op, v.r, true)
	case *arithExpr:
		return d.binary(x, v.l, v.op, v.r, false)
	case *likeExpr:
		op := map[[2]bool]string{{false, false}: "~~", {true, false}: "!~~", {false, true}: "~~*", {true, true}: "!~~*"}[[2]bool{v.negate, v.foldCase}]
		return d.binary(x, v.l, op, v.r, true)
	case *andExpr:
		return d.junction(x, v.args, " AND ")
	case *orExpr:
		return d.junction(x, v.args, " OR ")
	case *notExpr:
		if text, ok := d.notBetween(v); ok {
			return text
		}
		return d.wrap("NOT " + d.child(v.x, x, false))
	case *caseExpr:
		return d.caseText(v)
	case *distExpr:
		if v.l.Type().Kind != v.kind || v.r.Type().Kind != v.kind {
			break
		}
		return d.wrap(d.child(v.l, x, true) + " " + v.op + " " + d.child(v.r, x, true))
	case *negExpr:
		return d.wrap("- " + d.child(v.x, x, true))
	case *isNullExpr:
		if v.not {
			return d.wrap(d.child(v.x, x, true) + " IS NOT NULL")
		}
		return d.wrap(d.child(v.x, x, true) + " IS NULL")
	case *inExpr:
		return d.in(v)
	case *anyExpr:
		return d.anyArray(v)
	case *funcExpr:
		if strings.Contains(v.name, ".") {
			break
		}
		args := make([]string, len(v.args))
		for i, a := range v.args {
			args[i] = d.expr(a, true)
		}
		name := v.name
		switch name {
		case "coalesce", "nullif", "greatest", "least":
			name = strings.ToUpper(name)
		}
		return name + "(" + strings.Join(args, ", ") + ")"
	}
	d.ok = false
	return ""
}

// wrap is the parentheses a node prints around itself unless pretty.
func (d *ruleDeparser) wrap(text string) string {
	if d.pretty {
		return text
	}
	return "(" + text + ")"
}

// child is get_rule_expr_paren: x under parent, parenthesised when
// pretty and x is not simple there.
func (d *ruleDeparser) child(x, parent expr, showImplicit bool) string {
	text := d.expr(x, showImplicit)
	if d.pretty && !isSimpleNode(x, parent) {
		return "(" + text + ")"
	}
	return text
}

// coercion is get_coercion_expr: "(x)::type" (pretty: "x::type").
func (d *ruleDeparser) coercion(x expr, t types.Type, node expr) string {
	return d.wrap(d.child(x, node, false)) + "::" + t.Name()
}

// opName is the binary operator of an operator node ("" for others).
func opName(x expr) string {
	switch v := x.(type) {
	case *cmpExpr:
		return v.op
	case *arithExpr:
		return v.op
	case *likeExpr:
		return "~~"
	case *distExpr:
		return v.op
	}
	return ""
}

// isSimpleNode is ruleutils.c's isSimpleNode for the nodes ruleDeparse
// prints: whether x needs no parentheses under parent in pretty mode.
func isSimpleNode(x, parent expr) bool {
	switch v := x.(type) {
	case *colExpr, *constExpr, *funcExpr, *caseExpr:
		return true
	case *castExpr:
		return isSimpleNode(v.x, x)
	case *andExpr, *orExpr, *notExpr:
		switch parent.(type) {
		case *andExpr, *orExpr, *notExpr:
			_, or := x.(*orExpr)
			_, parentOr := parent.(*orExpr)
			_, parentNot := parent.(*notExpr)
			return !parentNot && (!or || parentOr)
		case *funcExpr:
			return true
		}
		return false
	}
	if op, pop := opName(x), opName(parent); op != "" && pop != "" {
		lo, hi := strings.Contains("+-", op), strings.Contains("*/%", op)
		plo, phi := strings.Contains("+-", pop), strings.Contains("*/%", pop)
		switch {
		case len(op) != 1 || len(pop) != 1 || !(lo || hi) || !(plo || phi):
			return false
		case hi && plo:
			return true
		case lo && phi:
			return false
		}
		return parentLeft(parent) == x
	}
	switch parent.(type) {
	case *andExpr, *orExpr, *notExpr, *funcExpr:
		return true
	}
	return false
}

// parentLeft is an arithmetic operator's left operand.
func parentLeft(x expr) expr {
	if a, ok := x.(*arithExpr); ok {
		return a.l
	}
	return nil
}

// binary prints "(l op r)" with the implicit casts PostgreSQL's operator
// resolution would have put on the operands.
func (d *ruleDeparser) binary(node, l expr, op string, r expr, compare bool) string {
	lt, rt, ok := operandTypes(l.Type(), r.Type(), compare)
	if !ok {
		d.ok = false
		return ""
	}
	return d.wrap(d.operand(node, l, lt) + " " + op + " " + d.operand(node, r, rt))
}

// operand prints x as an operand of operator node taking type t.
func (d *ruleDeparser) operand(node, x expr, t types.Type) string {
	if t.Kind == x.Type().Kind {
		return d.child(x, node, true)
	}
	if c, ok := x.(*constExpr); ok && isTextKind(c.t.Kind) && t.Kind == types.KindText {
		// an unknown literal vecgres typed as varchar: PostgreSQL's is text
		return constText(&constExpr{t: types.Text, v: c.v})
	}
	cast := &castExpr{x: x, t: t}
	return d.child(cast, node, true)
}

func (d *ruleDeparser) junction(node expr, args []expr, sep string) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = d.child(a, node, false)
	}
	return d.wrap(strings.Join(parts, sep))
}

// in prints x IN (list) as PostgreSQL's ScalarArrayOpExpr: "(x = ANY
// (ARRAY[a, b]))"; over varchar, "((x)::text = ANY ((ARRAY['a'::character
// varying, ...])::text[]))".
func (d *ruleDeparser) in(v *inExpr) string {
	xt := v.x.Type()
	items := make([]string, len(v.list))
	for i, it := range v.list {
		if it.Type().Kind != xt.Kind {
			d.ok = false
			return ""
		}
		items[i] = d.expr(it, true)
	}
	op, q := "= ANY", "ARRAY["+strings.Join(items, ", ")+"]"
	if v.not {
		op = "<> ALL"
	}
	lhs := d.expr(v.x, true)
	if xt.Kind == types.KindVarchar {
		lhs, q = d.wrap(lhs)+"::text", d.wrap(q)+"::text[]"
	}
	return d.wrap(lhs + " " + op + " (" + q + ")")
}

// anyArray prints x op ANY|ALL (array constant) as PostgreSQL prints
// it: an ARRAY[...] constructor as "(x = ANY (ARRAY['a'::text,
// 'b'::text]))" (cast to text[] over a varchar cast to text, as the
// parser makes it), an array literal as "(x = ANY ('{a,b}'::text[]))";
// over varchar, whose = is text's, "((s)::text = ANY
// (('{a,b}'::character varying[])::text[]))".
func (d *ruleDeparser) anyArray(v *anyExpr) string {
	c, isConst := v.arr.(*constExpr)
	if !isConst || c.v == nil {
		d.ok = false
		return ""
	}
	lhs, q := d.child(v.x, v, true), ""
	cast, _ := v.x.(*castExpr)
	fromVarchar := cast != nil && cast.x.Type().Kind == types.KindVarchar && c.t.Kind == types.KindTextArray
	switch {
	case c.ctor && fromVarchar: // ARRAY['a'::character varying]::text[], its elements coerced at once
		q = d.wrap(d.arrayCtor(c, true)) + "::text[]"
	case c.ctor:
		q = d.arrayCtor(c, false)
	case c.from != nil && c.from.ctor:
		q = d.wrap(d.arrayCtor(c.from, false)) + "::" + c.t.Name()
	case c.from != nil:
		q = d.wrap(constText(c.from)) + "::" + c.t.Name()
	default:
		q = constText(c)
		if elem, _ := types.ElemType(c.t); elem.Kind == types.KindVarchar && v.x.Type().Kind == types.KindVarchar {
			lhs = d.coercion(v.x, types.Text, &castExpr{x: v.x, t: types.Text})
			q = d.wrap(q) + "::text[]"
		}
	}
	op := v.op + " ANY"
	if v.all {
		op = v.op + " ALL"
	}
	return d.wrap(lhs + " " + op + " (" + q + ")")
}

// arrayCtor prints an ARRAY[...] constructor folded into constant c;
// asVarchar labels the elements character varying.
func (d *ruleDeparser) arrayCtor(c *constExpr, asVarchar bool) string {
	elem, isArray := types.ElemType(c.t)
	if asVarchar {
		elem = types.Type{Kind: types.KindVarchar, Typmod: types.NoTypmod}
	}
	arr, isValue := c.v.(types.Array)
	if !isArray || !isValue || len(arr) == 0 {
		d.ok = false
		return ""
	}
	items := make([]string, len(arr))
	for i, e := range arr {
		items[i] = constText(&constExpr{t: elem, v: e})
	}
	return "ARRAY[" + strings.Join(items, ", ") + "]"
}

func isTextKind(k types.Kind) bool { return k == types.KindText || k == types.KindVarchar }

// numRank orders the numeric kinds as PostgreSQL's implicit casts go
// (integers, numeric, floats); 0 for other kinds.
func numRank(k types.Kind) int {
	switch k {
	case types.KindInt2, types.KindInt4, types.KindInt8:
		return 1
	case types.KindNumeric:
		return 2
	case types.KindFloat8:
		return 3
	}
	return 0
}

// operandTypes is the types PostgreSQL's chosen operator takes for
// operands of types l and r, for the pairs vecgres knows: one type;
// integers among themselves (cross-type operators), an integer or
// numeric beside numeric or float8 (cast up to it), varchar beside text
// (both text), date and timestamps among themselves for comparisons.
// ok is false for other pairs.
func operandTypes(l, r types.Type, compare bool) (types.Type, types.Type, bool) {
	lk, rk := l.Kind, r.Kind
	switch {
	case lk == types.KindVarchar || rk == types.KindVarchar:
		if isTextKind(lk) && isTextKind(rk) {
			return types.Text, types.Text, true
		}
	case lk == rk:
		return l, r, true
	case numRank(lk) == 1 && numRank(rk) == 1:
		return l, r, true
	case numRank(lk) > 0 && numRank(rk) > 0:
		if numRank(lk) > numRank(rk) {
			return l, types.Type{Kind: lk, Typmod: types.NoTypmod}, true
		}
		return types.Type{Kind: rk, Typmod: types.NoTypmod}, r, true
	case compare && dateLike(lk) && dateLike(rk):
		return l, r, true
	}
	return l, r, false
}

func dateLike(k types.Kind) bool {
	return k == types.KindDate || k == types.KindTimestamp || k == types.KindTimestamptz
}

// constText is get_const_expr with showtype 0: NULL as "NULL::type",
// an int4 bare (quoted and labelled when negative), a numeric bare when
// it has a point or exponent and no sign, booleans as true/false, any
// other value quoted and labelled with its type.
func constText(c *constExpr) string {
	label := "::" + c.t.Name()
	if c.v == nil {
		return "NULL" + label
	}
	text := string(types.AppendText(nil, c.t, c.v))
	switch c.t.Kind {
	case types.KindBool:
		if c.v == true {
			return "true"
		}
		return "false"
	case types.KindInt4:
		if !strings.HasPrefix(text, "-") {
			return text
		}
	case types.KindNumeric:
		if text != "" && text[0] >= '0' && text[0] <= '9' && strings.ContainsAny(text, "eE.") {
			if c.t.Typmod >= 0 {
				return text + label
			}
			return text
		}
	case types.KindUnknown:
		return quoteLiteralText(text)
	}
	return quoteLiteralText(text) + label
}

// quoteLiteralText is simple_quote_literal: single quotes doubled (and
// backslashes, which standard_conforming_strings leaves alone, kept).
func quoteLiteralText(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}
