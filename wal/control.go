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
//	                      shutdown, nothing was appended after end
//	16      8     end     uint64, an LSN below which every byte was durable
//	24      4     crc     uint32, CRC-32C of bytes 0..24
const (
	// EndFile is the name of the end file in the log directory.
	EndFile    = "wal.end"
	endMagic   = "VGWALEND"
	endVersion = 1
	endSize    = 28
	endClean   = 1
)

// recordedEnd is what the end file says (zero without one).
type recordedEnd struct {
	lsn   LSN
	clean bool
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
	return recordedEnd{lsn: LSN(binary.LittleEndian.Uint64(b[16:])),
		clean: binary.LittleEndian.Uint32(b[12:])&endClean != 0}, nil
}

// writeEnd atomically replaces the end file with end: temporary file,
// fsync, rename, directory fsync.
func (l *Log) writeEnd(end recordedEnd) error {
	path := filepath.Join(l.dir, EndFile)
	var flags uint32
	if end.clean {
		flags |= endClean
	}
	b := make([]byte, 0, endSize)
	b = append(b, endMagic...)
	b = binary.LittleEndian.AppendUint32(b, endVersion)
	b = binary.LittleEndian.AppendUint32(b, flags)
	b = binary.LittleEndian.AppendUint64(b, uint64(end.lsn))
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli))
	f, err := l.fs.Create(path + tempExt)
	if err != nil {
		return fmt.Errorf("wal: write %s: %w", path, err)
	}
	_, err = f.WriteAt(b, 0)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = l.fs.Rename(path+tempExt, path)
	}
	if err == nil {
		err = l.fs.SyncDir(l.dir)
	}
	if err != nil {
		return fmt.Errorf("wal: write %s: %w", path, err)
	}
	return nil
}

// RecordEnd makes every record appended so far durable and records the end
// of the log in the end file, so that a later Replay refuses a log that
// ends before it (a deleted, cut-short or zeroed segment). clean says the
// caller appends nothing more (a clean shutdown): Replay then knows the log
// held nothing after the end, so damage lying only there loses nothing.
// The catalog calls it after each checkpoint and at clean shutdown. It
// returns the recorded LSN.
func (l *Log) RecordEnd(clean bool) (LSN, error) {
	l.removeMu.Lock() // one end-file writer at a time
	defer l.removeMu.Unlock()
	l.mu.Lock()
	end, err := l.endLocked(), l.stateErrLocked()
	l.mu.Unlock()
	if err != nil {
		return 0, fmt.Errorf("wal: record end: %w", err)
	}
	if err := l.waitDurable(end); err != nil {
		return 0, err
	}
	return end, l.writeEnd(recordedEnd{lsn: end, clean: clean})
}

// EndError reports a log that ends before the end recorded by RecordEnd:
// records that were durable are gone (a segment deleted, cut short or
// zeroed). It matches errors.Is(err, ErrCorrupt).
type EndError struct {
	End      LSN    // where the log's valid records end now
	Recorded LSN    // the recorded end
	Missing  string // what is missing: segment files, or the rest of one
}

func (e *EndError) Error() string {
	return fmt.Sprintf("wal: corrupt log: the WAL ends at LSN %d before the recorded end LSN %d (%s): %s",
		e.End, e.Recorded, EndFile, e.Missing)
}

// Is makes errors.Is(err, ErrCorrupt) true.
func (e *EndError) Is(target error) bool { return target == ErrCorrupt }

// endError describes the log ending at end before the recorded end rec;
// found are the segments that existed before the replay.
func (l *Log) endError(end, rec LSN, found []LSN) *EndError {
	size := LSN(l.opts.SegmentSize)
	first, last := end/size*size, (rec-1)/size*size
	var missing []string
	for s := first; s <= last; s += size {
		if !slices.Contains(found, s) {
			missing = append(missing, segmentName(s))
		}
	}
	e := &EndError{End: end, Recorded: rec}
	switch {
	case len(missing) == 0:
		e.Missing = fmt.Sprintf("segment %s ends at offset %d, its records up to offset %d are missing (cut short or zeroed)",
			l.segPath(first), end-first, rec-first)
	case len(missing) == 1:
		e.Missing = fmt.Sprintf("segment %s missing", filepath.Join(l.dir, missing[0]))
	default:
		e.Missing = fmt.Sprintf("segments %s to %s missing", filepath.Join(l.dir, missing[0]),
			filepath.Join(l.dir, missing[len(missing)-1]))
	}
	return e
}
