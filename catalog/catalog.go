package catalog

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/wal"
)

// firstOID is the first OID handed to tables and indexes (PostgreSQL's
// FirstNormalObjectId); lower OIDs belong to built-in objects and to the
// pgvector types (see sql/types).
const firstOID = 16400

// Catalog is the set of tables and indexes of one data directory.
type Catalog struct {
	// mu is the schema lock: it guards tables, indexes, nextOID, version
	// and every Table.Indexes. Statements hold it shared; DDL exclusively
	// (see package doc, Concurrency).
	mu     sync.RWMutex
	tables map[string]*Table
	// dbComment is COMMENT ON DATABASE's text (comment_shared.go).
	dbComment string
	// rowCheck evaluates CHECK constraints (SetRowCheck).
	rowCheck RowCheck
	indexes  map[string]*Index
	schemas  map[string]*Schema // user schemas (schema.go)
	nextOID  uint32
	tx       txState   // xids, active set, snapshots (mvcc.go)
	locks    lockState // waits for transactions, table locks (lock.go)
	log      *wal.Log
	// version counts schema changes; plans made at an older version are
	// re-made before they run.
	version  uint64
	roles    roleSet      // login roles (roles.go); own lock, not mu
	ckpt     checkpointer // checkpoint.go
	catchup  catchup      // background index catch-up after replay (catchup.go)
	ddlLog   ddlLog       // where DDL records go: a transaction, or the WAL (ddllog.go)
	walFull  atomic.Bool  // the last WAL write failed for lack of space (walerr.go)
	recovery Recovery     // what Open loaded and replayed (recovery.go)
}

// Options configures Open.
type Options struct {
	WAL wal.Options
	// CheckpointInterval is the longest time between checkpoints when WAL
	// was written (0: DefaultCheckpointInterval, < 0: no timed checkpoints).
	CheckpointInterval time.Duration
	// CheckpointWALBytes starts a checkpoint once this many bytes of WAL
	// were written since the last one (0: DefaultCheckpointWALBytes, < 0:
	// never by size).
	CheckpointWALBytes int64
	// CatchUpHook, if set (tests), runs in the background index catch-up
	// goroutine before each chunk of pending rows, with the index name and
	// the number of its rows left (catchup.go); blocking it pauses the
	// catch-up.
	CatchUpHook func(index string, left int)
}

