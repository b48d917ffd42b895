package wal

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
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
// checkpoint's LSN). Recovery never needs the log before from: segments
// lying entirely below it are not read, and the segment holding it is read
// from its offset on, so damage or gaps before from go unnoticed. The rest
// is checked as by Replay. A log without a segment at or after from (all
// deleted, or nothing written after a checkpoint at the end of a segment)
// goes on in a new segment at from.
//
// Before appending can start, the end of the replayed log is compared with
// the end recorded by RecordEnd: a log ending before it (a deleted, cut
// short or zeroed segment) returns an *EndError, or with
// Options.TruncateCorrupt logs what was lost and records the new end.
func (l *Log) ReplayFrom(from LSN, fn func(lsn LSN, typ RecordType, payload []byte) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.closed:
		return ErrClosed
	case l.replayed:
		return ErrReplayed
	}
	rec, err := l.readEnd()
	if err != nil {
		if !l.opts.TruncateCorrupt {
			return err
		}
		l.logger.Warn("wal: ignoring a damaged end file", "err", err)
		rec = recordedEnd{}
	}
	first := l.firstNeeded(from)
	if err := l.checkContiguous(first); err != nil {
		return err
	}
	if err := l.checkHoldsFrom(first, from, rec); err != nil {
		return err
	}
	if fn != nil && from > 0 {
		inner := fn
		fn = func(lsn LSN, typ RecordType, payload []byte) error {
			if lsn < from {
				return nil
			}
			return inner(lsn, typ, payload)
		}
	}
	found := slices.Clone(l.segs)
	sf, off, err := l.replaySegments(first, from, rec, fn)
	if err != nil {
		return err
	}
	end := sf.start + LSN(off)
	switch {
	case end < rec.lsn:
		err = l.endBeforeRecorded(end, rec.lsn, found)
	case rec.clean: // appending starts: a later crash is no clean shutdown
		err = l.writeEnd(recordedEnd{lsn: end})
	}
	if err != nil {
		sf.f.Close()
		return err
	}
	l.install(sf, off)
	return nil
}

// firstNeeded is the index in l.segs of the first segment holding bytes at
// or after from (len(l.segs) when there is none).
func (l *Log) firstNeeded(from LSN) int {
	for i, s := range l.segs {
		if s+LSN(l.opts.SegmentSize) > from {
			return i
		}
	}
	return len(l.segs)
}

// checkHoldsFrom reports (or, with TruncateCorrupt, cuts at) a missing
// segment holding from (> 0): when later segments exist, the records
// between from and the next one are gone; when none exist, records after
// from may be, unless a clean shutdown recorded its end at or below from
// or the last segment ends exactly at from (the log goes on in the next);
// an end recorded past from is left to ReplayFrom's *EndError.
// Replay (from 0) starts at the oldest segment, wherever RemoveBefore left
// it.
func (l *Log) checkHoldsFrom(first int, from LSN, rec recordedEnd) error {
	size := LSN(l.opts.SegmentSize)
	if from == 0 || first < len(l.segs) && l.segs[first] <= from {
		return nil
	}
	start := from / size * size
	cerr := &CorruptError{Segment: l.segPath(start), Offset: int64(from - start)}
	switch {
	case first < len(l.segs):
		cerr.Reason = fmt.Sprintf("segment missing (next existing is %s)", segmentName(l.segs[first]))
	case rec.lsn > from: // ReplayFrom returns an *EndError naming what is missing
		return nil
	case rec.clean, len(l.segs) > 0 && l.segs[len(l.segs)-1]+size == from:
		return nil
	default:
		cerr.Reason = fmt.Sprintf("segment missing: no WAL at or after the checkpoint LSN %d, and no clean shutdown recorded that nothing followed it", from)
	}
	if !l.opts.TruncateCorrupt {
		return cerr
	}
	return l.dropSegments(first, cerr)
}

// replaySegments replays l.segs[first:], the first from from on, and
// returns the segment the log goes on in (opened, fsynced) and its end
// offset. Without segments there, it creates the one holding from.
func (l *Log) replaySegments(first int, from LSN, rec recordedEnd, fn func(LSN, RecordType, []byte) error) (*segFile, int64, error) {
	size := LSN(l.opts.SegmentSize)
	if first == len(l.segs) {
		start := from / size * size
		sf, err := l.createSegment(start)
		if err != nil {
			return nil, 0, err
		}
		if from > 0 {
			l.logger.Info("wal: no segment at or after the checkpoint, starting a new one", "segment", l.segPath(start), "lsn", uint64(from))
		}
		l.segs = append(l.segs, start)
		return sf, int64(from - start), nil
	}
	buf := make([]byte, l.opts.SegmentSize)
	for i := first; i < len(l.segs); i++ {
		skip := int64(0)
		if start := l.segs[i]; from > start {
			skip = int64(from - start)
		}
		sf, off, err := l.replaySegment(i, skip, rec, buf, fn)
		if err != nil || sf != nil {
			return sf, off, err
		}
	}
	panic("unreachable: the last segment always ends the replay")
}

