package catalog

import (
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/wal"
)

// Recovery describes what Open did to bring the data directory back: the
// snapshot it loaded and the WAL it replayed after it. The server logs it
// at start-up.
type Recovery struct {
	SnapshotLSN     wal.LSN       // LSN of the snapshot loaded (0: none, replay from the start)
	SnapshotSeconds float64       // loading the snapshot (catalog, rows, graphs)
	WALRecords      int           // records replayed after the snapshot
	WALBytes        int64         // bytes of WAL from the snapshot LSN to its end
	ReplaySeconds   float64       // replaying them and indexing the rows they touched
	Elapsed         time.Duration // all of Open's recovery work
	Tables          int           // tables after recovery
	RowVersions     uint64        // row slots of those tables (live and dead versions)
	PendingIndexes  int           // HNSW/IVFFlat indexes left to catch up in the background (catchup.go)
	PendingRows     int           // rows those indexes lack when Open returns
}

// Recovery returns what Open loaded and replayed.
func (c *Catalog) Recovery() Recovery { return c.recovery }

// noteRecovery fills c.recovery once Open has replayed the WAL: began is
// when loading the snapshot ls (nil: none) began, replayed when replaying
// the WAL began. WALRecords was counted by replay.
func (c *Catalog) noteRecovery(ls *loadedSnapshot, began, replayed time.Time) {
	r := &c.recovery
	if ls != nil {
		r.SnapshotLSN = ls.lsn
	}
	r.WALBytes = int64(c.log.NextLSN() - r.SnapshotLSN)
	r.SnapshotSeconds = replayed.Sub(began).Seconds()
	r.ReplaySeconds = time.Since(replayed).Seconds()
	r.Elapsed = time.Since(began)
	r.Tables = len(c.tables)
	for _, t := range c.tables {
		r.RowVersions += t.Slots()
	}
	r.PendingIndexes = len(c.catchup.work)
	for _, ix := range c.catchup.work {
		r.PendingRows += len(ix.PendingSlots())
	}
	monitor.RecoverySeconds.Set(r.Elapsed.Seconds())
}