// Open opens (creating if needed) the data directory dir: it loads the
// live snapshot (checkpoint.go), replays the WAL written after it and
// brings every index up to date, then starts the background checkpointer.
// Errors name the damaged WAL segment and offset, or the damaged snapshot
// file (wrapping ErrSnapshotCorrupt).
func Open(dir string, opts Options) (*Catalog, error) {
	log, err := wal.Open(dir, withWALMetrics(opts.WAL)) // monitor_hooks.go
	if err != nil {
		return nil, fmt.Errorf("open wal in %s: %w", dir, err)
	}
	c := newCatalog(log)
	c.ckpt.fs, c.ckpt.dir, c.ckpt.logger = opts.WAL.FS, dir, opts.WAL.Logger
	if c.ckpt.fs == nil {
		c.ckpt.fs = wal.OSFS{}
	}
	began := time.Now()
	c.logger().Info("recovery starting", "dir", dir)
	ls, err := c.openSnapshot()
	if err != nil {
		log.Close()
		return nil, fmt.Errorf("open snapshot in %s: %w", dir, err)
	}
	replayed := time.Now()
	if err := c.replay(ls); err != nil {
		log.Close()
		return nil, fmt.Errorf("replay wal in %s: %w", dir, err)
	}
	if ls != nil && log.NextLSN() < ls.lsn {
		log.Close()
		return nil, fmt.Errorf("open %s: %w: the WAL ends at LSN %d, before snapshot LSN %d",
			dir, ErrSnapshotCorrupt, log.NextLSN(), ls.lsn)
	}
	var loaded wal.LSN
	if ls != nil {
		loaded = ls.lsn
	}
	if err := c.keepNewer(loaded, log.NextLSN()); err != nil {
		log.Close()
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	// A checkpoint killed between renaming its snapshot into place and
	// pruning leaves extra ones (newer than CURRENT when killed before
	// CURRENT moved); the WAL just replayed holds their records. After a
	// fallback, CURRENT's damaged snapshot stays until the next checkpoint.
	if !c.ckpt.fellBack {
		c.pruneSnapshots()
	}
	if err := c.restoreLeftovers(); err != nil { // undo_tables.go
		log.Close()
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	if !log.CleanShutdown() {
		c.resetUnlogged() // unlogged.go
	}
	if err := c.migrateSerials(); err != nil { // serial_migrate.go
		log.Close()
		return nil, fmt.Errorf("open %s: %w", dir, err)
	}
	c.noteRecovery(ls, began, replayed)
	interval, walBytes := opts.CheckpointInterval, opts.CheckpointWALBytes
	if interval == 0 {
		interval = DefaultCheckpointInterval
	}
	if walBytes == 0 {
		walBytes = DefaultCheckpointWALBytes
	}
	c.startCheckpointer(interval, walBytes)
	c.catchup.hook = opts.CatchUpHook
	c.startCatchup()
	return c, nil
}

func newCatalog(log *wal.Log) *Catalog {
	c := &Catalog{
		tables:  map[string]*Table{},
		indexes: map[string]*Index{},
		nextOID: firstOID,
		tx:      txState{nextXID: frozenXID, active: map[XID]struct{}{}, snaps: map[uint64]int{}},
		log:     log,
	}
	c.locks.init()
	return c
}

// Close stops the background index catch-up (rows it did not insert are
// indexed by the next Open) and checkpointer, writes a last checkpoint (so
// that the next start reads the snapshot and replays nothing), records the
// WAL's end as a clean shutdown's (wal.Log.RecordEnd) and closes the WAL. Open transactions are lost (never acknowledged). Both errors
// are returned; further calls return nil.
func (c *Catalog) Close() error {
	c.stopCatchup()
	c.stopCheckpointer()
	err := c.Checkpoint()
	c.ckpt.mu.Lock()
	first := !c.ckpt.closed
	c.ckpt.closed = true
	c.ckpt.mu.Unlock()
	if err == nil && first {
		_, err = c.log.RecordEnd(true) // the end a later Open must find (wal.EndFile)
	}
	return errors.Join(err, c.log.Close())
}

// Version returns the schema version (lock held).
// Role, role attribute and schema grant changes count too (roles.gen), so
// that statements whose privileges were checked are bound again.
func (c *Catalog) Version() uint64 { return c.version + c.roles.gen.Load() }

// RLock takes the schema lock shared, for a statement (reading or
// writing rows): names, tables and indexes stay as they are until RUnlock.
func (c *Catalog) RLock() { c.mu.RLock() }

// RUnlock releases RLock.
func (c *Catalog) RUnlock() { c.mu.RUnlock() }

// Lock takes the schema lock exclusively, for DDL (CREATE INDEX takes it
// itself, briefly: BuildIndex). It waits for running statements.
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

// appendAll writes recs to the WAL as one batch (durable together; on a
// full disk none of them is written). Errors are the client's: 53100 or
// 58030 (walWriteError). No records is no write.
func (c *Catalog) appendAll(recs []record) error {
	return c.appendRecords(recs, c.log.AppendAll)
}

// writeRecords is appendAll without the wait for durability (wal's Write):
// the next appendAll makes the records durable with its own.
func (c *Catalog) writeRecords(recs []record) error {
	return c.appendRecords(recs, c.log.Write)
}

// appendRecords hands recs to the WAL through add (AppendAll or Write),
// mapping its error to the client's (walWriteError).
func (c *Catalog) appendRecords(recs []record, add func([]wal.Record) (wal.LSN, error)) error {
	if len(recs) == 0 {
		return nil
	}
	batch := make([]wal.Record, len(recs))
	for i, r := range recs {
		batch[i] = wal.Record{Type: r.typ, Payload: r.payload}
	}
	if _, err := add(batch); err != nil {
		return c.walWriteError(err)
	}
	c.walWritable()
	return nil
}

// maxRecordPayload is the payload limit of a TxnData record: maxRecordBytes,
// or less when the WAL's segments are smaller.
func (c *Catalog) maxRecordPayload() int {
	return min(maxRecordBytes, c.log.MaxPayload())
}
