package planner

import (
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// X::regclass without a regclass type (sql.RegclassFunc): the value is
// the relation's name as text, which is what regclass prints, so
// pg_relation_size('items'::regclass) and SELECT 'items'::regclass work;
// X::regclass::oid is the relation's OID (a primary key's index has the
// synthetic OID pg_class shows). A result column is of type text where
// PostgreSQL's is regclass (OID 2205).

// bindRegclass binds X::regclass. Errors: 42P01 for a name that is no
// relation, positioned at a literal as PostgreSQL's regclassin reports it.
func (b *binder) bindRegclass(f *sql.FuncCall, wantOID bool) (expr, error) {
	if len(f.Args) != 1 {
		return nil, b.noFunction(f)
	}
	arg := f.Args[0]
	if k, ok := arg.(*sql.Const); ok && k.Kind == sql.ConstString {
		if _, ok := relationOID(b.s.cat, b.s.regclassKey(k.Text)); !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", k.Text).WithPosition(k.P + 1)
		}
	}
	x, err := b.bind(arg, types.Text)
	if err != nil {
		return nil, err
	}
	numeric := classOf(x.Type()) == classNumeric
	if !numeric && classOf(x.Type()) != classString {
		return nil, pgerror.Errorf(pgerror.CannotCoerce, "cannot cast type %s to regclass", x.Type().Name()).WithPosition(f.P + 1)
	}
	ret := types.Text
	if wantOID {
		ret = types.OIDType
	}
	return &funcExpr{name: "regclass", args: []expr{x}, t: ret, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		if numeric {
			oid, _ := types.Cast(a[0], x.Type(), types.Int8, true)
			if wantOID {
				return oid, nil
			}
			if name, ok := relationName(e.sess.cat, oid.(int64)); ok {
				return e.sess.visibleName(name), nil
			}
			return strconv.FormatInt(oid.(int64), 10), nil
		}
		name := a[0].(string)
		key := e.sess.regclassKey(name)
		oid, ok := relationOID(e.sess.cat, key)
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
		}
		if wantOID {
			return int64(oid), nil
		}
		if _, seq := pgcatalog.SequenceOID(e.sess.cat, key); seq || e.sess.cat.RelationExists(key) {
			return e.sess.visibleName(key), nil // schema_resolve.go
		}
		return name, nil
	}}, nil
}

// relationOID returns the OID of the table, index, serial column
// sequence or served catalog view whose catalog name is name.
func relationOID(cat *catalog.Catalog, name string) (uint32, bool) {
	if oid, ok := publicRelationOID(cat, name); ok {
		return oid, true
	}
	return pgcatalog.ViewOID(name) // pg_class, information_schema.tables
}

// regclassKey is the catalog name of the relation a regclass input
// names, as PostgreSQL's regclassin reads it: a SQL name (quotes removed,
// unquoted parts folded to lower case: '"Docs"', 'DOCS', 'public.docs'),
// then resolved through search_path (relKey). Text that is no SQL name
// of one or two parts is resolved as written. Latch held.
func (s *Session) regclassKey(name string) string {
	if parts, ok := splitIdentifiers(name); ok && len(parts) <= 2 {
		name = strings.Join(parts, ".")
	}
	return s.relKey(name)
}

// publicRelationOID returns the OID of the table, index or serial column
// sequence (schema public) named name.
func publicRelationOID(cat *catalog.Catalog, name string) (uint32, bool) {
	if t, ok := cat.Table(name); ok {
		return t.OID, true
	}
	if ix, ok := cat.Index(name); ok {
		if ix.OID == 0 {
			return pgcatalog.SyntheticOID(ix.Table.OID, 0), true
		}
		return ix.OID, true
	}
	return pgcatalog.SequenceOID(cat, name) // a serial column's sequence
}

