package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// orderKey is one ORDER BY key.
type orderKey struct {
	x          expr
	desc       bool
	nullsFirst bool
	cmp        compareFunc
}

func (b *binder) planSelect(x *sql.Select) (plan, error) {
	if err := b.bindWithChecks(x); err != nil { // derived.go
		return nil, err
	}
	if x.SetOp != nil {
		return b.planSetOp(x) // setop.go
	}
	p := &selectPlan{}
	if x.Joins() {
		if len(x.Locks) > 0 {
			b.slotted = lockedItems(x) // rowlock_join.go
		}
		err := b.bindJoinFrom(p, x) // bind_from.go
		b.slotted = nil
		if err != nil {
			return nil, err
		}
	} else if x.FromQuery != nil {
		if err := b.bindFromSubquery(p, x); err != nil { // derived.go
			return nil, err
		}
	} else if x.FromFunc != nil {
		if err := b.bindFromFunction(p, x); err != nil {
			return nil, err
		}
	} else if v, ok := b.s.viewNamed(x.From); ok && x.From != "" {
		if err := b.bindView(p, x, v); err != nil { // view.go
			return nil, err
		}
	} else if x.From != "" {
		t, ok := b.s.table(x.From)
		if !ok {
			return nil, errNoRelation(x.From, x.FromP)
		}
		if err := b.s.checkUsageAt(t, x.FromP); err != nil { // schema_priv.go
			return nil, err
		}
		if err := b.s.checkSelect(t); err != nil { // privilege.go
			return nil, err
		}
		b.table, p.table = t, t
		b.alias, p.alias = x.FromAlias, explainAlias(b.s.cat, t, x.FromAlias) // lower_select.go
	}
	var err error
	if p.join != nil {
		err = b.bindJoinWhere(p, x.Where) // join_plan.go
	} else {
		p.where, err = b.bindCondition(x.Where, "WHERE")
		p.where = b.andViewWhere(p.where) // view_simple.go
	}
	if err != nil {
		return nil, err
	}
	if err := b.openWindows(p, x); err != nil { // bind_window.go
		return nil, err
	}
	if err := b.bindItems(p, x.Items); err != nil {
		return nil, err
	}
	if err := checkTargetList(p); err != nil {
		return nil, err
	}
	if err := b.bindGrouping(p, x); err != nil {
		return nil, err
	}
	if err := b.bindOrder(p, x); err != nil {
		return nil, err
	}
	if err := b.checkGrouped(p, p.order); err != nil {
		return nil, err
	}
	if err := b.closeWindows(p, x); err != nil { // bind_window.go
		return nil, err
	}
	if err := b.bindDistinct(p, x); err != nil { // select_distinct.go
		return nil, err
	}
	if p.limit, err = b.bindLimit(x.Limit, "LIMIT"); err != nil {
		return nil, err
	}
	if p.offset, err = b.bindLimit(x.Offset, "OFFSET"); err != nil {
		return nil, err
	}
	p.splitSemis() // semijoin_exec.go
	if p.join != nil {
		if err := b.bindRowLocks(p, x); err != nil { // rowlock.go
			return nil, err
		}
		if err := b.planJoin(p); err != nil { // join_plan.go
			return nil, err
		}
		b.pushKNN(p, x) // join_knn.go
		return p, nil
	}
	b.chooseIndex(p, x)
	if err := checkSelectSRFs(p); err != nil { // select_srf.go
		return nil, err
	}
	if err := b.bindRowLocks(p, x); err != nil { // rowlock.go
		return nil, err
	}
	return p, nil
}

// bindCondition binds a WHERE condition, which must be boolean.
func (b *binder) bindCondition(e sql.Expr, clause string) (expr, error) {
	if e == nil {
		return nil, nil
	}
	denied, winDenied := b.aggDenied, b.winDenied
	if b.aggs == nil {
		b.aggDenied = "aggregate functions are not allowed in " + clause
		if clause == "JOIN/ON" {
			b.aggDenied = "aggregate functions are not allowed in JOIN conditions"
		}
	}
	b.winDenied = "window functions are not allowed in " + clause
	x, err := b.bind(e, types.Bool)
	b.aggDenied, b.winDenied = denied, winDenied
	if err != nil {
		return nil, err
	}
	if k := x.Type().Kind; k != types.KindBool && k != types.KindUnknown {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of %s must be type boolean, not type %s", clause, x.Type().Name()).WithPosition(leftmost(e) + 1) // exprLocation: leftmost
	}
	return x, nil
}

