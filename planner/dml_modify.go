package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// modifyPlan is UPDATE (set non-nil) or DELETE of the rows of rows: the
// table's rows that pass WHERE, read as a SELECT of them reads them
// (the same access-path rule and scans), each with its slot.
type modifyPlan struct {
	table *catalog.Table
	rows  *selectPlan
	set   map[int]expr // column -> new value (UPDATE)
	ret   *returning
	tag   string
	// view is the view written through (view_update.go); nil for none.
	view *catalog.Table
	// cond is the statement's whole WHERE (with a view's own) over the
	// rows rows returns, checked again on a row's newest version after a
	// concurrent update; nil for none.
	cond expr
}

// where is the statement's WHERE (with a view's own), nil for none.
func (p *modifyPlan) where() expr { return p.cond }

func (p *modifyPlan) columns() []backend.Column { return p.ret.columns() }

func (b *binder) planUpdate(x *sql.Update) (plan, error) {
	t, err := b.targetTable(x.Table, x.TableP)
	if err != nil {
		return nil, err
	}
	var view *catalog.Table
	rel := t.Name
	if t.IsView() {
		view, rel = t, bareRel(b.s.cat, t)
		if t, err = b.viewTarget(view, "UPDATE"); err != nil { // view_update.go
			return nil, err
		}
	}
	if x.Alias != "" || view == nil {
		b.alias = x.Alias
	}
	p := &modifyPlan{table: t, set: map[int]expr{}, tag: "UPDATE", view: view}
	if x.From != nil {
		if err := b.bindModifyJoin(p, x.Target, x.From, x.Where); err != nil { // dml_join.go
			return nil, err
		}
	}
	for _, a := range x.Set {
		c := t.ColumnIndex(a.Column)
		if x.From == nil {
			c = b.columnIndex(a.Column) // view_simple.go
		}
		if c < 0 {
			return nil, atOffset(pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a.Column, rel), a.P)
		}
		if a.Indirect {
			return nil, atOffset(pgerror.NotSupported("UPDATE of array elements or fields"), a.P)
		}
		if _, dup := p.set[c]; dup {
			return nil, pgerror.Errorf(pgerror.SyntaxError, "multiple assignments to same column %q", a.Column)
		}
		v, err := b.bindAssignment(a.Value, t, c)
		if err != nil {
			return nil, err
		}
		p.set[c] = v
	}
	if x.From != nil {
		return b.planModifyJoin(p, x.Returning)
	}
	return b.finishModify(p, x.Where, x.Returning)
}

// bindAssignment binds SET col = expr, which may read the row's columns.
func (b *binder) bindAssignment(e sql.Expr, t *catalog.Table, col int) (expr, error) {
	c := t.Columns[col]
	_, isDefault := e.(*sql.Default)
	switch {
	case c.Identity != 0 && isDefault:
		return &identityExpr{t: t, col: col}, nil // identity.go
	case c.Identity == 'a':
		return nil, errIdentityUpdate(c.Name)
	}
	if isDefault {
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
	var view *catalog.Table
	if t.IsView() {
		view = t
		if t, err = b.viewTarget(view, "DELETE"); err != nil { // view_update.go
			return nil, err
		}
	}
	if x.Alias != "" || view == nil {
		b.alias = x.Alias
	}
	p := &modifyPlan{table: t, tag: "DELETE", view: view}
	if x.From != nil {
		if err := b.bindModifyJoin(p, x.Target, x.From, x.Where); err != nil { // dml_join.go
			return nil, err
		}
		return b.planModifyJoin(p, x.Returning)
	}
	return b.finishModify(p, x.Where, x.Returning)
}

// finishModify binds WHERE (ANDed with a view's own) and RETURNING and
// makes the query of the rows to change: WHERE's B-tree or key path
// found as a SELECT's is (chooseIndex), its rows carrying their slots.
func (b *binder) finishModify(p *modifyPlan, where sql.Expr, ret []sql.SelectItem) (plan, error) {
	cond, err := b.bindCondition(where, "WHERE")
	if err != nil {
		return nil, err
	}
	p.rows = &selectPlan{table: p.table, where: b.andViewWhere(cond), withSlots: true} // view_simple.go
	if p.view == nil {
		p.rows.alias = explainAlias(b.s.cat, p.table, b.alias) // lower_select.go
	}
	p.cond = p.rows.where
	if p.rows.where != nil && b.s.settings.flag("enable_indexscan") {
		p.rows.path = findIndexPath(p.table, p.rows.where)
	}
	if p.ret, err = b.bindReturning(ret); err != nil {
		return nil, err
	}
	return p, nil
}
