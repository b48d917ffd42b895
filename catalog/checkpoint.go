package catalog

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/wal"
)

// Checkpoint defaults, as PostgreSQL's checkpoint_timeout (5 min); the WAL
// volume is smaller than its max_wal_size (1 GB) to bound crash recovery.
const (
	DefaultCheckpointInterval = 5 * time.Minute
	DefaultCheckpointWALBytes = 128 << 20
	checkpointPoll            = 100 * time.Millisecond
	// checkpointRetry is how long the background checkpointer waits after
	// a failed checkpoint before the next attempt: a full disk fails
	// again at once, and each attempt writes (then deletes) a partial
	// snapshot and logs an error. PostgreSQL's checkpointer also sleeps
	// after an error for the same reason.
	checkpointRetry = 10 * time.Second
)

// checkpointer is the checkpoint state of a Catalog.
type checkpointer struct {
	// commitMu is held shared by Commit from encoding its records until its
	// rows are visible, and exclusively by a checkpoint while it fixes its
	// LSN: no commit is then half-way between WAL and memory.
	commitMu sync.RWMutex
	// epoch counts the snapshots that fixed their LSN (under commitMu held
	// exclusively); early counts the transactions in progress whose row
	// changes are partly in the WAL already (txn_early.go).
	epoch uint64
	early atomic.Int64

	mu       sync.Mutex // one checkpoint at a time; guards the fields below
	fs       wal.FS
	dir      string
	logger   *slog.Logger
	lsn      wal.LSN // LSN of the live snapshot (0: none)
	prev     wal.LSN // LSN of the previous snapshot, kept as fallback (0: none)
	fellBack bool    // Open loaded the previous snapshot, CURRENT's is damaged
	last     time.Time
	retryAt  time.Time // no background checkpoint before (after a failure)
	closed   bool
	interval time.Duration
	walBytes int64

	stopOnce sync.Once
	stop     chan struct{}
	done     chan struct{}
}

func (c *Catalog) logger() *slog.Logger {
	if c.ckpt.logger != nil {
		return c.ckpt.logger
	}
	return slog.Default()
}

// Checkpoint writes a snapshot of the committed state at the current end
// of the WAL (tables, sequences, indexes, roles, committed live row
// versions and each HNSW graph) to a temporary directory, fsyncs it,
// renames it into place, fsyncs the data directory, points CURRENT at it,
// and then deletes the WAL segments and snapshots older than the previous
// snapshot (which is kept as a fallback). It does nothing when no WAL record
// was written since the last checkpoint. Readers and writers go on while
// the snapshot is written (writers of a table wait while its HNSW graphs
// are written: writeGraphs).
//
// An error leaves the previous snapshot and the WAL as they were, so
// nothing acknowledged is lost; the checkpoint can simply be retried.
func (c *Catalog) Checkpoint() error {
	ck := &c.ckpt
	ck.mu.Lock()
	defer ck.mu.Unlock()
	if ck.closed || ck.fs == nil {
		return nil
	}
	began := time.Now()
	c.logger().Info("checkpoint starting")
	st, err := c.captureAndWrite()
	if err != nil || st == nil {
		return err
	}
	if err := c.publishSnapshot(st.lsn); err != nil {
		return err
	}
	ck.prev, ck.lsn, ck.last = ck.lsn, st.lsn, time.Now()
	c.logger().Info("checkpoint complete", "lsn", uint64(st.lsn), "seconds", time.Since(began).Seconds())
	c.noteCheckpointMetrics(st.lsn, time.Since(began)) // monitor_hooks.go
	c.pruneSnapshots()
	if ck.prev > 0 {
		if err := c.log.RemoveBefore(ck.prev); err != nil {
			return fmt.Errorf("checkpoint: %w", err)
		}
	}
	if _, err := c.log.RecordEnd(false); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}

