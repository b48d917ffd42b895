package planner

import (
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Binding records (PostgreSQL docs 4.2.13, 8.16): row constructors,
// whole-row references (t, t.*), field selection ((x).f), row-wise
// comparison, and casts to a relation's row type (record_cast.go).

// bindRow binds ROW(a, b) and (a, b): an anonymous record whose fields
// are named f1, f2 ... (as row_to_json shows them); a t.* argument adds
// t's columns; an untyped literal is text.
func (b *binder) bindRow(x *sql.RowExpr) (expr, error) {
	r := &rowExpr{t: types.RecordType, named: true, anon: true}
	for _, a := range x.Args {
		if c, ok := a.(*sql.ColumnRef); ok && c.Name == "*" {
			w, err := b.bindWholeRowRef(c)
			if err != nil {
				return nil, err
			}
			r.args = append(r.args, w.(*rowExpr).args...)
			continue
		}
		e, err := b.bind(a, types.Text)
		if err != nil {
			return nil, err
		}
		if e.Type().Kind == types.KindUnknown {
			e = ioCast(e, types.Text)
		}
		r.args = append(r.args, e)
	}
	for i, a := range r.args {
		r.names = append(r.names, "f"+strconv.Itoa(i+1))
		r.types = append(r.types, a.Type())
	}
	return r, nil
}

// bindWholeRowRef binds t.* in an expression (row_to_json(t.*)): the
// whole row of FROM item t, or 42P01 when no item is named t.
func (b *binder) bindWholeRowRef(c *sql.ColumnRef) (expr, error) {
	if x, ok := b.wholeRow(c.Table, c.Schema); ok {
		return x, nil
	}
	if b.from != nil {
		return nil, b.from.missingEntry(c)
	}
	if b.table == nil {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", c.Table).WithPosition(c.P + 1)
	}
	return nil, b.checkQualifier(c)
}

// wholeRow is the whole-row reference to the FROM item named name (in
// schema, when given): a record of its columns, of the relation's row
// type when the item is a table or view read whole, else record. ok is
// false when no item has that name.
func (b *binder) wholeRow(name, schema string) (expr, bool) {
	var names []string
	var xs []expr
	var rel *catalog.Table
	nullable := false
	switch {
	case b.from != nil:
		for _, e := range b.from.entries {
			if e.ref != name || schema != "" && (e.rel == nil || e.rel.schema != schema) {
				continue
			}
			for _, c := range e.cols {
				names, xs = append(names, c.name), append(xs, c.x)
				b.from.touched |= c.rels
			}
			if e.rel != nil {
				rel, nullable = e.rel.origin, e.rel.nullable
			}
			break
		}
		if xs == nil {
			return nil, false
		}
	case b.table != nil:
		if b.checkQualifier(&sql.ColumnRef{Table: name, Schema: schema, P: -1}) != nil {
			return nil, false
		}
		if m := b.viewCols; m != nil {
			for i, n := range m.names {
				c := b.table.Columns[m.cols[i]]
				names, xs = append(names, n), append(xs, &colExpr{idx: m.cols[i], t: c.Type, name: n, qual: b.qualify})
			}
		} else {
			for i, c := range b.table.Columns {
				names, xs = append(names, c.Name), append(xs, &colExpr{idx: i, t: c.Type, name: c.Name, qual: b.qualify})
			}
			rel = b.table
		}
	default:
		return nil, false
	}
	r := &rowExpr{args: xs, names: names, t: b.rowTypeOf(rel, names), named: true, nullable: nullable}
	for _, x := range xs {
		r.types = append(r.types, x.Type())
	}
	return r, true
}

// rowTypeOf is the row type of relation t when its columns are names
// (no column aliases), else record.
func (b *binder) rowTypeOf(t *catalog.Table, names []string) types.Type {
	if t == nil || len(t.Columns) != len(names) {
		return types.RecordType
	}
	if u, ok := b.s.cat.TableByOID(t.OID); !ok || u != t {
		return types.RecordType
	}
	for i, c := range t.Columns {
		if c.Name != names[i] {
			return types.RecordType
		}
	}
	return sem.RowType(t.OID)
}

// rowTypeRel is the table or view whose row type t is; false for
// record and any other type.
func (b *binder) rowTypeRel(t types.Type) (*catalog.Table, bool) {
	if t.Kind != types.KindRecord {
		return nil, false
	}
	oid, ok := sem.RowTypeRel(uint32(t.OID()))
	if !ok {
		return nil, false
	}
	return b.s.cat.TableByOID(oid)
}

// recordFields are the names and types of the fields of record x: a
// whole-row reference's, or its row type's columns. ok is false for an
// anonymous record (ROW(...), record).
func (b *binder) recordFields(x expr) (names []string, ts []types.Type, ok bool) {
	if r, isRow := x.(*rowExpr); isRow && r.named {
		return r.names, r.types, true
	}
	if r := b.derivedRow(x); r != nil { // record_derived.go
		return r.names, r.types, true
	}
	t, ok := b.rowTypeRel(x.Type())
	if !ok {
		return nil, nil, false
	}
	for _, c := range t.Columns {
		names, ts = append(names, c.Name), append(ts, c.Type)
	}
	return names, ts, true
}

// typeName is t as PostgreSQL's format_type names it: a row type by
// its relation's name.
func (b *binder) typeName(t types.Type) string {
	if rel, ok := b.rowTypeRel(t); ok {
		_, base := b.s.cat.SplitName(rel.Name)
		return base
	}
	return t.Name()
}

// bindFieldSelect binds (x).name. Errors: 42809 when x is not a
// record; 42703 when its type has no such field, or x is an anonymous
// record whose fields cannot be known.
func (b *binder) bindFieldSelect(x *sql.FieldSelect) (_ expr, err error) {
	if x.Name == "*" {
		return nil, pgerror.NotSupported("(X).* outside a select list").WithPosition(x.P + 1)
	}
	inner, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, err
	}
	t := inner.Type()
	if t.Kind != types.KindRecord {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "column notation .%s applied to type %s, which is not a composite type",
			x.Name, b.typeName(t)).WithPosition(x.P + 1)
	}
	names, ts, ok := b.recordFields(inner)
	if c, isRef := x.X.(*sql.ColumnRef); isRef && ok && isWholeRow(inner) {
		defer func() {
			if err != nil {
				err = pgerror.Errorf(pgerror.UndefinedColumn, "column %s.%s does not exist", c.Name, x.Name).WithPosition(x.P + 1)
			}
		}()
	}
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "could not identify column \"%s\" in record data type", x.Name).WithPosition(x.P + 1)
	}
	for i, n := range names {
		if n == x.Name {
			if r, isRow := inner.(*rowExpr); isRow {
				return r.args[i], nil // (t).id is t.id
			}
			return &fieldExpr{x: inner, idx: i, name: n, t: ts[i]}, nil
		}
	}
	if _, rel := b.rowTypeRel(t); !rel {
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "could not identify column \"%s\" in record data type", x.Name).WithPosition(x.P + 1)
	}
	return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column \"%s\" not found in data type %s", x.Name, b.typeName(t)).WithPosition(x.P + 1)
}

