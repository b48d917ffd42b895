package planner

import (
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vecgres/vecgres/planner/guc"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Server-wide settings: the values the command line and the configuration
// files (cmd/vecgres) give, which every session starts from; a session's
// SET overrides the ones PostgreSQL lets sessions change.
var serverConf = struct {
	mu     sync.RWMutex
	values map[string]string
}{values: map[string]string{}}

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
func ReplaceServerDefaults(values map[string]string) error {
	next := make(map[string]string, len(values))
	for name, v := range values {
		norm, err := normalizeServerSetting(name, v)
		if err != nil {
			return err
		}
		next[name] = norm
	}
	serverConf.mu.Lock()
	serverConf.values = next
	serverConf.mu.Unlock()
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
	return value, nil
}

// serverDefault returns name's server-wide value: the configured one, or
// for a server setting its built-in default.
func serverDefault(name string) (string, bool) {
	serverConf.mu.RLock()
	v, ok := serverConf.values[name]
	serverConf.mu.RUnlock()
	if ok {
		return v, true
	}
	v, ok = serverSettings[name]
	return v, ok
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
func (s *Session) IdleInTransactionTimeout() time.Duration {
	return time.Duration(max(s.settingMS("idle_in_transaction_session_timeout"), 0)) * time.Millisecond
}

// LogMinDuration is backend.ConnSettings's log_min_duration_statement
// (negative = off).
func (s *Session) LogMinDuration() time.Duration {
	ms := s.settingMS("log_min_duration_statement")
	if ms < 0 {
		return -1
	}
	return time.Duration(ms) * time.Millisecond
}

// Session gives wire its connection settings (idle timeout, duration log).
var _ backend.ConnSettings = (*Session)(nil)

// CheckServerSetting checks value for the setting name as
// ReplaceServerDefaults would and returns it as SHOW spells it.
func CheckServerSetting(name, value string) (string, error) {
	return normalizeServerSetting(name, value)
}

// BuiltinServerSetting is the built-in default of a server setting.
func BuiltinServerSetting(name string) string { return serverSettings[name] }
