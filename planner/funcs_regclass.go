package planner

import (
	"math"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// X::regclass (sql.RegclassFunc) is a value of type regclass (OID 2205):
// a types.Reg, the relation's OID with the name regclassout prints for it
// (regclassName), resolved here because only the session knows its
// search_path. X::regclass::oid is the relation's OID (a primary key's
// index has the synthetic OID pg_class shows).

// bindRegclass binds X::regclass. Errors: 42P01 for a name that is no
// relation, positioned at a literal as PostgreSQL's regclassin reports it.
func (b *binder) bindRegclass(f *sql.FuncCall, wantOID bool) (expr, error) {
	if len(f.Args) != 1 {
		return nil, b.noFunction(f)
	}
	arg := f.Args[0]
	if k, ok := arg.(*sql.Const); ok && k.Kind == sql.ConstString {
		if _, err := b.s.regclassIn(k.Text); err != nil {
			return nil, withPos(err, k.P)
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
	ret := types.Regclass
	if wantOID {
		ret = types.OIDType
	}
	return &funcExpr{name: "regclass", args: []expr{x}, t: ret, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		var oid int64
		if numeric {
			v, err := types.Cast(a[0], x.Type(), types.OIDType, true)
			if err != nil {
				return nil, err
			}
			oid = v.(int64)
		} else if oid, err = e.sess.regclassIn(a[0].(string)); err != nil {
			return nil, err
		}
		if wantOID {
			return oid, nil
		}
		return types.Reg{OID: oid, Name: e.sess.regclassName(oid)}, nil
	}}, nil
}

// regclassIn is regclassin: the OID of the relation name names (a
// decimal is the OID itself), a SQL name of one to three parts
// ([database.][schema.]relation) resolved through search_path
// (regclassKey). Errors: 42P01 for no such relation, 42602 invalid name
// syntax, 42601 for more than three parts, 0A000 for another database,
// as PostgreSQL's. Latch held.
func (s *Session) regclassIn(name string) (int64, error) {
	if isDigits(strings.TrimSpace(name)) {
		v, err := types.ParseText(types.OIDType, name)
		if err != nil {
			return 0, err
		}
		return v.(int64), nil
	}
	key := name
	parts, ok := splitIdentifiers(name)
	switch {
	case !ok:
		return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	case len(parts) > 3:
		return 0, pgerror.Errorf(pgerror.SyntaxError, "improper relation name (too many dotted names): %s", strings.Join(parts, "."))
	case len(parts) == 3 && parts[0] != s.startup["database"]:
		return 0, pgerror.Errorf(pgerror.FeatureNotSupported, "cross-database references are not implemented: %q", name)
	case len(parts) == 3:
		key = pgcatalog.QuoteIdent(parts[1]) + "." + pgcatalog.QuoteIdent(parts[2])
	}
	oid, ok := relationOID(s.cat, s.regclassKey(key))
	if !ok {
		return 0, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	return int64(oid), nil
}

// regclassName is regclassout: the name of the relation with the OID,
// quoted as an identifier and qualified by its schema unless search_path
// shows it (a pg_catalog view is never qualified, an information_schema
// view always); "" for an OID that names no relation, which prints as
// the number. Latch held.
func (s *Session) regclassName(oid int64) string {
	if key, ok := userRelationName(s.cat, oid); ok {
		sc, base := s.cat.SplitName(key)
		if s.visibleName(key) == base { // schema_resolve.go
			return pgcatalog.QuoteIdent(base)
		}
		return pgcatalog.QuoteIdent(sc) + "." + pgcatalog.QuoteIdent(base)
	}
	if oid < 0 || oid > math.MaxUint32 {
		return ""
	}
	name, _ := pgcatalog.ViewName(uint32(oid))
	return name
}

// isDigits reports whether s is a non-empty run of decimal digits, which
// regclassin reads as an OID.
func isDigits(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0
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
	if name, ok := userRelationName(cat, oid); ok {
		return name, true
	}
	if oid < 0 || oid > math.MaxUint32 {
		return "", false
	}
	return pgcatalog.ViewName(uint32(oid))
}

// userRelationName returns the catalog name of the table, index or
// serial column sequence with the OID.
func userRelationName(cat *catalog.Catalog, oid int64) (string, bool) {
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
	return pgcatalog.SequenceName(cat, uint32(oid))
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
	reg, err := b.bindFunc(f)
	if err != nil {
		return nil, err
	}
	return &funcExpr{name: "to_regclass", args: []expr{reg}, t: types.OIDType, strict: true, fn: func(_ *env, a []any) (any, error) {
		r, _ := a[0].(types.Reg)
		return r.OID, nil
	}}, nil
}

// bindRegclassArrayCast binds X::regclass[] (ok false for other casts):
// each element of a text array (an untyped literal reads as one) is
// read as regclassin does, each of an oid or integer array is the OID;
// both named as regclassout prints them. Errors: 42P01 for an element
// that names no relation.
func (b *binder) bindRegclassArrayCast(x *sql.Cast) (expr, bool, error) {
	if x.Type.Kind != types.KindRegclassArray {
		return nil, false, nil
	}
	if err := b.checkRegclassElems(x.X); err != nil {
		return nil, true, err
	}
	inner, err := b.bind(x.X, types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod})
	if err != nil {
		return nil, true, err
	}
	et, ok := types.ElemType(inner.Type())
	if !ok || (classOf(et) != classString && !isIntKind(et.Kind)) {
		e, err := b.castOf(inner, x.Type, -1)
		return e, true, err
	}
	return &funcExpr{name: "regclass[]", args: []expr{inner}, t: x.Type, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		arr, _ := a[0].(types.Array)
		out := make(types.Array, len(arr))
		for i, el := range arr {
			if el == nil {
				continue
			}
			oid, ok := el.(int64)
			if s, isText := el.(string); isText {
				var err error
				if oid, err = e.sess.regclassIn(s); err != nil {
					return nil, err
				}
			} else if !ok {
				return nil, pgerror.Errorf(pgerror.CannotCoerce, "cannot cast type %s to regclass[]", inner.Type().Name())
			}
			out[i] = types.Reg{OID: oid, Name: e.sess.regclassName(oid)}
		}
		return out, nil
	}}, true, nil
}

// checkRegclassElems is 42P01 for an element of an array literal that
// names no relation, positioned at the literal as regclassin reports it;
// other arguments are checked when the cast runs.
func (b *binder) checkRegclassElems(a sql.Expr) error {
	k, ok := a.(*sql.Const)
	if !ok || k.Kind != sql.ConstString {
		return nil
	}
	v, err := types.ParseText(types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}, k.Text)
	if err != nil {
		return nil // the cast reports it
	}
	arr, _ := v.(types.Array)
	for _, el := range arr {
		if s, ok := el.(string); ok && !isDigits(s) {
			if _, ok := relationOID(b.s.cat, b.s.regclassKey(s)); !ok {
				return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", s).WithPosition(k.P + 1)
			}
		}
	}
	return nil
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
	if _, err := b.s.regclassIn(k.Text); err != nil { // as X::regclass reads it
		return withPos(err, k.P)
	}
	return nil
}
