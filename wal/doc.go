// Package wal is vecgres's write-ahead log: an append-only sequence of
// records, each durable (fsynced) before Append returns, replayed in order at
// start-up. It is a leaf package: it imports only the standard library. The
// catalog layer appends one record per committed transaction (a payload it
// encodes itself) and replays every record when the server starts.
//
// # Logical log and LSNs
//
// The log is a sequence of equal-sized segment files in one directory. An LSN
// (log sequence number) is the byte position of a record's first header byte
// in the logical log: segment index * SegmentSize + offset within the
// segment. LSNs are strictly increasing. A segment file is named after the
// LSN of its first byte as 16 lower-case hex digits plus ".wal", for example
// "0000000004000000.wal" for the second 64 MiB segment. New segments are
// created as "<name>.tmp", preallocated to SegmentSize (fallocate on Linux,
// otherwise a truncate-extend, which reads back as zeros), fsynced, renamed
// to their final name, and the directory is fsynced; leftover ".tmp" files are
// deleted by Open. Every segment file is exactly SegmentSize bytes, so the
// segment size must not change between runs (Open/Replay reject a longer
// file as a mismatch; a shorter one was cut short: see Recovery).
//
// # Record format (all integers little-endian)
//
//	offset  size  field
//	0       4     length   uint32, payload bytes (not counting the header)
//	4       4     crc      uint32, CRC-32C (Castagnoli) over bytes 8..16 of
//	                       the header (type, lsn) followed by the payload
//	8       1     type     RecordType; 0 is reserved and never written
//	9       8     lsn      uint64, must equal the record's own position
//	17      length payload
//
// The header is HeaderSize (17) bytes and records are not aligned. A record
// never spans segments: when it does not fit in the rest of the current
// segment, that rest stays zero and the record starts the next segment. A
// record larger than a whole segment (HeaderSize+len(payload) > SegmentSize)
// is rejected by Append with ErrTooLarge.
//
// # Recovery (Replay)
//
// Replay reads segments in LSN order and calls fn for each valid record. A
// header that is all zero bytes with only zeros after it is the clean end of
// a segment (preallocated space); in a non-last segment reading continues in
// the next one. A stop point that is not clean (zero header followed by
// non-zero bytes, type 0, an LSN that differs from the record's position, a
// length running past the segment end, or a CRC mismatch) is classified:
//
//   - In the last segment, if no valid record (correct LSN and CRC) exists
//     anywhere after it in that segment and it lies at or past the recorded
//     end (see Recorded end), it is a torn tail left by a crash in the
//     middle of a write: the bytes from the stop point on are zeroed and
//     fsynced, and appending continues there.
//   - Otherwise (valid data follows, or the segment is not the last one, or a
//     segment is missing between two others) it is corruption: Replay returns
//     a *CorruptError, which matches errors.Is(err, ErrCorrupt) and names the
//     segment file and byte offset. With Options.TruncateCorrupt the log is
//     instead cut there (zeroed from the offset, later segments deleted), a
//     warning is logged through log/slog, and Replay returns nil.
//
// A segment file shorter than SegmentSize was cut short after it was
// preallocated: Replay returns a *CorruptError naming it and its size; with
// TruncateCorrupt it is extended back with zeros and the log cut where its
// valid records end (later segments deleted). After a clean shutdown (see
// Recorded end) a cut last segment is extended without the flag: nothing
// followed the recorded end, and a cut below it is an *EndError.
//
// Because the old segment is fsynced before the next one is created, a
// non-last segment never holds unsynced data, so a damaged non-last segment is
// always real corruption. One ambiguity remains, as in every WAL: after a
// power loss, the OS may have written back a later unsynced page but not an
// earlier one, which looks like "bad record followed by valid data" in the
// last segment. Only unacknowledged records can be involved (an fsync covers
// every earlier byte), so running Replay with TruncateCorrupt loses nothing
// that Append reported durable in that case.
//
// # Group commit and durability
//
// Append (or AppendAll, for a batch) encodes and writes its records under
// a mutex, then waits until the synced position covers their end. The first waiter that finds no
// fsync in flight becomes the leader: it records the current end of the log,
// fsyncs the active segment, publishes the new synced position and wakes
// everyone; records written while an fsync runs are covered by the next one.
// With 8 parallel appenders this gives well under one fsync per record (see
// BenchmarkAppendParallel, metric fsyncs/op).
//
// With Options.NoSync (like PostgreSQL's synchronous_commit=off) Append
// returns once the record is written to the OS page cache; a background
// flusher fsyncs every NoSyncFlushInterval and Close fsyncs. A process crash
// loses nothing, but an OS crash or power loss may lose the most recent
// records (those after the last fsync). It never corrupts the log: what is
// lost is always a suffix, and the torn tail is truncated by Replay.
//
// # Failures: a full disk is retried, anything after a write is final
//
// AppendAll writes a batch of records (a transaction's) under the mutex and
// then waits once for durability. Before its first write it prepares every
// new segment the batch will need (temporary name, fallocate, fsync) and
// the end file recording the last of them (see Recorded end), and
// preallocation never falls back to a sparse file on ENOSPC, so on a full
// disk the batch fails there with nothing written. Any failure while
// preparing (create, fallocate, or the fsync of the still empty file) is
// retried the same way: the temporary file is removed and no record
// refers to it. If a write into the
// active segment fails (ENOSPC on a filesystem that does not preallocate,
// or a short write), the batch's bytes are zeroed and fsynced and the end
// of the log moves back to where the batch began: none of them was covered
// by a durable position yet, so none was acknowledged. In both cases the
// error is returned (a *FileError, IsDiskFull for ENOSPC and EDQUOT) and
// the log stays usable: the next append succeeds once space was freed,
// without a restart.
//
// Every other failure is final: the Log then refuses all writes, and every
// later Append, Sync and Close returns the first error. That covers a
// failed fsync of a segment holding records, a write after the batch moved
// to a new segment (the previous one was fsynced with part of the batch),
// renaming a prepared segment or end file or fsyncing the directory, and
// a failure while zeroing a batch back. On Linux a failed fsync marks the
// dirty pages clean (or drops them) and reports the error only once, so a
// retried fsync can "succeed" although the data never reached the disk
// (PostgreSQL's 2018 "fsyncgate"; PostgreSQL now PANICs instead of
// retrying). The only safe continuation is to stop, reopen and Replay,
// which trusts only what is on disk. Records whose Append failed may or
// may not be present after that replay; no record whose Append returned
// nil is lost.
//
// # Filesystem
//
// All I/O goes through the FS interface. OSFS is the real filesystem; MemFS
// is an in-memory filesystem that tracks fsynced versus unsynced data and
// directory entries (CrashClone returns what would survive a power loss) and
// can inject errors (failed or short writes, failed fsyncs, ENOSPC) for
// crash and fault tests. The idea follows pebble's vfs.NewCrashableMem and
// vfs/errorfs. The catalog's checkpoints use the same FS (directory rename,
// RemoveAll), so MemFS fault tests cover them too.
//
// # Recorded end
//
// Replay alone cannot tell a log that ends early because a segment was
// deleted, cut short or zeroed from one that simply ended. The end file
// "wal.end" in the log directory (magic, version, flags, end LSN, CRC-32C;
// always replaced atomically: temporary file, fsync, rename, directory
// fsync) records how far the log is known to reach. It is written:
//
//   - by RecordEnd, called by the catalog after each checkpoint and at clean
//     shutdown: it fsyncs the log and records its end LSN. Its clean flag
//     says nothing was appended after it (a clean shutdown); the next
//     ReplayFrom clears it before appending starts.
//   - at each segment switch, with the segment flag: "the log went on in
//     the segment starting at this LSN". The end file is prepared (written
//     and fsynced under the temporary name "wal.end.next.tmp") together
//     with the new segment, before the batch that needs it writes a byte,
//     and installed (rename, directory fsync) right after the new segment
//     is published and before any record is written into it, all under
//     the log's mutex. So no record in a segment is ever acknowledged (nor
//     even written) before the end file names that segment or a later end,
//     and after a crash the last segment that held a record is always
//     known. The cost is one 28-byte file write, two fsyncs and a rename
//     per segment (64 MiB by default), nothing per commit. A batch that
//     starts several segments records only the last one: its records are
//     acknowledged only after that, and no other batch writes in between.
//   - by ReplayFrom before appending starts, when the segment the log goes
//     on in is not yet recorded (a new log, or the segment it creates when
//     none is left at or after from), when the clean flag must be cleared,
//     or after a TruncateCorrupt cut (see below). A start-up in the middle
//     of a recorded segment writes nothing.
//
// The recorded end only moves forward: each writer keeps what is recorded
// when it promises more (a higher LSN; at the same LSN, a segment in use
// over a plain end), so a RecordEnd whose end was taken before a
// concurrent segment switch does not undo the switch's record. Only a
// TruncateCorrupt cut at start-up moves it back, to where the cut log
// ends. It never points past what replay can legitimately find: a plain
// end is the durable end of the log when it was recorded, a segment in
// use was published (its directory entry fsynced) before it was recorded,
// and RemoveBefore only deletes segments wholly below a snapshot's LSN,
// from which replay starts, so a recorded segment it deleted lies below
// every segment replay reads.
//
// Failures (see also the section above): preparing the end file for a switch (create,
// write, fsync: ENOSPC on a full disk) fails the Append before any of its
// bytes is written, the prepared segments and the temporary end file are
// removed, and the log stays usable: the next Append prepares both again.
// Installing it (rename, directory fsync) fails the log for good, as
// publishing a segment does: the new segment is published but holds no
// record, and no record of the batch was acknowledged; after a restart,
// either end file is consistent with the log (the old one says less, the
// new one names a segment that exists). A crash between publishing the
// segment and installing the end file likewise leaves an empty, unrecorded
// segment, which nobody needs.
//
// ReplayFrom then:
//
//   - refuses a log that does not reach the recorded end with an *EndError
//     ("the WAL ends at LSN X before the recorded end LSN Y ... segment N
//     missing"), matching ErrCorrupt: for a plain end, the valid records
//     end before it; for a segment in use, the log does not go on in that
//     segment or a later one (it was deleted: the records appended to it
//     after the switch, however many, are gone). With TruncateCorrupt it
//     logs the lost LSN range instead (lost_from_lsn; for a deleted segment
//     in use the end of the range is unknown) and records the new end;
//   - treats a bad record below the recorded end as corruption even in the
//     last segment (those bytes were durable), never as a torn tail;
//   - with no segment at or after its from LSN, goes on in a new segment
//     only when a clean shutdown recorded an end at or below from (or the
//     last segment ends exactly at from and no later segment was recorded
//     in use); otherwise the records after from may be lost and it returns
//     a *CorruptError naming the segment, or an *EndError.
//
// A log without an end file (written before it existed) is checked as
// before, and gets one before appending starts. What remains undetectable:
// the last records of the last segment zeroed after a crash (past the
// recorded end) look like a torn tail, as after a crash in the middle of a
// write; and an OS crash in NoSync mode may lose acknowledged records, as
// documented for NoSync.
//
// # Checkpoints
//
// The log knows nothing of snapshots; the catalog uses these methods:
// NextLSN (the snapshot's LSN), ReplayFrom (replay only records at or after
// it: segments wholly below it are not read and the segment holding it is
// read from its offset on, so recovery never needs the log before the
// snapshot, and damage there goes unnoticed), RemoveBefore (delete segments
// wholly below an older, durable snapshot's LSN), FirstLSN (whether the log
// after the previous snapshot is still there for a fallback) and RecordEnd.
// A log with no segment left at or after the snapshot's LSN goes on in a new
// segment holding that LSN, whose bytes before it stay zero.
package wal
