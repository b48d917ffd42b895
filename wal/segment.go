package wal

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// segmentName is the file name of the segment whose first byte is at start.
func segmentName(start LSN) string {
	return fmt.Sprintf("%0*x%s", nameDigits, uint64(start), segmentExt)
}

// parseSegmentName returns the first LSN of a segment file name.
func parseSegmentName(name string) (LSN, bool) {
	hex, ok := strings.CutSuffix(name, segmentExt)
	if !ok || len(hex) != nameDigits {
		return 0, false
	}
	v, err := strconv.ParseUint(hex, 16, 64)
	if err != nil {
		return 0, false
	}
	return LSN(v), true
}

// segPath is the path of the segment starting at start.
func (l *Log) segPath(start LSN) string { return filepath.Join(l.dir, segmentName(start)) }

// segFile is an open segment. refs counts fsyncs in flight outside l.mu; a
// retired segment is closed when its last fsync finishes.
type segFile struct {
	f       File
	start   LSN
	refs    int
	retired bool
	closed  bool
}

// createSegment creates, preallocates and fsyncs the segment starting at
// start, then makes its directory entry durable (temp file + rename + SyncDir).
func (l *Log) createSegment(start LSN) (*segFile, error) {
	sf, err := l.prepareSegment(start)
	if err != nil {
		return nil, err
	}
	if err := l.publishSegment(sf); err != nil {
		sf.f.Close()
		return nil, err
	}
	return sf, nil
}

// prepareSegment creates the segment starting at start under its temporary
// name, preallocated to SegmentSize and fsynced. Nothing of the log refers
// to it yet: on error the temporary file is removed and the log is as it
// was, so a full disk (ENOSPC) here is safe to retry. Errors are
// *FileError with Op "extend" for the preallocation.
func (l *Log) prepareSegment(start LSN) (*segFile, error) {
	tmp := l.segPath(start) + tempExt
	f, err := l.fs.Create(tmp)
	if err != nil {
		return nil, fmt.Errorf("wal: create segment: %w", &FileError{Op: "create", Path: tmp, Err: err})
	}
	fail := func(err error) (*segFile, error) {
		f.Close()
		l.fs.Remove(tmp)
		return nil, fmt.Errorf("wal: create segment %s: %w", segmentName(start), err)
	}
	if err := preallocate(f, l.opts.SegmentSize); err != nil {
		return fail(&FileError{Op: "extend", Path: tmp, Err: err})
	}
	if err := f.Sync(); err != nil {
		return fail(&FileError{Op: "fsync", Path: tmp, Err: err})
	}
	return &segFile{f: f, start: start}, nil
}

// publishSegment renames a prepared segment to its final name and fsyncs
// the directory, after which Replay reads it.
func (l *Log) publishSegment(sf *segFile) error {
	final := l.segPath(sf.start)
	if err := l.fs.Rename(final+tempExt, final); err != nil {
		return fmt.Errorf("wal: create segment %s: %w", final, err)
	}
	if err := l.fs.SyncDir(l.dir); err != nil {
		return fmt.Errorf("wal: create segment %s: sync dir: %w", final, err)
	}
	return nil
}

// discardSegment closes and removes a prepared segment that was never
// published (its temporary name would also be removed by the next Open).
func (l *Log) discardSegment(sf *segFile) {
	sf.f.Close()
	l.fs.Remove(l.segPath(sf.start) + tempExt)
}

// preallocate extends f to size bytes of zeros, allocating blocks when the
// file supports it (Preallocator). Only when the filesystem cannot
// preallocate (errors.ErrUnsupported) does it fall back to a truncate-extend,
// whose blocks are allocated by the writes later; any other error, above
// all ENOSPC, is returned, so that a full disk fails here, before a record
// is written, rather than in the middle of a commit.
func preallocate(f File, size int64) error {
	if p, ok := f.(Preallocator); ok {
		err := p.Preallocate(size)
		if err == nil || !errors.Is(err, errors.ErrUnsupported) {
			return err
		}
	}
	return f.Truncate(size)
}

// zeroFrom zeroes the bytes of the segment from off to its last non-zero byte
// (buf holds the segment's contents and is updated too) and fsyncs the file.
func zeroFrom(f File, buf []byte, off int64) error {
	end := int64(len(buf))
	for end > off && buf[end-1] == 0 {
		end--
	}
	if end == off {
		return nil
	}
	clear(buf[off:end])
	if _, err := f.WriteAt(buf[off:end], off); err != nil {
		return err
	}
	return f.Sync()
}