// captureAndWrite fixes the snapshot LSN and writes the snapshot to its
// temporary directory. It returns nil, nil when nothing changed.
func (c *Catalog) captureAndWrite() (*snapshotState, error) {
	ck := &c.ckpt
	st := c.capture()
	if st == nil {
		c.logger().Debug("checkpoint put off: a transaction holds uncommitted DDL")
		return nil, nil
	}
	slices.SortFunc(st.roles, func(a, b Role) int { return strings.Compare(a.Name, b.Name) })
	if st.lsn == 0 || st.lsn == ck.lsn {
		return nil, nil
	}
	tmp := filepath.Join(ck.dir, snapDirName(st.lsn)+snapTempExt)
	if err := ck.fs.RemoveAll(tmp); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if err := ck.fs.MkdirAll(tmp, 0o755); err != nil {
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	if err := c.writeSnapshot(ck.fs, tmp, st); err != nil {
		ck.fs.RemoveAll(tmp)
		return nil, fmt.Errorf("checkpoint: %w", err)
	}
	return st, nil
}

// publishSnapshot makes the written snapshot at lsn the live one: the WAL
// up to lsn durable (it may not be with NoSync), the directory fsynced and
// renamed, then CURRENT replaced.
func (c *Catalog) publishSnapshot(lsn wal.LSN) error {
	ck := &c.ckpt
	name := snapDirName(lsn)
	tmp, final := filepath.Join(ck.dir, name+snapTempExt), filepath.Join(ck.dir, name)
	err := c.log.Sync()
	if err == nil {
		err = ck.fs.SyncDir(tmp)
	}
	if err == nil {
		err = ck.fs.RemoveAll(final) // left by a checkpoint that failed before CURRENT
	}
	if err == nil {
		err = ck.fs.Rename(tmp, final)
	}
	if err == nil {
		err = ck.fs.SyncDir(ck.dir)
	}
	if err == nil {
		err = writeCurrent(ck.fs, ck.dir, name)
	}
	if err != nil {
		ck.fs.RemoveAll(tmp)
		return fmt.Errorf("checkpoint at LSN %d: %w", lsn, err)
	}
	return nil
}

// writeCurrent atomically replaces CURRENT with name.
func writeCurrent(fs wal.FS, dir, name string) error {
	path := filepath.Join(dir, currentFile)
	f, err := fs.Create(path + snapTempExt)
	if err != nil {
		return err
	}
	_, err = f.Write([]byte(name + "\n"))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fs.Rename(path+snapTempExt, path)
	}
	if err == nil {
		err = fs.SyncDir(dir)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// readCurrent returns the LSN of the snapshot CURRENT names; a missing
// CURRENT is an error matching os.ErrNotExist.
func readCurrent(fs wal.FS, dir string) (wal.LSN, error) {
	path := filepath.Join(dir, currentFile)
	r, closeFn, err := openSnapFile(fs, path)
	if err != nil {
		return 0, err
	}
	defer closeFn()
	var buf [64]byte
	n, _ := r.Read(buf[:])
	name, ok := strings.CutSuffix(string(buf[:n]), "\n")
	lsn, ok2 := parseSnapDirName(name)
	if !ok || !ok2 {
		return 0, fmt.Errorf("%w: %s holds %q, not a snapshot name", ErrSnapshotCorrupt, path, buf[:n])
	}
	return lsn, nil
}

// listSnapshots returns the LSNs of the snapshot directories, ascending,
// deleting leftover temporary ones.
func (c *Catalog) listSnapshots() ([]wal.LSN, error) {
	ck := &c.ckpt
	names, err := ck.fs.List(ck.dir)
	if err != nil {
		return nil, err
	}
	var out []wal.LSN
	for _, n := range names {
		if strings.HasPrefix(n, snapDirPrefix) && strings.HasSuffix(n, snapTempExt) {
			if err := ck.fs.RemoveAll(filepath.Join(ck.dir, n)); err != nil {
				return nil, err
			}
			continue
		}
		if lsn, ok := parseSnapDirName(n); ok {
			out = append(out, lsn)
		}
	}
	slices.Sort(out)
	return out, nil
}

// pruneSnapshots deletes every snapshot but the live and previous ones
// (keepNewer set aside any that must stay). Failures are only logged: a stale
// snapshot costs space, not safety.
func (c *Catalog) pruneSnapshots() {
	ck := &c.ckpt
	snaps, err := c.listSnapshots()
	if err == nil {
		for _, s := range snaps {
			if s == ck.lsn || s == ck.prev {
				continue
			}
			if err = ck.fs.RemoveAll(filepath.Join(ck.dir, snapDirName(s))); err != nil {
				break
			}
		}
	}
	if err == nil {
		err = ck.fs.SyncDir(ck.dir)
	}
	if err != nil {
		c.logger().Warn("catalog: removing old snapshots failed", "err", err)
	}
}

// keepNewer runs at Open after the replay that ended at recovered: a
// snapshot newer than the one loaded (loaded, 0: none) whose LSN lies past
// recovered and that has a catalog file (checkpoints write it last) may
// hold commits the catalog lacks (CURRENT named an older snapshot, or the
// newer one is damaged, and --wal-truncate-corrupt let the WAL be cut). It
// is never pruned: it is renamed "snapshot.<LSN>.kept", out of the way of
// the checkpoints that will reuse its LSNs, and kept for inspection. A
// newer snapshot within the replayed WAL holds nothing more and may go.
func (c *Catalog) keepNewer(loaded, recovered wal.LSN) error {
	ck := &c.ckpt
	snaps, err := c.listSnapshots()
	if err != nil {
		return fmt.Errorf("list snapshots: %w", err)
	}
	for _, s := range snaps {
		if s <= loaded || s <= recovered {
			continue
		}
		dir := filepath.Join(ck.dir, snapDirName(s))
		f, err := ck.fs.Open(filepath.Join(dir, catalogFile))
		if err != nil {
			continue
		}
		f.Close()
		if err := ck.fs.Rename(dir, dir+snapKeptExt); err != nil {
			return fmt.Errorf("set aside snapshot %s newer than the WAL recovered: %w", dir, err)
		}
		if err := ck.fs.SyncDir(ck.dir); err != nil {
			return fmt.Errorf("set aside snapshot %s: %w", dir, err)
		}
		c.logger().Warn("catalog: a snapshot newer than the WAL recovered at start-up may hold lost commits; kept aside",
			"snapshot", dir+snapKeptExt, "recovered_lsn", uint64(recovered), "loaded", snapDirName(loaded))
	}
	return nil
}

// openSnapshot loads the snapshot CURRENT names (none: returns nil). If it
// is damaged and the previous snapshot is kept with the WAL after it, that
// one is used with an error logged; otherwise the damage is returned.
// Without CURRENT, the newest snapshot that loads is used (openNewest).
func (c *Catalog) openSnapshot() (*loadedSnapshot, error) {
	ck := &c.ckpt
	snaps, err := c.listSnapshots()
	if err != nil {
		return nil, fmt.Errorf("list snapshots: %w", err)
	}
	cur, err := readCurrent(ck.fs, ck.dir)
	if errors.Is(err, os.ErrNotExist) {
		return c.openNewest(snaps)
	}
	if err != nil {
		return nil, err
	}
	var prev wal.LSN
	for _, s := range snaps {
		if s < cur {
			prev = s
		}
	}
	ls, err := c.loadSnapshotAt(cur)
	if err == nil {
		ck.lsn, ck.prev = cur, prev
		return ls, nil
	}
	if prev == 0 || c.log.FirstLSN() > prev {
		return nil, err
	}
	c.logger().Error("catalog: snapshot damaged, starting from the previous one", "err", err,
		"previous", snapDirName(prev))
	c.resetContents()
	ls, err2 := c.loadSnapshotAt(prev)
	if err2 != nil {
		return nil, errors.Join(err, err2)
	}
	ck.lsn, ck.fellBack = prev, true
	return ls, nil
}

// openNewest is openSnapshot without a CURRENT file: it loads the newest
// snapshot directory whose files all load (CRCs checked), trying older ones
// after a damaged one, and rewrites CURRENT to name it. Without snapshot
// directories it returns nil (a new data directory) unless the WAL was
// pruned; when every snapshot is damaged it returns their errors.
func (c *Catalog) openNewest(snaps []wal.LSN) (*loadedSnapshot, error) {
	ck := &c.ckpt
	if len(snaps) == 0 {
		if first := c.log.FirstLSN(); first > 0 {
			return nil, fmt.Errorf("%w: no %s file but the WAL starts at LSN %d: the snapshot covering the earlier records is missing",
				ErrSnapshotCorrupt, currentFile, first)
		}
		return nil, nil
	}
	var errs []error
	for i := len(snaps) - 1; i >= 0; i-- {
		ls, err := c.loadSnapshotAt(snaps[i])
		if err != nil {
			errs = append(errs, err)
			c.resetContents()
			continue
		}
		c.logger().Warn("catalog: no CURRENT file, starting from the newest snapshot that loads",
			"snapshot", snapDirName(snaps[i]), "damaged_newer", len(errs))
		ck.lsn = snaps[i]
		if i > 0 {
			ck.prev = snaps[i-1]
		}
		if err := writeCurrent(ck.fs, ck.dir, snapDirName(snaps[i])); err != nil {
			return nil, err
		}
		return ls, nil
	}
	return nil, fmt.Errorf("no %s file and no snapshot loads: %w", currentFile, errors.Join(errs...))
}

func (c *Catalog) loadSnapshotAt(lsn wal.LSN) (*loadedSnapshot, error) {
	dir := filepath.Join(c.ckpt.dir, snapDirName(lsn))
	ls, err := c.loadSnapshot(c.ckpt.fs, dir, lsn)
	if err != nil {
		return nil, fmt.Errorf("load snapshot %s: %w", dir, err)
	}
	if ls.lsn != lsn {
		return nil, fmt.Errorf("%w: %s records LSN %d", ErrSnapshotCorrupt, dir, ls.lsn)
	}
	return ls, nil
}

// resetContents empties the catalog before loading another snapshot.
func (c *Catalog) resetContents() {
	c.tables, c.indexes, c.schemas = map[string]*Table{}, map[string]*Index{}, nil
	c.nextOID, c.tx.nextXID = firstOID, frozenXID
	c.roles.mu.Lock()
	c.roles.m = nil
	c.roles.mu.Unlock()
}

// startCheckpointer starts the background loop that checkpoints when
// walBytes of WAL were written or interval passed since the last one (a
// value <= 0 disables that trigger).
func (c *Catalog) startCheckpointer(interval time.Duration, walBytes int64) {
	ck := &c.ckpt
	ck.interval, ck.walBytes, ck.last = interval, walBytes, time.Now()
	ck.stop, ck.done = make(chan struct{}), make(chan struct{})
	if interval <= 0 && walBytes <= 0 {
		close(ck.done)
		return
	}
	go func() {
		defer close(ck.done)
		t := time.NewTicker(min(checkpointPoll, max(interval, time.Millisecond)))
		defer t.Stop()
		for {
			select {
			case <-ck.stop:
				return
			case <-t.C:
				c.checkpointTick()
			}
		}
	}()
}

// checkpointTick is one turn of the background checkpointer: a checkpoint
// if one is due; after a failure, none before checkpointRetry.
func (c *Catalog) checkpointTick() {
	if !c.checkpointDue() {
		return
	}
	if err := c.Checkpoint(); err != nil {
		c.logger().Error("catalog: checkpoint failed", "err", err, "retry_in", checkpointRetry.String())
		c.ckpt.mu.Lock()
		c.ckpt.retryAt = time.Now().Add(checkpointRetry)
		c.ckpt.mu.Unlock()
	}
}

func (c *Catalog) checkpointDue() bool {
	ck := &c.ckpt
	end := c.log.NextLSN()
	ck.mu.Lock()
	defer ck.mu.Unlock()
	if end == 0 || end == ck.lsn || ck.closed || time.Now().Before(ck.retryAt) {
		return false
	}
	if ck.early.Load() > 0 && (ck.walBytes <= 0 || int64(end-ck.lsn) < earlyDeferFactor*ck.walBytes) {
		return false // it would make them write their rows again (txn_early.go)
	}
	return (ck.walBytes > 0 && int64(end-ck.lsn) >= ck.walBytes) ||
		(ck.interval > 0 && time.Since(ck.last) >= ck.interval)
}

// earlyDeferFactor bounds how long the background checkpointer waits for
// transactions whose rows are partly in the WAL already (a COPY in
// progress): until earlyDeferFactor times the WAL volume that triggers a
// checkpoint was written since the last one. A checkpoint makes such a
// transaction write its rows again at commit (txn_early.go).
const earlyDeferFactor = 8

// stopCheckpointer stops the background loop and waits for it.
func (c *Catalog) stopCheckpointer() {
	ck := &c.ckpt
	if ck.stop == nil {
		return
	}
	ck.stopOnce.Do(func() { close(ck.stop) })
	<-ck.done
}

// SnapshotLSN returns the LSN of the live snapshot (0: none yet).
func (c *Catalog) SnapshotLSN() wal.LSN {
	c.ckpt.mu.Lock()
	defer c.ckpt.mu.Unlock()
	return c.ckpt.lsn
}
