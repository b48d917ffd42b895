package wal

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
)

// End file format (see doc.go, "Recorded end"); all integers little-endian:
//
//	offset  size  field
//	0       8     magic "VGWALEND"
//	8       4     version uint32 (endVersion)
//	12      4     flags   uint32, bit 0 (endClean): written by a clean
//	                      shutdown, nothing was appended after end;
//	                      bit 1 (endSegment): end is the first LSN of a
//	                      segment that was in use (recorded when the log
//	                      switched to it), so the log must go on in it
//	16      8     end     uint64, an LSN below which every byte was durable
//	24      4     crc     uint32, CRC-32C of bytes 0..24
const (
	// EndFile is the name of the end file in the log directory.
	EndFile    = "wal.end"
	endMagic   = "VGWALEND"
	endVersion = 1
	endSize    = 28
	endClean   = 1
	endSegment = 2
	// endTemp is the temporary name RecordEnd and Replay write the end
	// file under; rollEndTemp is the one a segment switch prepares (under
	// l.mu, so the two never collide).
	endTemp     = EndFile + tempExt
	rollEndTemp = EndFile + ".next" + tempExt
)

// recordedEnd is what the end file says (zero without one).
type recordedEnd struct {
	lsn   LSN
	clean bool
	seg   bool // lsn starts a segment that was in use (endSegment)
}

// weaker reports whether e promises less than o: a log that reaches o
// reaches e. A higher LSN promises more; at the same LSN, a segment in use
// promises more than a plain end (the log must go on in that segment, not
// merely reach its first byte at the end of the previous one).
func (e recordedEnd) weaker(o recordedEnd) bool {
	return e.lsn < o.lsn || e.lsn == o.lsn && !e.seg && o.seg
}

// reachedBy reports whether a replayed log that goes on in the segment
// starting at seg (existed: that segment was there before the replay, not
// created by it) and ends at end holds everything e promises. After a
// clean shutdown nothing followed e.lsn, so reaching it is enough.
func (e recordedEnd) reachedBy(seg, end LSN, existed bool) bool {
	if e.seg && !e.clean {
		return seg > e.lsn || seg == e.lsn && existed
	}
	return end >= e.lsn
}

// readEnd returns what the end file records (zero without one). A damaged
// end file is an error naming it.
func (l *Log) readEnd() (recordedEnd, error) {
	path := filepath.Join(l.dir, EndFile)
	f, err := l.fs.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return recordedEnd{}, nil
	}
	if err != nil {
		return recordedEnd{}, fmt.Errorf("wal: read %s: %w", path, err)
	}
	defer f.Close()
	var b [endSize + 1]byte
	n, err := f.ReadAt(b[:], 0)
	if err != nil && err != io.EOF {
		return recordedEnd{}, fmt.Errorf("wal: read %s: %w", path, err)
	}
	switch {
	case n != endSize:
		return recordedEnd{}, fmt.Errorf("%w: %s is %d bytes, want %d", ErrCorrupt, path, n, endSize)
	case string(b[:8]) != endMagic:
		return recordedEnd{}, fmt.Errorf("%w: %s: bad magic", ErrCorrupt, path)
	case binary.LittleEndian.Uint32(b[24:]) != crc32.Checksum(b[:24], castagnoli):
		return recordedEnd{}, fmt.Errorf("%w: %s: CRC mismatch", ErrCorrupt, path)
	case binary.LittleEndian.Uint32(b[8:]) != endVersion:
		return recordedEnd{}, fmt.Errorf("%w: %s: unknown version %d", ErrCorrupt, path, binary.LittleEndian.Uint32(b[8:]))
	}
	flags := binary.LittleEndian.Uint32(b[12:])
	return recordedEnd{lsn: LSN(binary.LittleEndian.Uint64(b[16:])),
		clean: flags&endClean != 0, seg: flags&endSegment != 0}, nil
}

// encodeEnd is the end file's bytes for end.
func encodeEnd(end recordedEnd) []byte {
	var flags uint32
	if end.clean {
		flags |= endClean
	}
	if end.seg {
		flags |= endSegment
	}
	b := make([]byte, 0, endSize)
	b = append(b, endMagic...)
	b = binary.LittleEndian.AppendUint32(b, endVersion)
	b = binary.LittleEndian.AppendUint32(b, flags)
	b = binary.LittleEndian.AppendUint64(b, uint64(end.lsn))
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
}

// prepareEnd writes end to the temporary file tmp (a name in the log
// directory) and fsyncs it. Nothing refers to it yet: on error it is
// removed, and a full disk here is safe to retry. Errors are *FileError.
func (l *Log) prepareEnd(tmp string, end recordedEnd) error {
	path := filepath.Join(l.dir, tmp)
	f, err := l.fs.Create(path)
	if err != nil {
		return fmt.Errorf("wal: write %s: %w", EndFile, &FileError{Op: "create", Path: path, Err: err})
	}
	op := "write"
	_, err = f.WriteAt(encodeEnd(end), 0)
	if err == nil {
		op, err = "fsync", f.Sync()
	}
	if cerr := f.Close(); err == nil {
		op, err = "close", cerr
	}
	if err != nil {
		l.fs.Remove(path)
		return fmt.Errorf("wal: write %s: %w", EndFile, &FileError{Op: op, Path: path, Err: err})
	}
	return nil
}

// installEnd renames the prepared temporary end file tmp to EndFile and
// fsyncs the directory. Caller holds l.endMu.
func (l *Log) installEnd(tmp string) error {
	path := filepath.Join(l.dir, EndFile)
	if err := l.fs.Rename(filepath.Join(l.dir, tmp), path); err != nil {
		return fmt.Errorf("wal: write %s: %w", path, err)
	}
	if err := l.fs.SyncDir(l.dir); err != nil {
		return fmt.Errorf("wal: write %s: sync dir: %w", path, err)
	}
	return nil
}

