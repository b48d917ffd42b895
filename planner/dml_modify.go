package planner

import (
	"context"
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// modifyPlan is UPDATE (set non-nil) or DELETE over the rows passing WHERE.
type modifyPlan struct {
	table *catalog.Table
	where expr
	set   map[int]expr // column -> new value (UPDATE)
	ret   *returning
	tag   string
}

func (p *modifyPlan) columns() []backend.Column { return p.ret.columns() }

func (b *binder) planUpdate(x *sql.Update) (plan, error) {
	t, err := b.targetTable(x.Table, x.TableP)
	if err != nil {
		return nil, err
	}
	b.alias = x.Alias
	p := &modifyPlan{table: t, set: map[int]expr{}, tag: "UPDATE"}
	for _, a := range x.Set {
		c := t.ColumnIndex(a.Column)
		if c < 0 {
			return nil, atOffset(pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a.Column, t.Name), a.P)
		}
		if a.Indirect {
			return nil, atOffset(pgerror.NotSupported("UPDATE of array elements or fields"), a.P)
		}
		if _, dup := p.set[c]; dup {
			return nil, pgerror.Errorf(pgerror.SyntaxError, "multiple assignments to same column %q", a.Column)
		}
		v, err := b.bindAssignment(a.Value, t.Columns[c])
		if err != nil {
			return nil, err
		}
		p.set[c] = v
	}
	return b.finishModify(p, x.Where, x.Returning)
}

// bindAssignment binds SET col = expr, which may read the row's columns.
func (b *binder) bindAssignment(e sql.Expr, c catalog.Column) (expr, error) {
	if _, isDefault := e.(*sql.Default); isDefault {
		if c.Serial {
			return nil, pgerror.NotSupported("SET column = DEFAULT on a serial column")
		}
		if c.DefaultExpr != "" {
			return &defaultExpr{c: c}, nil // defaults.go
		}
		return &constExpr{t: c.Type, v: c.Default}, nil
	}
	x, err := b.bind(e, c.Type)
	if err != nil {
		return nil, err
	}
	if !castable(x.Type(), c.Type) {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "column %q is of type %s but expression is of type %s", c.Name, noTypmod(c.Type).Name(), x.Type().Name()).
			WithPosition(e.Pos() + 1)
	}
	return coerce(x, c.Type, e.Pos())
}

func (b *binder) planDelete(x *sql.Delete) (plan, error) {
	t, err := b.targetTable(x.Table, x.TableP)
	if err != nil {
		return nil, err
	}
	b.alias = x.Alias
	return b.finishModify(&modifyPlan{table: t, tag: "DELETE"}, x.Where, x.Returning)
}

func (b *binder) finishModify(p *modifyPlan, where sql.Expr, ret []sql.SelectItem) (plan, error) {
	var err error
	if p.where, err = b.bindCondition(where, "WHERE"); err != nil {
		return nil, err
	}
	if p.ret, err = b.bindReturning(ret); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *modifyPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	e := &env{params: x.params, sess: x.s, exec: x}
	type target struct {
		slot uint64
		vals []any
	}
	var targets []target
	stop, err := startWrite(ctx, x, p.table)
	if err != nil {
		return nil, err
	}
	defer stop()
	done := ctx.Done()
	read := int64(0)
	defer func() { countSeqScan(p.table, read) }() // access_stats.go
	x.txn.Scan(p.table, func(slot uint64, vals []any) bool {
		if err = stmtCanceled(done); err != nil {
			return false
		}
		read++
		e.row = vals
		var v any
		if p.where != nil {
			if v, err = p.where.Eval(e); err != nil {
				return false
			}
		}
		if p.where == nil || truthy(v) {
			if err = e.charge(modifyTargetBytes); err != nil {
				return false
			}
			targets = append(targets, target{slot, vals})
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	res := &backend.Result{Columns: p.ret.columns()}
	n := 0
	for _, t := range targets {
		if err := stmtCanceled(done); err != nil {
			return nil, err
		}
		row, ok, err := p.change(e, x.txn, t.slot, t.vals)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		n++
		if err := p.ret.project(e, row, res); err != nil {
			return nil, err
		}
	}
	res.Tag = fmt.Sprintf("%s %d", p.tag, n)
	return res, nil
}

// change applies the statement to one target row. When a concurrent
// transaction updated the row and committed meanwhile, it follows the row
// to its newest version, checks WHERE again on it and changes that
// (PostgreSQL's EvalPlanQual, READ COMMITTED); ok is false when the row
// was deleted or no longer passes WHERE. The catalog finds the newest
// version through the update chain (catalog.RowMoved).
func (p *modifyPlan) change(e *env, txn *catalog.Txn, slot uint64, vals []any) (row []any, ok bool, err error) {
	for {
		row, err = p.apply(e, txn, slot, vals)
		var moved *catalog.RowMoved
		if !errors.As(err, &moved) {
			return row, err == nil, err
		}
		if moved.Vals == nil {
			return nil, false, nil
		}
		slot, vals = moved.Slot, moved.Vals
		if p.where == nil {
			continue
		}
		e.row = vals
		v, err := p.where.Eval(e)
		if err != nil || !truthy(v) {
			return nil, false, err
		}
	}
}

// apply deletes or updates one row and returns the row RETURNING sees.
func (p *modifyPlan) apply(e *env, txn *catalog.Txn, slot uint64, old []any) ([]any, error) {
	if p.set == nil {
		return old, txn.Delete(p.table, slot)
	}
	e.row = old
	row := append([]any(nil), old...)
	for c, ex := range p.set {
		v, err := ex.Eval(e)
		if err != nil {
			return nil, err
		}
		row[c] = v
	}
	_, err := txn.Update(p.table, slot, row)
	return row, err
}
