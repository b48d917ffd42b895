package wal

import (
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// DefaultNoSyncFlushInterval is how often a NoSync log fsyncs in the
// background when Options.NoSyncFlushInterval is 0 (PostgreSQL's
// wal_writer_delay default is also 200 ms).
const DefaultNoSyncFlushInterval = 200 * time.Millisecond

// Options configure a Log. The zero value is a synchronous 64 MiB-segment
// log on the OS filesystem.
type Options struct {
	// SegmentSize is the size of every segment file in bytes (default
	// DefaultSegmentSize, minimum MinSegmentSize). Segments are preallocated
	// to this size. It must not change between runs of the same directory.
	SegmentSize int64
	// NoSync makes Append return before the record is fsynced, like
	// PostgreSQL's synchronous_commit=off. Risk: an OS crash or power loss
	// can lose the most recent records (up to NoSyncFlushInterval of them);
	// the log is never corrupted, the loss is always a suffix.
	NoSync bool
	// NoSyncFlushInterval is the background fsync period in NoSync mode
	// (default DefaultNoSyncFlushInterval).
	NoSyncFlushInterval time.Duration
	// FS is the filesystem (default OSFS).
	FS FS
	// TruncateCorrupt makes Replay cut the log at mid-log corruption (zero
	// the rest of that segment, delete later segments, log a warning) and
	// return nil instead of a *CorruptError. Records after the cut are lost.
	TruncateCorrupt bool
	// Logger receives recovery warnings (default slog.Default()).
	Logger *slog.Logger
	// OnAppend, when set, is called with the bytes of each batch written
	// (records with their headers); OnSync with the time of each group
	// fsync and the number of callers waiting for it when it began (the
	// group commit's size). Both run on the writer's goroutine: keep them
	// cheap (counters).
	OnAppend func(bytes int64)
	OnSync   func(d time.Duration, group int)
}

// Errors returned by Log methods in the wrong state.
var (
	ErrClosed      = errors.New("wal: log closed")
	ErrNotReplayed = errors.New("wal: Replay must be called before Append")
	ErrReplayed    = errors.New("wal: Replay already called")
	// ErrFailed is wrapped by every error of a log that failed for good
	// (see doc.go, "Failures"): it refuses writes until reopened.
	ErrFailed = errors.New("wal: log failed, refusing further writes")
)

// Log is a write-ahead log in one directory. Append, Sync, NextLSN and
// RemoveBefore are safe for concurrent use; Replay must run alone, once,
// after Open and before anything else.
type Log struct {
	dir    string
	opts   Options
	fs     FS
	logger *slog.Logger

	mu       sync.Mutex
	replayed bool
	// wasClean is what the end file Replay read said: the last run
	// ended with a clean shutdown (CleanShutdown).
	wasClean bool
	closed   bool
	failed   error    // first write/fsync error; sticky
	segs     []LSN    // first LSNs of the live segments, ascending; last is active
	active   *segFile // nil before Replay and after Close
	writeOff int64    // next write offset within active
	buf      []byte   // record encoding buffer

	syncMu   sync.Mutex
	syncCond *sync.Cond
	synced   LSN  // every byte below synced is durable
	syncing  bool // a leader fsync is in flight
	waiters  int  // callers of waitDurable not yet covered by an fsync that began (Options.OnSync)
	syncErr  error

	removeMu sync.Mutex

	// endMu serializes writers of the end file and guards rec, what it
	// holds (control.go). Lock order: l.mu before endMu; RecordEnd takes
	// endMu without l.mu.
	endMu sync.Mutex
	rec   recordedEnd

	stop chan struct{} // closes the NoSync flusher
	done chan struct{}
}

// Open opens (creating if needed) the log in dir. It deletes leftover
// temporary segment and end files and fsyncs the directory but reads no records:
// call Replay next.
func Open(dir string, opts Options) (*Log, error) {
	if opts.SegmentSize == 0 {
		opts.SegmentSize = DefaultSegmentSize
	}
	if opts.SegmentSize < MinSegmentSize {
		return nil, fmt.Errorf("wal: SegmentSize %d below minimum %d", opts.SegmentSize, MinSegmentSize)
	}
	if opts.FS == nil {
		opts.FS = OSFS{}
	}
	if opts.NoSyncFlushInterval <= 0 {
		opts.NoSyncFlushInterval = DefaultNoSyncFlushInterval
	}
	l := &Log{dir: dir, opts: opts, fs: opts.FS, logger: opts.Logger}
	if l.logger == nil {
		l.logger = slog.Default()
	}
	l.syncCond = sync.NewCond(&l.syncMu)
	if err := l.fs.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("wal: open %s: %w", dir, err)
	}
	if err := l.listSegments(); err != nil {
		return nil, err
	}
	return l, nil
}

