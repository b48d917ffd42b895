package planner

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// formatBound prints a bound expression as SQL for EXPLAIN, fully
// parenthesised like PostgreSQL's plan output: "(category = 'rare')",
// "(embedding <-> '[0,0]')". Constants are printed as literals of their
// type (quoted unless numeric or boolean), parameters as $n.
func formatBound(x expr) string {
	var b strings.Builder
	writeBound(&b, x)
	return b.String()
}

func writeBound(b *strings.Builder, x expr) {
	switch v := x.(type) {
	case *colExpr:
		if v.qual != "" {
			b.WriteString(v.qual + ".")
		}
		b.WriteString(v.name)
	case *outerColExpr:
		writeBound(b, v.col)
	case *paramExpr:
		b.WriteString("$" + strconv.Itoa(v.n+1))
	case *constExpr:
		writeConst(b, v)
	case *castExpr:
		writeBound(b, v.x)
	case *cmpExpr:
		writeInfix(b, v.l, v.op, v.r)
	case *distExpr:
		writeInfix(b, v.l, v.op, v.r)
	case *arithExpr:
		writeInfix(b, v.l, v.op, v.r)
	case *andExpr:
		writeJunction(b, v.args, " AND ")
	case *orExpr:
		writeJunction(b, v.args, " OR ")
	case *notExpr:
		b.WriteString("(NOT ")
		writeBound(b, v.x)
		b.WriteString(")")
	case *boolTestExpr:
		b.WriteString("(")
		writeBound(b, v.x)
		b.WriteString(" " + v.src.Name() + ")")
	case *isNullExpr:
		b.WriteString("(")
		writeBound(b, v.x)
		if v.not {
			b.WriteString(" IS NOT NULL)")
		} else {
			b.WriteString(" IS NULL)")
		}
	case *inExpr:
		b.WriteString("(")
		writeBound(b, v.x)
		if v.not {
			b.WriteString(" NOT")
		}
		b.WriteString(" IN (")
		for i, it := range v.list {
			if i > 0 {
				b.WriteString(", ")
			}
			writeBound(b, it)
		}
		b.WriteString("))")
	case *funcExpr:
		b.WriteString(v.name + "(")
		for i, a := range v.args {
			if i > 0 {
				b.WriteString(", ")
			}
			writeBound(b, a)
		}
		b.WriteString(")")
	case *anyExpr:
		b.WriteString("(")
		writeBound(b, v.x)
		b.WriteString(" " + v.op + map[bool]string{false: " ANY (", true: " ALL ("}[v.all])
		writeBound(b, v.arr)
		b.WriteString("))")
	case *subqueryExpr:
		if v.correlated || v.kind == sql.SubAny || v.kind == sql.SubAll {
			if v.hashed() || v.hashedExists() { // subquery_hash.go, semijoin_probe.go
				b.WriteString("(hashed SubPlan " + strconv.Itoa(v.id+1) + ")")
				break
			}
			b.WriteString("(SubPlan " + strconv.Itoa(v.id+1) + ")") // run per row, as PostgreSQL 15 prints it
			break
		}
		b.WriteString("$" + strconv.Itoa(v.id)) // an InitPlan's output, as PostgreSQL 15 prints it
	case *subscriptExpr:
		writeSubscript(b, v)
	case *caseExpr:
		writeCase(b, v) // expr_case.go
	case *rowExpr:
		writeRow(b, v.args) // record_expr.go: ROW(id, v)
	case *rowCmpExpr:
		b.WriteString("(")
		writeRow(b, v.l)
		b.WriteString(" " + v.op + " ")
		writeRow(b, v.r)
		b.WriteString(")")
	case *fieldExpr:
		b.WriteString("(")
		writeBound(b, v.x)
		b.WriteString(")." + v.name)
	case *winRef:
		if v.c.agg != nil && v.c.agg.arg == nil {
			b.WriteString(v.c.name + "(*)")
		} else {
			writeBound(b, &funcExpr{name: v.c.name, args: v.c.args})
		}
		b.WriteString(" OVER (?)") // PostgreSQL 15's EXPLAIN prints no window
	default:
		b.WriteString("?")
	}
}

func writeInfix(b *strings.Builder, l expr, op string, r expr) {
	b.WriteString("(")
	writeBound(b, l)
	b.WriteString(" " + op + " ")
	writeBound(b, r)
	b.WriteString(")")
}

func writeJunction(b *strings.Builder, args []expr, sep string) {
	b.WriteString("(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(sep)
		}
		writeBound(b, a)
	}
	b.WriteString(")")
}

func writeConst(b *strings.Builder, c *constExpr) {
	if c.v == nil {
		b.WriteString("NULL")
		return
	}
	text := string(types.AppendText(nil, c.t, c.v))
	switch classOf(c.t) {
	case classBool:
		b.WriteString(map[bool]string{true: "true", false: "false"}[c.v == true]) // PostgreSQL's deparse
	case classNumeric:
		b.WriteString(text)
	default:
		b.WriteString("'" + strings.ReplaceAll(text, "'", "''") + "'")
	}
}

// writeRow prints a row constructor of args: ROW(a, b).
func writeRow(b *strings.Builder, args []expr) {
	b.WriteString("ROW(")
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		writeBound(b, a)
	}
	b.WriteString(")")
}

// writeSubscript prints a[i][j] or a[lo:hi][...].
func writeSubscript(b *strings.Builder, v *subscriptExpr) {
	writeBound(b, v.arr)
	for i, hi := range v.upper {
		b.WriteString("[")
		if v.lower[i] != nil {
			writeBound(b, v.lower[i])
		}
		if v.slice {
			b.WriteString(":")
		}
		if hi != nil {
			writeBound(b, hi)
		}
		b.WriteString("]")
	}
}
