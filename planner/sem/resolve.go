package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Any and AnyArray are PostgreSQL's pseudo-types "any" and anyarray, for
// parameters only: Any takes an argument of every type, untyped ones
// included (which stay unknown); AnyArray takes an argument of an array
// type, and not an untyped one (vecgres cannot infer its element type).
var (
	Any      = types.Type{Kind: kindAny, Typmod: types.NoTypmod}
	AnyArray = types.Type{Kind: kindAnyArray, Typmod: types.NoTypmod}
)

// The pseudo-types' kinds lie past every kind of sql/types.
const (
	kindAny      types.Kind = 255
	kindAnyArray types.Kind = 254
)

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
	}
	return t.Name()
}

// Param returns the type of f's parameter for argument i (the last
// parameter repeats for a variadic function).
func (f *Func) Param(i int) types.Type {
	if i >= len(f.Args) {
		return f.Args[len(f.Args)-1]
	}
	return f.Args[i]
}

// takes reports whether f accepts n arguments.
func (f *Func) takes(n int) bool {
	if f.Variadic {
		return n >= len(f.Args)
	}
	return n == len(f.Args)
}

// Resolve picks the signature of name for arguments of types args
// (KindUnknown for an untyped argument), as PostgreSQL's
// func_select_candidate does for vecgres's functions: among the
// signatures taking len(args) arguments, the first in table order that
// every typed argument matches exactly, else the first they all reach by
// implicit casts (ImplicitCast). Untyped arguments fit any parameter but
// AnyArray. ok is false when nothing fits (the caller reports
// NoFunction).
func (r *Registry) Resolve(name string, args []types.Type) (f *Func, ok bool) {
	for _, exact := range []bool{true, false} {
		for _, c := range r.byName[name] {
			if c.takes(len(args)) && c.fits(args, exact) {
				return c, true
			}
		}
	}
	return nil, false
}

func (f *Func) fits(args []types.Type, exact bool) bool {
	for i, a := range args {
		if !fits(f.Param(i), a, exact) {
			return false
		}
	}
	return true
}

func fits(param, arg types.Type, exact bool) bool {
	switch {
	case param.Kind == kindAnyArray:
		return types.IsArray(arg.Kind)
	case param.Kind == kindAny, param.Kind == kindAnyElement, arg.Kind == types.KindUnknown, arg.Kind == param.Kind:
		return true
	}
	return !exact && ImplicitCast(arg.Kind, param.Kind)
}

// Hints returns the types untyped and typed arguments are bound with
// before resolution: the parameter types when exactly one signature of
// name takes n arguments (so '...' is read as that type at once, and -$1
// gets one), else nil (bind without a hint). Pseudo-types hint nothing
// (KindUnknown).
func (r *Registry) Hints(name string, n int) []types.Type {
	var only *Func
	for _, c := range r.byName[name] {
		if c.takes(n) {
			if only != nil {
				return nil
			}
			only = c
		}
	}
	if only == nil {
		return nil
	}
	hints := make([]types.Type, n)
	for i := range hints {
		if hints[i] = only.Param(i); IsPseudo(hints[i]) {
			hints[i] = types.Unknown
		}
	}
	return hints
}

// NoFunction is PostgreSQL's 42883 for a call that no signature takes:
// `function name(integer, unknown) does not exist` with its hint; the
// caller adds the position.
func NoFunction(name string, argTypes []types.Type) *pgerror.Error {
	names := make([]string, len(argTypes))
	for i, t := range argTypes {
		names[i] = t.Name()
	}
	return pgerror.Errorf(pgerror.UndefinedFunction, "function %s(%s) does not exist", name, strings.Join(names, ", ")).
		WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
}
