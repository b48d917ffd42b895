package catalog

import (
	"context"
	"errors"
	"fmt"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/vecindex"
)

// CreateTable adds a table with the given name, columns and primary key
// (column positions), owned by the bootstrap superuser, logs it and
// returns it. Lock held exclusively. Errors: 42P07 when the name is taken.
func (c *Catalog) CreateTable(name string, cols []Column, pkey []int) (*Table, error) {
	return c.CreateTableOwned(BootstrapSuperuser, name, cols, pkey)
}

// CreateTableOwned is CreateTable for a table owned by the role owner
// (not checked: the planner checks CREATE on the schema first).
func (c *Catalog) CreateTableOwned(owner, name string, cols []Column, pkey []int) (*Table, error) {
	if c.RelationExists(name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(name))
	}
	t := &Table{Name: name, Columns: cols, PrimaryKey: pkey, OID: c.allocOID(), Owner: owner}
	if len(pkey) > 0 {
		t.PKeyName = c.uniqueName(name + "_pkey")
	}
	if err := c.logRelDDL(t.Name, recCreateTable, encodeCreateTable(t)); err != nil {
		return nil, err
	}
	c.addTable(t)
	return t, nil
}

func (c *Catalog) addTable(t *Table) {
	t.initRows()
	t.seqs = map[int]int64{}
	t.pkey = map[string][]uint64{}
	c.tables[t.Name] = t
	t.Temp = c.IsTempName(t.Name) // temp.go
	c.version++
	if t.PKeyName != "" {
		c.indexes[t.PKeyName] = &Index{Name: t.PKeyName, Table: t, Method: MethodBTree, Column: t.PrimaryKey[0]}
	}
	c.linkConstraints(t, nil)
	for _, k := range t.Constraints {
		c.nextOID = max(c.nextOID, k.OID+1, k.IndexOID+1)
	}
	if t.OID >= c.nextOID {
		c.nextOID = t.OID + 1
	}
}

// uniqueName returns base, or base1, base2... if taken, as PostgreSQL
// names indexes.
func (c *Catalog) uniqueName(base string) string {
	name := base
	for i := 1; c.RelationExists(name); i++ {
		name = fmt.Sprintf("%s%d", base, i)
	}
	return name
}

// IndexName returns the name PostgreSQL would give an unnamed index on
// table(column): table_column_idx, with a number added if taken.
func (c *Catalog) IndexName(table, column string) string {
	return c.uniqueName(table + "_" + column + "_idx")
}

// DropTable removes a table and its indexes. Lock held exclusively.
func (c *Catalog) DropTable(name string) error {
	t, ok := c.tables[name]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedTable, "table %q does not exist", name)
	}
	if err := c.logRelDDL(name, recDropTable, appendString(nil, name)); err != nil {
		return err
	}
	c.removeTable(t)
	return nil
}

func (c *Catalog) removeTable(t *Table) {
	for _, ix := range t.Indexes {
		delete(c.indexes, ix.Name)
	}
	if t.PKeyName != "" {
		delete(c.indexes, t.PKeyName)
	}
	c.unlinkConstraints(t)
	delete(c.tables, t.Name)
	c.relinkForeignKeys()
	c.version++
}

// CreateIndex builds an HNSW index or a B-tree over the existing rows (every version
// that may still be live) and logs it, all with the schema lock held
// exclusively (start-up, tests). Statements use BuildIndex, which keeps
// readers and writers running during the build.
func (c *Catalog) CreateIndex(def IndexDef) (*Index, error) {
	ix, err := c.newIndex(c.nextOID, def)
	if err != nil {
		return nil, err
	}
	if err := c.logRelDDL(ix.Table.Name, recCreateIndex, encodeCreateIndex(ix)); err != nil {
		return nil, err
	}
	c.nextOID++
	c.attachIndex(ix)
	return ix, nil
}

func (c *Catalog) newIndex(oid uint32, def IndexDef) (*Index, error) {
	if c.RelationExists(def.Name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", bareName(def.Name))
	}
	t, ok := c.tables[def.Table]
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", def.Table)
	}
	col := t.ColumnIndex(def.Column)
	if col < 0 {
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", def.Column)
	}
	return newIndexOn(t, col, oid, def)
}

// newIndexOn returns an empty, unregistered index of def on column col
// of t (def.Table and def.Column are not read).
func newIndexOn(t *Table, col int, oid uint32, def IndexDef) (*Index, error) {
	ix := &Index{OID: oid, Name: def.Name, Table: t, Method: def.Method, Column: col, Opclass: def.Opclass,
		Metric: def.Metric, M: def.M, EfConstruction: def.EfConstruction, Reloptions: def.Reloptions,
		Expr: def.Expr, Pred: def.Pred, phys: t.physOf(col)}
	if err := bindIndexExprs(ix); err != nil {
		return nil, err
	}
	if def.Method == MethodBTree {
		ix.BTree = &BTree{}
	}
	if def.Method == MethodIVFFlat {
		return ix, newIVFOn(ix, ix.KeyType()) // an expression index's lists hold its key's type
	}
	if def.Method != MethodHNSW {
		return ix, nil
	}
	kt := ix.KeyType()
	g, err := vecindex.New(vecindex.Config{Dims: graphDims(kt), M: def.M,
		EfConstruction: def.EfConstruction, Metric: def.Metric, Seed: int64(oid),
		Quantization: quantizationOf(def.Reloptions), Half: graphHalf(kt)})
	if err != nil {
		return nil, pgerror.Internal(fmt.Errorf("create index %s: %w", def.Name, err))
	}
	ix.Graph = g
	return ix, nil
}

