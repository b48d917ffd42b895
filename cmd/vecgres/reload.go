package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/vecgres/vecgres/planner"
	"github.com/vecgres/vecgres/planner/sem"
)

// reloadOnHUP reloads the configuration files on SIGHUP, and when a
// session calls pg_reload_conf(), until ctx ends, as PostgreSQL's
// postmaster does: settings sessions may change take effect for new
// sessions and for values the session did not SET; restart-only ones
// keep their start-up value with a warning.
func reloadOnHUP(ctx context.Context, cfg config, logger *slog.Logger) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	start := restartValues()
	sem.SetReloadHook(func() {
		select {
		case hup <- syscall.SIGHUP:
		default: // a reload is pending already
		}
	})
	go func() {
		defer signal.Stop(hup)
		for {
			select {
			case <-ctx.Done():
				return
			case <-hup:
				reload(cfg, start, logger)
			}
		}
	}()
}

// reload applies the configuration files again, logging the outcome.
func reload(cfg config, start map[string]planner.ServerValue, logger *slog.Logger) {
	if err := loadSettings(cfg, start, logger); err != nil {
		logger.Error("configuration file contains errors; no changes were applied", "err", err)
		return
	}
	logger.Info("configuration reloaded")
}
