package planner

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// pgvector's functions defined here join the funcs table.
func init() { funcs["subvector"] = subvectorDef }

// subvectorDef is subvector(vector, integer, integer) -> vector.
var subvectorDef = funcDef{args: []types.Type{vectorType, types.Int4, types.Int4}, ret: vectorType, strict: true,
	fn: func(_ *env, a []any) (any, error) {
		return subvector(a[0].(types.Vector), a[1].(int64), a[2].(int64))
	}}

// subvector(v, start, count) is pgvector's subvector: elements start ..
// start+count-1 (1-based) of v, clipped to v's bounds. count < 1, start
// past the end, or nothing left after clipping is 22000 "vector must have
// at least 1 dimension".
func subvector(v types.Vector, start, count int64) (types.Vector, error) {
	tooFew := pgerror.New(pgerror.DataException, "vector must have at least 1 dimension")
	dim := int64(len(v))
	if count < 1 {
		return nil, tooFew
	}
	end := start + count
	if start > dim-count {
		end = dim + 1
	}
	if start < 1 {
		start = 1
	} else if start > dim {
		return nil, tooFew
	}
	if end-start < 1 {
		return nil, tooFew
	}
	return append(types.Vector(nil), v[start-1:end-1]...), nil
}
