package sem

import (
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

func kind(k types.Kind) types.Type { return types.Type{Kind: k, Typmod: types.NoTypmod} }

// TestResolve: the signature Resolve picks, named by its parameter
// types ("" when none fits), for PostgreSQL 15's answers on the same
// calls: exact matches first, then the first signature reached by
// implicit casts; untyped arguments (KindUnknown) fit any parameter but
// anyarray.
func TestResolve(t *testing.T) {
	u := types.Unknown
	i2, i4, i8 := kind(types.KindInt2), kind(types.KindInt4), kind(types.KindInt8)
	f4, f8, num := kind(types.KindFloat4), kind(types.KindFloat8), kind(types.KindNumeric)
	text, vc, bp := kind(types.KindText), kind(types.KindVarchar), kind(types.KindBpchar)
	oid, bytea := kind(types.KindOID), kind(types.KindBytea)
	cases := []struct {
		name string
		args []types.Type
		want string // parameter types of the signature, comma-separated; "" for none
	}{
		{"round", []types.Type{num}, "numeric"},
		{"round", []types.Type{f8}, "double precision"},
		{"round", []types.Type{f4}, "double precision"},
		{"round", []types.Type{i4}, "double precision"},
		{"round", []types.Type{u}, "double precision"},
		{"round", []types.Type{num, i4}, "numeric, integer"},
		{"round", []types.Type{i4, i2}, "numeric, integer"},
		{"round", []types.Type{f8, i4}, ""},
		{"round", []types.Type{i8, i8}, ""},
		{"round", []types.Type{text}, ""},
		{"ceil", []types.Type{num, i4}, ""},
		{"abs", []types.Type{i2}, "smallint"},
		{"abs", []types.Type{f4}, "real"},
		{"abs", []types.Type{u}, "double precision"},
		{"octet_length", []types.Type{bp}, "bpchar"},
		{"octet_length", []types.Type{vc}, "text"},
		{"octet_length", []types.Type{i4}, ""},
		{"bit_length", []types.Type{bp}, "text"},
		{"has_table_privilege", []types.Type{u, u}, "text, text"},
		{"has_table_privilege", []types.Type{oid, u}, "oid, text"},
		{"has_table_privilege", []types.Type{i4, text}, "oid, text"},
		{"has_table_privilege", []types.Type{u, oid, u}, "text, oid, text"},
		{"current_setting", []types.Type{u, u}, "text, boolean"},
		{"subvector", []types.Type{Vector, i4}, ""},
		{"subvector", []types.Type{kind(types.KindInt4Array), i4, i4}, ""},
		{"l2_distance", []types.Type{u, Vector}, "vector, vector"},
		{"repeat", []types.Type{text, i8}, ""},
		{"pg_size_pretty", []types.Type{i4}, "bigint"},
		{"pg_size_pretty", []types.Type{oid}, ""},
		{"pg_relation_size", []types.Type{u}, "regclass"},
		{"pg_relation_size", []types.Type{vc}, "regclass"},
		{"pg_relation_size", []types.Type{i4}, "oid"}, // as PostgreSQL, through int4 -> oid (regclass there)
		{"pg_sleep", []types.Type{i4}, "double precision"},
		{"array_length", []types.Type{kind(types.KindTextArray), i2}, "anyarray, integer"},
		{"array_length", []types.Type{u, i4}, ""},
		{"cardinality", []types.Type{bytea}, ""},
		{"pg_typeof", []types.Type{u}, `"any"`},
		{"pg_typeof", nil, ""},
		{"concat", []types.Type{i4, u, Vector}, `"any"`},
		{"concat", nil, ""},
		{"nosuch", []types.Type{i4}, ""},
		{"sum", []types.Type{i2}, "smallint"},
		{"sum", []types.Type{kind(types.KindFloat4)}, "real"},
		{"sum", []types.Type{oid}, ""},
		{"avg", []types.Type{Vector}, "vector"},
		{"max", []types.Type{bytea}, "anyelement"},
		{"count", []types.Type{u}, `"any"`},
	}
	for _, tc := range cases {
		got := ""
		if f, err := Builtins.Resolve(tc.name, tc.args); err == nil {
			names := make([]string, len(f.Args))
			for i, a := range f.Args {
				names[i] = TypeName(a)
			}
			got = strings.Join(names, ", ")
		}
		if got != tc.want {
			t.Errorf("%s%v: resolved (%s), want (%s)", tc.name, tc.args, got, tc.want)
		}
	}
}

// TestNoFunction: PostgreSQL 15's 42883 text and hint.
func TestNoFunction(t *testing.T) {
	e := NoFunction("subvector", []types.Type{types.Unknown, types.Int4})
	if e.Code != pgerror.UndefinedFunction || e.Message != "function subvector(unknown, integer) does not exist" ||
		e.Hint != "No function matches the given name and argument types. You might need to add explicit type casts." {
		t.Errorf("got %s %q hint %q", e.Code, e.Message, e.Hint)
	}
	if e := NoFunction("now", nil); e.Message != "function now() does not exist" {
		t.Errorf("got %q", e.Message)
	}
}

// TestRegistryRefusesDuplicates: a signature listed twice is a
// programming error caught when the registry is built.
func TestRegistryRefusesDuplicates(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a signature listed twice")
		}
	}()
	f := Func{Name: "f", Args: []types.Type{types.Text}, Ret: types.Text, Fn: null}
	NewRegistry([]Func{f, f})
}

