package planner

import (
	"github.com/vecgres/vecgres/catalog"
)

// estimator estimates the fraction of a table's rows that satisfy a
// condition: exactly from a B-tree's entry count where the condition is a
// range on an indexed column (cheap: whole blocks are counted), from the
// column statistics of the last ANALYZE otherwise (PostgreSQL's
// clauselist_selectivity, with independent clauses), else from defaults.
type estimator struct {
	t  *catalog.Table
	st *catalog.Stats // may be nil
	e  *env
}

// Selectivities used when nothing better is known.
const (
	defaultLikeSel  = 0.05 // PostgreSQL's DEFAULT_MATCH_SEL
	defaultBoolSel  = 0.5
	defaultOtherSel = catalog.DefaultIneqSel
)

func clamp01(f float64) float64 { return min(1, max(0, f)) }

// sel returns the estimated fraction of rows for which x is true.
func (es *estimator) sel(x expr) float64 {
	switch c := x.(type) {
	case *andExpr:
		if f, ok := es.exact(c); ok {
			return f
		}
		s := 1.0
		for _, a := range c.args {
			s *= es.sel(a)
		}
		return s
	case *orExpr:
		miss := 1.0
		for _, a := range c.args {
			miss *= 1 - es.sel(a)
		}
		return 1 - miss
	case *notExpr:
		return 1 - es.sel(c.x)
	case *constExpr:
		if b, ok := c.v.(bool); ok && b {
			return 1
		}
		return 0
	case *colExpr:
		return defaultBoolSel
	case *likeExpr:
		return defaultLikeSel
	case *isNullExpr:
		return es.isNullSel(c)
	case *inExpr:
		return es.inSel(c)
	case *cmpExpr:
		return es.cmpSel(c)
	case *anyExpr:
		if f, ok := es.exact(c); ok {
			return f // col = ANY (array) with a B-tree on col
		}
	}
	return defaultOtherSel
}

// exact returns the fraction of index entries a condition covers when a
// B-tree answers it, or false.
func (es *estimator) exact(x expr) (float64, bool) {
	p := findIndexPath(es.t, x)
	if p == nil {
		return 0, false
	}
	ps, err := p.eval(es.e)
	if err != nil || !ps.covers || ps.cond != x {
		return 0, false
	}
	n := keyEntries(es.t) // filter_key.go
	if ix := p.firstIndex(); ix != nil {
		n = ix.BTree.Len()
	}
	if n == 0 {
		return 0, true
	}
	return clamp01(float64(ps.count) / float64(n)), true
}

// firstIndex returns an index the path reads (all read the same table).
func (p *indexPath) firstIndex() *catalog.Index {
	if p.ix != nil || len(p.parts) == 0 {
		return p.ix // nil for a key lookup
	}
	return p.parts[0].firstIndex()
}

func (es *estimator) colStats(x expr) *catalog.ColumnStats {
	c, ok := x.(*colExpr)
	if !ok || es.st == nil || c.idx >= len(es.st.Columns) {
		return nil
	}
	return &es.st.Columns[c.idx]
}

func (es *estimator) isNullSel(c *isNullExpr) float64 {
	if f, ok := es.exact(c); ok {
		return f
	}
	cs := es.colStats(c.x)
	if cs == nil {
		return catalog.DefaultEqSel
	}
	if c.not {
		return 1 - cs.NullFrac
	}
	return cs.NullFrac
}

func (es *estimator) inSel(c *inExpr) float64 {
	if f, ok := es.exact(c); ok {
		return f
	}
	s := 0.0
	for _, v := range c.list {
		s += es.eqSel(c.x, v)
	}
	if c.not {
		return clamp01(1 - s)
	}
	return clamp01(s)
}

func (es *estimator) cmpSel(c *cmpExpr) float64 {
	if f, ok := es.exact(c); ok {
		return f
	}
	col, val, op := c.l, c.r, c.op
	if _, ok := col.(*colExpr); !ok {
		col, val, op = c.r, c.l, flipOp(c.op)
	}
	switch op {
	case "=":
		return es.eqSel(col, val)
	case "<>":
		cs := es.colStats(col)
		if cs == nil {
			return 1 - catalog.DefaultEqSel
		}
		return clamp01(1 - cs.NullFrac - es.eqSel(col, val))
	}
	cs := es.colStats(col)
	v, ok := es.constValue(val)
	if cs == nil || !ok || v == nil || classOf(col.Type()) != classOf(val.Type()) {
		return catalog.DefaultIneqSel
	}
	b := catalog.Bound{Key: v, Set: true, Inclusive: op == "<=" || op == ">="}
	if op == "<" || op == "<=" {
		return clamp01(cs.RangeFrac(catalog.Bound{}, b))
	}
	return clamp01(cs.RangeFrac(b, catalog.Bound{}))
}

func (es *estimator) eqSel(col, val expr) float64 {
	cs := es.colStats(col)
	v, ok := es.constValue(val)
	if cs == nil || !ok {
		return catalog.DefaultEqSel
	}
	if v == nil {
		return 0
	}
	if classOf(col.Type()) != classOf(val.Type()) {
		return catalog.DefaultEqSel
	}
	return cs.EqFrac(v)
}

// constValue evaluates a row-independent expression (constants and
// parameters); ok is false when it reads the row or fails.
func (es *estimator) constValue(x expr) (any, bool) {
	if findColumn(x) != nil || containsAggregate(x) {
		return nil, false
	}
	v, err := x.Eval(es.e)
	return v, err == nil
}