// endBeforeRecorded handles a replayed log ending at end, before the
// recorded end (found: the segments before the replay): an *EndError, or with TruncateCorrupt a warning naming what
// was lost and the new end recorded.
func (l *Log) endBeforeRecorded(end, recorded LSN, found []LSN) error {
	eerr := l.endError(end, recorded, found)
	if !l.opts.TruncateCorrupt {
		return eerr
	}
	l.logger.Warn("wal: log ends before its recorded end, continuing without the lost records",
		"err", eerr, "lost_from_lsn", uint64(end), "lost_to_lsn", uint64(recorded))
	return l.writeEnd(recordedEnd{lsn: end})
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
// segment missing between two existing ones from l.segs[first] on.
func (l *Log) checkContiguous(first int) error {
	for i := first + 1; i < len(l.segs); i++ {
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

// replaySegment replays segment i from offset skip on, using buf. When the
// replay ends in this segment it returns the segment, opened and fsynced,
// and the offset where appending goes on; else nil. A bad record below the
// recorded end is corruption even in the last segment: it was durable.
func (l *Log) replaySegment(i int, skip int64, rec recordedEnd, buf []byte, fn func(LSN, RecordType, []byte) error) (*segFile, int64, error) {
	start := l.segs[i]
	path := l.segPath(start)
	f, err := l.fs.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("wal: replay: %w", err)
	}
	keep := false
	defer func() {
		if !keep {
			f.Close()
		}
	}()
	short, err := l.readSegment(f, path, buf)
	if err != nil {
		return nil, 0, err
	}
	end, clean, reason, err := scanSegment(buf, start, skip, fn)
	if err != nil {
		return nil, 0, err
	}
	last := i == len(l.segs)-1
	if short != nil {
		if err := l.cutShort(f, i, buf, end, short, rec.clean && last); err != nil {
			return nil, 0, err
		}
		keep = true
		return &segFile{f: f, start: start}, end, nil
	}
	switch {
	case clean && !last:
		return nil, 0, nil
	case clean:
	case last && start+LSN(end) >= rec.lsn && !validRecordAfter(buf, start, end):
		l.logger.Info("wal: truncating torn tail", "segment", path, "offset", end, "reason", reason)
		if err := zeroFrom(f, buf, end); err != nil {
			return nil, 0, fmt.Errorf("wal: truncate torn tail of %s: %w", path, err)
		}
	default:
		cerr := &CorruptError{Segment: path, Offset: end, Reason: reason}
		if !l.opts.TruncateCorrupt {
			return nil, 0, cerr
		}
		if err := l.dropSegments(i+1, cerr); err != nil {
			return nil, 0, err
		}
		if err := zeroFrom(f, buf, end); err != nil {
			return nil, 0, fmt.Errorf("wal: truncate corrupt log at %s offset %d: %w", path, end, err)
		}
	}
	if err := f.Sync(); err != nil { // make what fn saw durable before appending
		return nil, 0, fmt.Errorf("wal: replay: fsync %s: %w", path, err)
	}
	keep = true
	return &segFile{f: f, start: start}, end, nil
}

// cutShort handles segment i found shorter than SegmentSize (cut short
// after it was preallocated). It is extended back with zeros and the log
// cut where its valid records end (end), later segments deleted, when
// TruncateCorrupt is set or when it is the last segment of a log shut down
// cleanly (afterClean: nothing followed the recorded end, and a cut below
// that end is then found by ReplayFrom); otherwise short is returned.
func (l *Log) cutShort(f File, i int, buf []byte, end int64, short *CorruptError, afterClean bool) error {
	switch {
	case afterClean:
		l.logger.Warn("wal: last segment cut short after a clean shutdown, extending it", "err", short)
	case !l.opts.TruncateCorrupt:
		return short
	default:
		if err := l.dropSegments(i+1, short); err != nil {
			return err
		}
	}
	err := f.Truncate(l.opts.SegmentSize)
	if err == nil {
		err = zeroFrom(f, buf, end)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		return fmt.Errorf("wal: repair cut-short segment %s: %w", short.Segment, err)
	}
	return nil
}

// readSegment reads the whole segment into buf, which has the segment
// size. A file shorter than that was cut short (segments are preallocated
// before they are used): the part read is in buf, the rest zeroed, and the
// damage is returned as short. A longer file is an error.
func (l *Log) readSegment(f File, path string, buf []byte) (short *CorruptError, err error) {
	size, err := f.Size()
	if err != nil {
		return nil, fmt.Errorf("wal: replay %s: %w", path, err)
	}
	if size > int64(len(buf)) {
		return nil, fmt.Errorf("wal: replay %s: size %d bytes, want SegmentSize %d (was the log written with another segment size?)",
			path, size, len(buf))
	}
	n, err := f.ReadAt(buf[:size], 0)
	if int64(n) != size {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("wal: replay %s: %w", path, err)
	}
	clear(buf[size:])
	if size < int64(len(buf)) {
		short = &CorruptError{Segment: path, Offset: size,
			Reason: fmt.Sprintf("file cut short: %d bytes, every segment is preallocated to %d", size, len(buf))}
	}
	return short, nil
}

// scanSegment calls fn for each valid record of the segment in buf (first
// LSN start) from offset off on and returns the offset where valid records stop. clean means
// everything from end on is zero (a normal end); otherwise reason says what
// is wrong at end. Only an error from fn is returned as err.
func scanSegment(buf []byte, start LSN, off int64, fn func(LSN, RecordType, []byte) error) (end int64, clean bool, reason string, err error) {
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
