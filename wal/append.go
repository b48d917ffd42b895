package wal

import (
	"fmt"
	"path/filepath"
	"time"
)

// Record is one record of a batch given to AppendAll.
type Record struct {
	Type    RecordType
	Payload []byte
}

// Append writes one record and returns its LSN: AppendAll of one record.
func (l *Log) Append(typ RecordType, payload []byte) (LSN, error) {
	return l.AppendAll([]Record{{typ, payload}})
}

// AppendAll writes recs in order, as consecutive records, and returns the
// LSN of the first. Unless Options.NoSync is set, they are durable
// (fsynced) when AppendAll returns nil; they share one group-commit wait
// with concurrent callers. Types must not be 0, and HeaderSize+len(payload)
// of each must not exceed SegmentSize (else ErrTooLarge).
//
// Errors (see doc.go, "Failures"): when the batch fails before any of its
// bytes could have been made durable (creating or preallocating a new
// segment, or a write into the active segment, typically ENOSPC), the
// batch is taken back (its bytes zeroed) and the log stays usable: a later
// call may succeed once space is freed. Any other failure (an fsync, a
// write after the batch moved to a new segment, or taking back itself)
// makes the log refuse all further writes. File errors are *FileError.
func (l *Log) AppendAll(recs []Record) (LSN, error) {
	first, end, err := l.write(recs)
	if err != nil || l.opts.NoSync {
		return first, err
	}
	if err := l.waitDurable(end); err != nil {
		return 0, err
	}
	return first, nil
}

// Write writes recs as AppendAll does, with the same errors, but returns
// without waiting for them to be durable: the next AppendAll or Sync that
// returns nil has made them durable too (a segment is fsynced before the
// log moves past it, and each fsync covers everything written before it).
// A caller writing a large transaction in pieces writes all but the last
// piece this way, so the whole transaction costs one fsync, as
// PostgreSQL's commit does; until its commit record is durable, a crash
// loses the pieces, which replay then ignores.
func (l *Log) Write(recs []Record) (LSN, error) {
	first, _, err := l.write(recs)
	return first, err
}

// write checks and writes recs (writeBatchLocked) and returns the first
// record's LSN and the end of the batch.
func (l *Log) write(recs []Record) (first, end LSN, err error) {
	if err := l.checkBatch(recs); err != nil {
		return 0, 0, err
	}
	l.mu.Lock()
	if err := l.stateErrLocked(); err != nil {
		l.mu.Unlock()
		return 0, 0, err
	}
	first, end, err = l.writeBatchLocked(recs)
	l.mu.Unlock()
	if err != nil {
		return 0, 0, err
	}
	if l.opts.OnAppend != nil {
		l.opts.OnAppend(int64(end - first))
	}
	return first, end, nil
}

// checkBatch refuses a reserved type or a record larger than a segment.
func (l *Log) checkBatch(recs []Record) error {
	if len(recs) == 0 {
		return fmt.Errorf("wal: append: no records")
	}
	for _, r := range recs {
		if r.Type == 0 {
			return fmt.Errorf("wal: append: record type 0 is reserved")
		}
		if HeaderSize+int64(len(r.Payload)) > l.opts.SegmentSize {
			return fmt.Errorf("wal: append %d-byte payload to %d-byte segments: %w", len(r.Payload), l.opts.SegmentSize, ErrTooLarge)
		}
	}
	return nil
}

