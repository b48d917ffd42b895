package catalog

import (
	"os"
	"path/filepath"
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/wal"
)

// withWALMetrics returns o with its OnAppend and OnSync hooks counting
// into monitor's vecgres_wal_bytes_total, vecgres_wal_fsync_duration_seconds
// and vecgres_wal_group_commit_size, keeping hooks the caller set.
func withWALMetrics(o wal.Options) wal.Options {
	if o.OnAppend == nil {
		o.OnAppend = func(n int64) { monitor.WALBytes.Add(float64(n)) }
	}
	if o.OnSync == nil {
		o.OnSync = func(d time.Duration, group int) {
			monitor.WALFsyncSeconds.Observe(d.Seconds())
			monitor.GroupCommitSize.Observe(float64(group))
		}
	}
	return o
}

// noteCheckpointMetrics counts a checkpoint that took d and wrote the
// snapshot directory of lsn (its files' sizes, read back from the
// directory; 0 when it cannot be read).
func (c *Catalog) noteCheckpointMetrics(lsn wal.LSN, d time.Duration) {
	monitor.Checkpoints.Inc()
	monitor.CheckpointSeconds.Observe(d.Seconds())
	dir := filepath.Join(c.ckpt.dir, snapDirName(lsn))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	var n int64
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			n += info.Size()
		}
	}
	monitor.CheckpointBytes.Add(float64(n))
}
