package wal

import (
	"fmt"
	"io"
	"path/filepath"
)

// copyChunk is how many bytes CopyTo reads and writes at a time.
const copyChunk = 1 << 20

// CopyTo copies the log from the segment holding from up to its end at
// the call (the returned LSN) into the directory dst of fsys (created if
// needed), for an online backup. Every record below the end was written
// whole before CopyTo read it (the end is read under the log's mutex), and
// nothing is written below it afterwards, so the copy holds exactly the
// records below end: each segment is copied up to end and padded with
// zeros to SegmentSize, which Replay reads as the log's clean end. No end
// file is written: the copy ends where it ends. The segments copied must
// not be removed meanwhile (the caller holds off checkpoints). Files are
// fsynced, and dst too.
func (l *Log) CopyTo(fsys FS, dst string, from LSN) (LSN, error) {
	l.mu.Lock()
	end := l.endLocked()
	var segs []LSN
	for _, s := range l.segs {
		if s+LSN(l.opts.SegmentSize) > from && s <= end {
			segs = append(segs, s)
		}
	}
	l.mu.Unlock()
	if err := fsys.MkdirAll(dst, 0o755); err != nil {
		return 0, fmt.Errorf("wal: backup: %w", err)
	}
	for _, s := range segs {
		n := min(int64(end-s), l.opts.SegmentSize)
		if err := l.copySegment(fsys, dst, s, n); err != nil {
			return 0, fmt.Errorf("wal: backup %s: %w", segmentName(s), err)
		}
	}
	if err := fsys.SyncDir(dst); err != nil {
		return 0, fmt.Errorf("wal: backup: %w", err)
	}
	return end, nil
}

// copySegment copies the first n bytes of the segment starting at s into
// dst under its name, pads it with zeros to SegmentSize and fsyncs it.
func (l *Log) copySegment(fsys FS, dst string, s LSN, n int64) error {
	src, err := l.fs.Open(l.segPath(s))
	if err != nil {
		return err
	}
	defer src.Close()
	out, err := fsys.Create(filepath.Join(dst, segmentName(s)))
	if err != nil {
		return err
	}
	defer out.Close()
	buf := make([]byte, copyChunk)
	for off := int64(0); off < n; {
		k := min(int64(len(buf)), n-off)
		if _, err := src.ReadAt(buf[:k], off); err != nil && err != io.EOF {
			return err
		}
		if _, err := out.WriteAt(buf[:k], off); err != nil {
			return err
		}
		off += k
	}
	if err := out.Truncate(l.opts.SegmentSize); err != nil {
		return err
	}
	return out.Sync()
}
