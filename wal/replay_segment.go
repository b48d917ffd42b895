package wal

import (
	"encoding/binary"
	"fmt"
	"io"
)

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