// checkTargetList refuses a SELECT list longer than sql.MaxTargetEntries
// (54011, as PostgreSQL) and gives an empty one (SELECT;) a non-nil column
// list, so that its rows go out as RowDescription with zero fields and
// DataRows with zero values.
func checkTargetList(p *selectPlan) error {
	if len(p.cols) > sql.MaxTargetEntries {
		return sql.ErrTooManyTargetEntries
	}
	if p.cols == nil {
		p.cols = []backend.Column{}
	}
	return nil
}

func (b *binder) bindLimit(e sql.Expr, clause string) (expr, error) {
	if e == nil {
		return nil, nil
	}
	b.winDenied = "window functions are not allowed in " + clause
	x, err := b.bind(e, types.Int8)
	b.winDenied = ""
	if err != nil {
		return nil, err
	}
	if classOf(x.Type()) != classNumeric && x.Type().Kind != types.KindUnknown {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of %s must be type bigint, not type %s", clause, x.Type().Name()).WithPosition(e.Pos() + 1)
	}
	return x, nil
}

// bindItems binds the SELECT list, expanding * and detecting aggregates.
func (b *binder) bindItems(p *selectPlan, items []sql.SelectItem) error {
	b.aggs, b.wins, b.srfs = &aggState{}, p.wins, &srfList{}
	defer func() { b.aggs, b.wins, b.srfs = nil, nil, nil }()
	for _, it := range items {
		if it.Star {
			if err := b.expandStar(p, it); err != nil {
				return err
			}
			continue
		}
		if fs, ok := it.Expr.(*sql.FieldSelect); ok && fs.Name == "*" {
			if err := b.expandFieldStar(p, fs); err != nil { // record_bind.go
				return err
			}
			continue
		}
		x, err := b.bind(it.Expr, types.Unknown)
		if err != nil {
			return err
		}
		if x.Type().Kind == types.KindUnknown && !b.keepsUnknown() {
			x = retype(x, types.Text)
		}
		name := it.Alias
		if name == "" {
			name = outputName(it.Expr)
		}
		p.addItem(x, name)
	}
	if len(b.aggs.calls) > 0 {
		p.aggs = b.aggs // bindGrouping checks the items
	}
	if len(b.srfs.calls) > 0 {
		p.srfs = b.srfs // select_srf.go
	}
	return nil
}

