package sem

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// pgvectorIOProcs are pgvector 0.8's type support functions
// (sql/vector.sql), with its signatures, volatility and parallel
// safety:
//
//   - name_in(cstring, oid, integer): the text form read as the type, with
//     the typmod of the third argument (-1: none), as a literal cast is;
//   - name_out(name) -> cstring: the text form;
//   - name_send(name) -> bytea: the binary form (pgvector's *_send);
//   - name_typmod_in(cstring[]) -> integer: the typmod of name(m), with
//     the type's errors for a bad m;
//   - name_recv(internal, oid, integer), and the access methods' handlers
//     and support functions (hnswhandler(internal) -> index_am_handler,
//     hnsw_halfvec_support(internal) -> internal, ...): listed in
//     pg_proc, never called, since no SQL value is of type internal
//     (PostgreSQL answers 42883 "function ... does not exist" for every
//     argument, NULL included).
var pgvectorIOProcs = func() []Func {
	var fs []Func
	for _, k := range []struct {
		name string
		t    types.Type
	}{{"vector", Vector}, {"halfvec", Halfvec}, {"sparsevec", Sparsevec}} {
		fs = append(fs, typeIOProcs(k.name, k.t)...)
	}
	uncallable := func(name string, ret types.Type) Func {
		return Func{Name: name, Args: []types.Type{Internal}, Ret: ret, Volatility: Volatile, ParallelUnsafe: true,
			Schema: "public", Fn: refuseInternal(name)}
	}
	fs = append(fs, uncallable("hnswhandler", IndexAmHandler), uncallable("ivfflathandler", IndexAmHandler))
	for _, s := range []string{"hnsw_bit_support", "hnsw_halfvec_support", "hnsw_sparsevec_support",
		"ivfflat_bit_support", "ivfflat_halfvec_support"} {
		fs = append(fs, uncallable(s, Internal))
	}
	return fs
}()

// typeIOProcs are name_in, _out, _recv, _send and _typmod_in for t.
func typeIOProcs(name string, t types.Type) []Func {
	cstringArray := types.Type{Kind: types.KindCstringArray, Typmod: types.NoTypmod}
	return []Func{
		{Name: name + "_in", Args: []types.Type{Cstring, types.OIDType, types.Int4}, Ret: t, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) {
				typmod := a[2].(int64)
				if typmod < -1<<31 || typmod >= 1<<31 {
					return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
				}
				return types.ParseText(types.Type{Kind: t.Kind, Typmod: int32(typmod)}, a[0].(string))
			}},
		{Name: name + "_out", Args: []types.Type{t}, Ret: Cstring, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) { return string(types.AppendText(nil, t, a[0])), nil }},
		{Name: name + "_recv", Args: []types.Type{Internal, types.OIDType, types.Int4}, Ret: t, Strict: true, Schema: "public",
			Fn: refuseInternal(name + "_recv")},
		{Name: name + "_send", Args: []types.Type{t}, Ret: types.Bytea, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) { return types.AppendBinary(nil, t, a[0]), nil }},
		{Name: name + "_typmod_in", Args: []types.Type{cstringArray}, Ret: types.Int4, Strict: true, Schema: "public",
			Fn: func(_ Context, a []any) (any, error) { return typmodIn(name, a[0]) }},
	}
}

// typmodIn reads a cstring[] of modifiers as ArrayGetIntegerTypmods does
// (2202E for an empty array, which has no dimension; 22004 for a NULL
// element, integer input's errors for a bad one), then applies the type's
// typmod input function.
func typmodIn(name string, d any) (any, error) {
	arr, _ := d.(types.Array)
	if len(arr) == 0 {
		return nil, pgerror.New(pgerror.ArraySubscriptError, "typmod array must be one-dimensional")
	}
	mods := make([]int32, 0, len(arr))
	for _, e := range arr {
		s, ok := e.(string)
		if !ok {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "typmod array must not contain nulls")
		}
		n, err := types.ParseText(types.Int4, s)
		if err != nil {
			return nil, err
		}
		mods = append(mods, int32(n.(int64)))
	}
	typmod, err := types.TypmodIn(name, mods)
	if err != nil {
		return nil, err
	}
	return int64(typmod), nil
}

// refuseInternal is the body of a function taking internal: resolution
// never picks it (fits), so it is not reached.
func refuseInternal(name string) Impl {
	return func(Context, []any) (any, error) {
		return nil, pgerror.Internal(fmt.Errorf("%s takes internal and cannot be called from SQL", name))
	}
}