// listSegments fills l.segs from the directory and removes temp files.
func (l *Log) listSegments() error {
	names, err := l.fs.List(l.dir)
	if err != nil {
		return fmt.Errorf("wal: open %s: %w", l.dir, err)
	}
	for _, name := range names {
		if strings.HasSuffix(name, segmentExt+tempExt) || name == endTemp || name == rollEndTemp {
			if err := l.fs.Remove(filepath.Join(l.dir, name)); err != nil {
				return fmt.Errorf("wal: remove temp file: %w", err)
			}
			continue
		}
		start, ok := parseSegmentName(name)
		if !ok {
			continue
		}
		if start%LSN(l.opts.SegmentSize) != 0 {
			return fmt.Errorf("wal: segment %s is not aligned to SegmentSize %d (was the log written with another segment size?)", name, l.opts.SegmentSize)
		}
		l.segs = append(l.segs, start)
	}
	slices.Sort(l.segs)
	// Make the entries we found durable: a previous process may have died
	// between creating a segment and fsyncing the directory, and we are
	// about to append to it.
	if err := l.fs.SyncDir(l.dir); err != nil {
		return fmt.Errorf("wal: open %s: sync dir: %w", l.dir, err)
	}
	return nil
}

// NextLSN is the end of the log: the position just past the last record.
// The next appended record gets an LSN >= NextLSN (equal unless it has to
// start a new segment). It is 0 before Replay.
func (l *Log) NextLSN() LSN {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.endLocked()
}

func (l *Log) endLocked() LSN {
	if l.active == nil {
		return 0
	}
	return l.active.start + LSN(l.writeOff)
}

// FirstLSN is the first LSN of the oldest segment file (0 when there is
// none): records before it were removed by RemoveBefore.
func (l *Log) FirstLSN() LSN {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.segs) == 0 {
		return 0
	}
	return l.segs[0]
}

// RemoveBefore deletes the segments that lie entirely below lsn (every byte
// of the segment < lsn), oldest first, then fsyncs the directory. The active
// segment is never removed. Use it after a checkpoint that covers lsn.
func (l *Log) RemoveBefore(lsn LSN) error {
	l.removeMu.Lock()
	defer l.removeMu.Unlock()
	l.mu.Lock()
	if l.active == nil {
		l.mu.Unlock()
		return fmt.Errorf("wal: RemoveBefore: %w", l.stateErrLocked())
	}
	var victims []LSN
	for _, s := range l.segs[:len(l.segs)-1] {
		if s+LSN(l.opts.SegmentSize) > lsn {
			break
		}
		victims = append(victims, s)
	}
	l.mu.Unlock()
	removed := 0
	var err error
	for _, s := range victims {
		if err = l.fs.Remove(l.segPath(s)); err != nil {
			err = fmt.Errorf("wal: remove segment: %w", err)
			break
		}
		removed++
	}
	l.mu.Lock()
	l.segs = l.segs[removed:]
	l.mu.Unlock()
	if removed > 0 {
		if serr := l.fs.SyncDir(l.dir); serr != nil && err == nil {
			err = fmt.Errorf("wal: remove segments: sync dir: %w", serr)
		}
	}
	return err
}

// stateErrLocked explains why the log cannot be used for writing, or nil.
func (l *Log) stateErrLocked() error {
	switch {
	case l.closed:
		return ErrClosed
	case l.failed != nil:
		return l.failed
	case !l.replayed:
		return ErrNotReplayed
	}
	return nil
}

// failLocked makes err the log's sticky failure (first one wins).
func (l *Log) failLocked(err error) error {
	if l.failed == nil {
		l.failed = fmt.Errorf("%w (reopen and Replay): %w", ErrFailed, err)
	}
	return l.failed
}

// releaseLocked closes a retired segment once no fsync uses it.
func (l *Log) releaseLocked(sf *segFile) error {
	if !sf.retired || sf.refs > 0 || sf.closed {
		return nil
	}
	sf.closed = true
	return sf.f.Close()
}

// Close fsyncs outstanding records (also in NoSync mode) and closes the
// log. It returns the log's sticky failure, if any. Further calls return nil.
func (l *Log) Close() error {
	l.mu.Lock()
	if l.closed {
		l.mu.Unlock()
		return nil
	}
	l.closed = true
	end, failed := l.endLocked(), l.failed
	l.mu.Unlock()
	if l.stop != nil {
		close(l.stop)
		<-l.done
	}
	err := failed
	if err == nil && end > 0 {
		err = l.waitDurable(end)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if sf := l.active; sf != nil {
		l.active = nil
		sf.retired = true
		if cerr := l.releaseLocked(sf); cerr != nil && err == nil {
			err = fmt.Errorf("wal: close: %w", cerr)
		}
	}
	return err
}
