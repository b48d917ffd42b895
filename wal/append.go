package wal

import (
	"fmt"
	"time"
)

// Append writes one record and returns its LSN. Unless Options.NoSync is
// set, the record is durable (fsynced) when Append returns nil; concurrent
// callers share fsyncs (group commit). typ must not be 0, and
// HeaderSize+len(payload) must not exceed SegmentSize (else ErrTooLarge).
// After any I/O error the log refuses further writes (see doc.go).
func (l *Log) Append(typ RecordType, payload []byte) (LSN, error) {
	if typ == 0 {
		return 0, fmt.Errorf("wal: append: record type 0 is reserved")
	}
	n := HeaderSize + int64(len(payload))
	if n > l.opts.SegmentSize {
		return 0, fmt.Errorf("wal: append %d-byte payload to %d-byte segments: %w", len(payload), l.opts.SegmentSize, ErrTooLarge)
	}
	l.mu.Lock()
	if err := l.stateErrLocked(); err != nil {
		l.mu.Unlock()
		return 0, err
	}
	if l.writeOff+n > l.opts.SegmentSize {
		if err := l.rollLocked(); err != nil {
			err = l.failLocked(err)
			l.mu.Unlock()
			return 0, err
		}
	}
	lsn := l.active.start + LSN(l.writeOff)
	l.buf = appendRecord(l.buf[:0], typ, lsn, payload)
	if _, err := l.active.f.WriteAt(l.buf, l.writeOff); err != nil {
		err = l.failLocked(fmt.Errorf("write %s at offset %d: %w", segmentName(l.active.start), l.writeOff, err))
		l.mu.Unlock()
		return 0, err
	}
	l.writeOff += n
	l.mu.Unlock()
	if l.opts.NoSync {
		return lsn, nil
	}
	if err := l.waitDurable(lsn + LSN(n)); err != nil {
		return 0, err
	}
	return lsn, nil
}

// rollLocked fsyncs the active segment (so that a non-last segment never
// holds unsynced data, which Replay relies on), then creates the next one.
func (l *Log) rollLocked() error {
	old := l.active
	if err := old.f.Sync(); err != nil {
		return fmt.Errorf("fsync %s: %w", segmentName(old.start), err)
	}
	next, err := l.createSegment(old.start + LSN(l.opts.SegmentSize))
	if err != nil {
		return err
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
	for l.synced < end {
		if l.syncErr != nil {
			return l.syncErr
		}
		if l.syncing {
			l.syncCond.Wait()
			continue
		}
		l.syncing = true
		l.syncMu.Unlock()
		target, err := l.syncActive()
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
