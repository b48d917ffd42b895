package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Unique expression indexes: CREATE UNIQUE INDEX ON t ((lower(email))).
// The key is one expression of the table's columns, kept as its SQL text
// (catalog.Constraint.KeyExpr) and computed for each row by the catalog
// (bindIndexText), which enforces it as any unique key: 23505 with
// PostgreSQL's DETAIL "Key (lower(email))=(x) already exists." on
// INSERT, UPDATE and COPY. ON CONFLICT ((lower(email))) infers it when
// its expression binds to the same expression (exprKey).

// uniqueKeyExpr returns the key expression's text and its name for the
// index's default name (lower) when the key is one expression; "" when
// the key is columns (a parenthesised column, ((a)), is the column).
// Errors: bindIndexExpr's; 0A000 for an expression among several keys
// or one that reads no column; a type without B-tree ordering.
func uniqueKeyExpr(b *binder, t *catalog.Table, ics []sql.IndexColumn) (string, string, error) {
	var e sql.Expr
	for _, ic := range ics {
		if c, ok := ic.Expr.(*sql.ColumnRef); ic.Expr != nil && (!ok || c.Table != "") {
			e = ic.Expr
		}
	}
	if e == nil {
		return "", "", nil
	}
	if len(ics) > 1 {
		return "", "", pgerror.NotSupported("unique indexes with an expression among several keys")
	}
	x, err := bindIndexExpr(b, t, e, types.Unknown, "expression")
	if err != nil {
		return "", "", err
	}
	if len(checkReads(x, nil)) == 0 {
		return "", "", pgerror.NotSupported("index expressions that read no column")
	}
	if err := checkBtreeKey(x.Type()); err != nil { // funcs_json.go
		return "", "", err
	}
	text := sql.FormatExpr(e)
	return text, indexExprName(e), storedTextBinds(t, text)
}

// conflictExprArbiter reports whether the ON CONFLICT target expression
// x, bound over t, is the key expression of k, a unique index of t.
func conflictExprArbiter(t *catalog.Table, k *catalog.Constraint, x expr) bool {
	if k.KeyExpr == "" {
		return false
	}
	kb, err := bindIndexText(t, k.KeyExpr) // index_expr.go
	if err != nil {
		return false
	}
	ke, ok := kb.Bound.(expr)
	if !ok {
		return false
	}
	a, ok1 := exprKey(ke)
	q, ok2 := exprKey(x)
	return ok1 && ok2 && a == q
}
