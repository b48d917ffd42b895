package pgcatalog

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// The sequence of a serial column read as a relation (SELECT last_value,
// is_called FROM public.items_id_seq, which pg_dump sends for each
// sequence): one row with PostgreSQL 15's columns last_value, log_cnt and
// is_called (docs 9.17: a sequence not yet used holds its start value, 1,
// with is_called false).

var sequenceRelationCols = cols("last_value", types.Int8, "log_cnt", types.Int8, "is_called", tBool)

// SequenceRelation returns the sequence of a serial column named by key
// (the catalog's name: "items_id_seq", "app.tags_id_seq"; a "public."
// prefix is dropped) as a read-only one-row table; false for another
// name. The caller holds cat's lock shared.
func SequenceRelation(cat *catalog.Catalog, key string) (*catalog.Table, bool) {
	key = strings.TrimPrefix(key, "public.")
	for _, t := range cat.Tables() {
		for i, c := range t.Columns {
			if !c.Serial || sequenceName(t, i) != key {
				continue
			}
			last, called := t.SerialLast(i)
			if !called {
				last = 1
			}
			_, base := cat.SplitName(key)
			return catalog.NewVirtualTable(SyntheticOID(t.OID, i+1), base, sequenceRelationCols,
				[][]any{{last, int64(0), called}}), true
		}
	}
	return nil, false
}