// writeBatchLocked writes recs after preparing every new segment they
// need, and the end file recording the last of them (rollEndTemp), so that
// running out of space for either fails before a byte of the batch is
// written. It returns the first record's LSN and the end of the batch.
func (l *Log) writeBatchLocked(recs []Record) (first, end LSN, err error) {
	spares, err := l.prepareRoll(l.segmentsNeeded(recs))
	if err != nil {
		return 0, 0, err
	}
	defer func() { // unused only after a failure
		for _, sf := range spares {
			l.discardSegment(sf)
		}
		if len(spares) > 0 { // the last roll did not install it
			l.fs.Remove(filepath.Join(l.dir, rollEndTemp))
		}
	}()
	mark, rolled := l.writeOff, false
	for i, r := range recs {
		n := HeaderSize + int64(len(r.Payload))
		if l.writeOff+n > l.opts.SegmentSize {
			if err := l.rollLocked(spares[0], len(spares) == 1); err != nil {
				return 0, 0, l.failLocked(err)
			}
			spares, rolled = spares[1:], true
		}
		lsn := l.active.start + LSN(l.writeOff)
		if i == 0 {
			first = lsn
		}
		l.buf = appendRecord(l.buf[:0], r.Type, lsn, r.Payload)
		if w, err := l.active.f.WriteAt(l.buf, l.writeOff); err != nil {
			err = fmt.Errorf("wal: write %s at offset %d: %w", segmentName(l.active.start), l.writeOff,
				&FileError{Op: "write", Path: l.segPath(l.active.start), Err: err})
			if rolled {
				return 0, 0, l.failLocked(err)
			}
			return 0, 0, l.takeBackLocked(mark, l.writeOff+int64(w), err)
		}
		l.writeOff += n
	}
	return first, l.endLocked(), nil
}

// prepareRoll prepares the k new segments a batch needs (prepareSegments)
// and, when k > 0, the end file saying that the last of them is in use,
// under its temporary name rollEndTemp (installed by rollLocked). On error
// nothing prepared is left and the log is as it was.
func (l *Log) prepareRoll(k int) ([]*segFile, error) {
	spares, err := l.prepareSegments(k)
	if err != nil || k == 0 {
		return spares, err
	}
	if err := l.prepareEnd(rollEndTemp, recordedEnd{lsn: spares[k-1].start, seg: true}); err != nil {
		for _, sf := range spares {
			l.discardSegment(sf)
		}
		return nil, err
	}
	return spares, nil
}

// segmentsNeeded counts the new segments writing recs will start.
func (l *Log) segmentsNeeded(recs []Record) int {
	off, k := l.writeOff, 0
	for _, r := range recs {
		n := HeaderSize + int64(len(r.Payload))
		if off+n > l.opts.SegmentSize {
			k, off = k+1, 0
		}
		off += n
	}
	return k
}

// prepareSegments prepares the k segments after the active one (temporary
// names, preallocated); on error it removes those it made.
func (l *Log) prepareSegments(k int) ([]*segFile, error) {
	var out []*segFile
	for i := range k {
		sf, err := l.prepareSegment(l.active.start + LSN(int64(i+1)*l.opts.SegmentSize))
		if err != nil {
			for _, p := range out {
				l.discardSegment(p)
			}
			return nil, err
		}
		out = append(out, sf)
	}
	return out, nil
}

// takeBackLocked undoes a batch whose write failed in the active segment,
// before any of it was covered by a durable position: it zeroes the bytes
// from mark to end (what the batch wrote, so they need no new blocks on a
// full disk), fsyncs them, and leaves the log usable at mark. The zeroes
// matter: a later, shorter record must not leave part of a failed one
// behind it. If taking back fails, the log fails for good.
func (l *Log) takeBackLocked(mark, end int64, cause error) error {
	if end == mark {
		return fmt.Errorf("%w (nothing written; the log stays usable)", cause)
	}
	zeros := make([]byte, end-mark)
	if _, err := l.active.f.WriteAt(zeros, mark); err != nil {
		return l.failLocked(fmt.Errorf("%w; zeroing it back failed: %v", cause, err))
	}
	if err := l.active.f.Sync(); err != nil {
		return l.failLocked(fmt.Errorf("%w; fsync after zeroing it back failed: %v", cause, err))
	}
	l.writeOff = mark
	return fmt.Errorf("%w (nothing written; the log stays usable)", cause)
}

