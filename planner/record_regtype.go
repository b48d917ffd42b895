package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Row types as regtype (PostgreSQL docs 8.19, Object Identifier Types):
// regtypein reads a table's or view's name as its row type, and
// regtypeout prints a row type's OID as its relation's name (qualified
// when search_path does not show it), as format_type does
// (env.RowTypeName). Other types go through types.ParseText and print as
// sql/types names them.

// bindRegtypeCast binds X::regtype (ok is always true): a string through
// regtypeIn, a number as the OID. Errors: 42704 `type "x" does not
// exist`, positioned at a literal.
func (b *binder) bindRegtypeCast(x *sql.Cast) (expr, bool, error) {
	if c, ok := x.X.(*sql.Const); ok && c.Kind == sql.ConstString {
		if _, err := b.s.regtypeIn(c.Text); err != nil {
			return nil, true, withPos(err, c.P)
		}
	}
	inner, err := b.bind(x.X, types.Text)
	if err != nil {
		return nil, true, err
	}
	numeric := classOf(inner.Type()) == classNumeric
	if !numeric && classOf(inner.Type()) != classString {
		e, err := b.castOf(inner, x.Type, -1)
		return e, true, withPos(err, x.P)
	}
	return &funcExpr{name: "regtype", args: []expr{inner}, t: types.Regtype, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		var oid int64
		if numeric {
			v, err := types.Cast(a[0], inner.Type(), types.OIDType, true)
			if err != nil {
				return nil, err
			}
			oid = v.(int64)
		} else if oid, err = e.sess.regtypeIn(a[0].(string)); err != nil {
			return nil, err
		}
		if n, ok := e.sess.rowTypeName(uint32(oid)); ok {
			return types.Reg{OID: oid, Name: n}, nil
		}
		return oid, nil
	}}, true, nil
}

// regtypeIn is regtypein: a built-in type's OID (types.ParseText), else
// the row type of the table or view name names. Errors: ParseText's
// 42704 when neither. Latch held.
func (s *Session) regtypeIn(name string) (int64, error) {
	v, err := types.ParseText(types.Regtype, name)
	if err == nil {
		return v.(int64), nil
	}
	if pgerror.CodeOf(err) != pgerror.UndefinedObject {
		return 0, err
	}
	rel, rerr := s.regclassIn(name) // funcs_regclass.go
	if rerr != nil {
		return 0, err
	}
	if t, ok := s.cat.TableByOID(uint32(rel)); ok && hasRowType(t) {
		return int64(sem.RowTypeOID(uint32(rel))), nil
	}
	return 0, err
}

// hasRowType reports whether relation t has a row type (tables and
// views; sequences too in PostgreSQL, not here).
func hasRowType(t *catalog.Table) bool { return !t.IsSequence() }

// rowTypeName is the name regtypeout and format_type print for the row
// type with OID oid: its relation's, as regclassout prints it; false for
// another OID. Latch held.
func (s *Session) rowTypeName(oid uint32) (string, bool) {
	rel, ok := sem.RowTypeRel(oid)
	if !ok {
		return "", false
	}
	t, ok := s.cat.TableByOID(rel)
	if !ok || !hasRowType(t) {
		return "", false
	}
	n := s.regclassName(int64(rel))
	return n, n != ""
}

// RowTypeName is sem.Context's: rowTypeName under the catalog latch.
func (e *env) RowTypeName(oid uint32) (string, bool) {
	defer e.sess.catalogRead()()
	return e.sess.rowTypeName(oid)
}
