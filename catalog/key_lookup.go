package catalog

import "slices"

// KeySlots returns a copy of the slots of the row versions whose key in
// tb's unique key k (the primary key when k is nil) equals the key of
// vals, a row's values of which only the key's columns are read. The
// versions may be dead or not yet committed: the caller checks each
// one's visibility and rechecks its condition. ok is false when the key
// of vals has a NULL (it equals no key) or there is no such key map; k
// must not be a partial unique index (its predicate reads other
// columns). Safe for concurrent use with writers.
func (tb *Table) KeySlots(k *Constraint, vals []any) (slots []uint64, ok bool) {
	tb.keysMu.RLock()
	defer tb.keysMu.RUnlock()
	s, ok := keySlots(tb, k, vals)
	return slices.Clone(s), ok
}

// Partial reports whether k is a partial unique index (CREATE UNIQUE
// INDEX ... WHERE): only rows its predicate holds for take part in it.
func (k *Constraint) Partial() bool { return k.IndexOnly && k.CheckExpr != "" }
