package planner

import (
	"context"
	"errors"
	"strconv"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// SQL prepared statements: PREPARE name [(types)] AS statement, EXECUTE
// name [(args)] and, for their names, DEALLOCATE, as PostgreSQL 15's
// commands/prepare.c runs them.
//
// PostgreSQL keeps the statements of PREPARE and of the protocol's Parse
// in one table per session. In vecgres wire owns the protocol's, so the
// session keeps the SQL ones (Session.sqlStmts). DEALLOCATE name looks
// there first, then asks wire (session_stmts.go); DEALLOCATE ALL and
// DISCARD ALL clear both. Not shared: PREPARE does not see a Parse
// statement of the same name (no 42P05), and Bind cannot name a PREPARE
// statement.
//
// Like a statement of the simple protocol, a PREPARE statement is bound
// again before EXECUTE after a schema change or SET; its parameter types
// stay those of the first binding. A table the role may not read makes
// EXECUTE fail (42501), not PREPARE, as in PostgreSQL, whose executor
// checks privileges.

// errNoPrepared is 26000 for EXECUTE or DEALLOCATE of an unknown name
// (prepare.c, FetchPreparedStatement).
func errNoPrepared(name string) error {
	return pgerror.Errorf(pgerror.InvalidSQLStatementName, "prepared statement %q does not exist", name)
}

// execPrepare runs PREPARE: 42P05 `prepared statement "x" already exists`
// for a name in use; then the statement is bound (binding errors are
// PREPARE's, positioned in query) and kept. Its Types are the declared
// types of $1..; parameters past them take their type from context, text
// when nothing decides.
func (s *Session) execPrepare(x *sql.Prepare, query string) (*backend.Result, error) {
	if _, ok := s.sqlStmts[x.Name]; ok {
		return nil, pgerror.Errorf(pgerror.DuplicatePreparedStatement, "prepared statement %q already exists", x.Name)
	}
	oids := make([]uint32, len(x.Types))
	for i, t := range x.Types {
		oids[i] = t.OID()
	}
	p := &prepared{stmt: x.Stmt, query: query, declared: oids, fixedResult: true}
	err := s.bindShared(p)
	var pe *pgerror.Error
	if err != nil && !(errors.As(err, &pe) && pe.Code == pgerror.InsufficientPrivilege) {
		return nil, charPosition(query, err)
	}
	if s.sqlStmts == nil {
		s.sqlStmts = map[string]*prepared{}
	}
	s.sqlStmts[x.Name] = p
	return &backend.Result{Tag: "PREPARE"}, nil
}

// resolveExecute returns the statement EXECUTE runs and the values of its
// parameters: 26000 for an unknown name; 42601 `wrong number of
// parameters for prepared statement "x"` (DETAIL `Expected 2 parameters
// but got 1.`); each argument is bound with its parameter's type as the
// type of an untyped literal, then assignment-cast to it (42804
// `parameter $1 of type t cannot be coerced to the expected type u`),
// and evaluated once. vals are the values of the EXECUTE statement's own
// parameters (extended protocol), of outer's parameter types. A statement
// bound before a schema change is bound again after waiting for other
// transactions' DDL on its tables (revalidateLock; 57014 when ctx ends,
// 55P03, 40P01).
func (s *Session) resolveExecute(ctx context.Context, x *sql.Execute, outer *prepared, vals []any) (*prepared, []any, error) {
	p, ok := s.sqlStmts[x.Name]
	if !ok {
		return nil, nil, errNoPrepared(x.Name)
	}
	unlock, err := s.revalidateLock(ctx, p) // prepared.go: waits for DDL before binding again
	if err != nil {
		return nil, nil, err
	}
	defer unlock()
	if s.stale(p) {
		if err := s.bind(p); err != nil {
			return nil, nil, charPosition(p.query, err)
		}
	}
	if len(p.params) == 0 {
		return p, nil, nil // arguments are ignored, as PostgreSQL's ExecuteQuery does
	}
	if len(x.Params) != len(p.params) {
		return nil, nil, pgerror.Errorf(pgerror.SyntaxError, "wrong number of parameters for prepared statement %q", x.Name).
			WithDetail(countDetail(len(p.params), len(x.Params)))
	}
	args, err := s.executeArgs(p, x.Params, outer.params, vals)
	return p, args, charPosition(outer.query, err)
}

// countDetail is the DETAIL of the wrong-count error (PostgreSQL writes
// "parameters" for any count).
func countDetail(want, got int) string {
	return "Expected " + strconv.Itoa(want) + " parameters but got " + strconv.Itoa(got) + "."
}

// executeArgs binds and evaluates EXECUTE's arguments for p's parameter
// types. Subqueries are 0A000 `cannot use subquery in EXECUTE parameter`
// and aggregates 42803, as in PostgreSQL.
func (s *Session) executeArgs(p *prepared, args []sql.Expr, outerTypes []types.Type, outer []any) ([]any, error) {
	b := &binder{s: s, aggDenied: "aggregate functions are not allowed in EXECUTE parameters"}
	for i, t := range outerTypes {
		*b.param(i + 1) = t
	}
	vals := make([]any, len(args))
	for i, a := range args {
		if sl, ok := a.(*sql.SubLink); ok {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "cannot use subquery in EXECUTE parameter").WithPosition(sl.Pos() + 1)
		}
		want := p.params[i]
		x, err := b.bind(a, want)
		if err != nil {
			return nil, err
		}
		if !castable(x.Type(), want) {
			return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "parameter $%d of type %s cannot be coerced to the expected type %s", i+1, x.Type().Name(), want.Name()).
				WithHint("You will need to rewrite or cast the expression.").WithPosition(leftmost(a) + 1)
		}
		if x, err = coerce(x, want, leftmost(a)); err != nil {
			return nil, err
		}
		if vals[i], err = x.Eval(&env{params: outer, sess: s}); err != nil {
			return nil, err
		}
	}
	return vals, nil
}

// planExecute is the plan of EXECUTE for Parse and Describe: the columns
// of the named statement (none when it does not exist yet); a $n among
// the arguments takes the type of the parameter it is passed as.
func (b *binder) planExecute(x *sql.Execute) plan {
	var cols []backend.Column
	if p, ok := b.s.sqlStmts[x.Name]; ok && p.plan != nil {
		cols = p.plan.columns()
		if len(x.Params) == len(p.params) {
			for i, a := range x.Params {
				b.bind(a, p.params[i]) // types EXECUTE's own $n; errors come at Execute
			}
		}
	}
	return &funcPlan{cols: cols, fn: func(context.Context, *execCtx) (*backend.Result, error) {
		return nil, errNoPrepared(x.Name) // not reached: Session.Execute resolves EXECUTE
	}}
}

// bindShared binds p under the catalog latch shared, letting it go even if
// binding panics (wire answers the panic with XX000 and the session, and
// the server, go on).
func (s *Session) bindShared(p *prepared) error {
	s.rlatch()
	defer s.runlatch()
	return s.bind(p)
}
