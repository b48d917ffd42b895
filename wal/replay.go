package wal

import (
	"encoding/binary"
	"fmt"
	"io"
)

// Replay calls fn for every record in LSN order, recovers the end of the log
// (truncating a torn tail, see doc.go) and prepares the log for Append. Call
// it exactly once, after Open and before any other method; fn may be nil
// and must not call methods of l. payload is valid only during the call to
// fn. If Replay fails, Append keeps returning ErrNotReplayed; Close the log. An error from fn stops the
// replay and is returned wrapped. Mid-log corruption returns a *CorruptError
// (errors.Is(err, ErrCorrupt)) after fn has seen the records before it,
// unless Options.TruncateCorrupt is set.
func (l *Log) Replay(fn func(lsn LSN, typ RecordType, payload []byte) error) error {
	return l.ReplayFrom(0, fn)
}

// ReplayFrom is Replay calling fn only for records at LSN >= from (a
// checkpoint's LSN). Segments lying entirely below from, except the last,
// are not read at all, so damage in them goes unnoticed; the segment holding
// from and the later ones are checked as by Replay.
func (l *Log) ReplayFrom(from LSN, fn func(lsn LSN, typ RecordType, payload []byte) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.closed:
		return ErrClosed
	case l.replayed:
		return ErrReplayed
	}
	if err := l.checkContiguous(); err != nil {
		return err
	}
	if len(l.segs) == 0 {
		sf, err := l.createSegment(0)
		if err != nil {
			return err
		}
		l.segs = []LSN{0}
		l.install(sf, 0)
		return nil
	}
	buf := make([]byte, l.opts.SegmentSize)
	if fn != nil && from > 0 {
		inner := fn
		fn = func(lsn LSN, typ RecordType, payload []byte) error {
			if lsn < from {
				return nil
			}
			return inner(lsn, typ, payload)
		}
	}
	for i, start := range l.segs {
		if i < len(l.segs)-1 && start+LSN(l.opts.SegmentSize) <= from {
			continue
		}
		done, err := l.replaySegment(i, start, buf, fn)
		if err != nil || done {
			return err
		}
	}
	panic("unreachable: the last segment always ends the replay")
}

// install makes sf the active segment ending at off and marks the log ready.
func (l *Log) install(sf *segFile, off int64) {
	l.active, l.writeOff, l.replayed = sf, off, true
	l.synced = sf.start + LSN(off)
	if l.opts.NoSync {
		l.stop, l.done = make(chan struct{}), make(chan struct{})
		go l.flushLoop()
	}
}

// checkContiguous reports (or, with TruncateCorrupt, cuts at) the first
// segment missing between two existing ones.
func (l *Log) checkContiguous() error {
	for i := 1; i < len(l.segs); i++ {
		want := l.segs[i-1] + LSN(l.opts.SegmentSize)
		if l.segs[i] == want {
			continue
		}
		cerr := &CorruptError{Segment: l.segPath(want), Offset: 0,
			Reason: fmt.Sprintf("segment missing (next existing is %s)", segmentName(l.segs[i]))}
		if !l.opts.TruncateCorrupt {
			return cerr
		}
		return l.dropSegments(i, cerr)
	}
	return nil
}

// dropSegments deletes l.segs[i:] after logging why.
func (l *Log) dropSegments(i int, why error) error {
	l.logger.Warn("wal: truncating log at corruption", "err", why, "segments_deleted", len(l.segs)-i)
	for _, s := range l.segs[i:] {
		if err := l.fs.Remove(l.segPath(s)); err != nil {
			return fmt.Errorf("wal: truncate corrupt log: %w", err)
		}
	}
	l.segs = l.segs[:i]
	if err := l.fs.SyncDir(l.dir); err != nil {
		return fmt.Errorf("wal: truncate corrupt log: sync dir: %w", err)
	}
	return nil
}

// replaySegment replays segment i (first LSN start) using buf. done is true
// when the replay ends in this segment; the log is then installed.
func (l *Log) replaySegment(i int, start LSN, buf []byte, fn func(LSN, RecordType, []byte) error) (done bool, err error) {
	path := l.segPath(start)
	f, err := l.fs.Open(path)
	if err != nil {
		return true, fmt.Errorf("wal: replay: %w", err)
	}
	keep := false
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	if err := readSegment(f, buf); err != nil {
		return true, fmt.Errorf("wal: replay %s: %w", path, err)
	}
	end, clean, reason, err := scanSegment(buf, start, fn)
	if err != nil {
		return true, err
	}
	last := i == len(l.segs)-1
	switch {
	case clean && !last:
		return false, nil
	case clean:
	case last && !validRecordAfter(buf, start, end):
		l.logger.Info("wal: truncating torn tail", "segment", path, "offset", end, "reason", reason)
		if err := zeroFrom(f, buf, end); err != nil {
			return true, fmt.Errorf("wal: truncate torn tail of %s: %w", path, err)
		}
	default:
		cerr := &CorruptError{Segment: path, Offset: end, Reason: reason}
		if !l.opts.TruncateCorrupt {
			return true, cerr
		}
		if err := l.dropSegments(i+1, cerr); err != nil {
			return true, err
		}
		if err := zeroFrom(f, buf, end); err != nil {
			return true, fmt.Errorf("wal: truncate corrupt log at %s offset %d: %w", path, end, err)
		}
	}
	if err := f.Sync(); err != nil { // make what fn saw durable before appending
		return true, fmt.Errorf("wal: replay: fsync %s: %w", path, err)
	}
	keep = true
	l.install(&segFile{f: f, start: start}, end)
	return true, nil
}

// readSegment reads the whole segment into buf, which has the segment size.
func readSegment(f File, buf []byte) error {
	size, err := f.Size()
	if err != nil {
		return err
	}
	if size != int64(len(buf)) {
		return fmt.Errorf("size %d bytes, want SegmentSize %d (was the log written with another segment size?)", size, len(buf))
	}
	n, err := f.ReadAt(buf, 0)
	if n == len(buf) {
		return nil
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// scanSegment calls fn for each valid record of the segment in buf (first
// LSN start) and returns the offset where valid records stop. clean means
// everything from end on is zero (a normal end); otherwise reason says what
// is wrong at end. Only an error from fn is returned as err.
func scanSegment(buf []byte, start LSN, fn func(LSN, RecordType, []byte) error) (end int64, clean bool, reason string, err error) {
	off := int64(0)
	for {
		rest := buf[off:]
		if len(rest) < HeaderSize || allZero(rest[:HeaderSize]) {
			if allZero(rest) {
				return off, true, "", nil
			}
			return off, false, "zero header followed by non-zero bytes", nil
		}
		r, why := parseRecord(buf, off, start)
		if why != "" {
			return off, false, why, nil
		}
		if fn != nil {
			if err := fn(r.lsn, r.typ, r.payload); err != nil {
				return off, false, "", fmt.Errorf("wal: replay callback at LSN %d: %w", r.lsn, err)
			}
		}
		off += r.size()
	}
}

// validRecordAfter reports whether a valid record (right LSN and CRC) starts
// anywhere in buf after offset from. It separates a torn tail (nothing valid
// follows) from corruption (valid data follows).
func validRecordAfter(buf []byte, start LSN, from int64) bool {
	for p := from + 1; p+HeaderSize <= int64(len(buf)); p++ {
		if LSN(binary.LittleEndian.Uint64(buf[p+lsnOff:])) != start+LSN(p) {
			continue
		}
		if _, why := parseRecord(buf, p, start); why == "" {
			return true
		}
	}
	return false
}