// expandStar adds the columns of the * item it (*, t.* or s.t.*) to p.
// A qualifier must name a FROM entry as a column's does: 42P01 at it
// otherwise (PostgreSQL 15 docs, 7.3.1 Select-List Items).
func (b *binder) expandStar(p *selectPlan, it sql.SelectItem) error {
	ref := &sql.ColumnRef{Schema: it.Schema, Table: it.Table, Name: "*", P: it.P}
	if b.from != nil {
		cols, err := b.from.star(ref) // bind_scope.go
		for _, c := range cols {
			p.addItem(c.x, c.name)
		}
		return err
	}
	if b.table == nil {
		if it.Table != "" {
			return pgerror.Errorf(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", it.Table).WithPosition(it.P + 1)
		}
		return pgerror.New(pgerror.SyntaxError, "SELECT * with no tables specified is not valid")
	}
	if it.Table != "" {
		if err := b.checkQualifier(ref); err != nil { // bind_alias.go
			return err
		}
	}
	if m := b.viewCols; m != nil { // view_simple.go
		for i, name := range m.names {
			c := b.table.Columns[m.cols[i]]
			p.addItem(&colExpr{idx: m.cols[i], t: c.Type, name: name}, name)
		}
		return nil
	}
	for i, c := range b.table.Columns {
		p.addItem(&colExpr{idx: i, t: c.Type, name: c.Name}, c.Name)
	}
	return nil
}

// retype gives an untyped literal or parameter a type.
func retype(x expr, t types.Type) expr {
	switch v := x.(type) {
	case *constExpr:
		return &constExpr{t: t, v: v.v}
	case *paramExpr:
		*v.t = t
	}
	return x
}

// bindOrder binds ORDER BY keys: an output column name or position, or
// any expression over the table.
func (b *binder) bindOrder(p *selectPlan, x *sql.Select) error {
	if p.aggs != nil {
		b.aggs = p.aggs
		defer func() { b.aggs = nil }()
	}
	b.wins = p.wins
	defer func() { b.wins = nil }()
	for _, o := range x.OrderBy {
		k, err := b.orderExpr(p, x, o.Expr)
		if err != nil {
			return err
		}
		key, err := orderKeyOf(k, o)
		if err != nil {
			return err
		}
		p.order = append(p.order, key)
	}
	return nil
}

// orderKeyOf is the ORDER BY key o over the bound expression k (ORDER BY
// of a query, of an aggregate call or of a window): an untyped k sorts as
// text. Errors: orderingOf's.
func orderKeyOf(k expr, o sql.OrderItem) (orderKey, error) {
	if k.Type().Kind == types.KindUnknown {
		k = retype(k, types.Text)
	}
	cmp, err := orderingOf(k.Type(), o)
	if err != nil {
		return orderKey{}, err
	}
	return orderKey{x: k, desc: o.Desc, nullsFirst: nullsFirstOf(o), cmp: cmp}, nil
}

// orderingOf is the comparison that orders values of type t for the key
// o. Errors: 42883 "could not identify an ordering operator", at o.
func orderingOf(t types.Type, o sql.OrderItem) (compareFunc, error) {
	cmp, ok := comparerFor(t, t)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an ordering operator for type %s", t.Name()).
			WithHint("Use an explicit ordering operator or modify the query.").WithPosition(o.Expr.Pos() + 1)
	}
	return cmp, nil
}

// nullsFirstOf is o's NULLS FIRST / LAST, else PostgreSQL's default:
// NULLs first when descending.
func nullsFirstOf(o sql.OrderItem) bool {
	switch o.Nulls {
	case sql.NullsFirst:
		return true
	case sql.NullsLast:
		return false
	}
	return o.Desc
}

func (b *binder) orderExpr(p *selectPlan, x *sql.Select, e sql.Expr) (expr, error) {
	if c, ok := e.(*sql.Const); ok && c.Kind == sql.ConstInt {
		n := 0
		for _, ch := range c.Text {
			n = n*10 + int(ch-'0')
			if n > len(p.items) {
				break
			}
		}
		if n < 1 || n > len(p.items) {
			return nil, pgerror.Errorf(pgerror.InvalidColumnReference, "ORDER BY position %s is not in select list", c.Text).WithPosition(c.P + 1)
		}
		return p.items[n-1], nil
	}
	if c, ok := e.(*sql.ColumnRef); ok && c.Table == "" {
		for i, col := range p.cols {
			if col.Name == c.Name && (b.table == nil || b.columnIndex(c.Name) < 0 || isColumn(p.items[i], c.Name)) {
				return p.items[i], nil
			}
		}
	}
	return b.bind(e, types.Unknown)
}

func isColumn(x expr, name string) bool {
	c, ok := x.(*colExpr)
	return ok && c.name == name
}

func (p *selectPlan) addItem(x expr, name string) {
	col := backend.Column{Name: name, Type: x.Type()}
	if c, ok := x.(*colExpr); ok && p.join != nil {
		col.TableOID, col.AttNum = p.join.origin(c.idx)
	} else if ok && p.derived != nil {
		col.TableOID, col.AttNum = p.derived.origin(c.idx)
	} else if ok && p.table != nil {
		col.TableOID, col.AttNum = p.table.OID, int16(c.idx+1)
	}
	p.items = append(p.items, x)
	p.cols = append(p.cols, col)
}
