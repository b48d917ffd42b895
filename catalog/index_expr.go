package catalog

import (
	"fmt"

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

// IndexExprBinder binds an index expression's text over t's columns: eval
// computes its value from a row's values in column order, typ is its
// type, bound is the planner's bound form. Errors: the planner's binding
// errors.
type IndexExprBinder func(t *Table, text string) (eval func(vals []any) (any, error), typ types.Type, bound any, err error)

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
	var err error
	if ix.Expr != "" {
		if ix.keyFn, ix.keyType, ix.BoundExpr, err = indexExprBinder(ix.Table, ix.Expr); err != nil {
			return fmt.Errorf("index %s expression %s: %w", ix.Name, ix.Expr, err)
		}
	}
	if ix.Pred != "" {
		if ix.predFn, _, ix.BoundPred, err = indexExprBinder(ix.Table, ix.Pred); err != nil {
			return fmt.Errorf("index %s predicate %s: %w", ix.Name, ix.Pred, err)
		}
	}
	return nil
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
