package sql

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// typeString prints a type in FormatExpr; a variable so that tests can run
// before package types is complete.
var typeString = types.Type.Name

// FormatExpr prints e as SQL, fully parenthesised: "(a = 1)",
// "(x <-> '[1,2]'::vector(2))", "count(*)". For EXPLAIN output, error
// context and tests; nil prints as "".
func FormatExpr(e Expr) string {
	var b strings.Builder
	formatExpr(&b, e)
	return b.String()
}

// formatExpr appends the SQL text of e to b.
func formatExpr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
	case *Const:
		formatConst(b, e)
	case *Param:
		b.WriteString("$" + strconv.Itoa(e.N))
	case *ColumnRef:
		if e.Schema != "" {
			b.WriteString(e.Schema + ".")
		}
		if e.Table != "" {
			b.WriteString(e.Table + ".")
		}
		b.WriteString(e.Name)
	case *BinaryExpr:
		b.WriteString("(")
		formatExpr(b, e.L)
		b.WriteString(" " + e.Op + " ")
		formatExpr(b, e.R)
		b.WriteString(")")
	case *UnaryExpr:
		b.WriteString("(" + e.Op)
		formatExpr(b, e.X)
		b.WriteString(")")
	case *BoolExpr:
		formatBool(b, e)
	case *FuncCall:
		b.WriteString(e.Name + "(")
		if e.Distinct {
			b.WriteString("DISTINCT ")
		}
		if e.Star {
			b.WriteString("*")
		}
		formatList(b, e.Args)
		formatAggOrder(b, e.Order)
		b.WriteString(")")
		if e.Filter != nil {
			b.WriteString(" FILTER (WHERE ")
			formatExpr(b, e.Filter)
			b.WriteString(")")
		}
	case *Cast:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(")::" + typeString(e.Type))
	case *IsNull:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(map[bool]string{false: " IS NULL)", true: " IS NOT NULL)"}[e.Not])
	case *BoolTest:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(" " + e.Name() + ")")
	case *InList:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(map[bool]string{false: " IN (", true: " NOT IN ("}[e.Not])
		formatList(b, e.List)
		b.WriteString("))")
	case *DistinctExpr:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(map[bool]string{false: " IS DISTINCT FROM ", true: " IS NOT DISTINCT FROM "}[e.Not])
		formatExpr(b, e.Y)
		b.WriteString(")")
	case *Between:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(map[bool]string{false: " BETWEEN ", true: " NOT BETWEEN "}[e.Not])
		formatExpr(b, e.Lo)
		b.WriteString(" AND ")
		formatExpr(b, e.Hi)
		b.WriteString(")")
	case *Default:
		b.WriteString("DEFAULT")
	case *ArrayExpr:
		b.WriteString("ARRAY[")
		formatList(b, e.Elems)
		b.WriteString("]")
	case *ArrayCompare:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(" " + e.Op + map[bool]string{false: " ANY (", true: " ALL ("}[e.All])
		formatExpr(b, e.Array)
		b.WriteString("))")
	case *SubLink:
		formatSubLink(b, e)
	case *CaseExpr:
		formatCase(b, e) // expr_case.go
	case *Subscript:
		formatSubscript(b, e)
	case *RowExpr:
		b.WriteString("ROW(")
		formatList(b, e.Args)
		b.WriteString(")")
	case *FieldSelect:
		b.WriteString("(")
		formatExpr(b, e.X)
		b.WriteString(")." + quoteIdentifier(e.Name))
	}
}

// formatConst prints a literal; strings are quoted with ” doubled.
func formatConst(b *strings.Builder, k *Const) {
	switch k.Kind {
	case ConstNull:
		b.WriteString("NULL")
	case ConstString:
		b.WriteString("'" + strings.ReplaceAll(k.Text, "'", "''") + "'")
	default:
		b.WriteString(k.Text)
	}
}

// formatBool prints (a AND b AND c), (a OR b) or (NOT a).
func formatBool(b *strings.Builder, e *BoolExpr) {
	b.WriteString("(")
	if e.Op == Not {
		b.WriteString("NOT ")
	}
	for i, a := range e.Args {
		if i > 0 {
			b.WriteString(map[BoolOp]string{And: " AND ", Or: " OR "}[e.Op])
		}
		formatExpr(b, a)
	}
	b.WriteString(")")
}

// formatList prints a comma-separated list.
func formatList(b *strings.Builder, list []Expr) {
	for i, a := range list {
		if i > 0 {
			b.WriteString(", ")
		}
		formatExpr(b, a)
	}
}

// formatAggOrder prints an aggregate's ORDER BY inside its call.
func formatAggOrder(b *strings.Builder, order []OrderItem) {
	for i, o := range order {
		b.WriteString(map[bool]string{true: " ORDER BY ", false: ", "}[i == 0])
		formatExpr(b, o.Expr)
		if o.Desc {
			b.WriteString(" DESC")
		}
		switch o.Nulls {
		case NullsFirst:
			b.WriteString(" NULLS FIRST")
		case NullsLast:
			b.WriteString(" NULLS LAST")
		}
	}
}

// formatSubscript prints X[i][j] or X[lo:hi][...] as written.
func formatSubscript(b *strings.Builder, e *Subscript) {
	formatExpr(b, e.X)
	for _, ix := range e.Indices {
		b.WriteString("[")
		if ix.Lower != nil {
			formatExpr(b, ix.Lower)
		}
		if ix.Colon {
			b.WriteString(":")
		}
		if ix.Upper != nil {
			formatExpr(b, ix.Upper)
		}
		b.WriteString("]")
	}
}
