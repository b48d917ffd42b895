package wal

import (
	"fmt"
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
// the recorded end (RecordEnd, or the last segment switch): a log ending
// before it (a deleted, cut short or zeroed segment) returns an *EndError,
// or with Options.TruncateCorrupt logs what was lost and records the new
// end. Then the segment the log goes on in is recorded as in use (see
// doc.go, "Recorded end").
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
	damaged := err != nil
	if damaged {
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
	found, create := slices.Clone(l.segs), first == len(l.segs)
	var cut bool
	if create { // the log goes on in a new segment at from: check before making it
		if cut, err = l.checkReach(from/LSN(l.opts.SegmentSize)*LSN(l.opts.SegmentSize), from, rec, found); err != nil {
			return err
		}
	}
	sf, off, err := l.replaySegments(first, from, rec, fn)
	if err != nil {
		return err
	}
	if !create {
		cut, err = l.checkReach(sf.start, sf.start+LSN(off), rec, found)
	}
	if err == nil {
		err = l.recordStart(sf, off, rec, damaged || cut)
	}
	l.wasClean = rec.clean && !damaged && !cut
	if err != nil {
		sf.f.Close()
		return err
	}
	l.install(sf, off)
	return nil
}

// checkReach compares a log that goes on in the segment starting at seg
// and ends at end (found: the segments before the replay) with the
// recorded end rec. When it does not reach rec it returns an *EndError,
// or with TruncateCorrupt logs what was lost and returns cut (the recorded
// end must move back). A segment the replay creates is checked before it
// exists (not in found), so that a refused start leaves none behind.
func (l *Log) checkReach(seg, end LSN, rec recordedEnd, found []LSN) (cut bool, err error) {
	if rec.reachedBy(seg, end, slices.Contains(found, seg)) {
		return false, nil
	}
	if err := l.endBeforeRecorded(end, rec, found); err != nil {
		return false, err
	}
	return true, nil
}

// recordStart records what appending starts from (segment sf, offset off):
// that sf is in use, without the clean flag of rec (a later crash is no
// clean shutdown); after a cut (rewrite, also after a damaged end file)
// the end moves back to where the log ends. The end file is written only
// when what it says changes, so a start-up after a crash in the middle of
// a recorded segment writes nothing.
func (l *Log) recordStart(sf *segFile, off int64, rec recordedEnd, rewrite bool) error {
	want := recordedEnd{lsn: rec.lsn, seg: rec.seg}
	if rewrite {
		want = recordedEnd{lsn: sf.start + LSN(off)}
	}
	if inUse := (recordedEnd{lsn: sf.start, seg: true}); want.weaker(inUse) {
		want = inUse
	}
	l.endMu.Lock()
	defer l.endMu.Unlock()
	if want == rec && !rewrite {
		l.rec = rec
		return nil
	}
	return l.writeEnd(want)
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
	case rec.lsn > from, rec.seg && !rec.clean && rec.lsn >= start:
		return nil // ReplayFrom returns an *EndError naming what is missing
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
func (l *Log) endBeforeRecorded(end LSN, recorded recordedEnd, found []LSN) error {
	eerr := l.endError(end, recorded, found)
	if !l.opts.TruncateCorrupt {
		return eerr
	}
	lostTo := any(uint64(recorded.lsn))
	if recorded.seg { // the records appended in it are gone, however many
		lostTo = fmt.Sprintf("unknown: the records in segment %s and after", l.segPath(recorded.lsn))
	}
	l.logger.Warn("wal: log ends before its recorded end, continuing without the lost records",
		"err", eerr, "lost_from_lsn", uint64(end), "lost_to_lsn", lostTo)
	return nil
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
