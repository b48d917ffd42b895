package planner

import (
	"math"

	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// X::regnamespace and X::regrole, and to_regnamespace / to_regrole: values
// of those types are types.Reg, the schema's or role's OID with its name
// as regnamespaceout and regroleout print it (quoted as an identifier),
// read from the catalog by the session.

// bindRegNameCast binds X::regnamespace or X::regrole (ok false for other
// casts): a string is the input function's (one SQL identifier), a
// number the OID. Errors: 3F000 `schema "x" does not exist`, 42704 `role
// "x" does not exist`, 42602 invalid name syntax; positioned at a
// literal, as PostgreSQL reports them.
func (b *binder) bindRegNameCast(x *sql.Cast) (expr, bool, error) {
	k := x.Type.Kind
	if k == types.KindRegtype {
		return b.bindRegtypeCast(x) // record_regtype.go
	}
	if k != types.KindRegnamespace && k != types.KindRegrole && k != types.KindRegproc && !isRegSignature(k) {
		return nil, false, nil
	}
	if c, ok := x.X.(*sql.Const); ok && c.Kind == sql.ConstString && !isDigits(c.Text) {
		if _, err := b.s.regNameIn(k, c.Text); err != nil {
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
	return &funcExpr{name: x.Type.Name(), args: []expr{inner}, t: x.Type, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		var oid int64
		if numeric {
			v, err := types.Cast(a[0], inner.Type(), types.OIDType, true)
			if err != nil {
				return nil, err
			}
			oid = v.(int64)
		} else if oid, err = e.sess.regNameIn(k, a[0].(string)); err != nil {
			return nil, err
		}
		return types.Reg{OID: oid, Name: e.sess.regNameOut(k, oid)}, nil
	}}, true, nil
}

// bindToRegName binds to_regnamespace(text) and to_regrole(text) (ok false
// for other calls): the object as regnamespace or regrole, NULL when no
// object has the name.
func (b *binder) bindToRegName(f *sql.FuncCall) (expr, bool, error) {
	k := types.KindRegnamespace
	switch f.Name {
	case "to_regrole":
		k = types.KindRegrole
	case "to_regproc":
		k = types.KindRegproc
	case "to_regprocedure": // funcs_regoper.go
		k = types.KindRegprocedure
	case "to_regoper":
		k = types.KindRegoper
	case "to_regoperator":
		k = types.KindRegoperator
	case "to_regnamespace":
	default:
		return nil, false, nil
	}
	if len(f.Args) != 1 {
		return nil, true, b.noFunction(f)
	}
	arg, err := b.bind(f.Args[0], types.Text)
	if err != nil {
		return nil, true, err
	}
	if arg, err = coerce(arg, types.Text, f.Args[0].Pos()); err != nil {
		return nil, true, err
	}
	t := types.Type{Kind: k, Typmod: types.NoTypmod}
	return &funcExpr{name: f.Name, args: []expr{arg}, t: t, strict: true, fn: func(e *env, a []any) (any, error) {
		defer e.sess.catalogRead()() // session_latch.go
		oid, err := e.sess.regNameIn(k, a[0].(string))
		if err != nil {
			if isRegSignature(k) && !regSignatureMissing(err) || pgerror.CodeOf(err) == pgerror.InvalidName {
				return nil, err // a malformed name is an error here too
			}
			return nil, nil
		}
		return types.Reg{OID: oid, Name: e.sess.regNameOut(k, oid)}, nil
	}}, true, nil
}

// regNameIn is regnamespacein or regrolein: the OID of the schema or
// role the SQL identifier name names (a decimal is the OID itself).
// Latch held, or the catalog otherwise stable.
func (s *Session) regNameIn(k types.Kind, name string) (int64, error) {
	if isDigits(name) {
		v, err := types.ParseText(types.OIDType, name)
		if err != nil {
			return 0, err
		}
		return v.(int64), nil
	}
	if k == types.KindRegproc {
		return regprocIn(name)
	}
	if isRegSignature(k) {
		return regSignatureIn(k, name) // funcs_regoper.go
	}
	parts, ok := splitIdentifiers(name)
	if !ok || len(parts) != 1 {
		return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	if k == types.KindRegrole {
		if oid, ok := pgcatalog.RoleOID(s.cat, parts[0]); ok {
			return int64(oid), nil
		}
		return 0, pgerror.Errorf(pgerror.UndefinedObject, "role \"%s\" does not exist", parts[0])
	}
	if sc, ok := s.cat.LookupSchema(parts[0]); ok {
		return int64(sc.OID), nil
	}
	return 0, pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", parts[0])
}

// regNameOut is regnamespaceout or regroleout: the schema's or role's
// name quoted as an identifier, "" (printed as the number) for an OID
// that names none. Latch held.
func (s *Session) regNameOut(k types.Kind, oid int64) string {
	if (oid < 0 || oid > math.MaxUint32) && !isRegSignature(k) {
		return ""
	}
	if k == types.KindRegproc {
		return s.regprocOut(oid)
	}
	if isRegSignature(k) {
		return s.regSignatureOut(k, oid) // funcs_regoper.go
	}
	if k == types.KindRegrole {
		if name, ok := pgcatalog.RoleByOID(s.cat, uint32(oid)); ok {
			return pgcatalog.QuoteIdent(name)
		}
		return ""
	}
	for _, sc := range s.cat.Schemas() {
		if int64(sc.OID) == oid {
			return pgcatalog.QuoteIdent(sc.Name)
		}
	}
	return ""
}

// regprocIn is regprocin: "-" is 0, else the one function the SQL name
// ([schema.]name) names. Errors: 42883 `function "x" does not exist`,
// 42725 `more than one function named "x"`, 42602 invalid name syntax.
func regprocIn(name string) (int64, error) {
	if name == "-" {
		return 0, nil
	}
	parts, ok := splitIdentifiers(name)
	if !ok || len(parts) > 2 {
		return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	schema := ""
	if len(parts) == 2 {
		schema = parts[0]
	}
	oids := pgcatalog.ProcOIDs(schema, parts[len(parts)-1])
	switch len(oids) {
	case 0:
		return 0, pgerror.Errorf(pgerror.UndefinedFunction, "function \"%s\" does not exist", name)
	case 1:
		return int64(oids[0]), nil
	}
	return 0, pgerror.Errorf(pgerror.AmbiguousFunction, "more than one function named \"%s\"", name)
}

// regprocOut is regprocout: "-" for 0, the function's name (qualified by
// public when search_path does not show pgvector's functions), "" for
// an OID that names no function.
func (s *Session) regprocOut(oid int64) string {
	if oid == 0 {
		return "-"
	}
	if oid < 0 || oid > math.MaxUint32 {
		return ""
	}
	name, schema, ok := pgcatalog.ProcName(uint32(oid))
	if !ok {
		return ""
	}
	if schema != "pg_catalog" && !s.onSearchPath(schema) {
		return pgcatalog.QuoteIdent(schema) + "." + pgcatalog.QuoteIdent(name)
	}
	return pgcatalog.QuoteIdent(name)
}

// onSearchPath reports whether schema is on the session's search_path.
func (s *Session) onSearchPath(schema string) bool {
	for _, sc := range s.searchPath(false) {
		if sc == schema {
			return true
		}
	}
	return false
}

// isRegSignature reports whether k is regprocedure, regoper or
// regoperator (funcs_regoper.go).
func isRegSignature(k types.Kind) bool {
	return k == types.KindRegprocedure || k == types.KindRegoper || k == types.KindRegoperator
}
