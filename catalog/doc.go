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
// Indexes are rebuilt from the rows after replay.
package catalog
