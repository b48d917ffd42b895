package catalog

import (
	"context"
	"log/slog"
	"time"

	"github.com/vecgres/vecgres/monitor"
)

// buildLog is what the log lines of one build need: when it began,
// whether it finished and their level.
type buildLog struct {
	began    time.Time
	finished bool
	level    slog.Level // info for the vector indexes, debug for B-trees
}

type buildLogKey struct{}

// startBuildProgress lists the build of ix in
// pg_stat_progress_create_index (monitor.IndexBuild, which the passes
// of fillIndexCtx find in the returned context) and logs its start; end
// removes it, logging a build that did not finish. cmd is the view's
// command; oid the index's OID, 0 while a new index has none.
func (c *Catalog) startBuildProgress(ctx context.Context, ix *Index, cmd string, oid uint32) (context.Context, func()) {
	pr := &monitor.IndexBuild{RelID: ix.Table.OID, Index: ix.Name, Command: cmd}
	pr.IndexRelID.Store(oid)
	unlist := monitor.StartIndexBuild(ctx, pr)
	bl := &buildLog{began: time.Now(), level: slog.LevelInfo}
	if ix.Method == MethodBTree { // short: logged at debug level
		bl.level = slog.LevelDebug
	}
	c.logger().Log(ctx, bl.level, "index build started", "index", ix.Name, "table", ix.Table.Name, "method", string(ix.Method))
	ctx = context.WithValue(monitor.WithIndexBuild(ctx, pr), buildLogKey{}, bl)
	return ctx, func() {
		unlist()
		if !bl.finished {
			c.logger().Log(ctx, bl.level, "index build stopped", "index", ix.Name, "seconds", time.Since(bl.began).Seconds())
		}
	}
}

// logBuildEnd logs that the build of ix finished and gives its OID to
// its progress entry; called once the OID is allocated.
func (c *Catalog) logBuildEnd(ctx context.Context, ix *Index) {
	pr := monitor.IndexBuildOf(ctx)
	bl, _ := ctx.Value(buildLogKey{}).(*buildLog)
	if pr == nil || bl == nil {
		return
	}
	pr.IndexRelID.CompareAndSwap(0, ix.OID) // a new index's OID; REINDEX gave the old one's
	bl.finished = true
	c.logger().Log(ctx, bl.level, "index build complete", "index", ix.Name, "table", ix.Table.Name, "method", string(ix.Method),
		"tuples", pr.TuplesDone.Load(), "seconds", time.Since(bl.began).Seconds())
}

// reindexOne fills REINDEX's new copy nix of the index with OID oid from
// the rows below slot end, listed in pg_stat_progress_create_index as
// PostgreSQL lists a REINDEX (command "REINDEX", index_relid the index's
// OID) and logged as a build.
func (c *Catalog) reindexOne(ctx context.Context, nix *Index, oid uint32, end uint64) error {
	ctx, done := c.startBuildProgress(ctx, nix, "REINDEX", oid)
	defer done()
	if err := c.fillIndexCtx(ctx, nix, 0, end, nil); err != nil {
		return err
	}
	c.logBuildEnd(ctx, nix)
	return nil
}
