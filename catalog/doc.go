// Package catalog holds vecgres's tables, their rows and their indexes, in
// memory, made durable through the write-ahead log (package wal).
//
// # Concurrency
//
// One RWMutex guards the whole catalog. The planner holds it for the length
// of one statement: shared for reads, exclusive for writes and DDL. That
// gives every statement a consistent snapshot (read committed, as
// PostgreSQL's default): a transaction's commit flips its rows visible while
// no statement runs. The WAL fsync of a commit happens outside the lock, so
// one session's commit does not stall the others' reads.
//
// # Rows and visibility (MVCC)
//
// A table is an append-only array of row versions addressed by slot (uint64,
// also the key of the table's HNSW indexes). A version carries xmin (the
// transaction that created it; 0 once that transaction aborted) and xmax
// (the transaction that deleted or updated it, 0 if none). UPDATE writes a
// new version and sets xmax on the old. A version is visible to transaction
// T when xmin is T or committed, and xmax is neither T nor committed.
// Transactions in progress are the only state kept: rollback undoes its
// effects in place, so every other xid below the counter is committed.
//
// # WAL records
//
// Each DDL statement is one record, written when it runs (DDL is not
// transactional in vecgres yet). A transaction's row changes are written at
// COMMIT as zero or more TxnData records (each at most maxRecordBytes)
// followed by one TxnCommit record; replay applies a transaction's data only
// when its commit record is present. Payload layouts are in walrec.go.
//
// # Checkpoints (checkpoint.go, snapshot_*.go)
//
// A checkpoint (every CheckpointInterval while WAL is written, every
// CheckpointWALBytes of WAL, and at Close) writes a snapshot of the
// committed state at one WAL position, its LSN: every commit whose records
// lie below the LSN is in it, none above. Commit holds a commit lock shared
// from encoding its records until its rows are visible; the checkpoint takes
// it exclusively, with the catalog lock shared and the role lock, just to
// read the WAL's NextLSN and copy the roles, so no commit is half-way. It
// then writes, still under the shared catalog lock (writers wait, readers
// do not), into "snapshot.<LSN as 16 hex digits>.tmp" in the data directory:
//
//	catalog         next OID, next XID, tables (CreateTable payload plus
//	                sequence values), indexes (CreateIndex payload plus
//	                whether a graph file exists), roles (encodeRole)
//	rows.<oid>      per table: slot count, then each committed live version
//	                (slot, datums); other slots come back empty
//	hnsw.<oid>      per HNSW index: vecindex's checkpoint format (graph
//	                layers, neighbour lists, entry point, tombstones, CRC)
//
// catalog and rows files are block files (snapshot_format.go): a header
// (magic, version, kind), CRC-32C-checked blocks, and a trailer counting the
// blocks. Each file is fsynced, then the WAL is synced up to the LSN, the
// directory fsynced, renamed to "snapshot.<LSN>", the data directory
// fsynced, and CURRENT (one line naming the snapshot) replaced through
// CURRENT.tmp, fsync, rename, fsync. Only then are snapshots older than the
// previous one deleted and WAL segments lying wholly below the previous
// snapshot's LSN removed: the previous snapshot stays usable.
//
// Open loads the snapshot CURRENT names (graphs read, not rebuilt; rows and
// graphs in parallel), tombstones graph nodes of transactions that were in
// progress at the snapshot, replays only the WAL records at or after its LSN
// (wal.Log.ReplayFrom), then re-indexes just the slots those records touched.
// A damaged snapshot file (CRC, truncation, bad magic) gives an error wrapping
// ErrSnapshotCorrupt naming the file; if the previous snapshot and the WAL
// after it are still there, Open logs the error and starts from it instead.
// Without a snapshot, the whole WAL is replayed and every index built with
// parallel inserts.
package catalog
