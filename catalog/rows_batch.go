package catalog

// InsertBatch adds rows (each one value per column, already of the column
// types, as for Insert) in order and returns their slots, rows[i] at
// slots[i]. Each row is checked (23502 NOT NULL, 23505 primary key,
// including a key repeated within rows), stored, entered into the
// primary-key map and the B-trees and logged for commit and rollback
// exactly as Insert does; then every HNSW graph receives the non-NULL
// vectors of all stored rows in one parallel vecindex.InsertBatch call
// (all cores), instead of one Graph.Insert per row. Used by COPY FROM.
//
// On an error the rows before the failing one stay stored and indexed
// (graphs included) and the returned slots are theirs, so
// rows[len(slots)] is the failing row when len(slots) < len(rows); as
// for Insert, the caller aborts the transaction, and Rollback removes
// them from the row store's view, the primary-key map, the B-trees and
// the graphs. A graph error (XX000) comes after every row was stored.
// A key held by a transaction in progress is waited for as in Insert.
// Table writer lock held (see Txn); it takes t's table lock on tb (42P01
// when tb was dropped since the caller resolved it).
func (t *Txn) InsertBatch(tb *Table, rows [][]any) ([]uint64, error) {
	if err := t.holdTable(tb); err != nil {
		return nil, err
	}
	slots := make([]uint64, 0, len(rows))
	err := t.storeRows(tb, rows, &slots)
	if gerr := tb.indexGraphs(slots); err == nil {
		err = gerr
	}
	tb.Access.TupIns.Add(int64(len(slots)))
	return slots, err
}

// storeRows does Insert's work for each row except the graph inserts,
// appending each stored row's slot to *slots; it stops at the first
// failing row.
func (t *Txn) storeRows(tb *Table, rows [][]any, slots *[]uint64) error {
	defer func() { tb.changes.Add(int64(len(*slots))) }()
	for _, vals := range rows {
		if err := checkNotNull(tb, vals); err != nil {
			return err
		}
		if err := t.checkChecks(tb, vals); err != nil {
			return err
		}
		key, err := t.checkKeys(tb, vals)
		if err != nil {
			return err
		}
		slot := tb.appendVersion(t.xid, tb.physical(vals))
		tb.storeKeys(slot, key, vals)
		t.queueChildChecks(tb, slot, nil)
		t.ops = append(t.ops, op{kind: opInsert, table: tb, slot: slot})
		*slots = append(*slots, slot)
		for _, ix := range tb.Indexes {
			if ix.BTree == nil {
				continue
			}
			k, ok, err := ix.key(vals)
			if err != nil {
				return err
			}
			if ok {
				ix.BTree.Insert(k, slot)
			}
		}
	}
	return nil
}

// indexGraphs inserts the non-NULL vectors of the given new slots into
// each HNSW graph of tb, one vecindex.InsertBatch call per graph.
func (tb *Table) indexGraphs(slots []uint64) error {
	for _, ix := range tb.Indexes {
		if ix.Graph == nil && ix.IVF == nil {
			continue
		}
		keys := make([]uint64, 0, len(slots))
		vecs := make([][]float32, 0, len(slots))
		for _, s := range slots {
			if v, _ := ix.value(tb.version(s).vals); v != nil {
				if err := checkGraphValue(v); err != nil {
					return err
				}
				keys = append(keys, s)
				vecs = append(vecs, graphVector(v))
			}
		}
		if len(keys) == 0 {
			continue
		}
		if err := ix.insertBatch(keys, vecs); err != nil {
			return err
		}
	}
	return nil
}
