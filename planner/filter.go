package planner

import (
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// indexPath is the part of a WHERE condition that B-tree indexes answer:
// a set of key ranges on one index, the union of paths (OR) or a choice
// among paths (AND: the one matching fewest entries is read and the rest
// of WHERE is rechecked). Rows it yields are a superset of the matching
// rows; the executor always rechecks WHERE.
type indexPath struct {
	kind   pathKind
	ix     *catalog.Index
	ranges []rangeExpr  // pathRanges
	parts  []*indexPath // pathOr, pathAnd
	cond   expr         // the condition it answers, for EXPLAIN
	// A pathKey looks up tuples (values of keyCols, in order) in table's
	// key map of key (nil: the primary key) named keyName (filter_key.go).
	table   *catalog.Table
	key     *catalog.Constraint
	keyName string
	keyCols []int
	tuples  [][]expr
}

type pathKind uint8

const (
	pathRanges pathKind = iota
	pathOr
	pathAnd
	pathKey
)

// rangeExpr is one key range whose ends are row-independent expressions
// evaluated when the statement runs; nil ends are unbounded. isNull asks
// for the NULL keys. elems, when set, is a row-independent array whose
// non-NULL elements are each a one-key range (col = ANY (array)).
type rangeExpr struct {
	lo, hi         expr
	loIncl, hiIncl bool
	isNull         bool
	elems          expr
}

// pathFinder finds index paths over t; partial are t's partial indexes
// whose predicate the whole condition implies (impliedPartials), the only
// ones it may use.
type pathFinder struct {
	t       *catalog.Table
	partial []*catalog.Index
}

// findIndexPath returns the index path for cond over t, or nil.
func findIndexPath(t *catalog.Table, cond expr) *indexPath {
	f := &pathFinder{t: t, partial: impliedPartials(t, cond)}
	return f.findIndexPath(cond)
}

func (f *pathFinder) findIndexPath(cond expr) *indexPath {
	if kp := f.keyPath(cond); kp != nil { // filter_key.go
		return kp
	}
	p := f.findPath(cond)
	if p != nil && p.cond == nil {
		p.cond = cond
	}
	return p
}

func (f *pathFinder) findPath(cond expr) *indexPath {
	switch x := cond.(type) {
	case *andExpr:
		var parts []*indexPath
		for _, a := range x.args {
			if p := f.findIndexPath(a); p != nil {
				parts = append(parts, p)
			}
		}
		switch len(parts) {
		case 0:
			return nil
		case 1:
			return parts[0]
		}
		return &indexPath{kind: pathAnd, parts: parts}
	case *orExpr:
		parts := make([]*indexPath, 0, len(x.args))
		for _, a := range x.args {
			p := f.findIndexPath(a)
			if p == nil {
				return nil
			}
			parts = append(parts, p)
		}
		return &indexPath{kind: pathOr, parts: parts}
	case *cmpExpr:
		return f.cmpPath(x)
	case *inExpr:
		ix := f.btreeOn(x.x)
		if ix == nil || x.not {
			return nil
		}
		p := &indexPath{kind: pathRanges, ix: ix}
		for _, v := range x.list {
			if !keyOperand(f.t, ix, v) {
				return nil
			}
			v, ok := bpcharKey(ix.KeyType(), v, "=") // ops_bpchar.go
			if !ok {
				return nil
			}
			p.ranges = append(p.ranges, rangeExpr{lo: v, hi: v, loIncl: true, hiIncl: true})
		}
		return p
	case *anyExpr:
		return f.anyPath(x)
	case *isNullExpr:
		if ix := f.btreeOn(x.x); ix != nil && !x.not {
			return &indexPath{kind: pathRanges, ix: ix, ranges: []rangeExpr{{isNull: true}}}
		}
	}
	return nil
}

// cmpPath turns col op value (or value op col) into a range.
func (f *pathFinder) cmpPath(x *cmpExpr) *indexPath {
	t := f.t
	col, val, op := x.l, x.r, x.op
	ix := f.btreeOn(col)
	if ix == nil {
		col, val, op = x.r, x.l, flipOp(x.op)
		if ix = f.btreeOn(col); ix == nil {
			return nil
		}
	}
	if !keyOperand(t, ix, val) {
		return nil
	}
	val, ok := bpcharKey(ix.KeyType(), val, op) // ops_bpchar.go
	if !ok {
		return nil
	}
	r := rangeExpr{}
	switch op {
	case "=":
		r = rangeExpr{lo: val, hi: val, loIncl: true, hiIncl: true}
	case "<", "<=":
		r = rangeExpr{hi: val, hiIncl: op == "<="}
	case ">", ">=":
		r = rangeExpr{lo: val, loIncl: op == ">="}
	default:
		return nil
	}
	return &indexPath{kind: pathRanges, ix: ix, ranges: []rangeExpr{r}}
}

func flipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op
}

// btreeOn returns a B-tree index whose key x is (its column, or its
// expression: indexOperand), or nil; a partial one only when the query
// implies its predicate (f.partial).
func (f *pathFinder) btreeOn(x expr) *catalog.Index {
	for _, ix := range f.t.Indexes {
		if ix.BTree != nil && (ix.Pred == "" || slices.Contains(f.partial, ix)) && indexOperand(ix, x) {
			return ix
		}
	}
	return nil
}

// indexOperand reports whether x is ix's key: its column, or the same
// bound expression as its key expression (sameIndexExpr).
func indexOperand(ix *catalog.Index, x expr) bool {
	if ix.Expr != "" {
		return sameIndexExpr(ix, x)
	}
	c, ok := x.(*colExpr)
	return ok && c.idx == ix.Column
}

// keyOperand reports whether v can bound ix's keys: it does not read the
// row and its values order with the column's (numbers with numbers,
// strings with strings, booleans with booleans).
func keyOperand(t *catalog.Table, ix *catalog.Index, v expr) bool {
	if findColumn(v) != nil || containsAggregate(v) {
		return false
	}
	ct := ix.KeyType()
	vc := classOf(v.Type())
	if v.Type().Kind == types.KindUnknown {
		return false
	}
	return vc == classOf(ct) && vc != classOther && vc != classVector
}

func containsAggregate(e expr) bool {
	if _, ok := e.(*aggRef); ok {
		return true
	}
	for _, c := range children(e) {
		if containsAggregate(c) {
			return true
		}
	}
	return false
}
