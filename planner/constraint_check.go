package planner

import (
	"slices"
	"sync"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// CHECK constraints. The expression is bound once at CREATE TABLE or
// ALTER TABLE ADD CONSTRAINT against the table's columns (42703 for a
// missing one, 42804 when it is not boolean, PostgreSQL's errors for
// subqueries and aggregates) and stored as its SQL text
// (sql.FormatExpr, fully parenthesised: "(a > 0)"), which
// pg_get_constraintdef prints inside CHECK (...). The catalog asks
// checkRow (catalog.Catalog.SetRowCheck) for every row it stores; the
// text is parsed and bound again once per constraint object.

// bindCheck binds a CHECK constraint of t (s's session binds it).
func bindCheck(s *Session, t *catalog.Table, tc sql.TableConstraint) (*catalog.Constraint, error) {
	if tc.Deferrable {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "CHECK constraints cannot be marked DEFERRABLE")
	}
	x, err := bindCheckExpr(s, t, tc.Check)
	if err != nil {
		return nil, err
	}
	text, ok := ruleDeparse(x, false) // ruledef.go: PostgreSQL's text, with its casts
	if !ok {
		text = sql.FormatExpr(tc.Check)
	}
	k := &catalog.Constraint{Kind: catalog.ConCheck, Name: tc.Name, CheckExpr: text}
	k.Columns = checkReads(x, nil)
	slices.Sort(k.Columns)
	return k, nil
}

// bindCheckExpr binds a CHECK expression over t's columns.
func bindCheckExpr(s *Session, t *catalog.Table, e sql.Expr) (expr, error) {
	b := &binder{s: s, table: t}
	b.aggDenied = "aggregate functions are not allowed in check constraints"
	x, err := b.bind(e, types.Bool)
	if err != nil {
		return nil, err
	}
	if hasSubquery(x) {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "cannot use subquery in check constraint").WithPosition(e.Pos() + 1)
	}
	if k := x.Type().Kind; k != types.KindBool && k != types.KindUnknown {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of CHECK must be type boolean, not type %s", x.Type().Name()).
			WithPosition(leftmost(e) + 1)
	}
	return x, nil
}

// checkReads appends the distinct columns x reads to cols.
func checkReads(x expr, cols []int) []int {
	if c, ok := x.(*colExpr); ok && !slices.Contains(cols, c.idx) {
		cols = append(cols, c.idx)
	}
	for _, ch := range children(x) {
		cols = checkReads(ch, cols)
	}
	return cols
}

func hasSubquery(x expr) bool {
	if _, ok := x.(*subqueryExpr); ok {
		return true
	}
	for _, ch := range children(x) {
		if hasSubquery(ch) {
			return true
		}
	}
	return false
}

// boundChecks caches each CHECK constraint's bound expression, keyed by
// the *catalog.Constraint (replaced by every ALTER TABLE of its table,
// so a cached expression never outlives its column positions).
var boundChecks sync.Map

// checkRow evaluates CHECK constraint k of t on row vals (column order):
// false only when it yields false (NULL passes, as in PostgreSQL).
func (en *Engine) checkRow(t *catalog.Table, k *catalog.Constraint, vals []any) (bool, error) {
	x, err := en.boundCheck(t, k)
	if err != nil {
		return false, err
	}
	v, err := x.Eval(&env{sess: en.checkSession(), row: vals})
	if err != nil {
		return false, err
	}
	b, isBool := v.(bool)
	return !isBool || b, nil
}

// boundCheck is CHECK constraint k of t bound (cached in boundChecks).
func (en *Engine) boundCheck(t *catalog.Table, k *catalog.Constraint) (expr, error) {
	if x, ok := boundChecks.Load(k); ok {
		return x.(expr), nil
	}
	stmts, err := sql.Parse("SELECT " + k.CheckExpr)
	if err != nil {
		return nil, err
	}
	sel, ok := stmts[0].(*sql.Select)
	if len(stmts) != 1 || !ok || len(sel.Items) != 1 {
		return nil, pgerror.Errorf(pgerror.InternalError, "bad check expression %q", k.CheckExpr)
	}
	bx, err := bindCheckExpr(en.checkSession(), t, sel.Items[0].Expr)
	if err != nil {
		return nil, err
	}
	boundChecks.Store(k, bx)
	return bx, nil
}

// checkDef is pg_get_constraintdef of CHECK constraint k of t as
// PostgreSQL 15 prints it (ruledef.go), pretty or not; ok is false when
// ruleDeparse does not know its shapes.
func (en *Engine) checkDef(t *catalog.Table, k *catalog.Constraint, pretty bool) (string, bool) {
	x, err := en.boundCheck(t, k)
	if err != nil {
		return "", false
	}
	text, ok := ruleDeparse(x, pretty)
	if !ok {
		return "", false
	}
	return "CHECK (" + text + ")", true
}

// checkSession is the session CHECK expressions are bound and evaluated
// in: default settings, no transaction of its own.
func (en *Engine) checkSession() *Session {
	en.checkOnce.Do(func() {
		en.checkSess = &Session{en: en, cat: en.cat, settings: newSettings()}
	})
	return en.checkSess
}
