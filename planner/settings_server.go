package planner

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vecgres/vecgres/planner/guc"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Server-wide settings: the values the command line and the configuration
// files (cmd/vecgres) give, which every session starts from; a session's
// SET overrides the ones PostgreSQL lets sessions change.
var serverConf = struct {
	mu     sync.RWMutex
	values map[string]ServerValue
}{values: map[string]ServerValue{}}

// ServerValue is a server-wide setting's value and where it came from, as
// pg_settings shows it: Source "configuration file" (File and Line) or
// "command line"; PendingRestart when a file gives a restart-only
// setting another value than the running one.
type ServerValue struct {
	Value, Source, File string
	Line                int
	PendingRestart      bool
}

// Defaults of the server-wide settings vecgres adds to knownSettings.
const (
	DefaultMaxConnections    = 100 // max_connections, as PostgreSQL's
	DefaultSuperuserReserved = 3   // superuser_reserved_connections
)

// serverSettings are the settings only the server's configuration sets
// (PostgreSQL's PGC_POSTMASTER and PGC_SU_BACKEND): SET refuses them.
var serverSettings = map[string]string{
	"max_connections":                strconv.Itoa(DefaultMaxConnections),
	"superuser_reserved_connections": strconv.Itoa(DefaultSuperuserReserved),
	"log_connections":                "off",
	"log_disconnections":             "off",
}

func init() {
	knownSettings["log_min_duration_statement"] = setting{def: "-1", check: durationOrOffCheck}
	for name, def := range serverSettings {
		knownSettings[name] = setting{def: def, server: func() string {
			v, _ := serverDefault(name)
			return v
		}}
	}
}

// ReplaceServerDefaults makes values (by lower-case name) the server-wide
// settings, replacing every earlier one at once, each checked and spelt
// as SET would (SHOW's spelling). Errors are SET's (42704 unknown name,
// 22023 bad value) or 55P02 for a read-only one; then nothing changes.
func ReplaceServerDefaults(values map[string]ServerValue) error {
	next := make(map[string]ServerValue, len(values))
	for name, v := range values {
		norm, err := normalizeServerSetting(name, v.Value)
		if err != nil {
			return err
		}
		v.Value = norm
		next[name] = v
	}
	serverConf.mu.Lock()
	serverConf.values = next
	serverConf.mu.Unlock()
	serverConfGen.Add(1) // sessions read their hotSettings again
	return nil
}

// normalizeServerSetting checks value for name and returns it as SHOW
// spells it.
func normalizeServerSetting(name, value string) (string, error) {
	def, ok := knownSettings[name]
	switch {
	case !ok:
		return "", unrecognized(name)
	case def.internal:
		return "", errCannotChange(name)
	case def.check != nil:
		return def.check(name, value)
	}
	if _, server := serverSettings[name]; server {
		return checkServerSetting(name, value)
	}
	if def.server != nil { // vecgres.statement_mem_limit: its flag sets it
		return "", pgerror.Errorf(pgerror.CantChangeRuntimeParam,
			"parameter %q can only be set by its command-line flag", name)
	}
	return value, nil
}

// serverDefault returns name's server-wide value: the configured one, or
// for a server setting its built-in default.
func serverDefault(name string) (string, bool) {
	if sv, ok := serverValue(name); ok {
		return sv.Value, true
	}
	v, ok := serverSettings[name]
	return v, ok
}

// serverValue returns the configured value of name, if any.
func serverValue(name string) (ServerValue, bool) {
	serverConf.mu.RLock()
	defer serverConf.mu.RUnlock()
	sv, ok := serverConf.values[name]
	return sv, ok
}

// ServerSetting returns the server-wide value of name as SHOW spells it
// (cmd/vecgres reads max_connections and the log switches with it).
func ServerSetting(name string) string {
	if v, ok := serverDefault(name); ok {
		return v
	}
	return knownSettings[name].def
}

