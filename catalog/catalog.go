package catalog

import (
	"fmt"
	"sort"
	"sync"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// firstOID is the first OID handed to tables and indexes (PostgreSQL's
// FirstNormalObjectId); lower OIDs belong to built-in objects and to the
// pgvector types (see catalog/types).
const firstOID = 16400

// Catalog is the set of tables and indexes of one data directory.
type Catalog struct {
	mu      sync.RWMutex
	tables  map[string]*Table
	indexes map[string]*Index
	nextOID uint32
	nextXID XID
	active  map[XID]struct{}
	log     *wal.Log
	// version counts schema changes; plans made at an older version are
	// re-made before they run.
	version uint64
}

// Options configures Open.
type Options struct {
	WAL wal.Options
}

// Open opens (creating if needed) the data directory dir, replays its WAL
// and rebuilds every index. Errors name the damaged WAL segment and offset.
func Open(dir string, opts Options) (*Catalog, error) {
	log, err := wal.Open(dir, opts.WAL)
	if err != nil {
		return nil, fmt.Errorf("open wal in %s: %w", dir, err)
	}
	c := newCatalog(log)
	if err := c.replay(); err != nil {
		log.Close()
		return nil, fmt.Errorf("replay wal in %s: %w", dir, err)
	}
	return c, nil
}

func newCatalog(log *wal.Log) *Catalog {
	return &Catalog{
		tables:  map[string]*Table{},
		indexes: map[string]*Index{},
		nextOID: firstOID,
		nextXID: frozenXID,
		active:  map[XID]struct{}{},
		log:     log,
	}
}

// Close closes the WAL. Open transactions are lost (never acknowledged).
func (c *Catalog) Close() error { return c.log.Close() }

// Version returns the schema version (lock held).
func (c *Catalog) Version() uint64 { return c.version }

// ReadTxn returns a transaction for a statement outside any transaction
// block that only reads: it sees every committed row and writes nothing.
func (c *Catalog) ReadTxn() *Txn { return &Txn{c: c, done: true} }

// RLock takes the catalog lock shared, for a reading statement.
func (c *Catalog) RLock() { c.mu.RLock() }

// RUnlock releases RLock.
func (c *Catalog) RUnlock() { c.mu.RUnlock() }

// Lock takes the catalog lock exclusively, for a writing statement or DDL.
func (c *Catalog) Lock() { c.mu.Lock() }

// Unlock releases Lock.
func (c *Catalog) Unlock() { c.mu.Unlock() }

// Table returns the named table (lock held).
func (c *Catalog) Table(name string) (*Table, bool) {
	t, ok := c.tables[name]
	return t, ok
}

// Tables returns all tables sorted by name (lock held).
func (c *Catalog) Tables() []*Table {
	out := make([]*Table, 0, len(c.tables))
	for _, t := range c.tables {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Index returns the named index (lock held).
func (c *Catalog) Index(name string) (*Index, bool) {
	ix, ok := c.indexes[name]
	return ix, ok
}

// RelationExists reports whether a table or index has the name.
func (c *Catalog) RelationExists(name string) bool {
	_, t := c.tables[name]
	_, i := c.indexes[name]
	return t || i
}

func (c *Catalog) allocOID() uint32 {
	c.nextOID++
	return c.nextOID - 1
}

func (c *Catalog) appendAll(recs []record) error {
	for _, r := range recs {
		if _, err := c.log.Append(r.typ, r.payload); err != nil {
			return err
		}
	}
	return nil
}

func (c *Catalog) logDDL(typ wal.RecordType, payload []byte) error {
	if _, err := c.log.Append(typ, payload); err != nil {
		return pgerror.Errorf(pgerror.IOError, "could not write to the write-ahead log: %v", err)
	}
	return nil
}
