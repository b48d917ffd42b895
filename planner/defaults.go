package planner

import (
	"errors"
	"strings"
	"sync"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Column defaults. A DEFAULT without function calls is evaluated once,
// at CREATE TABLE or ALTER TABLE, into catalog.Column.Default. One that
// calls a function (now(), CURRENT_TIMESTAMP, gen_random_uuid()) is kept
// as its SQL text in catalog.Column.DefaultExpr, durable in the table's
// WAL record and snapshot, and evaluated for each inserted row (INSERT,
// COPY FROM, UPDATE ... SET col = DEFAULT). The text is what psql's \d
// shows (pg_get_expr): functions as name(args), SQL value functions by
// their keyword (CURRENT_TIMESTAMP).

// volatileFuncs are the functions whose value changes within a statement
// (PostgreSQL's provolatile 'v'): ADD COLUMN with such a default would
// need a different value for each existing row.
var volatileFuncs = map[string]bool{"gen_random_uuid": true, "random": true, "clock_timestamp": true}

// columnDefault binds a column's DEFAULT e into c: Default for a
// constant, DefaultExpr for an expression with function calls. Errors:
// those of binding, and 42804 when e's type does not assign to c's.
func (b *binder) columnDefault(e sql.Expr, c *catalog.Column) error {
	x, err := b.bindDefault(e, *c)
	if err != nil {
		var pe *pgerror.Error
		if errors.As(err, &pe) && pe.Code != pgerror.FeatureNotSupported {
			cp := *pe
			cp.Position = 0 // PostgreSQL's cookDefault errors carry none
			return &cp
		}
		return err
	}
	if !callsFunction(x) {
		if _, ok := x.(*constExpr); !ok {
			return pgerror.NotSupported("DEFAULT with a non-constant expression")
		}
		c.Default, err = x.Eval(&env{sess: b.s})
		if err == nil {
			c.DefaultExpr = b.scaledLiteralText(e, *c)
		}
		return err
	}
	c.DefaultExpr = defaultText(e)
	if text, ok := b.s.nextvalText(e); ok { // sequence_ddl.go
		c.DefaultExpr = text
	}
	return nil
}

// scaledLiteralText is the text pg_get_expr prints for a numeric(p,s)
// column's constant default, the literal as written ("1.00", "2.5",
// "'-1.5'::numeric"): coercing it to the column's scale would lose
// that, so the literal is kept as DefaultExpr next to the coerced
// Default (PostgreSQL keeps the literal under its typmod coercion).
// "" for other columns and expressions.
func (b *binder) scaledLiteralText(e sql.Expr, c catalog.Column) string {
	if c.Type.Kind != types.KindNumeric || c.Type.Typmod < 0 {
		return ""
	}
	x, err := b.bind(e, noTypmod(c.Type))
	k, ok := x.(*constExpr)
	if err != nil || !ok || k.v == nil || k.from != nil || (k.t.Kind != types.KindNumeric && k.t.Kind != types.KindInt4) {
		return ""
	}
	return constText(k) // ruledef.go
}

// bindDefault binds a DEFAULT expression for column c with PostgreSQL's
// cookDefault error for a type that does not assign.
func (b *binder) bindDefault(e sql.Expr, c catalog.Column) (expr, error) {
	saved := b.table
	b.table = nil
	defer func() { b.table = saved }()
	x, err := b.bind(e, c.Type)
	if err != nil {
		return nil, err
	}
	if x.Type().Kind == types.KindUnknown {
		x = retype(x, noTypmod(c.Type))
	}
	if !castable(x.Type(), c.Type) {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "column %q is of type %s but default expression is of type %s",
			c.Name, noTypmod(c.Type).Name(), x.Type().Name()).WithHint("You will need to rewrite or cast the expression.")
	}
	return coerce(x, c.Type, e.Pos())
}

// callsFunction reports whether x calls a function (constant folding
// aside, the value may differ between evaluations).
func callsFunction(x expr) bool {
	if f, ok := x.(*funcExpr); ok && f.name != "ARRAY" {
		return true
	}
	for _, c := range children(x) {
		if callsFunction(c) {
			return true
		}
	}
	return false
}

// callsVolatile reports whether the default text calls a volatile
// function.
func callsVolatile(text string) bool {
	for f := range volatileFuncs {
		if strings.Contains(text, f+"(") {
			return true
		}
	}
	return false
}

// sqlKeywordFuncs print as their keyword, without parentheses.
var sqlKeywordFuncs = map[string]string{
	"current_date": "CURRENT_DATE", "current_timestamp": "CURRENT_TIMESTAMP", "current_time": "CURRENT_TIME",
	"localtime": "LOCALTIME", "localtimestamp": "LOCALTIMESTAMP", "current_user": "CURRENT_USER",
	"current_role": "CURRENT_ROLE", "session_user": "SESSION_USER", "user": "USER",
	"current_catalog": "CURRENT_CATALOG", "current_schema": "CURRENT_SCHEMA",
}

// defaultText prints a DEFAULT expression as PostgreSQL's pg_get_expr
// does for the common forms: now(), CURRENT_TIMESTAMP, gen_random_uuid().
// Other forms print as sql.FormatExpr; the text must parse back as an
// expression (defaultExprValue).
func defaultText(e sql.Expr) string {
	if f, ok := e.(*sql.FuncCall); ok {
		if kw, ok := sqlKeywordFuncs[f.Name]; ok && len(f.Args) == 0 {
			return kw
		}
	}
	return sql.FormatExpr(e)
}

// defaultKey identifies a bound default: its text and the column type.
type defaultKey struct {
	text string
	typ  types.Type
}

// boundDefaults caches bound default expressions; a bound expression
// holds no session state (env carries it).
var boundDefaults sync.Map // defaultKey -> expr

// defaultExprValue evaluates column c's DefaultExpr for one row. A
// serial column's nextval('s'::regclass) calls nextval directly, on the
// sequence the session resolved once (sequence_cache.go).
func defaultExprValue(e *env, c catalog.Column) (any, error) {
	if name, ok := nextvalDefaultName(c); ok {
		v, err := e.NextVal(name) // sequence_funcs.go
		if err != nil || c.Type.Kind == types.KindInt8 {
			return v, err
		}
		return types.Cast(v, types.Int8, c.Type, false)
	}
	key := defaultKey{c.DefaultExpr, c.Type}
	x, ok := boundDefaults.Load(key)
	if !ok {
		stmts, err := sql.Parse("SELECT " + c.DefaultExpr)
		if err != nil {
			return nil, err
		}
		sel, ok := stmts[0].(*sql.Select)
		if len(stmts) != 1 || !ok || len(sel.Items) != 1 {
			return nil, pgerror.Errorf(pgerror.InternalError, "bad default expression %q", c.DefaultExpr)
		}
		b := &binder{s: e.sess}
		bx, err := b.bindDefault(sel.Items[0].Expr, c)
		if err != nil {
			return nil, err
		}
		boundDefaults.Store(key, bx)
		x = bx
	}
	return x.(expr).Eval(e)
}

// defaultExpr is SET col = DEFAULT for a column with a DefaultExpr.
type defaultExpr struct{ c catalog.Column }

func (d *defaultExpr) Type() types.Type         { return d.c.Type }
func (d *defaultExpr) Eval(e *env) (any, error) { return defaultExprValue(e, d.c) }