// checkServerSetting checks a value of a server setting: a boolean for the
// log switches, a connection count otherwise (PostgreSQL's ranges:
// max_connections 1..262143, superuser_reserved_connections 0..262143).
func checkServerSetting(name, v string) (string, error) {
	switch name {
	case "log_connections", "log_disconnections":
		return boolCheck(name, v)
	}
	lo := 0
	if name == "max_connections" {
		lo = 1
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return "", pgerror.Errorf(pgerror.InvalidParameterValue, "invalid value for parameter %q: %q", name, v)
	}
	if n < lo || n > maxConnSetting {
		return "", pgerror.Errorf(pgerror.InvalidParameterValue,
			"%d is outside the valid range for parameter %q (%d .. %d)", n, name, lo, maxConnSetting)
	}
	return strconv.Itoa(n), nil
}

// maxConnSetting is the largest max_connections and
// superuser_reserved_connections PostgreSQL 15 accepts (MAX_BACKENDS).
const maxConnSetting = 262143

// durationOrOffCheck checks log_min_duration_statement: milliseconds
// (with PostgreSQL's time units) from -1 (off) to INT_MAX.
func durationOrOffCheck(name, v string) (string, error) {
	ms, err := guc.ParseInt(name, v, guc.Time, -1, math.MaxInt32)
	if err != nil {
		return "", err
	}
	if ms < 0 {
		return "-1", nil
	}
	return guc.Format(ms, guc.Time), nil
}

// settingMS returns a time setting in milliseconds (-1 for an unreadable
// or negative value).
func (s *Session) settingMS(name string) int64 {
	v, _ := s.settings.get(name)
	if v == "-1" {
		return -1
	}
	ms, err := guc.ParseInt(name, v, guc.Time, 0, math.MaxInt32)
	if err != nil {
		return -1
	}
	return ms
}

// IdleInTransactionTimeout is backend.ConnSettings's
// idle_in_transaction_session_timeout (0 = none).
func (s *Session) IdleInTransactionTimeout() time.Duration { return s.hot().idleTimeout }

// LogMinDuration is backend.ConnSettings's log_min_duration_statement
// (negative = off).
func (s *Session) LogMinDuration() time.Duration { return s.hot().logMinDuration }

// Session gives wire its connection settings (idle timeout, duration log).
var _ backend.ConnSettings = (*Session)(nil)

// CheckServerSetting checks value for the setting name as
// ReplaceServerDefaults would and returns it as SHOW spells it.
func CheckServerSetting(name, value string) (string, error) {
	return normalizeServerSetting(name, value)
}

// BuiltinServerSetting is the built-in default of a server setting.
func BuiltinServerSetting(name string) string { return serverSettings[name] }

// ServerSettingValue returns the server-wide value of name with its
// source ("default" when nothing configured it).
func ServerSettingValue(name string) ServerValue {
	if sv, ok := serverValue(name); ok {
		return sv
	}
	return ServerValue{Value: ServerSetting(name), Source: "default"}
}

// serverSource fills what pg_settings says of the server-wide setting
// name in set: its built-in boot value, and, when the session did not set
// it, the source, file and line of the configured value and whether a
// restart is pending.
func serverSource(set *pgcatalog.Setting, name string) {
	if def, ok := serverSettings[name]; ok {
		set.Boot = def
	}
	sv, ok := serverValue(name)
	if !ok {
		return
	}
	set.PendingRestart = sv.PendingRestart
	if set.Source != "default" || sv.Source == "default" {
		return
	}
	set.Source, set.SourceFile, set.SourceLine = sv.Source, sv.File, sv.Line
}

// superuserSettings are the settings only superusers may SET
// (PostgreSQL's PGC_SUSET).
var superuserSettings = map[string]bool{"log_min_duration_statement": true}

// checkSetPrivilege refuses SET, RESET or set_config of a superuser-only
// setting to other roles: 42501 `permission denied to set parameter`.
func (s *Session) checkSetPrivilege(name string) error {
	if superuserSettings[name] && !s.cat.IsSuperuser(s.user()) {
		return pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied to set parameter %q", name)
	}
	return nil
}