// TestBuiltinsComplete: every entry has an implementation or is an
// aggregate, window or set-returning, and a name is aggregate, window or
// set-returning in all its signatures or none (the binder looks at the first); every
// operator has an implementation (Fn, or Specialize for the anyarray
// ones) and one or two operands.
func TestBuiltinsComplete(t *testing.T) {
	for _, f := range Operators.All() {
		if f.Fn == nil && f.Specialize == nil || len(f.Args) < 1 || len(f.Args) > 2 || f.Aggregate || f.SetReturning || f.Variadic {
			t.Errorf("operator %s%v: incomplete", f.Name, f.Args)
		}
	}
	for _, f := range Builtins.All() {
		if f.Fn == nil && f.Specialize == nil && !f.SetReturning && !f.Aggregate && !f.Window {
			t.Errorf("%s: no implementation", f.Name)
		}
		first := Builtins.Lookup(f.Name)[0]
		if f.SetReturning != first.SetReturning || f.Aggregate != first.Aggregate || f.Window != first.Window {
			t.Errorf("%s: set-returning or aggregate in some signatures only", f.Name)
		}
	}
}

// TestResolveHeuristics: PostgreSQL's steps past an exact match on a
// registry of its own (docs §10.3): the most exact matches, then the
// preferred type where an argument is converted (int4 + real is float8 +
// real, as PostgreSQL's float84pl), then the category of an untyped
// argument (string first; candidates of two other categories are
// ambiguous, 42725), then the known arguments' type.
func TestResolveHeuristics(t *testing.T) {
	i4, f4, f8 := kind(types.KindInt4), kind(types.KindFloat4), kind(types.KindFloat8)
	text, b := kind(types.KindText), kind(types.KindBool)
	sig := func(name string, args ...types.Type) Func {
		return Func{Name: name, Args: args, Ret: args[0], Fn: null}
	}
	r := NewRegistry([]Func{
		sig("plus", f4, f4), sig("plus", f8, f4), sig("plus", f8, f8),
		sig("f", i4), sig("f", b),
		sig("g", i4), sig("g", text), sig("g", b),
		sig("h", i4, i4), sig("h", text, text),
	})
	cases := []struct {
		name string
		args []types.Type
		want string // signature, or the error
	}{
		{"plus", []types.Type{i4, f4}, "plus(double precision, real)"},
		{"plus", []types.Type{f4, f4}, "plus(real, real)"},
		{"plus", []types.Type{i4, i4}, "plus(double precision, double precision)"},
		{"f", []types.Type{types.Unknown}, ErrAmbiguous.Error()},
		{"f", []types.Type{text}, ErrNoMatch.Error()},
		{"g", []types.Type{types.Unknown}, "g(text)"},
		{"h", []types.Type{i4, types.Unknown}, "h(integer, integer)"},
	}
	for _, tc := range cases {
		got := ""
		f, err := r.Resolve(tc.name, tc.args)
		if err != nil {
			got = err.Error()
		} else {
			names := make([]string, len(f.Args))
			for i, a := range f.Args {
				names[i] = TypeName(a)
			}
			got = f.Name + "(" + strings.Join(names, ", ") + ")"
		}
		if got != tc.want {
			t.Errorf("%s%v: %s, want %s", tc.name, tc.args, got, tc.want)
		}
	}
	e := NotUnique("f", []types.Type{types.Unknown})
	if e.Code != "42725" || e.Message != "function f(unknown) is not unique" ||
		e.Hint != "Could not choose a best candidate function. You might need to add explicit type casts." {
		t.Errorf("NotUnique: %s %q hint %q", e.Code, e.Message, e.Hint)
	}
}

// TestResolveOperators: operator signatures sem.Operators picks, as
// PostgreSQL 15's pg_operator and resolution give them.
func TestResolveOperators(t *testing.T) {
	i2, i4, i8 := kind(types.KindInt2), kind(types.KindInt4), kind(types.KindInt8)
	f4, f8, num := kind(types.KindFloat4), kind(types.KindFloat8), kind(types.KindNumeric)
	text, vc, bp, oid := kind(types.KindText), kind(types.KindVarchar), kind(types.KindBpchar), kind(types.KindOID)
	cases := []struct {
		op   string
		args []types.Type
		want string // result type; "" for no operator
	}{
		{"+", []types.Type{i2, i4}, "integer"},
		{"%", []types.Type{i8, i2}, "bigint"},
		{"*", []types.Type{f4, i2}, "double precision"},
		{"/", []types.Type{num, f4}, "double precision"},
		{"-", []types.Type{i4, num}, "numeric"},
		{"%", []types.Type{f8, f8}, ""},
		{"+", []types.Type{oid, i4}, ""},
		{"-", []types.Type{f4}, "real"},
		{"-", []types.Type{oid}, ""},
		{"||", []types.Type{vc, bp}, "text"},
		{"||", []types.Type{Vector, Vector}, "vector"},
		{"<=>", []types.Type{Vector, Vector}, "double precision"},
		{"<->", []types.Type{i4, i4}, ""},
		{"~~", []types.Type{vc, text}, "boolean"},
		{"!~~*", []types.Type{bp, types.Unknown}, "boolean"},
		{"~~", []types.Type{i4, text}, ""},
	}
	for _, tc := range cases {
		got := ""
		if f, err := Operators.Resolve(tc.op, tc.args); err == nil {
			got = TypeName(f.Ret)
		}
		if got != tc.want {
			t.Errorf("%s%v: %q, want %q", tc.op, tc.args, got, tc.want)
		}
	}
}

// TestPseudoKindsUnused: the pseudo-types' kinds are none of sql/types'
// (which names an unknown kind "unknown"), so no value type is mistaken
// for one.
func TestPseudoKindsUnused(t *testing.T) {
	for _, p := range []types.Type{Any, AnyArray, AnyElement, Regclass} {
		if got := (types.Type{Kind: p.Kind, Typmod: types.NoTypmod}).Name(); got != "unknown" {
			t.Errorf("kind %d is sql/types' %s", p.Kind, got)
		}
	}
}
