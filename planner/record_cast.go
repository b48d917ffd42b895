package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Casts to record and to a relation's row type (PostgreSQL docs 8.16.2,
// parse_coerce.c coerce_record_to_complex): a literal is read by
// record_in ('(1,x)'::t), a string at run time too; a row constructor
// has its fields cast to the columns' types (ROW(1, 2)::t); NULL::t is
// a NULL of t, as json_populate_record's first argument takes it.

// bindRecordCast binds X::record and X::t. Errors: 42704 when t names
// no table or view; 42846 for a type with no cast, or a row of another
// length (DETAIL "Input has too few columns."); record_in's 22P02 for
// a literal, and 0A000 for a literal cast to record.
func (b *binder) bindRecordCast(x *sql.Cast) (expr, error) {
	to, rel, err := b.castTarget(x)
	if err != nil {
		return nil, err
	}
	inner, err := b.bind(x.X, types.Unknown)
	if err != nil {
		return nil, err
	}
	it := inner.Type()
	if c, ok := inner.(*constExpr); ok && it.Kind == types.KindUnknown {
		if c.v == nil {
			return &constExpr{t: to}, nil
		}
		if rel == nil {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "input of anonymous composite types is not implemented").WithPosition(x.X.Pos() + 1)
		}
		s, _ := c.v.(string)
		names, ts := relFields(rel)
		v, err := types.ParseRecord(s, names, ts)
		if err != nil {
			return nil, withPos(err, x.X.Pos())
		}
		return &constExpr{t: to, v: v}, nil
	}
	switch {
	case it.Kind == types.KindUnknown: // a parameter: its type is text
		inner = &castExpr{x: inner, t: types.Text, explicit: true}
		fallthrough
	case classOf(it) == classString && rel != nil:
		names, ts := relFields(rel)
		fn := func(_ *env, a []any) (any, error) { return types.ParseRecord(a[0].(string), names, ts) }
		return &funcExpr{name: "record_in", args: []expr{inner}, t: to, strict: true, fn: fn, vol: sem.Stable}, nil
	case it.Kind != types.KindRecord:
		return nil, pgerror.Errorf(pgerror.CannotCoerce, "cannot cast type %s to %s", b.typeName(it), b.typeName(to)).WithPosition(x.P + 1)
	case rel == nil || it == to:
		return inner, nil
	}
	return b.coerceRecord(inner, to, rel, x.P)
}

// castTarget is the type a record cast names: record, or the row type
// of the table or view named (42704 when there is none).
func (b *binder) castTarget(x *sql.Cast) (types.Type, *catalog.Table, error) {
	if x.RowType == "" {
		return types.RecordType, nil, nil
	}
	name := x.RowType
	if x.RowSchema != "" {
		name = x.RowSchema + "." + name
	}
	rel, ok := b.s.lookupTable(name)
	if !ok {
		return types.Type{}, nil, pgerror.Errorf(pgerror.UndefinedObject, "type \"%s\" does not exist", name).WithPosition(x.RowTypeP + 1)
	}
	return sem.RowType(rel.OID), rel, nil
}

// relFields are the names and types of rel's columns.
func relFields(rel *catalog.Table) ([]string, []types.Type) {
	names, ts := make([]string, len(rel.Columns)), make([]types.Type, len(rel.Columns))
	for i, c := range rel.Columns {
		names[i], ts[i] = c.Name, c.Type
	}
	return names, ts
}

// coerceRecord converts record x to rel's row type to: a row
// constructor field by field at bind time, any other record at run
// time (each field cast to its column's type). Errors: 42846 with
// DETAIL "Input has too few columns." or "too many", each field's cast
// error.
func (b *binder) coerceRecord(x expr, to types.Type, rel *catalog.Table, pos int) (expr, error) {
	names, ts := relFields(rel)
	wrongLength := func(n int) error {
		if n == len(ts) {
			return nil
		}
		detail := "Input has too few columns."
		if n > len(ts) {
			detail = "Input has too many columns."
		}
		return pgerror.Errorf(pgerror.CannotCoerce, "cannot cast type %s to %s", b.typeName(x.Type()), b.typeName(to)).
			WithDetail(detail).WithPosition(pos + 1)
	}
	if r, ok := x.(*rowExpr); ok {
		if err := wrongLength(len(r.args)); err != nil {
			return nil, err
		}
		out := &rowExpr{names: names, types: ts, t: to, named: true}
		for i, a := range r.args {
			c, err := b.castOf(a, ts[i], -1)
			if err != nil {
				return nil, err
			}
			out.args = append(out.args, c)
		}
		return out, nil
	}
	from, known := b.fieldTypes(x)
	if known {
		if err := wrongLength(len(from)); err != nil {
			return nil, err
		}
	}
	fn := func(_ *env, a []any) (any, error) {
		r, _ := a[0].(types.Record)
		if len(r.Values) != len(ts) {
			return nil, wrongLength(len(r.Values))
		}
		out := types.Record{Names: names, Types: ts, Values: make([]any, len(ts))}
		for i, v := range r.Values {
			if v == nil {
				continue
			}
			c, err := types.Cast(v, r.Types[i], ts[i], true)
			if err != nil {
				return nil, err
			}
			out.Values[i] = c
		}
		return out, nil
	}
	return &funcExpr{name: "record", args: []expr{x}, t: to, strict: true, fn: fn, vol: sem.Stable}, nil
}

// fieldTypes are the field types of record x when the binder knows them.
func (b *binder) fieldTypes(x expr) ([]types.Type, bool) {
	_, ts, ok := b.recordFields(x)
	return ts, ok
}