// attachIndex fills ix from the table's rows and registers it (schema
// lock held exclusively, or start-up).
func (c *Catalog) attachIndex(ix *Index) {
	c.fillIndex(ix, 0, ix.Table.Slots(), nil)
	ix.Table.wmu.Lock()
	c.publishIndex(ix)
	ix.Table.wmu.Unlock()
}

// publishIndex registers a filled index: the table's index list is
// replaced, not changed in place, so rollbacks and tombstone reaping
// (which hold only the writer lock) see the old or the new list whole.
// Schema lock held exclusively and the table's writer lock held.
func (c *Catalog) publishIndex(ix *Index) {
	t := ix.Table
	t.Indexes = append(append([]*Index(nil), t.Indexes...), ix)
	c.indexes[ix.Name] = ix
	c.version++
}

// fillIndex enters the versions of slots [from, to) that may be live into
// ix (B-tree: one sorted bulk load when ix is empty; HNSW: parallel
// inserts on all cores) and marks them in added when it is not nil.
func (c *Catalog) fillIndex(ix *Index, from, to uint64, added *slotSet) {
	_ = c.fillIndexCtx(context.Background(), ix, from, to, added) // cannot end; no insert fails
}

// fillIndexCtx is fillIndex stopping when ctx ends, with 57014
// (canceledBy): before it starts, and, for an HNSW index, within the
// graph's InsertBatchContext. The vectors inserted before the stop stay in
// ix's graph; the caller discards ix.
func (c *Catalog) fillIndexCtx(ctx context.Context, ix *Index, from, to uint64, added *slotSet) error {
	if ctx.Err() != nil {
		return canceledBy(ctx)
	}
	t := ix.Table
	var slots []uint64
	for s := from; s < to; s++ {
		if c.mayBeLive(t.version(s)) {
			slots = append(slots, s)
			added.add(s)
		}
	}
	if err := keysComputable(ix, slots); err != nil {
		return err
	}
	pr := monitor.IndexBuildOf(ctx) // nil outside CREATE INDEX and REINDEX
	pr.AddTotal(len(slots))
	if ix.BTree != nil {
		pr.SetPhase(monitor.PhaseLoadTuples)
		defer func() {
			if d := pr.Done(); d != nil {
				d.Add(int64(len(slots)))
			}
		}()
		if ix.BTree.Len() == 0 {
			ix.BTree.load(bulkEntries(ix, slots))
		} else {
			for _, s := range slots {
				if k, ok := ix.value(t.version(s).vals); ok {
					ix.BTree.Insert(k, s)
				}
			}
		}
	}
	if ix.IVF != nil {
		return c.fillIVF(ctx, ix, slots)
	}
	if ix.Graph == nil {
		return nil
	}
	keys := make([]uint64, 0, len(slots))
	vecs := make([][]float32, 0, len(slots))
	for _, s := range slots {
		if v, _ := ix.value(t.version(s).vals); v != nil {
			if err := checkGraphValue(v); err != nil {
				return err
			}
			keys = append(keys, s)
			vecs = append(vecs, graphVector(v))
		}
	}
	// The graph's dims equal the column's and values were checked on
	// write, so no insert fails; only a done ctx stops the batch.
	pr.SetPhase(monitor.PhaseLoadTuples)
	err := ix.Graph.InsertBatchProgress(ctx, keys, vecs, 0, pr.Done())
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return canceledBy(ctx)
	}
	if err != nil {
		return pgerror.Internal(fmt.Errorf("create index %s: %w", ix.Name, err))
	}
	return nil
}

// DropIndex removes an index. Lock held exclusively. Errors: 42704 when
// missing, 2BP01 for a primary key's index.
func (c *Catalog) DropIndex(name string) error {
	ix, ok := c.indexes[name]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "index %q does not exist", name)
	}
	if ix.Key != nil {
		return c.dropUniqueIndex(ix)
	}
	if ix.Table.PKeyName == name {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"cannot drop index %s because constraint %s on table %s requires it", name, name, ix.Table.Name)
	}
	if err := c.logRelDDL(ix.Table.Name, recDropIndex, appendString(nil, name)); err != nil {
		return err
	}
	c.removeIndex(ix)
	return nil
}

func (c *Catalog) removeIndex(ix *Index) {
	t := ix.Table
	t.wmu.Lock()
	var kept []*Index
	for _, x := range t.Indexes {
		if x != ix {
			kept = append(kept, x)
		}
	}
	t.Indexes = kept
	t.wmu.Unlock()
	delete(c.indexes, ix.Name)
	c.version++
}
