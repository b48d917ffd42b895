package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// Key lookups: a WHERE whose equalities give every column of the primary
// key or of a unique key a row-independent value (id = $1, a = 1 AND
// b = 'x', id IN (1, 2, 3) on a one-column key, an index nested loop's
// m.item_id = i.id) reads the slots the catalog's key map holds for
// those values (catalog.Table.KeySlots) instead of scanning: PostgreSQL
// reads the key's unique B-tree there, and EXPLAIN shows that index
// ("Index Scan using items_pkey"). The executor rechecks WHERE on each
// visible version, as for any index path.

// keyPath is the key lookup the conjuncts of cond allow over f's table,
// nil when none: the primary key first, then the unique keys in their
// order.
func (f *pathFinder) keyPath(cond expr) *indexPath {
	eqs := keyEqualities(cond)
	if len(eqs) == 0 {
		return nil
	}
	if cols := f.t.PrimaryKey; len(cols) > 0 {
		if tuples := keyTuples(cols, eqs); tuples != nil {
			return &indexPath{kind: pathKey, table: f.t, keyName: f.t.PKeyName, keyCols: cols, tuples: tuples, cond: cond}
		}
	}
	for _, k := range f.t.Constraints {
		if !k.IsUnique() || k.Partial() || len(k.Columns) == 0 {
			continue
		}
		if tuples := keyTuples(k.Columns, eqs); tuples != nil {
			return &indexPath{kind: pathKey, table: f.t, key: k, keyName: k.Name, keyCols: k.Columns, tuples: tuples, cond: cond}
		}
	}
	return nil
}

// keyEqualities maps each column the conjuncts of cond equate with
// row-independent values to those values: one for col = v, the list's
// for col IN (v1, v2...). A value must compare with the column as their
// key bytes do (hashable), so that the key map finds exactly the rows =
// finds.
func keyEqualities(cond expr) map[int][]expr {
	eqs := map[int][]expr{}
	for _, c := range conjunctsOf(cond) {
		switch x := c.(type) {
		case *cmpExpr:
			if x.op != "=" {
				continue
			}
			if col, v, ok := keyEquality(x.l, x.r); ok {
				eqs[col.idx] = []expr{v}
			} else if col, v, ok := keyEquality(x.r, x.l); ok {
				eqs[col.idx] = []expr{v}
			}
		case *inExpr:
			col, ok := x.x.(*colExpr)
			if !ok || x.not || len(x.list) == 0 {
				continue
			}
			vals := make([]expr, 0, len(x.list))
			for _, v := range x.list {
				if _, _, ok := keyEquality(col, v); !ok {
					vals = nil
					break
				}
				vals = append(vals, v)
			}
			if vals != nil {
				eqs[col.idx] = vals
			}
		}
	}
	return eqs
}

// keyEquality reports whether col = v can be looked up by key: col is a
// column, v does not read the row, and their types' key bytes agree
// with = (hashable).
func keyEquality(l, r expr) (*colExpr, expr, bool) {
	col, ok := l.(*colExpr)
	if !ok || findColumn(r) != nil || containsAggregate(r) || r.Type().Kind == types.KindUnknown || !hashable(col.t, r.Type()) {
		return nil, nil, false
	}
	return col, r, true
}

// keyTuples is the key values to look up for key columns cols: one
// tuple per value of the one column given several (IN), else the one
// tuple of each column's value; nil unless every column has values.
func keyTuples(cols []int, eqs map[int][]expr) [][]expr {
	multi := -1
	for i, c := range cols {
		vals, ok := eqs[c]
		if !ok {
			return nil
		}
		if len(vals) > 1 {
			if multi >= 0 {
				return nil // two IN lists: their product is not worth it
			}
			multi = i
		}
	}
	if multi < 0 {
		multi = 0
	}
	var tuples [][]expr
	for _, v := range eqs[cols[multi]] {
		t := make([]expr, len(cols))
		for i, c := range cols {
			t[i] = eqs[c][0]
		}
		t[multi] = v
		tuples = append(tuples, t)
	}
	return tuples
}

// evalKey evaluates p's key tuples and collects the slots they find.
func (p *indexPath) evalKey(e *env) (*pathScan, error) {
	s := &pathScan{keyName: p.keyName, cond: p.cond, covers: true}
	row := make([]any, len(p.table.Columns))
	for _, t := range p.tuples {
		for i, x := range t {
			v, err := x.Eval(e)
			if err != nil {
				return nil, err
			}
			row[p.keyCols[i]] = v
		}
		if slots, ok := p.table.KeySlots(p.key, row); ok {
			s.keySlots = append(s.keySlots, slots...)
		}
	}
	s.count = len(s.keySlots)
	return s, nil
}

// keyEntries is the entries a key path's map holds: the table's row
// versions.
func keyEntries(t *catalog.Table) int { return int(t.Slots()) }