// relationName returns the name of the table, index, serial column
// sequence or served catalog view with the OID.
func relationName(cat *catalog.Catalog, oid int64) (string, bool) {
	for _, t := range cat.Tables() {
		if int64(t.OID) == oid {
			return t.Name, true
		}
	}
	if oid < 0 || oid > math.MaxUint32 {
		return "", false
	}
	if name, ok := pgcatalog.IndexName(cat, uint32(oid)); ok { // unique ones included
		return name, true
	}
	if name, ok := pgcatalog.SequenceName(cat, uint32(oid)); ok {
		return name, true
	}
	return pgcatalog.ViewName(uint32(oid))
}

// bindArg binds a function argument with the parameter type hint: an
// X::regclass for an oid parameter (obj_description('items'::regclass,
// 'pg_class')) is the relation's OID, as PostgreSQL converts regclass to
// oid implicitly; other arguments bind as usual.
func (b *binder) bindArg(a sql.Expr, hint types.Type) (expr, error) {
	if f, ok := a.(*sql.FuncCall); ok && f.Name == sql.RegclassFunc && hint.Kind == types.KindOID {
		return b.bindRegclass(f, true)
	}
	return b.bind(a, hint)
}

// bindRegclassCast binds X::regclass::oid (ok false for other casts).
func (b *binder) bindRegclassCast(x *sql.Cast) (expr, bool, error) {
	f, ok := x.X.(*sql.FuncCall)
	if !ok || !isRegclassCall(f) || x.Type.Kind != types.KindOID {
		return nil, false, nil
	}
	e, err := b.regclassOID(f)
	return e, true, err
}

// isRegclassCall reports whether f gives a regclass: X::regclass or
// to_regclass(X) (whose value is the relation's name as text).
func isRegclassCall(f *sql.FuncCall) bool {
	return f.Name == sql.RegclassFunc || f.Name == "to_regclass"
}

// regclassOID binds the regclass call f as the relation's OID:
// X::regclass::oid (42P01 for no relation), or to_regclass(X)::oid (NULL
// for no relation, as to_regclass gives NULL), as Mastra sends
// to_regclass($1)::oid and attrelid = to_regclass($1).
func (b *binder) regclassOID(f *sql.FuncCall) (expr, error) {
	if f.Name == sql.RegclassFunc {
		return b.bindRegclass(f, true)
	}
	name, err := b.bindFunc(f)
	if err != nil {
		return nil, err
	}
	return &funcExpr{name: "to_regclass", args: []expr{name}, t: types.OIDType, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		if oid, ok := relationOID(e.sess.cat, e.sess.regclassKey(a[0].(string))); ok {
			return int64(oid), nil
		}
		return nil, nil
	}}, nil
}

// bindRegclassCompare binds an operator between an oid and X::regclass
// (attrelid = 'items'::regclass) with the regclass side as its OID; ok is
// false when neither side is such a pair.
func (b *binder) bindRegclassCompare(x *sql.BinaryExpr, l, r expr) (expr, bool, error) {
	lf, lok := x.L.(*sql.FuncCall)
	rf, rok := x.R.(*sql.FuncCall)
	switch {
	case rok && isRegclassCall(rf) && classOf(l.Type()) == classNumeric:
		rx, err := b.regclassOID(rf)
		if err != nil {
			return nil, true, err
		}
		r = rx
	case lok && isRegclassCall(lf) && classOf(r.Type()) == classNumeric:
		lx, err := b.regclassOID(lf)
		if err != nil {
			return nil, true, err
		}
		l = lx
	default:
		return nil, false, nil
	}
	e := b.makeBinary(x.Op, l, r)
	return e, e != nil, nil
}

// checkRelationArg is 42P01 for a literal naming no relation, positioned
// at the literal as PostgreSQL's regclass input reports it; other
// arguments are checked when the function runs.
func (b *binder) checkRelationArg(a sql.Expr) error {
	k, ok := a.(*sql.Const)
	if !ok || k.Kind != sql.ConstString {
		return nil
	}
	if !b.s.cat.RelationExists(b.s.relKey(k.Text)) {
		return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", k.Text).WithPosition(k.P + 1)
	}
	return nil
}
