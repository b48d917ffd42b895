package sem

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/types"
)

// Impl is a function's implementation: args are the argument values,
// already converted to the parameter types (nil is NULL; a strict
// function is not called with one).
type Impl func(ctx Context, args []any) (any, error)

// Volatility is PostgreSQL's provolatile: whether a call's result may be
// computed once for equal arguments (Immutable), once per statement
// (Stable), or every time (Volatile).
type Volatility uint8

const (
	Immutable Volatility = iota
	Stable
	Volatile
)

// Func is one signature of a built-in function.
type Func struct {
	Name       string
	Args       []types.Type // parameter types; Any and AnyArray are pseudo-types
	Ret        types.Type
	Strict     bool // NULL in any argument gives NULL without calling Fn
	Volatility Volatility
	// Variadic: the last parameter takes any number (at least one) of
	// arguments, as PostgreSQL's VARIADIC "any" (concat).
	Variadic bool
	// SetReturning functions run their Rows in FROM
	// (planner/from_func.go) and in a select list (planner/select_srf.go);
	// elsewhere they are refused (0A000).
	SetReturning bool
	// Rows runs a set-returning function: each result row goes to emit
	// (one value per column of Cols, or the one value of type Ret); an
	// error of emit stops it and is returned.
	Rows func(ctx Context, args []any, emit func(row []any) error) error
	// Cols are the columns of a set-returning function that returns a
	// record (jsonb_each's key and value); nil when it returns one column
	// of type Ret.
	Cols []Column
	// Aggregate functions are accumulated by the planner
	// (planner/aggregate.go); Fn is unused.
	Aggregate bool
	// Window functions (window.go) are computed by planner/exec over a
	// window's rows; Fn is unused.
	Window bool
	Fn     Impl
	// Check, when set, is the polymorphic consistency the entry's
	// pseudo-type parameters need of argument types (anyarray's element
	// against anyelement): Resolve takes the entry as a candidate only
	// when it holds, as PostgreSQL's check_generic_type_consistency.
	Check func(args []types.Type) bool
	// Cmp is a comparison operator's order of its two operands (as
	// converted to Args; Comparer adds the conversions), which IN, CASE,
	// GROUP BY, DISTINCT, ORDER BY, set operations and min/max use too;
	// nil for other entries.
	Cmp CompareFunc
	// Specialize, when set, gives the implementation for the bound
	// argument types, for functions of Any that need them (pg_typeof,
	// concat); Fn is then unused.
	Specialize func(argTypes []types.Type) Impl
	// ParallelUnsafe marks a function pg_proc lists as PARALLEL UNSAFE
	// (proparallel u: pgvector's access method handlers and support
	// functions); the others are listed as safe (s).
	ParallelUnsafe bool
	// Schema is where \df shows the function: "public" for pgvector's,
	// "pg_catalog" (the default, "") for PostgreSQL's built-ins.
	Schema string
}

// Impl returns f's implementation for arguments of types argTypes.
func (f *Func) Impl(argTypes []types.Type) Impl {
	if f.Specialize != nil {
		return f.Specialize(argTypes)
	}
	return f.Fn
}

// Registry maps a function name to its signatures, in the order the
// family tables list them (the order Resolve tries them in).
type Registry struct {
	byName map[string][]*Func
	names  []string // first-seen order, for listings
}

// NewRegistry collects the family tables. It panics on an entry without
// a name or implementation, or a signature listed twice: the tables are
// code, so that is a programming error found at start-up and by tests.
func NewRegistry(families ...[]Func) *Registry {
	r := &Registry{byName: map[string][]*Func{}}
	for _, fam := range families {
		for i := range fam {
			r.add(&fam[i])
		}
	}
	return r
}

func (r *Registry) add(f *Func) {
	if f.Name == "" || f.Fn == nil && f.Specialize == nil && f.Rows == nil && !f.Aggregate && !f.Window || f.SetReturning != (f.Rows != nil) {
		panic(fmt.Sprintf("sem: incomplete entry %q", f.Name))
	}
	for _, g := range r.byName[f.Name] {
		if sameArgs(g.Args, f.Args) {
			panic(fmt.Sprintf("sem: %s listed twice with the same arguments", f.Name))
		}
	}
	if _, ok := r.byName[f.Name]; !ok {
		r.names = append(r.names, f.Name)
	}
	r.byName[f.Name] = append(r.byName[f.Name], f)
}

func sameArgs(a, b []types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Kind != b[i].Kind {
			return false
		}
	}
	return true
}

// Lookup returns the signatures of name (nil when there are none).
func (r *Registry) Lookup(name string) []*Func { return r.byName[name] }

// All returns every entry, by name in first-listed order, then in
// signature order.
func (r *Registry) All() []*Func {
	var out []*Func
	for _, n := range r.names {
		out = append(out, r.byName[n]...)
	}
	return out
}
