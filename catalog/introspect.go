package catalog

// NewVirtualTable returns a read-only table that belongs to no catalog:
// its rows (one value per column, of the column types) are visible to
// every transaction, and it has no indexes and no primary key. The planner
// scans it like any table; planner/pgcatalog builds the pg_catalog views
// with it. Nothing may insert into it.
func NewVirtualTable(oid uint32, name string, cols []Column, rows [][]any) *Table {
	t := &Table{OID: oid, Name: name, Columns: cols, seqs: map[int]int64{}, pkey: map[string][]uint64{}}
	cs := make([][]rowVersion, 0, (len(rows)+chunkMask)/chunkSize)
	for start := 0; start < len(rows); start += chunkSize {
		chunk := make([]rowVersion, min(chunkSize, len(rows)-start))
		for i := range chunk {
			chunk[i].vals = rows[start+i]
			chunk[i].xmin.Store(uint64(frozenXID))
		}
		cs = append(cs, chunk)
	}
	t.chunks.Store(&cs)
	t.nrows.Store(uint64(len(rows)))
	return t
}