// isWholeRow reports whether x is a FROM item's whole-row reference
// (PostgreSQL's Var of attribute 0), whose missing field PostgreSQL's
// unknown_attribute words as a missing column of the item.
func isWholeRow(x expr) bool {
	r, ok := x.(*rowExpr)
	return ok && r.named && !r.anon
}

// bindRowCompare binds a comparison of two row constructors, pair by
// pair (rowCmpExpr). Errors: 42601 for rows of different lengths; each
// pair's 42883 when its types have no such operator; 0A000 for ROW().
func (b *binder) bindRowCompare(x *sql.BinaryExpr, l, r *sql.RowExpr) (expr, error) {
	if len(l.Args) != len(r.Args) {
		return nil, pgerror.New(pgerror.SyntaxError, "unequal number of entries in row expressions").WithPosition(x.P + 1)
	}
	if len(l.Args) == 0 {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "cannot compare rows of zero length").WithPosition(x.P + 1)
	}
	c := &rowCmpExpr{op: x.Op}
	for i := range l.Args {
		lx, rx, err := b.bindPair(l.Args[i], r.Args[i], types.Text)
		if err != nil {
			return nil, err
		}
		cmp, ok := comparerForOp(x.Op, lx.Type(), rx.Type())
		if !ok {
			return nil, noOperator(noTypmod(lx.Type()), x.Op, noTypmod(rx.Type())).WithPosition(x.P + 1)
		}
		c.l, c.r, c.cmps = append(c.l, lx), append(c.r, rx), append(c.cmps, cmp)
	}
	return c, nil
}

// markNullable marks the relations of the side(s) a join of this kind
// null-extends (rangeRel.nullable).
func (j *joinBinder) markNullable(kind sql.JoinKind, left, right relSet) {
	var side relSet
	switch kind {
	case sql.JoinLeft:
		side = right
	case sql.JoinRight:
		side = left
	case sql.JoinFull:
		side = left | right
	}
	for _, r := range j.rels {
		if side.has(r.id) {
			r.nullable = true
		}
	}
}

