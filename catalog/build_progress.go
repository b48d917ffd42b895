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
// removes it, logging a build that did not finish.
func (c *Catalog) startBuildProgress(ctx context.Context, ix *Index, def IndexDef) (context.Context, func()) {
	cmd := "CREATE INDEX"
	if def.Concurrently {
		cmd = "CREATE INDEX CONCURRENTLY"
	}
	pr := &monitor.IndexBuild{RelID: ix.Table.OID, Index: ix.Name, Command: cmd}
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
	pr.IndexRelID.Store(ix.OID)
	bl.finished = true
	c.logger().Log(ctx, bl.level, "index build complete", "index", ix.Name, "table", ix.Table.Name, "method", string(ix.Method),
		"tuples", pr.TuplesDone.Load(), "seconds", time.Since(bl.began).Seconds())
}