// writeEnd atomically replaces the end file with end (temporary file,
// fsync, rename, directory fsync) and notes it as l.rec. Caller holds
// l.endMu.
func (l *Log) writeEnd(end recordedEnd) error {
	if err := l.prepareEnd(endTemp, end); err != nil {
		return err
	}
	if err := l.installEnd(endTemp); err != nil {
		return err
	}
	l.rec = end
	return nil
}

// recordSegmentLocked is the segment switch's part of the recorded end:
// with next just published, it installs the end file prepared (as
// rollEndTemp) to say that next is in use, unless the end recorded
// meanwhile already says as much. It runs under l.mu before any record
// is written into next, so no record in a segment is ever acknowledged
// before the end file names that segment or a later end.
func (l *Log) recordSegmentLocked(next LSN) error {
	want := recordedEnd{lsn: next, seg: true}
	l.endMu.Lock()
	defer l.endMu.Unlock()
	if !l.rec.weaker(want) {
		l.fs.Remove(filepath.Join(l.dir, rollEndTemp))
		return nil
	}
	if err := l.installEnd(rollEndTemp); err != nil {
		return err
	}
	l.rec = want
	return nil
}

// RecordEnd makes every record appended so far durable and records the end
// of the log in the end file, so that a later Replay refuses a log that
// ends before it (a deleted, cut-short or zeroed segment). clean says the
// caller appends nothing more (a clean shutdown): Replay then knows the log
// held nothing after the end, so damage lying only there loses nothing.
// The catalog calls it after each checkpoint and at clean shutdown. It
// returns the end it made durable and recorded.
//
// The recorded end only moves forward (see recordSegmentLocked): when a
// segment switch recorded more since end was taken, that is kept (and
// clean only if it still ends at end), and nothing is rewritten when the
// end file already says it.
func (l *Log) RecordEnd(clean bool) (LSN, error) {
	l.mu.Lock()
	end, err := l.endLocked(), l.stateErrLocked()
	l.mu.Unlock()
	if err != nil {
		return 0, fmt.Errorf("wal: record end: %w", err)
	}
	if err := l.waitDurable(end); err != nil {
		return 0, err
	}
	l.endMu.Lock() // one end-file writer at a time; never held while taking l.mu
	defer l.endMu.Unlock()
	want := recordedEnd{lsn: end, clean: clean}
	if want.weaker(l.rec) {
		want = recordedEnd{lsn: l.rec.lsn, seg: l.rec.seg, clean: clean && l.rec.lsn == end}
	}
	if want == l.rec {
		return end, nil
	}
	return end, l.writeEnd(want)
}

// EndError reports a log that ends before the end recorded by RecordEnd
// or by a segment switch: records that were durable, or acknowledged, are
// gone (a segment deleted, cut short or zeroed). It matches
// errors.Is(err, ErrCorrupt).
type EndError struct {
	End      LSN    // where the log's valid records end now
	Recorded LSN    // the recorded end
	InUse    bool   // Recorded starts a segment that was in use (a segment switch recorded it)
	Missing  string // what is missing: segment files, or the rest of one
}

func (e *EndError) Error() string {
	if e.InUse {
		return fmt.Sprintf("wal: corrupt log: the WAL ends at LSN %d before the recorded end LSN %d (%s: the log went on in the segment starting there): %s",
			e.End, e.Recorded, EndFile, e.Missing)
	}
	return fmt.Sprintf("wal: corrupt log: the WAL ends at LSN %d before the recorded end LSN %d (%s): %s",
		e.End, e.Recorded, EndFile, e.Missing)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *EndError) Is(target error) bool { return target == ErrCorrupt }

// endError describes the log ending at end (in a segment starting at or
// before end) before the recorded end rec; found are the segments that
// existed before the replay.
func (l *Log) endError(end LSN, rec recordedEnd, found []LSN) *EndError {
	size := LSN(l.opts.SegmentSize)
	first, last := end/size*size, (rec.lsn-1)/size*size
	if rec.seg {
		first, last = min(first, rec.lsn), rec.lsn
	}
	var missing []string
	for s := first; s <= last; s += size {
		if !slices.Contains(found, s) {
			missing = append(missing, segmentName(s))
		}
	}
	e := &EndError{End: end, Recorded: rec.lsn, InUse: rec.seg}
	switch {
	case len(missing) == 0 && rec.seg:
		e.Missing = fmt.Sprintf("the log was cut in segment %s, before segment %s", l.segPath(end/size*size), l.segPath(rec.lsn))
	case len(missing) == 0:
		e.Missing = fmt.Sprintf("segment %s ends at offset %d, its records up to offset %d are missing (cut short or zeroed)",
			l.segPath(first), end-first, rec.lsn-first)
	case len(missing) == 1:
		e.Missing = fmt.Sprintf("segment %s missing", filepath.Join(l.dir, missing[0]))
	default:
		e.Missing = fmt.Sprintf("segments %s to %s missing", filepath.Join(l.dir, missing[0]),
			filepath.Join(l.dir, missing[len(missing)-1]))
	}
	return e
}

// CleanShutdown reports whether the end file Replay read said the log's
// last run ended with a clean shutdown (RecordEnd(true)) and the log
// reached that end: false after a crash, a damaged end file or a cut.
// The catalog empties unlogged tables when it is false.
func (l *Log) CleanShutdown() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.wasClean
}
