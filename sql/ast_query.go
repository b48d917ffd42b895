package sql

import "strings"

// AST nodes of INSERT ... ON CONFLICT, INSERT ... SELECT, functions in
// FROM and scalar subqueries (convert_conflict.go, convert_query.go).

// OnConflict is INSERT's ON CONFLICT [target] DO NOTHING | DO UPDATE SET
// ... [WHERE cond] (PostgreSQL docs, INSERT, "ON CONFLICT Clause").
// The target is either Columns (ON CONFLICT (a, b)), Constraint (ON
// CONFLICT ON CONSTRAINT name) or neither.
type OnConflict struct {
	Columns    []string
	Constraint string
	Update     bool         // DO UPDATE; false: DO NOTHING
	Set        []Assignment // DO UPDATE SET; may use EXCLUDED.col
	Where      Expr         // DO UPDATE ... WHERE; nil when absent
	// TargetWhere is the conflict target's index predicate, ON CONFLICT
	// (cols) WHERE pred, which infers partial unique indexes; nil when
	// absent.
	TargetWhere Expr
	// TargetExprs are the expressions of the target, ON CONFLICT
	// ((lower(email))), which infer unique expression indexes; nil when
	// it names only columns.
	TargetExprs []Expr
	P           int // position of the clause
	TargetP     int // position of the conflict target's "("
}

// FromFunction is a function in FROM with its alias:
// generate_series(1, 3) WITH ORDINALITY AS t(i, n). Column is the name
// of its first output column when the function returns one column: the
// first column alias, else the table alias, else the function name (as
// PostgreSQL names the column of a scalar function in FROM). Columns are
// the column aliases as written (nil when none), Alias the table alias
// ("" when none).
type FromFunction struct {
	Call       *FuncCall
	Column     string
	Columns    []string
	Alias      string
	Ordinality bool // WITH ORDINALITY: a last bigint column counting rows from 1
	// ColDefs is the column definition list of a function returning
	// record (AS x(a int, b text)); nil when there is none. ColDefsP is
	// the position of its first column.
	ColDefs  []ColumnDef
	ColDefsP int
}

// SubLinkKind is the form of a subquery used as an expression
// (PostgreSQL's SubLinkType).
type SubLinkKind int

const (
	SubScalar SubLinkKind = iota // (SELECT ...): its one value
	SubExists                    // EXISTS (SELECT ...)
	SubAny                       // X op ANY (SELECT ...), X IN (SELECT ...)
	SubAll                       // X op ALL (SELECT ...)
	SubArray                     // ARRAY(SELECT ...)
)

// SubLink is a subquery used as an expression: a scalar subquery, EXISTS,
// X op ANY/ALL (subquery) (Test and Op; IN is = ANY) or ARRAY(subquery).
type SubLink struct {
	Kind SubLinkKind
	Test Expr // X of ANY/ALL; nil otherwise
	// TestRow is the row (X1, X2, ...) of ANY/ALL instead of Test, each
	// compared with the subquery's column of its position.
	TestRow []Expr
	Op      string // the operator of ANY/ALL
	Query   *Select
	P       int
}

// Pos implements Expr.
func (e *SubLink) Pos() int { return e.P }

// formatSubLink prints a scalar subquery as (SELECT items FROM t WHERE
// ... ORDER BY ... LIMIT n), for FormatExpr.
func formatSubLink(b *strings.Builder, e *SubLink) {
	switch e.Kind {
	case SubExists:
		b.WriteString("EXISTS ")
	case SubArray:
		b.WriteString("ARRAY")
	case SubAny, SubAll:
		b.WriteString("(")
		if e.TestRow != nil {
			b.WriteString("(")
			formatList(b, e.TestRow)
			b.WriteString(")")
		} else {
			formatExpr(b, e.Test)
		}
		b.WriteString(" " + e.Op + map[bool]string{false: " ANY ", true: " ALL "}[e.Kind == SubAll])
		formatSubLink(b, &SubLink{Query: e.Query})
		b.WriteString(")")
		return
	}
	q := e.Query
	if q.SetOp != nil {
		formatSetOp(b, q) // ast_setop.go
		return
	}
	b.WriteString("(SELECT ")
	for i, it := range q.Items {
		if i > 0 {
			b.WriteString(", ")
		}
		if it.Star {
			b.WriteString("*")
			continue
		}
		formatExpr(b, it.Expr)
	}
	if q.From != "" {
		b.WriteString(" FROM " + q.From)
	}
	if q.Where != nil {
		b.WriteString(" WHERE ")
		formatExpr(b, q.Where)
	}
	for i, o := range q.OrderBy {
		b.WriteString(map[bool]string{true: " ORDER BY ", false: ", "}[i == 0])
		formatExpr(b, o.Expr)
		if o.Desc {
			b.WriteString(" DESC")
		}
	}
	if q.Limit != nil {
		b.WriteString(" LIMIT ")
		formatExpr(b, q.Limit)
	}
	b.WriteString(")")
}
