package planner

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Expression and partial indexes (catalog/index_expr.go). CREATE INDEX
// binds the key expression and the predicate over the table's columns
// with PostgreSQL's rules (only immutable functions, 42P17; no
// aggregates, 42803; no subqueries, 0A000) and stores them as SQL text
// (sql.FormatExpr); the catalog asks bindIndexText to bind that text
// again whenever it makes the index object. A query uses such an index
// when its operand is the same bound expression (sameIndexExpr).

func init() { catalog.SetIndexExprBinder(bindIndexText) }

var (
	indexSessOnce sync.Once
	indexSess     *Session
)

// indexSession is the session index expressions are bound and evaluated
// in: default settings, no catalog or transaction of its own.
func indexSession() *Session {
	indexSessOnce.Do(func() { indexSess = &Session{settings: newSettings()} })
	return indexSess
}

// bindIndexText parses and binds an index expression's stored text over
// t (catalog.IndexExprBinder).
func bindIndexText(t *catalog.Table, text string) (catalog.BoundIndexExpr, error) {
	stmts, err := sql.Parse("SELECT " + text)
	if err != nil {
		return catalog.BoundIndexExpr{}, err
	}
	sel, ok := stmts[0].(*sql.Select)
	if len(stmts) != 1 || !ok || len(sel.Items) == 0 {
		return catalog.BoundIndexExpr{}, pgerror.Internal(fmt.Errorf("bad index expression %q", text))
	}
	s := indexSession()
	xs := make(compositeBound, len(sel.Items))
	var cols []int
	for i, it := range sel.Items {
		if xs[i], err = (&binder{s: s, table: t}).bind(it.Expr, types.Unknown); err != nil {
			return catalog.BoundIndexExpr{}, err
		}
		cols = checkReads(xs[i], cols)
	}
	if len(xs) == 1 {
		x := xs[0]
		eval := func(vals []any) (any, error) { return x.Eval(&env{sess: s, row: vals}) }
		return catalog.BoundIndexExpr{Eval: eval, Type: x.Type(), Bound: x, Columns: cols, KeyColumns: 1}, nil
	}
	eval := func(vals []any) (any, error) {
		e := &env{sess: s, row: vals}
		key := make(catalog.CompositeKey, len(xs))
		for i, x := range xs {
			v, err := x.Eval(e)
			if err != nil {
				return nil, err
			}
			key[i] = v
		}
		return key, nil
	}
	return catalog.BoundIndexExpr{Eval: eval, Type: xs[0].Type(), Bound: xs, Columns: cols, KeyColumns: len(xs)}, nil
}

// compositeBound is a multi-column index's bound key columns.
type compositeBound []expr

// bindIndexExpr binds a CREATE INDEX key expression (what "expression"
// or "predicate") over t, refusing what PostgreSQL refuses in an index.
func bindIndexExpr(b *binder, t *catalog.Table, e sql.Expr, hint types.Type, what string) (expr, error) {
	ib := &binder{s: b.s, table: t}
	ib.aggDenied = "aggregate functions are not allowed in index " + what + "s"
	x, err := ib.bind(e, hint)
	if err != nil {
		return nil, err
	}
	if hasSubquery(x) {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "cannot use subquery in index "+what).WithPosition(e.Pos() + 1)
	}
	if !immutable(x) {
		return nil, pgerror.New(pgerror.InvalidObjectDefinition, "functions in index "+what+" must be marked IMMUTABLE")
	}
	return x, nil
}

// immutable reports whether x calls only immutable functions.
func immutable(x expr) bool {
	if f, ok := x.(*funcExpr); ok && f.vol != sem.Immutable {
		return false
	}
	for _, c := range children(x) {
		if !immutable(c) {
			return false
		}
	}
	return true
}

// indexExprName is the column name PostgreSQL's FigureIndexColname gives
// an index expression, for the index's default name: a function's name,
// a cast's operand's name, a column's name, else "expr".
func indexExprName(e sql.Expr) string {
	switch x := e.(type) {
	case *sql.ColumnRef:
		return x.Name
	case *sql.FuncCall:
		return x.Name
	case *sql.Cast:
		return indexExprName(x.X)
	}
	return "expr"
}

// exprKey is a canonical text of a bound expression for matching a
// query's operand with an index expression: columns by position, casts
// with their type, functions and operators by name, constants by type and
// value. ok is false for an expression it cannot describe (never
// matched).
func exprKey(x expr) (string, bool) {
	var b strings.Builder
	ok := writeExprKey(&b, x)
	return b.String(), ok
}

func writeExprKey(b *strings.Builder, x expr) bool {
	switch v := x.(type) {
	case *colExpr:
		b.WriteString("c" + strconv.Itoa(v.idx))
		return true
	case *constExpr:
		fmt.Fprintf(b, "k(%d,%d,%v)", v.t.OID(), v.t.Typmod, v.v)
		return true
	case *castExpr:
		fmt.Fprintf(b, "cast(%d,%d,", v.t.OID(), v.t.Typmod)
	case *funcExpr:
		b.WriteString("f:" + v.name + "(")
	case *arithExpr:
		b.WriteString("a:" + v.op + "(")
	case *negExpr:
		b.WriteString("neg(")
	case *cmpExpr:
		b.WriteString("cmp:" + v.op + "(")
	case *distExpr:
		b.WriteString("d:" + v.op + "(")
	default:
		return false
	}
	for i, c := range children(x) {
		if i > 0 {
			b.WriteByte(',')
		}
		if !writeExprKey(b, c) {
			return false
		}
	}
	b.WriteByte(')')
	return true
}

// sameIndexExpr reports whether x is ix's key expression (a
// multi-column index's leading key column).
func sameIndexExpr(ix *catalog.Index, x expr) bool {
	var ie expr
	switch b := ix.BoundExpr.(type) {
	case expr:
		ie = b
	case compositeBound:
		ie = b[0]
	default:
		return false
	}
	a, ok1 := exprKey(ie)
	q, ok2 := exprKey(x)
	return ok1 && ok2 && a == q
}
