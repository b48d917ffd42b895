// Command vecgres runs the vecgres server: a vector SQL server that speaks
// the PostgreSQL wire protocol and pgvector's SQL.
//
//	vecgres [--listen 127.0.0.1:5433] [--data-dir ./vecgres-data] [--synchronous-commit on|off]
//	        [--tls-cert server.crt --tls-key server.key] [--require-tls-remote] [--trust-local=false]
//
// It prints "listening on HOST:PORT" to standard output once it accepts
// connections, and shuts down cleanly on SIGINT or SIGTERM; SIGHUP reloads
// the configuration files. "vecgres backup --to DIR" takes an online
// backup of a running server (backup.go).
package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner"
	"github.com/vecgres/vecgres/wire"
)

type config struct {
	listen     string
	dataDir    string
	syncCommit string
	logLevel   string
	truncate   bool
	ckptEvery  time.Duration // --checkpoint-interval
	ckptWALMB  int64         // --checkpoint-wal-mb

	debugListen string // --debug-listen: /metrics and /debug/pprof/
	showVersion bool   // --version, -V: print versionText and exit

	tlsCert, tlsKey  string
	trustLocal       bool
	requireTLSRemote bool

	options   []confEntry // -c name=value (settings.go)
	logErrors string      // --log-errors
}

func parseFlags(args []string) (config, error) {
	var c config
	fs := flag.NewFlagSet("vecgres", flag.ContinueOnError)
	fs.StringVar(&c.listen, "listen", "127.0.0.1:5433", "address to listen on (host:port; port 0 picks a free one)")
	fs.StringVar(&c.dataDir, "data-dir", "./vecgres-data", "directory holding the write-ahead log")
	fs.StringVar(&c.syncCommit, "synchronous-commit", "on",
		"on: COMMIT returns after the WAL is fsynced; off: before, so an OS crash or power loss may lose the last commits (never corrupt them)")
	fs.StringVar(&c.logLevel, "log-level", "info", "debug, info, warn or error")
	fs.StringVar(&c.debugListen, "debug-listen", "", "serve /metrics (Prometheus) and /debug/pprof/ on this address, e.g. 127.0.0.1:6060 (off when empty)")
	fs.BoolVar(&c.truncate, "wal-truncate-corrupt", false,
		"at start-up, cut the WAL at a damaged record, missing or cut-short segment instead of refusing to start, even before its recorded end (loses every commit after the cut; the log says which LSNs)")
	fs.StringVar(&c.tlsCert, "tls-cert", "", "PEM certificate chain file; with --tls-key, clients may use TLS (sslmode=require)")
	fs.StringVar(&c.tlsKey, "tls-key", "", "PEM private key file of --tls-cert")
	fs.BoolVar(&c.trustLocal, "trust-local", true,
		"let roles without a password (such as the initial postgres) log in from loopback without one")
	fs.BoolVar(&c.requireTLSRemote, "require-tls-remote", false, "refuse non-loopback clients that do not use TLS")
	fs.DurationVar(&c.ckptEvery, "checkpoint-interval", catalog.DefaultCheckpointInterval,
		"checkpoint at least this often while WAL is written (negative: never by time)")
	fs.Int64Var(&c.ckptWALMB, "checkpoint-wal-mb", catalog.DefaultCheckpointWALBytes>>20,
		"checkpoint after this many MiB of WAL, bounding crash-recovery replay (negative: never by size)")
	fs.BoolVar(&c.showVersion, "version", false, "print the version and exit")
	fs.BoolVar(&c.showVersion, "V", false, "print the version and exit (short for --version)")
	statementMemFlag(fs)  // limits.go
	settingsFlags(fs, &c) // settings.go
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if (c.tlsCert == "") != (c.tlsKey == "") {
		return c, fmt.Errorf("--tls-cert and --tls-key go together")
	}
	if c.requireTLSRemote && c.tlsCert == "" {
		return c, fmt.Errorf("--require-tls-remote needs --tls-cert and --tls-key")
	}
	if c.syncCommit != "on" && c.syncCommit != "off" {
		return c, fmt.Errorf("--synchronous-commit must be on or off, not %q", c.syncCommit)
	}
	return c, nil
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "backup" { // backup.go
		if err := runBackup(os.Args[2:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "vecgres:", err)
			os.Exit(1)
		}
		return
	}
	cfg, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "vecgres:", err)
		os.Exit(2)
	}
	if cfg.showVersion {
		fmt.Print(versionText()) // version.go
		return
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "vecgres:", err)
		os.Exit(1)
	}
}

// run starts the server and blocks until SIGINT or SIGTERM. The order
// matters: the data directory's lock first (a second server on it is
// refused), then the listening sockets, so that a port in use fails before
// the data directory is read or written; then recovery, and only then
// "listening on". Shutdown writes the final checkpoint before logging
// "vecgres stopped".
func run(cfg config) error {
	logger, err := newLogger(cfg.logLevel)
	if err != nil {
		return err
	}
	tlsConfig, err := loadTLS(cfg)
	if err != nil {
		return err
	}
	lock, err := lockDataDir(cfg.dataDir)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := loadSettings(cfg, nil, logger); err != nil { // settings.go
		return err
	}
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		return err
	}
	defer ln.Close()
	debugLn, err := listenDebug(cfg.debugListen)
	if err != nil {
		return err
	}
	logStartup(logger, cfg)
	cat, err := openCatalog(cfg, logger)
	if err != nil {
		return err
	}
	// Signals stay caught until the final checkpoint is written: a second
	// SIGINT or SIGTERM during it (a wrapper that forwards the signal to
	// the process group too, or Ctrl-C twice) is dropped instead of
	// killing the process mid-checkpoint, as PostgreSQL's shutdown
	// checkpoint finishes whatever signals follow (SIGKILL still stops it).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = serve(ctx, cfg, cat, ln, debugLn, tlsConfig, logger)
	closeCatalog(cat, logger)
	logger.Info("vecgres stopped")
	return err
}

// serve answers clients on ln (and the debug endpoints on debugLn, if
// not nil) until ctx is done (SIGINT or SIGTERM).
func serve(ctx context.Context, cfg config, cat *catalog.Catalog, ln, debugLn net.Listener, tlsConfig *tls.Config, logger *slog.Logger) error {
	if debugLn != nil {
		serveDebug(ctx, debugLn, logger)
	}
	srv := &wire.Server{Engine: planner.NewEngine(cat), Logger: logger,
		Roles: cat, TrustLocal: cfg.trustLocal, TLSConfig: tlsConfig, RequireTLSRemote: cfg.requireTLSRemote,
		IsSuperuser: cat.IsSuperuser}
	if err := configureServer(srv, cfg); err != nil { // settings.go
		return err
	}
	serveAdmin(ctx, cfg, cat, logger) // settings.go
	fmt.Printf("listening on %s\n", ln.Addr())
	logger.Info("vecgres ready to accept connections", "addr", ln.Addr().String())
	err := srv.Serve(ctx, ln)
	logger.Info("vecgres shutting down")
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// loadTLS loads --tls-cert and --tls-key; nil when TLS is not configured.
func loadTLS(cfg config) (*tls.Config, error) {
	if cfg.tlsCert == "" {
		return nil, nil
	}
	return wire.LoadTLSConfig(cfg.tlsCert, cfg.tlsKey)
}
