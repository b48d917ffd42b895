// Command vecgres runs the vecgres server: a vector SQL server that speaks
// the PostgreSQL wire protocol and pgvector's SQL.
//
//	vecgres [--listen 127.0.0.1:5433] [--data-dir ./vecgres-data] [--synchronous-commit on|off]
//
// It prints "listening on HOST:PORT" to standard output once it accepts
// connections, and shuts down cleanly on SIGINT or SIGTERM.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner"
	"github.com/vecgres/vecgres/wal"
	"github.com/vecgres/vecgres/wire"
)

type config struct {
	listen     string
	dataDir    string
	syncCommit string
	logLevel   string
	truncate   bool
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("vecgres", flag.ContinueOnError)
	fs.StringVar(&c.listen, "listen", "127.0.0.1:5433", "address to listen on (host:port; port 0 picks a free one)")
	fs.StringVar(&c.dataDir, "data-dir", "./vecgres-data", "directory holding the write-ahead log")
	fs.StringVar(&c.syncCommit, "synchronous-commit", "on",
		"on: COMMIT returns after the WAL is fsynced; off: before, so an OS crash or power loss may lose the last commits (never corrupt them)")
	fs.StringVar(&c.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.BoolVar(&c.truncate, "wal-truncate-corrupt", false,
		"at start-up, cut the WAL at a damaged record instead of refusing to start (loses every commit after it)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.syncCommit != "on" && c.syncCommit != "off" {
		return c, fmt.Errorf("--synchronous-commit must be on or off, not %q", c.syncCommit)
	}
	return c, nil
}

func main() {
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "vecgres:", err)
		os.Exit(2)
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "vecgres:", err)
		os.Exit(1)
	}
}

func run(cfg config) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(cfg.logLevel)); err != nil {
		return fmt.Errorf("--log-level: %w", err)
	}
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))
	slog.SetDefault(logger)

	cat, err := catalog.Open(cfg.dataDir, catalog.Options{WAL: wal.Options{
		NoSync: cfg.syncCommit == "off", TruncateCorrupt: cfg.truncate}})
	if err != nil {
		return err
	}
	defer cat.Close()

	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	fmt.Printf("listening on %s\n", ln.Addr())
	logger.Info("vecgres started", "addr", ln.Addr().String(), "data_dir", cfg.dataDir)
	srv := &wire.Server{Engine: planner.NewEngine(cat), Logger: logger}
	err = srv.Serve(ctx, ln)
	logger.Info("vecgres stopped")
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}
