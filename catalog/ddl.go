package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/catalog/types"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/vecindex"
)

// CreateTable adds a table with the given name, columns and primary key
// (column positions), logs it and returns it. Lock held exclusively.
// Errors: 42P07 when the name is taken.
func (c *Catalog) CreateTable(name string, cols []Column, pkey []int) (*Table, error) {
	if c.RelationExists(name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", name)
	}
	t := &Table{Name: name, Columns: cols, PrimaryKey: pkey, OID: c.allocOID()}
	if len(pkey) > 0 {
		t.PKeyName = c.uniqueName(name + "_pkey")
	}
	if err := c.logDDL(recCreateTable, encodeCreateTable(t)); err != nil {
		return nil, err
	}
	c.addTable(t)
	return t, nil
}

func (c *Catalog) addTable(t *Table) {
	t.seqs = map[int]int64{}
	t.pkey = map[string][]uint64{}
	c.tables[t.Name] = t
	c.version++
	if t.PKeyName != "" {
		c.indexes[t.PKeyName] = &Index{Name: t.PKeyName, Table: t, Method: MethodBTree, Column: t.PrimaryKey[0]}
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
	if err := c.logDDL(recDropTable, appendString(nil, name)); err != nil {
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
	delete(c.tables, t.Name)
	c.version++
}

// CreateIndex builds an HNSW index or a B-tree over the existing rows (every version
// that may still be live) and logs it. Lock held exclusively.
func (c *Catalog) CreateIndex(def IndexDef) (*Index, error) {
	ix, err := c.newIndex(c.nextOID, def)
	if err != nil {
		return nil, err
	}
	if err := c.logDDL(recCreateIndex, encodeCreateIndex(ix)); err != nil {
		return nil, err
	}
	c.nextOID++
	c.attachIndex(ix)
	return ix, nil
}

func (c *Catalog) newIndex(oid uint32, def IndexDef) (*Index, error) {
	if c.RelationExists(def.Name) {
		return nil, pgerror.Errorf(pgerror.DuplicateTable, "relation %q already exists", def.Name)
	}
	t, ok := c.tables[def.Table]
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", def.Table)
	}
	col := t.ColumnIndex(def.Column)
	if col < 0 {
		return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q does not exist", def.Column)
	}
	ix := &Index{OID: oid, Name: def.Name, Table: t, Method: def.Method, Column: col, Opclass: def.Opclass,
		Metric: def.Metric, M: def.M, EfConstruction: def.EfConstruction}
	if def.Method == MethodBTree {
		ix.BTree = &BTree{}
	}
	if def.Method != MethodHNSW {
		return ix, nil
	}
	g, err := vecindex.New(vecindex.Config{Dims: int(t.Columns[col].Type.Typmod), M: def.M,
		EfConstruction: def.EfConstruction, Metric: def.Metric, Seed: int64(oid)})
	if err != nil {
		return nil, pgerror.Internal(fmt.Errorf("create index %s: %w", def.Name, err))
	}
	ix.Graph = g
	return ix, nil
}

// attachIndex registers ix and fills its graph from the table's rows.
func (c *Catalog) attachIndex(ix *Index) {
	t := ix.Table
	t.Indexes = append(t.Indexes, ix)
	c.indexes[ix.Name] = ix
	c.version++
	if ix.BTree != nil {
		c.fillBTree(ix)
	}
	if ix.Graph == nil {
		return
	}
	var keys []uint64
	var vecs [][]float32
	for slot := range t.rows {
		v := &t.rows[slot]
		if c.mayBeLive(v) && v.vals[ix.Column] != nil {
			keys = append(keys, uint64(slot))
			vecs = append(vecs, v.vals[ix.Column].(types.Vector))
		}
	}
	// Built on all cores; the graph's dims equal the column's and values
	// were checked on write, so no insert fails.
	_ = ix.Graph.InsertBatch(keys, vecs, 0)
}

// mayBeLive reports whether a version is not aborted and not deleted by a
// committed transaction.
func (c *Catalog) mayBeLive(v *rowVersion) bool {
	return v.xmin != invalidXID && (v.xmax == invalidXID || c.isActive(v.xmax))
}

// DropIndex removes an index. Lock held exclusively. Errors: 42704 when
// missing, 2BP01 for a primary key's index.
func (c *Catalog) DropIndex(name string) error {
	ix, ok := c.indexes[name]
	if !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "index %q does not exist", name)
	}
	if ix.Table.PKeyName == name {
		return pgerror.Errorf(pgerror.DependentObjectsStillExist,
			"cannot drop index %s because constraint %s on table %s requires it", name, name, ix.Table.Name)
	}
	if err := c.logDDL(recDropIndex, appendString(nil, name)); err != nil {
		return err
	}
	c.removeIndex(ix)
	return nil
}

func (c *Catalog) removeIndex(ix *Index) {
	t := ix.Table
	for i, x := range t.Indexes {
		if x == ix {
			t.Indexes = append(t.Indexes[:i], t.Indexes[i+1:]...)
			break
		}
	}
	delete(c.indexes, ix.Name)
	c.version++
}
