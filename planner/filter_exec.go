package planner

import (
	"slices"

	"github.com/vecgres/vecgres/catalog"
)

// keyRange is a range of B-tree keys with both ends evaluated.
type keyRange struct{ lo, hi catalog.Bound }

// pathScan is an index path with its range ends evaluated, ready to count
// and read. For pathAnd only the chosen part (fewest entries) is kept.
type pathScan struct {
	ix     *catalog.Index
	ranges []keyRange  // a single index's ranges
	parts  []*pathScan // union (from OR)
	count  int         // index entries it reads: exact for ranges, a sum for unions
	cond   expr        // the condition it answers, for EXPLAIN
	// covers is true when the entries read are exactly the rows passing
	// cond (up to row visibility), so the entry count is an exact estimate.
	covers bool
	// keySlots are the slots a key lookup found in the key map named
	// keyName (filter_key.go).
	keyName  string
	keySlots []uint64
}

// eval evaluates p's range ends against the statement's parameters.
func (p *indexPath) eval(e *env) (*pathScan, error) {
	switch p.kind {
	case pathKey:
		return p.evalKey(e) // filter_key.go
	case pathRanges:
		s := &pathScan{ix: p.ix, cond: p.cond, covers: true}
		for _, r := range p.ranges {
			if r.elems != nil {
				krs, err := elemRanges(r.elems, e)
				if err != nil {
					return nil, err
				}
				for _, kr := range krs {
					kr = leadingRange(p.ix, kr)
					s.ranges = append(s.ranges, kr)
					s.count += p.ix.BTree.Count(kr.lo, kr.hi)
				}
				continue
			}
			kr, ok, err := r.eval(e)
			if err != nil {
				return nil, err
			}
			if ok {
				kr = leadingRange(p.ix, kr)
				s.ranges = append(s.ranges, kr)
				s.count += p.ix.BTree.Count(kr.lo, kr.hi)
			}
		}
		return s, nil
	case pathOr:
		s := &pathScan{cond: p.cond, covers: true}
		for _, part := range p.parts {
			ps, err := part.eval(e)
			if err != nil {
				return nil, err
			}
			s.parts = append(s.parts, ps)
			s.count += ps.count
		}
		return s, nil
	}
	var best *pathScan
	parts := make([]*pathScan, 0, len(p.parts))
	for _, part := range p.parts {
		ps, err := part.eval(e)
		if err != nil {
			return nil, err
		}
		parts = append(parts, ps)
	}
	parts = mergeRanges(parts)
	if a, ok := p.cond.(*andExpr); ok && len(parts) == 1 && len(a.args) == len(p.parts) && parts[0].covers {
		parts[0].cond = p.cond // every conjunct is in the one range
		return parts[0], nil
	}
	for _, ps := range parts {
		if best == nil || ps.count < best.count {
			best = ps
		}
	}
	return best, nil
}

// leadingRange turns a range of a multi-column index's leading key
// column into a range of its composite keys: a lower bound v starts at
// {v} (inclusive) or after {v, KeyMax} (exclusive), an upper bound ends
// at {v, KeyMax} (inclusive) or before {v} (exclusive). Other indexes'
// ranges are returned as they are.
func leadingRange(ix *catalog.Index, kr keyRange) keyRange {
	if !ix.Composite {
		return kr
	}
	if kr.lo.Set {
		kr.lo.Key = catalog.CompositeKey{kr.lo.Key}
		if !kr.lo.Inclusive {
			kr.lo.Key = append(kr.lo.Key.(catalog.CompositeKey), catalog.KeyMax)
		}
	}
	if kr.hi.Set {
		kr.hi.Key = catalog.CompositeKey{kr.hi.Key}
		if kr.hi.Inclusive {
			kr.hi.Key = append(kr.hi.Key.(catalog.CompositeKey), catalog.KeyMax)
		}
	}
	return kr
}

// mergeRanges intersects single ranges over the same index (a > 1 AND
// a < 5 becomes one range) so the AND of them is read once.
func mergeRanges(parts []*pathScan) []*pathScan {
	var out []*pathScan
	for _, ps := range parts {
		merged := false
		if ps.ix != nil && len(ps.ranges) == 1 {
			for _, o := range out {
				if o.ix == ps.ix && len(o.ranges) == 1 {
					o.ranges[0] = intersect(o.ranges[0], ps.ranges[0])
					o.cond = &andExpr{args: []expr{o.cond, ps.cond}}
					o.covers = o.covers && ps.covers
					o.count = o.ix.BTree.Count(o.ranges[0].lo, o.ranges[0].hi)
					merged = true
					break
				}
			}
		}
		if !merged {
			out = append(out, ps)
		}
	}
	return out
}

func intersect(a, b keyRange) keyRange {
	if b.lo.Set && (!a.lo.Set || catalogCompare(b.lo, a.lo, true) > 0) {
		a.lo = b.lo
	}
	if b.hi.Set && (!a.hi.Set || catalogCompare(b.hi, a.hi, false) < 0) {
		a.hi = b.hi
	}
	return a
}

// catalogCompare orders two set bounds of the same side; at equal keys an
// exclusive lower bound is tighter (greater), an exclusive upper bound is
// tighter (smaller).
func catalogCompare(a, b catalog.Bound, lower bool) int {
	c := catalog.CompareKeys(a.Key, b.Key)
	if c != 0 || a.Inclusive == b.Inclusive {
		return c
	}
	if a.Inclusive == lower {
		return -1
	}
	return 1
}

// eval evaluates a range; ok is false when it can match nothing (a NULL
// operand: comparisons with NULL are never true).
func (r rangeExpr) eval(e *env) (keyRange, bool, error) {
	if r.isNull {
		b := catalog.Bound{Key: nil, Set: true, Inclusive: true}
		return keyRange{b, b}, true, nil
	}
	var kr keyRange
	if r.lo != nil {
		v, err := r.lo.Eval(e)
		if err != nil || v == nil {
			return kr, false, err
		}
		kr.lo = catalog.Bound{Key: v, Set: true, Inclusive: r.loIncl}
	}
	if r.hi != nil {
		v, err := r.hi.Eval(e)
		if err != nil || v == nil {
			return kr, false, err
		}
		kr.hi = catalog.Bound{Key: v, Set: true, Inclusive: r.hiIncl}
	} else {
		// Values only: stop before the NULL keys that sort last.
		kr.hi = catalog.Bound{Key: nil, Set: true, Inclusive: false}
	}
	return kr, true, nil
}

// slots returns the row slots the scan reads, ascending, without repeats.
func (s *pathScan) slots() []uint64 {
	out := make([]uint64, 0, s.count)
	s.collect(&out)
	slices.Sort(out)
	return slices.Compact(out)
}

func (s *pathScan) collect(out *[]uint64) {
	*out = append(*out, s.keySlots...)
	for _, r := range s.ranges {
		s.ix.BTree.Ascend(r.lo, r.hi, func(_ any, slot uint64) bool {
			*out = append(*out, slot)
			return true
		})
	}
	for _, p := range s.parts {
		p.collect(out)
	}
}

// indexes returns the names of the indexes the scan reads, for EXPLAIN.
func (s *pathScan) indexes() []string {
	if s.ix != nil {
		return []string{s.ix.Name}
	}
	if s.keyName != "" {
		return []string{s.keyName}
	}
	var out []string
	for _, p := range s.parts {
		for _, n := range p.indexes() {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out
}
