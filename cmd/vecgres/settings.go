package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner"
	"github.com/vecgres/vecgres/planner/memacct"
	"github.com/vecgres/vecgres/wire"
)

// restartSettings are the settings a reload does not change (PostgreSQL's
// PGC_POSTMASTER, and here the connection log switches, which the wire
// server reads once): a new value in a file waits for a restart.
var restartSettings = []string{"max_connections", "superuser_reserved_connections",
	"log_connections", "log_disconnections"}

// settingsFlags registers -c name=value (repeatable: any server setting,
// as postgres -c, winning over the configuration files) and --log-errors.
func settingsFlags(fs *flag.FlagSet, c *config) {
	fs.Func("c", "set a run-time parameter, as postgres -c name=value (repeatable; e.g. -c max_connections=200)",
		func(v string) error {
			name, value, ok := strings.Cut(v, "=")
			if !ok || strings.TrimSpace(name) == "" {
				return fmt.Errorf("-c wants name=value, not %q", v)
			}
			c.options = append(c.options, confEntry{name: strings.ToLower(strings.TrimSpace(name)),
				value: value, file: "command line"})
			return nil
		})
	fs.StringVar(&c.logErrors, "log-errors", "error",
		"log level of statement errors sent to clients (with SQLSTATE and query): debug, info, warn, error or off")
}

// loadSettings reads the data directory's configuration files, then
// applies them and the -c options (later entries win) as the server-wide
// settings. At start-up (prev nil) any error stops the server; on a
// reload prev holds the values the restart-only settings started with,
// which stay, and an error leaves every setting as it was.
func loadSettings(cfg config, prev map[string]planner.ServerValue, logger *slog.Logger) error {
	var entries []confEntry
	for _, name := range []string{confFileName, autoConfFileName} {
		e, err := readConfFile(filepath.Join(cfg.dataDir, name))
		if err != nil {
			return err
		}
		entries = append(entries, e...)
	}
	values := map[string]planner.ServerValue{}
	workMemKB := int64(-1)
	for _, e := range append(entries, cfg.options...) {
		if e.name == memacct.SettingName { // its server default lives in memacct
			kb, err := memacct.ParseKB(e.name, e.value)
			if err != nil {
				return entryError(e, err)
			}
			workMemKB = kb
			continue
		}
		if _, err := planner.CheckServerSetting(e.name, e.value); err != nil {
			return entryError(e, err)
		}
		values[e.name] = e.serverValue()
	}
	for name, old := range prev {
		now := planner.BuiltinServerSetting(name)
		if v, ok := values[name]; ok {
			now, _ = planner.CheckServerSetting(name, v.Value)
		}
		if now != old.Value {
			logger.Warn("parameter cannot be changed without restarting the server; keeping the old value",
				"name", name, "value", old.Value)
			old.PendingRestart = true
		}
		values[name] = old
	}
	if err := planner.ReplaceServerDefaults(values); err != nil {
		return err
	}
	if workMemKB >= 0 {
		memacct.SetServerDefaultKB(workMemKB)
	}
	return nil
}

func entryError(e confEntry, err error) error {
	if e.line == 0 {
		return fmt.Errorf("%s: %s=%s: %w", e.file, e.name, e.value, err)
	}
	return fmt.Errorf("%s line %d: %w", e.file, e.line, err)
}

// restartValues returns the values of restartSettings now.
func restartValues() map[string]planner.ServerValue {
	out := map[string]planner.ServerValue{}
	for _, n := range restartSettings {
		out[n] = planner.ServerSettingValue(n)
	}
	return out
}

// serverValue is e as a planner.ServerValue with its source.
func (e confEntry) serverValue() planner.ServerValue {
	if e.line == 0 {
		return planner.ServerValue{Value: e.value, Source: "command line"}
	}
	return planner.ServerValue{Value: e.value, Source: "configuration file", File: e.file, Line: e.line}
}

// configureServer sets the wire server's connection limits and log
// switches from the server-wide settings.
func configureServer(srv *wire.Server, cfg config) error {
	var n, reserved int
	fmt.Sscan(planner.ServerSetting("max_connections"), &n)
	fmt.Sscan(planner.ServerSetting("superuser_reserved_connections"), &reserved)
	if reserved >= n {
		return fmt.Errorf("superuser_reserved_connections (%d) must be less than max_connections (%d)", reserved, n)
	}
	srv.MaxConns, srv.SuperuserReserved = n, reserved
	srv.LogConnections = planner.ServerSetting("log_connections") == "on"
	srv.LogDisconnections = planner.ServerSetting("log_disconnections") == "on"
	if cfg.logErrors != "off" {
		if err := srv.LogErrorsLevel.UnmarshalText([]byte(cfg.logErrors)); err != nil {
			return fmt.Errorf("--log-errors: %w", err)
		}
		srv.LogErrors = true
	}
	return nil
}

// serveAdmin starts what administers the running server until ctx ends:
// configuration reloads (SIGHUP, pg_reload_conf()), ALTER SYSTEM and
// vecgres_backup().
func serveAdmin(ctx context.Context, cfg config, cat *catalog.Catalog, logger *slog.Logger) {
	reloadOnHUP(ctx, cfg, logger)                        // reload.go
	planner.SetAlterSystemHook(alterSystem(cfg.dataDir)) // autoconf.go
	serveBackups(cat, cfg, logger)                       // backup.go
}
