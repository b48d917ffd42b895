package wal

import (
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
	final := l.segPath(start)
	tmp := final + tempExt
	f, err := l.fs.Create(tmp)
	if err != nil {
		return nil, fmt.Errorf("wal: create segment: %w", err)
	}
	fail := func(err error) (*segFile, error) {
		f.Close()
		l.fs.Remove(tmp)
		return nil, fmt.Errorf("wal: create segment %s: %w", final, err)
	}
	if err := preallocate(f, l.opts.SegmentSize); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := l.fs.Rename(tmp, final); err != nil {
		return fail(err)
	}
	if err := l.fs.SyncDir(l.dir); err != nil {
		f.Close()
		return nil, fmt.Errorf("wal: create segment %s: sync dir: %w", final, err)
	}
	return &segFile{f: f, start: start}, nil
}

// preallocate extends f to size bytes of zeros, allocating blocks when the
// file supports it (Preallocator), else by truncate-extend.
func preallocate(f File, size int64) error {
	if p, ok := f.(Preallocator); ok {
		if err := p.Preallocate(size); err == nil {
			return nil
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
