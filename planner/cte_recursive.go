package planner

import (
	"context"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// Recursive WITH queries (PostgreSQL docs, 7.8.2 "Recursive Queries"),
// run as PostgreSQL's RecursiveUnion: the non-recursive term's rows are
// the first work table; the recursive term runs over the work table, its
// rows (for UNION, those not seen before, duplicates of each other
// dropped too) are the next work table and are added to the result,
// until a step adds none. Columns are the non-recursive term's, names
// and types: a recursive term's column of another type is converted when
// the two types' common type is the non-recursive term's, else 42804 as
// PostgreSQL's "recursive query ... column N has type X in non-recursive
// term but type Y overall". Every row held is charged to the statement's
// memory account (53200 past vecgres.work_mem_limit), and each step
// checks for cancel and statement_timeout, so an infinite recursion ends
// with an error and the session goes on. Unlike PostgreSQL, which
// computes the rows only as far as the reader reads them, all the rows
// are computed before the main query reads the first: an infinite
// recursion under a LIMIT is 53200 here.

// workTable is the rows a recursive term reads: the previous step's.
type workTable struct {
	name string // the WITH query's
	cols []backend.Column
	rows [][]any
}

// workTablePlan reads a work table (the recursive term's reference to
// its WITH query).
type workTablePlan struct{ wt *workTable }

func (p *workTablePlan) columns() []backend.Column { return p.wt.cols }
func (p *workTablePlan) run(context.Context, *execCtx) (*backend.Result, error) {
	return &backend.Result{Columns: p.wt.cols, Rows: p.wt.rows}, nil
}

// recursivePlan is a bound recursive WITH query.
type recursivePlan struct {
	init, step plan
	wt         *workTable
	all        bool
	conv       []expr // per column, nil or the conversion of the step's value (a colExpr over its row)
}

func (p *recursivePlan) columns() []backend.Column { return p.wt.cols }

// workTableFor returns the work table named name in b's scope.
func (b *binder) workTableFor(name string) (*workTable, error) {
	if b.query != nil {
		if wt := b.query.work[name]; wt != nil {
			return wt, nil
		}
	}
	return nil, pgerror.Errorf(pgerror.InternalError, "work table of WITH query %q not in scope", name)
}

// bindRecursive binds d's recursive term over a work table of the
// columns of init, the bound non-recursive term.
func (b *binder) bindRecursive(d *sql.DerivedTable, init plan) (plan, error) {
	p := &recursivePlan{init: init, wt: &workTable{name: d.CTE, cols: init.columns()}, all: d.UnionAll}
	scope := b.nestedScope() // subquery.go
	scope.work = map[string]*workTable{}
	for k, v := range b.query.workTables() {
		scope.work[k] = v
	}
	scope.work[d.CTE] = p.wt
	sub := &binder{s: b.s, params: b.params, query: &scope}
	step, err := sub.planSelect(d.Step)
	b.params = sub.params
	if err != nil {
		return nil, err
	}
	p.step = step
	if sp, ok := step.(*selectPlan); ok && sp.aggs != nil {
		return nil, pgerror.New(pgerror.InvalidRecursion, "aggregate functions are not allowed in a recursive query's recursive term")
	}
	icols, scols := init.columns(), step.columns()
	if len(icols) != len(scols) {
		return nil, pgerror.New(pgerror.SyntaxError, "each UNION query must have the same number of columns").
			WithPosition(outputPos(d.Step, 0) + 1)
	}
	p.conv = make([]expr, len(icols))
	for j := range icols {
		if p.conv[j], err = recursiveColumn(d, icols[j].Type, scols[j].Type, j); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// workTables returns the work tables in scope (nil-safe).
func (q *queryScope) workTables() map[string]*workTable {
	if q == nil {
		return nil
	}
	return q.work
}

// recursiveColumn checks column j of a recursive term against the
// non-recursive term's type it and returns the conversion of its values
// (nil when none is needed).
func recursiveColumn(d *sql.DerivedTable, it, st types.Type, j int) (expr, error) {
	if it.Kind == st.Kind {
		return nil, nil
	}
	ipos, spos := outputPos(d.Query, j), outputPos(d.Step, j)
	t, err := setOpType("UNION", it, st, ipos, spos)
	if err != nil {
		return nil, err
	}
	if t.Kind != it.Kind {
		return nil, atOffset(pgerror.Errorf(pgerror.DatatypeMismatch,
			"recursive query %q column %d has type %s in non-recursive term but type %s overall",
			d.CTE, j+1, it.Name(), t.Name()).WithHint("Cast the output of the non-recursive term to the correct type."), ipos)
	}
	return sideConversion(st, it, j)
}

// run computes the WITH query's rows (see the overview above).
func (p *recursivePlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	res, err := runQuery(ctx, p.init, x) // exec_run.go
	if err != nil {
		return nil, err
	}
	e := &env{exec: x, params: x.params, sess: x.s}
	seen := map[string]bool{}
	out, err := p.add(e, nil, res.Rows, seen)
	if err != nil {
		return nil, err
	}
	work := out
	for len(work) > 0 {
		if ctx.Err() != nil {
			return nil, errCanceled
		}
		p.wt.rows = work
		res, err := runQuery(ctx, p.step, x)
		if err != nil {
			return nil, err
		}
		n := len(out)
		if out, err = p.add(e, out, res.Rows, seen); err != nil {
			return nil, err
		}
		work = out[n:len(out):len(out)]
	}
	p.wt.rows = nil
	return &backend.Result{Columns: p.wt.cols, Rows: out}, nil
}

// add appends to out the rows of a step (converted to the columns'
// types), for UNION only those whose key is not in seen, and charges
// each row kept.
func (p *recursivePlan) add(e *env, out, rows [][]any, seen map[string]bool) ([][]any, error) {
	for _, r := range rows {
		r, err := p.convert(e, r)
		if err != nil {
			return nil, err
		}
		if !p.all {
			var key []byte
			for _, v := range r {
				key = types.AppendKey(key, v)
			}
			if seen[string(key)] {
				continue
			}
			seen[string(key)] = true
			if err := e.charge(int64(len(key)) + 16); err != nil {
				return nil, err
			}
		}
		if err := e.chargeRow(r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// convert converts a step's row to the columns' types.
func (p *recursivePlan) convert(e *env, r []any) ([]any, error) {
	var out []any
	for j, c := range p.conv {
		if c == nil || j >= len(r) {
			continue
		}
		if out == nil {
			out = append([]any(nil), r...)
		}
		e.row = r
		v, err := c.Eval(e)
		if err != nil {
			return nil, err
		}
		out[j] = v
	}
	if out == nil {
		return r, nil
	}
	return out, nil
}
