package catalog

import (
	"fmt"
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Expression and partial indexes. An index's key may be an expression of
// its table's columns (CREATE INDEX ON t ((lower(name)))) and it may hold
// only the rows a predicate is true for (CREATE INDEX ... WHERE pred). The
// catalog keeps both as SQL text (Index.Expr, Index.Pred), durable in the
// CreateIndex record, and asks the planner to bind them (SetIndexExprBinder)
// whenever an index object is made: at CREATE INDEX, REINDEX, ALTER TABLE
// (which remakes a table's indexes over its new columns), snapshot load and
// replay. The planner's bound forms (Index.BoundExpr, Index.BoundPred) are
// opaque here; the planner matches queries against them.

// IndexExprBinder binds an index expression's text over t's columns.
// Errors: the planner's binding errors.
type IndexExprBinder func(t *Table, text string) (BoundIndexExpr, error)

// BoundIndexExpr is an index expression bound over a table: Eval
// computes its value from a row's values in column order, Type is its
// type, Bound the planner's bound form and Columns the positions of the
// columns it reads. A multi-column index's key is a list of expressions
// ("a, lower(b)"): KeyColumns counts them, Eval returns a CompositeKey
// and Type is the leading one's.
type BoundIndexExpr struct {
	Eval       func(vals []any) (any, error)
	Type       types.Type
	Bound      any
	Columns    []int
	KeyColumns int
}

// indexExprBinder is the planner's binder, set once at start-up before
// any catalog is opened (a package variable because Open loads indexes).
var indexExprBinder IndexExprBinder

// SetIndexExprBinder installs the binder of index expressions and
// predicates (planner's init).
func SetIndexExprBinder(f IndexExprBinder) { indexExprBinder = f }

// bindIndexExprs binds ix's key expression and predicate, if any.
func bindIndexExprs(ix *Index) error {
	if ix.Expr == "" && ix.Pred == "" {
		return nil
	}
	if indexExprBinder == nil {
		return pgerror.Internal(fmt.Errorf("index %s: no binder for index expressions", ix.Name))
	}
	var cols []int
	if ix.Expr != "" {
		b, err := indexExprBinder(ix.Table, ix.Expr)
		if err != nil {
			return fmt.Errorf("index %s expression %s: %w", ix.Name, ix.Expr, err)
		}
		ix.keyFn, ix.keyType, ix.BoundExpr, cols = b.Eval, b.Type, b.Bound, b.Columns
		ix.Composite = b.KeyColumns > 1
	}
	if ix.Pred != "" {
		b, err := indexExprBinder(ix.Table, ix.Pred)
		if err != nil {
			return fmt.Errorf("index %s predicate %s: %w", ix.Name, ix.Pred, err)
		}
		ix.predFn, ix.BoundPred, cols = b.Eval, b.Bound, append(cols, b.Columns...)
	}
	ix.exprCols = cols
	return nil
}

// readsColumn reports whether ix's key or predicate reads column col.
func (ix *Index) readsColumn(col int) bool {
	return ix.Column == col || slices.Contains(ix.exprCols, col)
}

// key returns ix's key for a row given in column order, and whether the
// row enters ix at all (a partial index's predicate is true for it).
// Errors: the expression's evaluation errors (a row whose key cannot be
// computed cannot be stored, as in PostgreSQL).
func (ix *Index) key(vals []any) (any, bool, error) {
	if ix.predFn != nil {
		p, err := ix.predFn(vals)
		if err != nil {
			return nil, false, err
		}
		if b, ok := p.(bool); !ok || !b {
			return nil, false, nil
		}
	}
	if ix.keyFn == nil {
		return vals[ix.Column], true, nil
	}
	v, err := ix.keyFn(vals)
	return v, err == nil, err
}

// HasExprs reports whether ix is an expression or partial index.
func (ix *Index) HasExprs() bool { return ix.Expr != "" || ix.Pred != "" }

// KeyType is the type of ix's keys: its expression's, else its column's.
func (ix *Index) KeyType() types.Type {
	if ix.Expr != "" {
		return ix.keyType
	}
	return ix.Table.Columns[ix.Column].Type
}

// bindUniquePred binds a unique index's partial predicate (kept in
// CheckExpr) over t, so keyOf leaves out the rows it is not true for,
// and its key expression (KeyExpr), which keyOf computes.
func bindUniquePred(t *Table, k *Constraint) error {
	if k.Kind != ConUnique || !k.IndexOnly || (k.CheckExpr == "" && k.KeyExpr == "") {
		return nil
	}
	if indexExprBinder == nil {
		return pgerror.Internal(fmt.Errorf("index %s: no binder for index predicates", k.Name))
	}
	if k.KeyExpr != "" {
		b, err := indexExprBinder(t, k.KeyExpr)
		if err != nil {
			return fmt.Errorf("index %s expression %s: %w", k.Name, k.KeyExpr, err)
		}
		k.keyFn, k.keyType, k.keyCols = b.Eval, b.Type, b.Columns
	}
	if k.CheckExpr == "" {
		return nil
	}
	b, err := indexExprBinder(t, k.CheckExpr)
	if err != nil {
		return fmt.Errorf("index %s predicate %s: %w", k.Name, k.CheckExpr, err)
	}
	k.predFn, k.predCols = b.Eval, b.Columns
	return nil
}

// predicateReads reports whether one of t's unique partial indexes'
// predicates, or a unique index's key expression, reads column col.
func predicateReads(t *Table, col int) bool {
	for _, k := range t.Constraints {
		if k.predFn != nil && slices.Contains(k.predCols, col) || slices.Contains(k.keyCols, col) {
			return true
		}
	}
	return false
}

// keysComputable returns the first error computing an expression or
// partial index's key (or predicate) for one of slots fails with, as
// PostgreSQL's CREATE INDEX fails on a row whose key it cannot compute
// (a cast to vector(384) of a 3-dimensional vector); nil for a plain
// index.
func keysComputable(ix *Index, slots []uint64) error {
	if !ix.HasExprs() {
		return nil
	}
	for _, s := range slots {
		if _, _, err := ix.key(ix.Table.logical(ix.Table.version(s).vals)); err != nil {
			return err
		}
	}
	return nil
}
