package planner

import (
	"context"
	"math"
	"sync/atomic"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// selectPlan is a bound SELECT: a source (no table, a sequential scan, a
// B-tree index scan or an HNSW index scan), a filter, optional
// aggregation, sort, OFFSET/LIMIT and projection.
type selectPlan struct {
	table *catalog.Table
	// alias is the name the query gives table (FROM t a), printed by
	// EXPLAIN after the table's; "" when none.
	alias  string
	where  expr
	items  []expr
	cols   []backend.Column
	order  []orderKey
	limit  expr
	offset expr
	aggs   *aggState
	// group is the GROUP BY keys and having the HAVING condition
	// (groupby.go); nil when absent.
	group  []expr
	having expr
	// series generates the rows of a function in FROM instead of a
	// table scan (from_func.go); nil for a table.
	series *seriesSource
	// derived is a subquery in FROM whose rows replace a table scan
	// (derived.go); nil otherwise.
	derived *derivedSource
	scan    *indexScan // nil: sequential scan
	// path is the part of WHERE that B-tree indexes answer (filter.go);
	// nil when none does.
	path *indexPath
	// distinct is SELECT DISTINCT; distinctOn its DISTINCT ON keys
	// (select_distinct.go).
	distinct   bool
	distinctOn []expr
	// wins is the window calls and their windows (bind_window.go); nil
	// when the query has none.
	wins *winState
	// join is a FROM clause that joins relations (bind_from.go); table
	// is then the joined row's columns, and the relations' own plans read
	// their rows.
	join *joinSource
	// rescanned is set for a LATERAL subquery's relation, run again for
	// each row of its join: each run's rows are released once emitted.
	rescanned bool
	// srfs are the select list's set-returning calls, run by a
	// ProjectSet below ORDER BY, DISTINCT and LIMIT (select_srf.go); nil
	// when it has none.
	srfs *srfList
	// semis are WHERE's EXISTS, NOT EXISTS and IN subqueries that run
	// as semi and anti joins above the rows passing WHERE
	// (semijoin_exec.go); nil when none.
	semis []semiCond
	// knnRel is the relation of a join whose HNSW scan answers the
	// query's k-NN ORDER BY with a budget of rows (join_knn.go); nil
	// when none does. knnBudget marks that relation's own plan.
	knnRel    *rangeRel
	knnBudget bool
	// readOnly is set when the rows go to a consumer that only reads
	// them (COPY table TO's encoder): a select list of every column of
	// the table in order then passes the stored rows up as they are,
	// without a Project copying each (passesRows).
	readOnly bool
	// withSlots makes the table scans' rows carry their slot after the
	// table's columns (rowIDBuf): the rows UPDATE and DELETE change
	// (dml_modify_exec.go).
	withSlots bool
	// lock is the row lock of SELECT ... FOR UPDATE and co (rowlock.go);
	// nil when the query locks no rows.
	lock *rowLockSpec
	// lockRels are the tables of a join whose rows lock locks, and
	// lockCond the whole WHERE rechecked over a joined row after a
	// concurrent update (rowlock_join.go); nil otherwise.
	lockRels []lockedRel
	lockCond expr
	// scanCols are the exec scan leaf's columns, made by its first run
	// (execScan).
	scanCols atomic.Pointer[tableCols]
	// kept is the execution tree of the last run and the shape it was
	// built for (select_reuse.go); nil before the first run.
	kept atomic.Pointer[execTemplate]
}

func (p *selectPlan) columns() []backend.Column { return p.cols }

// keyedRow is a source row held by a scan that returns its rows at once
// (a k-NN scan, a derived table).
type keyedRow struct {
	row   []any
	keyed bool // a k-NN scan's row with a non-NULL ORDER BY distance
}

// knnKeyCharge and knnNullKeyCharge are what a sorted k-NN row's ORDER
// BY distance is charged to work_mem (knnEach): a row of one float8, or
// of one NULL.
var (
	knnKeyCharge     = memacct.RowSize([]any{float64(0)})
	knnNullKeyCharge = memacct.RowSize([]any{nil})
)

// keyCharge is r's knnKeyCharge or knnNullKeyCharge.
func (r keyedRow) keyCharge() int64 {
	if r.keyed {
		return knnKeyCharge
	}
	return knnNullKeyCharge
}

// run runs the plan through planner/exec (exec_run.go), its rows
// collected.
func (p *selectPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	return runQueryExec(ctx, p, x)
}

// bounds evaluates LIMIT and OFFSET; -1 means no limit. A NULL bound
// means none, as in PostgreSQL.
func (p *selectPlan) bounds(e *env) (limit, offset int64, err error) {
	if limit, err = evalBound(e, p.limit, -1, pgerror.InvalidRowCountInLimit, "LIMIT"); err != nil {
		return 0, 0, err
	}
	offset, err = evalBound(e, p.offset, 0, pgerror.InvalidRowCountInOffset, "OFFSET")
	return limit, offset, err
}

// evalBound evaluates one of LIMIT and OFFSET (absent or NULL: def); a
// negative value is the clause's SQLSTATE.
func evalBound(e *env, x expr, def int64, code pgerror.Code, clause string) (int64, error) {
	if x == nil {
		return def, nil
	}
	v, err := evalInt(e, x)
	if err != nil || v == nil {
		return def, err
	}
	if *v < 0 {
		return 0, pgerror.New(code, clause+" must not be negative")
	}
	return *v, nil
}

// evalInt evaluates x as bigint (LIMIT and OFFSET are coerced to int8 in
// PostgreSQL): numeric and float values are rounded, and a value outside
// int8's range is 22003 `bigint out of range`.
func evalInt(e *env, x expr) (*int64, error) {
	v, err := x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := v.(string); ok {
		if v, err = types.ParseText(types.Int8, s); err != nil {
			return nil, err
		}
	} else if v, err = types.Cast(v, x.Type(), types.Int8, false); err != nil {
		return nil, err
	}
	n, _ := v.(int64)
	return &n, nil
}

// scanBudget is how many rows a scan must return for OFFSET offset
// LIMIT limit (both >= 0): their sum, saturated at the largest int so
// that LIMIT 9223372036854775807 OFFSET 1 asks for "all rows".
func scanBudget(limit, offset int64) int {
	if limit > math.MaxInt-offset {
		return math.MaxInt
	}
	return int(limit + offset)
}

func (p *selectPlan) passes(e *env, row []any) (bool, error) {
	if p.where == nil {
		return true, nil
	}
	e.row = row
	v, err := p.where.Eval(e)
	return truthy(v), err
}

// cancelCheckRows is how many rows a scan reads between checks for a
// cancelled statement.
const cancelCheckRows = 4096

var errCanceled = pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")

// seqEach passes each row of the table that passes WHERE, in slot order,
// to fn; fn's error stops the scan and is returned, as is 57014 when ctx
// ends (checked every cancelCheckRows rows read).
func (p *selectPlan) seqEach(ctx context.Context, x *execCtx, e *env, fn func(vals []any) error) error {
	var err error
	n := 0
	ids := p.rowIDs()
	x.txn.Scan(p.table, func(slot uint64, vals []any) bool {
		if n++; n%cancelCheckRows == 0 && ctx.Err() != nil {
			err = errCanceled
			return false
		}
		var ok bool
		if ok, err = p.passes(e, vals); err != nil {
			return false
		}
		if ok {
			err = fn(ids.row(vals, slot))
		}
		return err == nil
	})
	countSeqScan(p.table, int64(n)) // access_stats.go
	return err
}

// rowIDBuf makes the rows of a scan whose rows carry their slots
// (selectPlan.rowIDs): the stored row's values, then a *uint64 pointing
// at the slot, cut from chunks that double from one row to
// rowIDChunkMax rows, so that a scan of many target rows allocates a few
// times, not per row, and a one-row UPDATE no more than before. A nil
// buffer passes the stored rows through.
type rowIDBuf struct {
	vals  []any
	slots []uint64
	next  int // rows in the next chunk
	// first is the first chunk, of one row of up to rowIDFirstWidth
	// values, in the buffer itself: a one-row scan (an UPDATE by key)
	// makes no other chunk.
	first     [rowIDFirstWidth]any
	firstSlot [1]uint64
}

// rowIDFirstWidth is the most values (columns and slot) of a row the
// first chunk of a rowIDBuf holds.
const rowIDFirstWidth = 8

// rowIDChunkMax is the most rows one chunk of a rowIDBuf holds.
const rowIDChunkMax = 256

// rowIDs is the buffer of one scan of p: nil unless p's rows carry their
// slots.
func (p *selectPlan) rowIDs() *rowIDBuf {
	if !p.withSlots {
		return nil
	}
	b := &rowIDBuf{next: 1}
	if n := len(p.table.Columns) + 1; n <= rowIDFirstWidth {
		b.vals, b.slots, b.next = b.first[:n], b.firstSlot[:], 2
	}
	return b
}

// row is vals followed by a pointer to slot, in the buffer's memory (vals
// is the stored row's, so it is copied); vals itself when b is nil.
func (b *rowIDBuf) row(vals []any, slot uint64) []any {
	if b == nil {
		return vals
	}
	n := len(vals) + 1
	if len(b.slots) == 0 || len(b.vals) < n {
		b.vals, b.slots = make([]any, n*b.next), make([]uint64, b.next)
		b.next = min(2*b.next, rowIDChunkMax)
	}
	row := b.vals[:n:n]
	b.vals = b.vals[n:]
	copy(row, vals)
	b.slots[0] = slot
	row[n-1] = &b.slots[0]
	b.slots = b.slots[1:]
	return row
}

func compareKeys(k orderKey, a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		if k.nullsFirst {
			return -1
		}
		return 1
	case b == nil:
		if k.nullsFirst {
			return 1
		}
		return -1
	}
	c := k.cmp(a, b)
	if k.desc {
		return -c
	}
	return c
}