// rollLocked fsyncs the active segment (so that a non-last segment never
// holds unsynced data, which Replay relies on), then publishes the prepared
// next segment and makes it active. For the last new segment of a batch
// (record), it then installs the prepared end file saying that segment is
// in use (recordSegmentLocked), before any record is written into it. An
// error is final for the log (the caller fails it).
func (l *Log) rollLocked(next *segFile, record bool) error {
	old := l.active
	if err := old.f.Sync(); err != nil {
		return fmt.Errorf("wal: %w", &FileError{Op: "fsync", Path: l.segPath(old.start), Err: err})
	}
	if err := l.publishSegment(next); err != nil {
		return err
	}
	if record {
		if err := l.recordSegmentLocked(next.start); err != nil {
			return err
		}
	}
	old.retired = true
	l.releaseLocked(old) // close errors after a good fsync lose nothing
	l.active, l.writeOff = next, 0
	l.segs = append(l.segs, next.start)
	return nil
}

// Sync makes every record appended so far durable. It is what Append waits
// for, and what the NoSync background flusher calls.
func (l *Log) Sync() error {
	l.mu.Lock()
	end, err := l.endLocked(), l.stateErrLocked()
	l.mu.Unlock()
	if err != nil {
		return err
	}
	return l.waitDurable(end)
}

// waitDurable returns once every byte below end is durable. The first caller
// that finds no fsync in flight becomes the leader and fsyncs for everyone
// (group commit); the others wait for its result.
func (l *Log) waitDurable(end LSN) error {
	l.syncMu.Lock()
	defer l.syncMu.Unlock()
	if l.synced < end {
		l.waiters++
	}
	for l.synced < end {
		if l.syncErr != nil {
			return l.syncErr
		}
		if l.syncing {
			l.syncCond.Wait()
			continue
		}
		l.syncing = true
		group := l.waiters
		l.waiters = 0
		l.syncMu.Unlock()
		began := time.Now()
		target, err := l.syncActive()
		if l.opts.OnSync != nil && err == nil {
			l.opts.OnSync(time.Since(began), group)
		}
		l.syncMu.Lock()
		l.syncing = false
		if err != nil {
			l.syncErr = err
		} else if target > l.synced {
			l.synced = target
		}
		l.syncCond.Broadcast()
	}
	return nil
}

// syncActive fsyncs the active segment without holding l.mu during the
// fsync and returns the end of the log that the fsync covers. Earlier
// segments were fsynced when they were retired.
func (l *Log) syncActive() (LSN, error) {
	l.mu.Lock()
	if l.failed != nil {
		defer l.mu.Unlock()
		return 0, l.failed
	}
	sf := l.active
	if sf == nil {
		l.mu.Unlock()
		return 0, ErrClosed
	}
	sf.refs++
	target := l.endLocked()
	l.mu.Unlock()

	err := sf.f.Sync()

	l.mu.Lock()
	defer l.mu.Unlock()
	sf.refs--
	l.releaseLocked(sf)
	if err != nil {
		return 0, l.failLocked(fmt.Errorf("fsync %s: %w", segmentName(sf.start), err))
	}
	return target, nil
}

// flushLoop fsyncs periodically in NoSync mode until Close.
func (l *Log) flushLoop() {
	defer close(l.done)
	t := time.NewTicker(l.opts.NoSyncFlushInterval)
	defer t.Stop()
	for {
		select {
		case <-l.stop:
			return
		case <-t.C:
			if err := l.Sync(); err != nil && err != ErrClosed {
				l.logger.Error("wal: background fsync failed", "dir", l.dir, "err", err)
				return
			}
		}
	}
}

// MaxPayload is the largest payload Append accepts: a record fills at most
// one segment (SegmentSize - HeaderSize bytes).
func (l *Log) MaxPayload() int {
	return int(l.opts.SegmentSize - HeaderSize)
}
