package planner

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/memacct"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// plan is a bound statement ready to run.
type plan interface {
	// run executes the plan; the caller holds the locks of its
	// statement's lock mode (stmt_traits.go; session.go, runLocked) and
	// supplies the transaction.
	run(ctx context.Context, x *execCtx) (*backend.Result, error)
	columns() []backend.Column
}

// execCtx is what a plan runs with.
type execCtx struct {
	s *Session
	// wlocked is the table whose writer lock the statement holds (an
	// UPDATE's, DELETE's or INSERT's target), nil for none: a row lock
	// taken on it lets go of that lock while waiting (rowlock.go).
	wlocked *catalog.Table
	txn     *catalog.Txn
	params  []any
	// initVals holds the values of the statement's uncorrelated scalar
	// subqueries, each run once per execution (subquery.go).
	initVals map[*subqueryExpr]any
	// initRows holds the values of the statement's uncorrelated ANY/ALL
	// subqueries (subquery_exec.go).
	initRows map[*subqueryExpr]types.Array
	// mem is the memory the statement's rows hold, against
	// vecgres.work_mem_limit (memory.go).
	mem *memacct.Account
	// memOwn is the account runLocked makes mem point at, allocated with
	// the execCtx.
	memOwn memacct.Account
	// cteRows holds the rows of the materialized WITH queries run so far
	// (derived.go, sharedPlan).
	cteRows map[*sql.CTEShare]*backend.Result
	// ctePlans are the EXPLAIN subplans of the materialized WITH queries
	// met while lowering (cte_explain.go).
	ctePlans []ir.SubPlan
	// analyze, set while EXPLAIN ANALYZE runs its statement, collects
	// the counts of the run (explain_analyze.go); nil otherwise.
	analyze *setOpTrace
	// outer holds the current row of each query whose columns a nested
	// query reads (a join's row for its LATERAL subquery: outerColExpr).
	outer map[*outerScope][]any
	// notices are the warnings functions raised while the query ran
	// (advisory.go), sent with its result.
	notices []backend.Notice
	// knn is the latency histogram of the k-NN plan the statement's
	// knnRule chose (metrics.go), nil for a statement without one.
	knn prometheus.Observer
}

// prepared is a statement with, once bound, its plan; it implements
// backend.Prepared.
type prepared struct {
	stmt     sql.Statement
	query    string // the query text, for error positions (errpos.go)
	declared []uint32
	plan     plan
	params   []types.Type
	version  uint64 // catalog version the plan was bound at
	settings uint64 // settings version the plan was bound at
	bound    bool
	live     bool // reads a live view: bound again at every execution
	fixed    bool // plan never re-bound (pgcatalog queries)
	// fixedResult is set for statements of the extended protocol (Parse):
	// their result columns were described to the client, so a re-bind
	// after a schema change must keep them (checkResult). described are
	// the columns of the first bind.
	fixedResult bool
	described   []backend.Column
	// rels are the relation locks running the plan takes
	// (session_latch.go).
	rels []catalog.RelLock
}

func (p *prepared) ParamTypes() []types.Type { return p.params }

func (p *prepared) Columns() []backend.Column {
	if p.plan == nil {
		return nil
	}
	return p.plan.columns()
}

func (p *prepared) Tag() string { return traitsOf(p.stmt).tag }

// errResultChanged is PostgreSQL's error when a prepared statement, bound
// again after a schema change, would return other columns
// (plancache.c, RevalidateCachedQuery).
var errResultChanged = pgerror.New(pgerror.FeatureNotSupported, "cached plan must not change result type")

// checkResult is called with each new plan of p: the first bind records
// its columns; a later one of a statement with a fixed result (Parse)
// must return the same number of columns with the same names, type OIDs
// and typmods (PostgreSQL's equalTupleDescs), else 0A000
// errResultChanged; only planned queries are checked (stmtTraits.planned). Table OIDs
// and attribute numbers may change, as in PostgreSQL, whose result
// descriptor does not hold them.
func (p *prepared) checkResult(pl plan) error {
	cols := pl.columns()
	if !p.bound {
		p.described = cols
		return nil
	}
	if !p.fixedResult || !traitsOf(p.stmt).planned || sameResult(p.described, cols) {
		return nil
	}
	return errResultChanged
}

// paramOIDs are the parameter types to bind p with: those the client
// declared, and once a statement of the extended protocol was bound the
// types it was given then, which the client encodes its values in
// (PostgreSQL keeps a prepared statement's parameter types too).
func (p *prepared) paramOIDs() []uint32 {
	if !p.bound || !p.fixedResult || len(p.params) == 0 {
		return p.declared
	}
	oids := make([]uint32, len(p.params))
	for i, t := range p.params {
		if t.Kind != types.KindUnknown {
			oids[i] = t.OID()
		}
	}
	return oids
}

func sameResult(a, b []backend.Column) bool {
	if (a == nil) != (b == nil) || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Type.OID() != b[i].Type.OID() || a[i].Type.Typmod != b[i].Type.Typmod {
			return false
		}
	}
	return true
}

// Revalidate implements backend.Revalidator: at Bind, a planned query
// (stmtTraits.planned) bound before a schema change, a role or grant
// change or a SET is bound again, as PostgreSQL's exec_bind_message revalidates its cached plan.
// Before binding it waits, as the statement's Execute would (prepareLock),
// for another open transaction's DDL on its tables: PostgreSQL's
// revalidation takes the tables' locks first, so the statement is checked
// against the tables as that transaction leaves them (a rolled-back ALTER
// TABLE ADD COLUMN changes nothing). Errors: those of binding (42P01 for
// a dropped table, 42703 for a dropped column...), 0A000 errResultChanged
// (checkResult), those of the wait (57014 statement_timeout, 55P03
// lock_timeout, 40P01 deadlock). In a failed transaction block nothing is
// done (Execute reports 25P02); other statements are bound again when
// executed.
func (s *Session) Revalidate(wp backend.Prepared) error {
	p, ok := wp.(*prepared)
	if !ok || s.state == txFailed || !traitsOf(p.stmt).planned || !s.staleLatched(p) {
		return nil
	}
	ctx, stop := s.statementTimeout(monitor.WithBackend(context.Background(), s.mon)) // its lock waits show in pg_stat_activity
	defer stop()
	unlock, err := s.revalidateLock(ctx, p)
	if err != nil {
		return timedOut(ctx, err)
	}
	defer unlock()
	if !s.stale(p) {
		return nil
	}
	return charPosition(p.query, s.bind(p))
}

// staleLatched is stale(p) read under the schema latch, the common
// answer at Bind (false) taking no context and no timer.
func (s *Session) staleLatched(p *prepared) bool {
	s.rlatch()
	defer s.runlatch()
	return s.stale(p)
}

// revalidateLock takes the schema lock shared to bind p again before it
// runs (Bind, SQL EXECUTE): when p is stale it first waits for other
// transactions' DDL on p's tables as running p will (prepareLock, with
// ctx), so that the new binding, and its result check (checkResult), see
// the tables as those transactions leave them. A statement not stale is
// not held up: a schema change after this is met by runLocked.
func (s *Session) revalidateLock(ctx context.Context, p *prepared) (func(), error) {
	s.rlatch()
	if !s.stale(p) {
		return s.sharedUnlatch(), nil
	}
	s.runlatch()
	return s.prepareLock(ctx, p.stmt) // dml_lock.go
}
