package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// anyPath answers col = ANY (array) from a B-tree index on col: one
// point range per non-NULL element, read when the statement runs. The
// array must not read the row, and its elements must order with the
// column's keys (same type class, not vectors). Other ANY/ALL forms are
// not index paths.
func (f *pathFinder) anyPath(x *anyExpr) *indexPath {
	if x.op != "=" || x.all {
		return nil
	}
	ix := f.btreeOn(x.x)
	if ix == nil || findColumn(x.arr) != nil || containsAggregate(x.arr) {
		return nil
	}
	et, ok := types.ElemType(x.arr.Type())
	ec := classOf(et)
	if !ok || ec != classOf(ix.KeyType()) || ec == classOther || ec == classVector {
		return nil
	}
	if ix.KeyType().Kind == types.KindBpchar {
		return nil // keys stored padded: see bpcharKey (ops_bpchar.go)
	}
	return &indexPath{kind: pathRanges, ix: ix, ranges: []rangeExpr{{elems: x.arr}}}
}

// elemRanges evaluates arr and returns a one-key range per non-NULL
// element (none for a NULL array: = ANY (NULL) is never true).
func elemRanges(arr expr, e *env) ([]keyRange, error) {
	v, err := arr.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	elems, _ := types.AsArray(v)
	out := make([]keyRange, 0, len(elems))
	for _, el := range elems {
		if el == nil {
			continue
		}
		b := catalog.Bound{Key: el, Set: true, Inclusive: true}
		out = append(out, keyRange{b, b})
	}
	return out, nil
}
