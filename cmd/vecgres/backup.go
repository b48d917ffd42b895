package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// Online backup. The server side is vecgres_backup(dir) (planner/sem),
// which catalog.Backup serves; the client side is the subcommand
//
//	vecgres backup --to DIR [--dsn postgres://postgres@127.0.0.1:5433/postgres]
//
// which asks a running server, over the wire, to write the backup into
// DIR on the server's host. Restoring is starting a server on DIR.

// serveBackups makes vecgres_backup() back up cat for superusers, copying
// the data directory's configuration files beside it.
func serveBackups(cat *catalog.Catalog, cfg config, logger *slog.Logger) {
	sem.SetBackupHook(func(user, dir string) (string, error) {
		if !cat.IsSuperuser(user) {
			return "", pgerror.New(pgerror.InsufficientPrivilege, "permission denied for function vecgres_backup")
		}
		if !filepath.IsAbs(dir) {
			return "", pgerror.Errorf(pgerror.InvalidParameterValue, "backup directory %q must be an absolute path", dir)
		}
		began := time.Now()
		info, err := cat.Backup(dir)
		if errors.Is(err, catalog.ErrBackupTargetNotEmpty) {
			return "", pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "directory %q exists but is not empty", dir)
		}
		if err == nil {
			err = copyConfFiles(cfg.dataDir, dir)
		}
		if err != nil {
			logger.Error("backup failed", "dir", dir, "err", err)
			return "", pgerror.Errorf(pgerror.IOError, "could not take backup: %v", err)
		}
		logger.Info("backup complete", "dir", dir, "snapshot_lsn", uint64(info.SnapshotLSN),
			"end_lsn", uint64(info.EndLSN), "wal_bytes", info.WALBytes, "seconds", time.Since(began).Seconds())
		return formatLSN(info.EndLSN), nil
	})
}

// formatLSN spells an LSN as PostgreSQL's pg_lsn: two hex halves, X/X.
func formatLSN(l wal.LSN) string { return fmt.Sprintf("%X/%X", uint64(l)>>32, uint64(l)&0xFFFFFFFF) }

// copyConfFiles copies vecgres.conf and vecgres.auto.conf, when present,
// from the data directory into the backup.
func copyConfFiles(dataDir, dst string) error {
	for _, name := range []string{confFileName, autoConfFileName} {
		b, err := os.ReadFile(filepath.Join(dataDir, name))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// runBackup is the backup subcommand: it connects to the server and calls
// vecgres_backup with DIR made absolute, printing the consistency point.
func runBackup(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("vecgres backup", flag.ContinueOnError)
	to := fs.String("to", "", "directory to write the backup into, on the server's host (missing or empty)")
	dsn := fs.String("dsn", "postgres://postgres@127.0.0.1:5433/postgres?sslmode=disable",
		"connection string of the running server (a superuser)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return fmt.Errorf("backup: --to DIR is required")
	}
	dir, err := filepath.Abs(*to)
	if err != nil {
		return err
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, *dsn)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer conn.Close(ctx)
	var lsn string
	if err := conn.QueryRow(ctx, "SELECT vecgres_backup($1)", dir).Scan(&lsn); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(stdout, "backup written to %s, consistent at LSN %s\n", dir, lsn)
	return nil
}
