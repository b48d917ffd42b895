package main

import (
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire"
)

// version is vecgres's version, set at build time with
// -ldflags "-X main.version=..."; otherwise the module version and VCS
// revision Go recorded in the binary.
var version = ""

// buildVersion returns version, or what the binary's build info says
// ("(devel)" plus the commit when built from a checkout).
func buildVersion() string {
	if version != "" {
		return version
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}

// newLogger makes the text logger on standard error at level (debug,
// info, warn or error) and makes it slog's default.
func newLogger(level string) (*slog.Logger, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("--log-level: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: l}))
	slog.SetDefault(logger)
	return logger, nil
}

// logStartup logs the version, the data directory and every setting, once
// the lock and the listening socket are taken.
func logStartup(logger *slog.Logger, cfg config) {
	logger.Info("vecgres starting", "version", buildVersion(), "go", runtime.Version(),
		"server_version", wire.DefaultServerVersion, "pid", os.Getpid(), "data_dir", cfg.dataDir,
		"listen", cfg.listen, "synchronous_commit", cfg.syncCommit,
		"checkpoint_interval", cfg.ckptEvery.String(), "checkpoint_wal_mb", cfg.ckptWALMB,
		"wal_truncate_corrupt", cfg.truncate, "tls", cfg.tlsCert != "", "require_tls_remote", cfg.requireTLSRemote,
		"trust_local", cfg.trustLocal, "debug_listen", cfg.debugListen, "log_level", cfg.logLevel,
		"statement_mem_limit_mb", sql.StatementMemLimit()>>20)
}

// openCatalog opens the data directory (loading its snapshot and
// replaying the WAL after it) and logs what recovery did.
func openCatalog(cfg config, logger *slog.Logger) (*catalog.Catalog, error) {
	cat, err := catalog.Open(cfg.dataDir, catalog.Options{WAL: wal.Options{
		NoSync: cfg.syncCommit == "off", TruncateCorrupt: cfg.truncate},
		CheckpointInterval: cfg.ckptEvery, CheckpointWALBytes: cfg.ckptWALMB << 20})
	if err != nil {
		return nil, err
	}
	r := cat.Recovery()
	logger.Info("recovery complete", "snapshot_lsn", uint64(r.SnapshotLSN), "snapshot_seconds", r.SnapshotSeconds,
		"wal_replayed_bytes", r.WALBytes, "wal_replayed_records", r.WALRecords, "wal_replay_seconds", r.ReplaySeconds,
		"seconds", r.Elapsed.Seconds(), "tables", r.Tables, "row_versions", r.RowVersions,
		"indexes_catching_up", r.PendingIndexes, "index_rows_pending", r.PendingRows)
	return cat, nil
}

// closeCatalog writes the final checkpoint and closes the WAL, logging a
// failure (the WAL keeps every commit, so the next start replays them).
func closeCatalog(cat *catalog.Catalog, logger *slog.Logger) {
	if err := cat.Close(); err != nil {
		logger.Error("shutdown checkpoint or WAL close failed; the next start replays the WAL", "err", err)
	}
}
