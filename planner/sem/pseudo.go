package sem

import "github.com/vecgres/vecgres/sql/types"

// Parameter types of PostgreSQL that are no types of values in vecgres
// (pseudo-types, and regclass), for the signatures of the registry.

// Any and AnyArray are PostgreSQL's pseudo-types "any" and anyarray, for
// parameters only: Any takes an argument of every type, untyped ones
// included (which stay unknown); AnyArray takes an argument of an array
// type, and not an untyped one (vecgres cannot infer its element type).
var (
	Any      = types.Type{Kind: kindAny, Typmod: types.NoTypmod}
	AnyArray = types.Type{Kind: kindAnyArray, Typmod: types.NoTypmod}
)

// Regclass is a parameter of type regclass, which vecgres serves as the
// relation's name (text): it takes a string argument, untyped or typed,
// converted to text, and the binder checks that a literal names a
// relation (42P01 at the literal, as PostgreSQL's regclassin reports it).
var Regclass = types.Type{Kind: kindRegclass, Typmod: types.NoTypmod}

// AnyElement is PostgreSQL's pseudo-type anyelement: as a parameter it
// takes an argument of every type, untyped ones included; as a result
// type it is the argument's type (min, max).
var AnyElement = types.Type{Kind: kindAnyElement, Typmod: types.NoTypmod}

// Cstring is PostgreSQL's cstring (types.KindCstring): a parameter
// of type input functions that takes an untyped literal or a cstring,
// and the result of output functions.
var Cstring = types.Type{Kind: types.KindCstring, Typmod: types.NoTypmod}

// Internal, IndexAmHandler and TableAmHandler are PostgreSQL's
// pseudo-types internal (a C pointer), index_am_handler and
// table_am_handler, for the signatures pg_proc lists of type receive
// functions, access method handlers and support functions. No SQL value
// has them: a parameter of one takes no argument, NULL included (fits),
// so such functions are listed but never called, as in PostgreSQL.
var (
	Internal       = types.Type{Kind: kindInternal, Typmod: types.NoTypmod}
	IndexAmHandler = types.Type{Kind: kindIndexAmHandler, Typmod: types.NoTypmod}
	TableAmHandler = types.Type{Kind: kindTableAmHandler, Typmod: types.NoTypmod}
)

// The pseudo-types' kinds lie past every kind of sql/types.
const (
	kindAny            types.Kind = 255
	kindAnyArray       types.Kind = 254
	kindAnyElement     types.Kind = 253
	kindRegclass       types.Kind = 252
	kindInternal       types.Kind = 251
	kindIndexAmHandler types.Kind = 250
	kindTableAmHandler types.Kind = 249
)

// uncallable reports whether k is a pseudo-type no argument fits.
func uncallable(k types.Kind) bool {
	return k == kindInternal || k == kindIndexAmHandler || k == kindTableAmHandler
}

// ValueType is the type an argument for parameter type t is converted
// to: text for Regclass, t itself otherwise (KindUnknown for a
// pseudo-type, whose arguments keep their own type).
func ValueType(t types.Type) types.Type {
	switch {
	case t.Kind == kindRegclass:
		return types.Text
	case IsPseudo(t):
		return types.Unknown
	}
	return t
}

// IsPseudo reports whether t is Any, AnyArray or AnyElement.
func IsPseudo(t types.Type) bool {
	return t.Kind == kindAny || t.Kind == kindAnyArray || t.Kind == kindAnyElement
}

// TypeName is t's name as pg_proc shows it: "any" and anyarray for the
// pseudo-types, else format_type's.
func TypeName(t types.Type) string {
	switch t.Kind {
	case kindAny:
		return `"any"`
	case kindAnyArray:
		return "anyarray"
	case kindAnyElement:
		return "anyelement"
	case kindRegclass:
		return "regclass"
	case kindInternal:
		return "internal"
	case kindIndexAmHandler:
		return "index_am_handler"
	case kindTableAmHandler:
		return "table_am_handler"
	}
	return t.Name()
}
