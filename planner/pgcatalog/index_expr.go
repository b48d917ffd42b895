package pgcatalog

import (
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/catalog"
)

// Expression and partial indexes in the catalog views. vecgres keeps an
// index's key expression and predicate as SQL text (catalog.Index.Expr,
// Pred: sql.FormatExpr, fully parenthesised); pg_index.indexprs and
// indpred hold that text instead of a pg_node_tree, which pg_get_expr
// returns as it is, and pg_get_indexdef prints the key as PostgreSQL's
// pg_get_indexdef_worker does: a function call bare, any other expression
// in parentheses, then WHERE and the predicate.

// funcCallText matches an expression text that is one function call
// (FormatExpr parenthesises every operator and cast, so a text starting
// with a name and ending with its ')' is a call).
var funcCallText = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\(.*\)$`)

// indexKeyText is ix's key as pg_get_indexdef prints it inside the
// column list: the quoted column, lower(name), ((m ->> 'k')).
func indexKeyText(ix *catalog.Index) string {
	if ix.Expr == "" {
		return quotedColumns(ix.Table, indexColumns(ix))
	}
	if ix.Composite || funcCallText.MatchString(ix.Expr) {
		// a multi-column index's Expr is its column list as printed
		return ix.Expr
	}
	return "(" + ix.Expr + ")"
}

// indexExprColumnName is the name of an expression index's column in
// pg_attribute, as PostgreSQL's FigureIndexColname chooses it: the
// function's name for a call (lower), "expr" for any other expression.
func indexExprColumnName(expr string) string {
	if funcCallText.MatchString(expr) {
		name, _, _ := strings.Cut(expr, "(")
		return name
	}
	return "expr"
}

// indexPredText is " WHERE pred" for a partial index, "" otherwise.
func indexPredText(ix *catalog.Index) string {
	if ix.Key != nil && ix.Key.IndexOnly && ix.Key.Kind == catalog.ConUnique && ix.Key.CheckExpr != "" {
		return " WHERE " + ix.Key.CheckExpr // a unique partial index
	}
	if ix.Pred == "" {
		return ""
	}
	return " WHERE " + ix.Pred
}

// nodeText is pg_index's indexprs or indpred value: the text, NULL when
// empty.
func nodeText(s string) any {
	if s == "" {
		return nil
	}
	return s
}
