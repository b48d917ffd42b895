// Package catalog holds vecgres's tables, their rows and their indexes, in
// memory, made durable through the write-ahead log (package wal).
//
// # Concurrency
//
// Readers never wait for writers; writers of one table are serialised;
// a DDL waits only for the statements and transactions using the tables
// it changes.
//
//   - Relation locks (lockmgr.go), PostgreSQL's eight table lock modes
//     (ACCESS SHARE ... ACCESS EXCLUSIVE) and conflict matrix, by table
//     OID, held until the owner's transaction ends (a statement outside
//     any transaction owns its own, until it ends). The planner takes, on
//     each table a statement's binding resolved, ACCESS SHARE (SELECT,
//     COPY TO) or ROW EXCLUSIVE (INSERT, UPDATE, DELETE, COPY FROM); DDL
//     takes ACCESS EXCLUSIVE (LockTables: ALTER, DROP, TRUNCATE, RENAME);
//     CREATE INDEX ACCESS SHARE while it builds and SHARE to attach;
//     REINDEX SHARE ROW EXCLUSIVE to build and ACCESS EXCLUSIVE to swap
//     (ReindexFor); VACUUM and ANALYZE SHARE UPDATE EXCLUSIVE. A request
//     waits while another owner holds a conflicting mode or, if it holds
//     nothing on the table yet, while an earlier waiter asks for one
//     (PostgreSQL's queue: readers do not starve a waiting DDL, and queue
//     behind it). Row reads and writes of a transaction record ACCESS
//     SHARE and ROW EXCLUSIVE too (noteRead, holdTable), without waiting.
//   - Schema latch (Catalog.mu, RWMutex): guards the name maps, nextOID,
//     the schema version and every table's definition and Indexes list.
//     Held shared only to bind a statement and to take its relation
//     locks when none has to wait (TryLockRelations), and by functions
//     that read the catalog while a statement runs; exclusively by DDL
//     while it changes the catalog, after its relation locks are held.
//     Never held while waiting for a relation lock, a row or a
//     transaction, nor while a statement runs: so a DDL waiting for one
//     table holds up no statement on another, and CREATE TABLE of a new
//     name waits only for binds in progress. A statement that had to wait
//     for a relation lock binds again if the schema version changed.
//     Table.Indexes is replaced, never changed in place, and only with
//     the latch held exclusively and the table's writer lock; readers of
//     a table see it through their relation lock (a mode conflicting
//     with the DDL that replaces it) or the latch.
//   - Writer lock (Table.LockWrites, one per table): an INSERT, UPDATE or
//     DELETE statement holds it for its length and a COPY for each batch
//     of rows; Rollback, tombstone reaping (reap.go) and a checkpoint's
//     graph write take it too. Readers never take it. So two writers of a
//     table never interleave, and a unique check and its insert are atomic.
//   - Snapshots (mvcc.go), as PostgreSQL's: xmax (the next xid) plus the
//     xids active when taken, under a small transaction mutex. The planner
//     takes one per statement (Txn.StartStatement) after its locks, so
//     visibility needs no lock. A commit leaves the active set in one step,
//     so other statements see all of it or none of it; a rollback undoes
//     its changes in place before leaving the set.
//   - Rows (rowstore.go) live in chunks of 4,096 versions that never move;
//     the chunk directory grows by copy and an atomic pointer; the slot
//     count is published after the version is written; xmin and xmax are
//     atomics; values never change once published. A scan reads up to the
//     count it loaded: later versions are invisible to it anyway.
//   - Indexes: the primary-key map is touched only under the writer lock;
//     B-trees hold their own RWMutex inside one call (Ascend copies a block
//     at a time and calls back unlocked); HNSW graphs are concurrent
//     (vecindex's guarantees). A committed delete's index entries stay
//     until no registered snapshot older than the commit remains (reap.go),
//     so an index scan finds every version its snapshot sees.
//   - CREATE INDEX (BuildIndex) fills the index under ACCESS SHARE only,
//     indexes the rows added meanwhile in rounds, then, holding SHARE,
//     the schema latch exclusively and the writer lock, catches up the
//     last rows, drops the entries of versions that aborted or were
//     deleted meanwhile, logs it and attaches it.
//
// Lock order: relation locks (in OID order within a statement), the
// schema latch, a table's writer lock, the commit lock (checkpoint.go),
// then the transaction mutex, the lock-wait mutex (lock.go, lockmgr.go)
// or an index's own lock. Nothing waits for a relation lock, a row or a
// transaction while holding the latch or a writer lock (a row wait lets
// go of the writer lock). A commit's WAL fsync holds only the commit
// lock (shared).
//
// Waiting for transactions (lock.go), as PostgreSQL's row and table
// locks: a writing statement (Txn.SetWait on) that meets a primary key
// held by a version another open transaction inserted or is deleting, or
// a version to change that another open transaction is deleting or
// updating, lets go of the writer lock, waits on that transaction's end
// channel, takes it back and looks again (its ROW EXCLUSIVE relation lock
// keeps DDL off the table meanwhile). A version
// deleted or updated by a transaction that committed after the snapshot
// is 40001 in REPEATABLE READ; in READ COMMITTED the writer gets a
// *RowMoved naming the row's next version (update chain, rowVersion.next)
// and re-checks its WHERE there (EvalPlanQual). Relation lock waits and
// row waits share one wait-for graph, keyed by xid (or a statement's
// owner id): before each wait it is checked, and a wait that would close
// a cycle fails with 40P01. Waits end at the statement's cancel (57014)
// and lock_timeout (55P03). Readers never wait for rows.
//
// # Rows and visibility (MVCC)
//
// A table is an append-only array of row versions addressed by slot (uint64,
// also the key of the table's HNSW indexes). A version carries xmin (the
// transaction that created it; 0 once that transaction aborted) and xmax
// (the transaction that deleted or updated it, 0 if none). UPDATE writes a
// new version and sets xmax on the old. A version is visible to
// transaction T when xmin is T or committed in T's statement snapshot, and
// xmax is neither. Transactions in progress are the only state kept:
// rollback undoes its effects in place, so every xid below a snapshot's
// xmax that is not in its active set is committed.
//
// # Roles, ownership and privileges (roles.go, owner*.go)
//
// Roles follow PostgreSQL's model (docs chapter 22, section 5.7): the
// bootstrap superuser "postgres" exists from the start and can be neither
// dropped nor stripped of SUPERUSER; a role has LOGIN, SUPERUSER,
// CREATEROLE and CREATEDB attributes and an optional password verifier.
// Every table has an owner, the role that created it, who also owns its
// indexes; the owner and superusers hold every privilege on it, other
// roles what was granted to them or to PUBLIC (Privilege, one bit per
// privilege of "arwdDxt"). CREATE on schema public is granted to no one at
// first, as in PostgreSQL 15. Owners and grants are in the CreateTable
// payload; GRANT and REVOKE write TableGrant and SchemaGrant records. A
// role owning a table or holding a grant cannot be dropped (2BP01). The
// catalog only stores and answers; the planner decides who may run what.
//
// # Schemas (schema.go)
//
// A relation's catalog name is "schema.name" in a user schema and the
// bare name in public, so data directories from before schemas load with
// everything in public; QualifiedName and SplitName convert, and the
// planner resolves names as written through search_path. User schemas
// (owner, USAGE and CREATE grants) are logged as Schema records (create,
// drop, owner, grant, rename) and written in a snapshot's catalog file
// after the schema grants item (absent in older snapshots). Moving a
// table (SetTableSchema, RenameSchema) logs its new definition and its
// indexes' renames, as ALTER TABLE does.
//
// # Sequences (sequence.go)
//
// A sequence (CREATE SEQUENCE) is a Table whose Seq holds its definition
// (type, bounds, increment, CYCLE, OWNED BY), logged and snapshotted as
// a table whose CreateTable/AlterTable record ends with the sequence
// section. Its value is not transactional: nextval and setval change it
// under the table's seqMu, and the TxnCommit record of each transaction
// that touched it (a read-only statement commits one of its own) carries
// its state with a version that setval, ALTER SEQUENCE and CYCLE
// wrap-around raise, so replay keeps the newest state whatever order
// the commit records reached the WAL in. Serial columns of older data
// directories kept their own counters (Table.seqs, still replayed from
// their WAL); Open turns each into a sequence OWNED BY the column
// (serial_migrate.go).
//
// # Views (view.go)
//
// A view is a Table whose View holds its query (SQL text the planner
// parses and binds at each use), pg_get_viewdef's text, the OIDs of the
// relations it reads and whether it is updatable; it has columns, an
// owner and grants, and no rows or indexes. It is logged and snapshotted
// as a table, its CreateTable/AlterTable record ending with the view
// section. DependentViews answers the planner's 2BP01 checks.
//
// # Comments (comment.go)
//
// COMMENT ON a relation, column, constraint or index changes the
// relation's definition (Table.Comment, Column.Comment,
// Constraint.Comment, PKeyComment, the index comments by OID): an
// AlterTable record ending with the comment section, undone at rollback
// as any ALTER (RememberTable). A user schema's comment is a schema
// record (schemaNote) and a trailing list in the snapshot's schema item.
// Txn.HideChangesSince (txn_hide.go) hides a statement's own earlier row
// changes from its later reads, for data-modifying WITH queries.
//
// # ALTER TABLE and TRUNCATE (alter.go, alter_layout.go)
//
// Stored row versions are never rewritten. A table's columns map to
// positions among a version's stored values through a row layout, as
// PostgreSQL's attnum: ADD COLUMN appends a position, and versions stored
// before it, being shorter, read the column's missing value (the constant
// DEFAULT at ALTER time, or NULL; PostgreSQL's attmissingval); DROP
// COLUMN removes the column from the map, its position staying unread
// (new versions store NULL there), and drops the indexes on it and, when
// it is part of the primary key, the key. Index.phys is an index's stored
// position. Scan, Get and the other readers return values in column order
// (Table.logical: the stored slice itself unless columns were dropped or
// the version predates an added one). Each ALTER TABLE command is logged
// as an AlterTable record holding the table's whole new definition (a
// CreateTable payload, whose trailing layout section carries the map,
// the missing values and the default expressions' text); checkpoints
// write the same payload, so replay and snapshots restore the layout.
// TRUNCATE outside a transaction block replaces the table by an empty
// one of the same OID, name, columns and sequence values with new, empty
// indexes (new graphs), so a checkpoint still writing the old rows is
// unharmed; it is logged as a Truncate record. Inside a block it deletes
// every row through MVCC instead, so ROLLBACK brings them back. Both are
// transactional (see "Transactional DDL" below). REINDEX builds a new
// index of the same definition and swaps it in (every new index of a
// REINDEX TABLE is built before any is swapped, so a cancelled one
// changes nothing); VACUUM reaps deleted rows' index entries and compacts
// the HNSW graphs, stopping (within a graph too) when cancelled; neither
// logs anything.
// Relation sizes (alter_size.go, for pg_relation_size) are estimates of
// memory held, not sizes on disk.
//
// # Constraints (constraint*.go)
//
// Besides the primary key and NOT NULL, a table has UNIQUE, CHECK and
// FOREIGN KEY constraints and unique indexes (CREATE UNIQUE INDEX) in
// Table.Constraints, part of its definition: the CreateTable payload
// carries them in a trailing section (absent in older records and
// snapshots, which load with none), so CreateTable and AlterTable
// records and checkpoints make them durable, and ADD / DROP CONSTRAINT
// are ALTER TABLEs (undone by rollback like any). A unique key keeps, as
// the primary key, a map from its columns' key bytes to slots, checked
// by every insert (23505, waiting for an open inserter or deleter as
// the primary key does); its index is in the catalog's name map only
// (pg_class, DROP INDEX), never an access path. A foreign key keeps the
// same map over the referencing columns, so a parent's delete or key
// update finds its child rows (constraint_fk.go): a child row's parent
// and a removed key's NO ACTION are checked at the end of the statement
// (Txn.FinishStatement; INITIALLY DEFERRED keys at COMMIT), RESTRICT at
// once, CASCADE / SET NULL / SET DEFAULT change the child rows through
// the same Txn methods under the child's writer lock. A child row needs
// a parent row live to its transaction; one an open transaction
// inserted or is deleting is waited for. Table.keysMu guards the maps
// against readers of other tables. CHECK expressions are evaluated by
// the planner (SetRowCheck).
//
// # Expression, partial and multi-column indexes (index_expr.go)
//
// An index's key may be an expression of its table's columns, or a list
// of them (a multi-column B-tree, whose keys are CompositeKeys ordered
// column by column), and it may hold only the rows a predicate is true
// for. Both are kept as SQL text (Index.Expr, Index.Pred) at the end of
// the CreateIndex payload and bound by the planner (SetIndexExprBinder)
// whenever an index object is made: CREATE INDEX, REINDEX, ALTER TABLE
// (bound again at the new column positions), snapshot load and replay.
// Index.value and Index.key compute a version's key and whether it
// enters the index. DROP COLUMN drops the indexes whose expression or
// predicate reads the column; RENAME of such a column is 0A000 (the text
// names it). A unique partial index keeps its predicate in its unique
// key's CheckExpr: rows it is not true for take no part in the key.
//
// # Transactional DDL (undo*.go)
//
// DDL is applied in memory when it runs, and undone by ROLLBACK (or by
// the failure of a block or of a multi-statement Query): each DDL run in
// a transaction (Txn) records its inverse, which Rollback applies newest
// first after undoing the rows, with the schema lock held exclusively,
// through the ordinary DDL paths. Its WAL records are kept in the
// transaction and written at COMMIT before the row records (ddllog.go);
// an undo's records join them (a ROLLBACK TO SAVEPOINT then commits both)
// or are dropped with them at ROLLBACK, so a crash before COMMIT leaves
// nothing of the DDL, and replay needs no notion of DDL transactions.
// Created role,
// table or index: dropped. Altered role: the saved Role (attributes and
// verifier) written back. Dropped role: created again. GRANT/REVOKE: the
// grantee's previous bits. ALTER TABLE and RENAME: the saved definition
// written back (an AlterTable record), keeping stored positions added
// meanwhile allocated and unread. DROP COLUMN: the column comes back
// (stored values were never removed) and its indexes are rebuilt; a
// primary-key column cannot be dropped inside a block (25001). DROP
// INDEX: rebuilt from the rows. DROP TABLE inside a block renames the
// table to "vecgres dropped <oid> <name>" (AlterTable) and drops it at
// COMMIT; rollback renames it back; Open renames back any such table
// left by a crash in WAL written before DDL records waited for COMMIT.
// TRUNCATE inside a block is an MVCC delete.
//
// A DDL's relation lock on the table it changes is its transaction's,
// so other transactions' DDL and writes on it wait until the
// transaction ends, and so do their reads after DDL that PostgreSQL runs
// under ACCESS EXCLUSIVE (also WaitTableRead); a table created in an open
// transaction does not exist for others (42P01). Authentication
// (RoleVerifier) sees a role as it was committed until the transaction
// that changed it ends.
//
// Limits: catalog views and privilege checks in other sessions see
// uncommitted DDL (a new name, a role's new attributes); a concurrent
// GRANT on the same table and grantee, or ALTER ROLE of the same role, by
// another transaction can be overwritten by the undo; a table dropped
// inside a block keeps its index names (and shows under its hidden name
// in the catalog views) until the commit; no checkpoint is taken while a
// transaction holds uncommitted DDL.
//
// # WAL records
//
// Each DDL statement (and each undo step) is one or more records,
// written at its transaction's COMMIT (ddllog.go), or at once outside a
// transaction. A transaction's row changes are written at
// COMMIT as zero or more TxnData records (each at most maxRecordBytes)
// followed by one TxnCommit record; replay applies a transaction's data only
// when its commit record is present. A row too large for one record (up to
// PostgreSQL's 1 GB per value) is written as TxnDataPart records and the
// TxnData record ending it, its large values copied from the row a record
// at a time (walrec_txn.go). Payload layouts are in walrec.go. A COPY
// writes its rows' TxnData records while it runs (RowLog, txn_early.go),
// without waiting for an fsync, so its commit writes only its commit
// record; a checkpoint or a ROLLBACK TO SAVEPOINT in between voids them,
// and the commit then writes a TxnReset record and every row again.
//
// A commit's records go to the WAL as one batch (wal.Log.AppendAll): one
// fsync, and on a full disk none of them is written; a commit larger than
// commitBatchBytes writes its earlier batches without an fsync
// (wal.Log.Write) and still fsyncs once. A failed WAL write is
// logged and answered with 53100 (ENOSPC, EDQUOT: PostgreSQL 15's
// `could not extend file "..."` with HINT "Check free disk space.") or
// 58030 (walerr.go); the transaction is rolled back, reads go on, and the
// next commit succeeds once space was freed. Only a failure the WAL cannot
// take back (a failed fsync, see wal's doc) refuses writes until restart.
// A checkpoint that fails (a full disk) leaves the previous snapshot and
// the WAL as they were; the background checkpointer then waits
// checkpointRetry before trying again, and a failed checkpoint at Close
// loses nothing: the next Open replays the WAL after the last snapshot.
//
// # Checkpoints (checkpoint.go, snapshot_*.go)
//
// A checkpoint (every CheckpointInterval while WAL is written, every
// CheckpointWALBytes of WAL, and at Close) writes a snapshot of the
// committed state at one WAL position, its LSN: every commit whose records
// lie below the LSN is in it, none above. Commit holds a commit lock shared
// from encoding its records until its xid left the active set; the
// checkpoint, with the schema lock shared, takes it exclusively just to
// read the WAL's NextLSN and take an MVCC snapshot, so no commit is
// half-way; it then copies the table and index lists, sequences and roles
// and lets go of every lock. The rows written are those live in that
// snapshot, so readers and writers go on while it writes (writers of one
// table wait only while its graphs are written), into
// "snapshot.<LSN as 16 hex digits>.tmp" in the data directory:
//
//	catalog         next OID, next XID, tables (CreateTable payload plus
//	                sequence values), indexes (CreateIndex payload plus
//	                whether a graph file exists), roles (encodeRole),
//	                grantees of CREATE on schema public (absent in older
//	                snapshots)
//	rows.<oid>      per table: slot count, then each committed live version
//	                (slot, datums); other slots come back empty
//	hnsw.<oid>      per HNSW index: vecindex's checkpoint format (graph
//	                layers, neighbour lists, entry point, tombstones, CRC)
//	ivf.<oid>       per ivfflat index: its centers (vecindex's centers
//	                format, with its CRC); the lists are filled from the
//	                rows before Open returns (ivf.go). An ivfflat index
//	                without the file (created after the snapshot) is
//	                trained again from the live rows, seeded by its OID.
//	                Its lists count is the CreateIndex payload's m field.
//
// catalog and rows files are block files (snapshot_format.go): a header
// (magic, version, kind, the snapshot's LSN), CRC-32C-checked blocks, and a
// trailer counting the blocks; a graph file starts with the same header.
// Each file is fsynced, then the WAL is synced up to the LSN, the
// directory fsynced, renamed to "snapshot.<LSN>", the data directory
// fsynced, and CURRENT (one line naming the snapshot) replaced through
// CURRENT.tmp, fsync, rename, fsync. Only then are snapshots older than the
// previous one deleted and WAL segments lying wholly below the previous
// snapshot's LSN removed: the previous snapshot stays usable. Last, the
// WAL's end is recorded (wal.Log.RecordEnd, file wal.end), as it is again
// at Close after the last checkpoint (marked clean); between checkpoints
// the WAL itself records in wal.end each segment it switches to, before a
// commit in it is acknowledged. A later Open refuses a WAL that ends
// before the recorded end (a deleted or cut-short segment, also after a
// crash) by name, and --wal-truncate-corrupt overrides that, logging the
// LSN range lost.
//
// Open loads the snapshot CURRENT names (graphs read, not rebuilt; rows and
// graphs in parallel), tombstones graph nodes whose slot has no row in the
// snapshot (transactions in progress at the snapshot, or versions written
// while the graph was), replays only the WAL records at or after its LSN
// (wal.Log.ReplayFrom), then indexes any other live row the loaded graph
// lacks and returns. The live rows of the slots those records touched
// become the graph's pending set (catchup.go, Index.PendingSlots),
// inserted by a background goroutine a chunk at a time while the server
// answers queries: an index scan computes exact distances to the pending
// rows and merges them into the graph's (planner/filter_knn.go), so it
// misses none. Close stops the catch-up; its checkpoint's graph then lacks
// the rows still pending, which the next Open indexes before returning.
// A damaged snapshot file (CRC, truncation, bad magic) gives an error wrapping
// ErrSnapshotCorrupt naming the file; if the previous snapshot and the WAL
// after it are still there, Open logs the error and starts from it instead.
// A file whose header carries another LSN than its snapshot's (a file
// copied in from another snapshot, say the previous one's rows) is such
// damage: the error names the file and both LSNs. Falling back is right
// rather than refusing: the previous snapshot plus the WAL after it hold
// every commit the damaged one did, exactly, and the fallback is logged at
// ERROR level; without them Open refuses. Version 1 snapshots (no LSN in
// the headers, bare graph files) still load, unchecked.
//
// # Online backup (backup.go)
//
// Backup copies the live snapshot directory and CURRENT into an empty
// directory, then the WAL from the snapshot's LSN to its end at that
// moment (wal.Log.CopyTo: each segment up to the end, zero-padded to its
// size, no wal.end), holding the checkpoint mutex so that no checkpoint
// prunes what is being copied; commits go on. The copy is a data
// directory whose Open replays exactly the commits below that end.
//
// Recovery never needs WAL before the snapshot it starts from: replay
// starts at the snapshot's LSN (not at the start of its segment), so damage
// to WAL bytes the snapshot covers (a flipped bit, a zeroed page, deleted
// segments after a clean shutdown) does not stop Open.
//
// Without CURRENT, Open loads the newest snapshot directory that loads (all
// CRCs checked), trying older ones after a damaged one, logs a warning and
// rewrites CURRENT; it starts empty only when there is no snapshot at all
// (and the WAL starts at LSN 0). No checkpoint prunes a snapshot newer than
// the one Open loaded that may hold commits the catalog lacks (its LSN lies
// past the WAL replayed, which only --wal-truncate-corrupt allows): Open
// renames it "snapshot.<LSN>.kept" and leaves it for inspection. A newer
// snapshot within the replayed WAL (a checkpoint killed before it moved
// CURRENT) holds nothing more and is pruned.
//
// Without a snapshot, the whole WAL is replayed and every index built with
// parallel inserts.
package catalog
