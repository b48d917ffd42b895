package sem

import "github.com/vecgres/vecgres/sql/types"

// windowFuncs are the built-in window functions (PostgreSQL docs 9.22,
// Table 9.64), one entry per signature as pg_proc lists them with prokind
// 'w': row_number, rank, dense_rank and ntile(integer) are bigint;
// percent_rank and cume_dist double precision; lag and lead take
// (anyelement), (anyelement, integer) and (anycompatible, integer,
// anycompatible), the default's type unified with the value's;
// first_value, last_value and nth_value(anyelement, integer) return their
// argument's type. Every aggregate is also a window function over a
// frame. Computing them is planner/exec's (window.go).
var windowFuncs = []Func{
	window("row_number", types.Int8), window("rank", types.Int8), window("dense_rank", types.Int8),
	window("percent_rank", types.Float8), window("cume_dist", types.Float8),
	window("ntile", types.Int8, types.Int4),
	window("lag", AnyElement, AnyElement), window("lag", AnyElement, AnyElement, types.Int4),
	window("lag", AnyElement, AnyElement, types.Int4, AnyElement),
	window("lead", AnyElement, AnyElement), window("lead", AnyElement, AnyElement, types.Int4),
	window("lead", AnyElement, AnyElement, types.Int4, AnyElement),
	window("first_value", AnyElement, AnyElement), window("last_value", AnyElement, AnyElement),
	window("nth_value", AnyElement, AnyElement, types.Int4),
}

// window is the entry of window function name returning ret.
func window(name string, ret types.Type, args ...types.Type) Func {
	return Func{Name: name, Args: args, Ret: ret, Window: true}
}

// IsWindow reports whether name is a window function that is not an
// aggregate.
func (r *Registry) IsWindow(name string) bool {
	fs := r.byName[name]
	return len(fs) > 0 && fs[0].Window
}