// expandFieldStar adds the fields of (X).* to a select list, each read
// from X as (X).name. Errors as bindFieldSelect's: 42809 when X is not
// a record or its fields cannot be known.
func (b *binder) expandFieldStar(p *selectPlan, x *sql.FieldSelect) error {
	inner, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return err
	}
	if t := inner.Type(); t.Kind != types.KindRecord {
		return pgerror.Errorf(pgerror.WrongObjectType, "type %s is not composite", b.typeName(t))
	}
	names, ts, ok := b.recordFields(inner)
	if !ok {
		return pgerror.New(pgerror.WrongObjectType, "record type has not been registered")
	}
	for i, n := range names {
		if r, isRow := inner.(*rowExpr); isRow {
			p.addItem(r.args[i], n)
			continue
		}
		p.addItem(&fieldExpr{x: inner, idx: i, name: n, t: ts[i]}, n)
	}
	return nil
}

// outerWholeRow binds c, the name of a FROM item of an enclosing query,
// as that item's whole row: a row of its columns, each bound as the
// qualified reference c.col so that the subqueries out to that query
// read it from its current row (bindScopedColumn). ok is false when no
// enclosing query has such an item.
func (b *binder) outerWholeRow(c *sql.ColumnRef) (expr, bool, error) {
	if b.query == nil {
		return nil, false, nil
	}
	for o := b.query.outer; o != nil; o = o.outerBinder() {
		if o.hintOnly {
			continue
		}
		x, ok := o.wholeRow(c.Name, "")
		if !ok {
			continue
		}
		w := x.(*rowExpr)
		r := &rowExpr{names: w.names, types: w.types, t: w.t, named: true, nullable: w.nullable}
		for _, n := range w.names {
			a, err := b.bind(&sql.ColumnRef{Table: c.Name, Name: n, P: c.P}, types.Unknown)
			if err != nil {
				return nil, true, err
			}
			r.args = append(r.args, a)
		}
		return r, true, nil
	}
	return nil, false, nil
}

// bindRowTypeOf binds pg_typeof(x) of a value of a table's or view's
// row type: the regtype naming the relation (a types.Reg, since regtype's
// output knows only built-in types); ok is false for any other call.
func (b *binder) bindRowTypeOf(f *sql.FuncCall) (expr, bool, error) {
	if f.Name != "pg_typeof" || len(f.Args) != 1 || f.Star || f.Distinct || f.Over != nil || f.Filter != nil || len(f.Order) > 0 {
		return nil, false, nil
	}
	x, err := b.bind(f.Args[0], types.Unknown)
	if err != nil {
		return nil, false, nil
	}
	if _, ok := b.rowTypeRel(x.Type()); !ok {
		return nil, false, nil
	}
	return &constExpr{t: types.Regtype, v: types.Reg{OID: int64(x.Type().OID()), Name: b.typeName(x.Type())}}, true, nil
}

// bindRowDistinct binds ROW(a, b) IS [NOT] DISTINCT FROM ROW(c, d) pair
// by pair, as PostgreSQL does: distinct when any pair is (a IS DISTINCT
// FROM c OR b IS DISTINCT FROM d). ok is false unless both sides are row
// constructors. Error: 42601 for rows of different lengths.
func (b *binder) bindRowDistinct(x *sql.DistinctExpr) (expr, bool, error) {
	l, lok := x.X.(*sql.RowExpr)
	r, rok := x.Y.(*sql.RowExpr)
	if !lok || !rok {
		return nil, false, nil
	}
	if len(l.Args) != len(r.Args) {
		return nil, true, pgerror.New(pgerror.SyntaxError, "unequal number of entries in row expressions").WithPosition(x.P + 1)
	}
	op := sql.Or
	if x.Not {
		op = sql.And
	}
	pairs := &sql.BoolExpr{Op: op, P: x.P}
	for i := range l.Args {
		pairs.Args = append(pairs.Args, &sql.DistinctExpr{X: l.Args[i], Y: r.Args[i], Not: x.Not, P: x.P})
	}
	if len(pairs.Args) == 0 { // ROW() against ROW(): never distinct
		return &constExpr{t: types.Bool, v: x.Not}, true, nil
	}
	if len(pairs.Args) == 1 {
		e, err := b.bind(pairs.Args[0], types.Bool)
		return e, true, err
	}
	e, err := b.bind(pairs, types.Bool)
	return e, true, err
}

// namesRowType reports whether one of ts is a table's or view's row
// type, which errors name by its relation (typeName).
func (b *binder) namesRowType(ts ...types.Type) bool {
	for _, t := range ts {
		if _, ok := b.rowTypeRel(t); ok {
			return true
		}
	}
	return false
}
