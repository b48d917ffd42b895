package planner

import (
	"sync/atomic"
	"time"

	"github.com/vecgres/vecgres/sql/types"
)

// hotSettings are the settings every statement or transaction reads
// (statement_timeout, the default_transaction_* modes, and for wire
// log_min_duration_statement, idle_in_transaction_session_timeout, and
// the Style of TimeZone, IntervalStyle, extra_float_digits and
// bytea_output),
// looked up and parsed once per change rather than per statement: a
// session's values change only through settings.version (SET, RESET,
// a transaction's end, ROLLBACK TO, startup), the server's through
// serverConfGen (ReplaceServerDefaults).
type hotSettings struct {
	valid            bool
	version          uint64 // settings.version they were read at
	server           uint64 // serverConfGen they were read at
	statementTimeout time.Duration
	logMinDuration   time.Duration // negative: off
	idleTimeout      time.Duration // 0: none
	mode             txnMode       // a new transaction's modes (defaultMode)
	style            *types.Style  // TimeZone, IntervalStyle, extra_float_digits, bytea_output (Session.Style, session_style.go)
}

// serverConfGen counts replacements of the server-wide settings, so that
// sessions read their hotSettings again.
var serverConfGen atomic.Uint64

// hot returns the session's hotSettings, read again when a setting
// changed since they were last read.
func (s *Session) hot() *hotSettings {
	h := &s.hotVals
	if h.valid && h.version == s.settings.version && h.server == serverConfGen.Load() {
		return h
	}
	gen := serverConfGen.Load() // before reading: a change meanwhile reads again next time
	ms, err := parseMS("statement_timeout", s.settingValue("statement_timeout"))
	if err != nil || ms < 0 {
		ms = 0
	}
	*h = hotSettings{valid: true, version: s.settings.version, server: gen,
		statementTimeout: time.Duration(ms) * time.Millisecond,
		logMinDuration:   -1,
		idleTimeout:      time.Duration(max(s.settingMS("idle_in_transaction_session_timeout"), 0)) * time.Millisecond,
		mode:             s.readDefaultMode(),
		style:            s.readStyle()}
	if ms := s.settingMS("log_min_duration_statement"); ms >= 0 {
		h.logMinDuration = time.Duration(ms) * time.Millisecond
	}
	return h
}

// settingValue is name's current value ("" when unset and unknown).
func (s *Session) settingValue(name string) string {
	v, _ := s.settings.get(name)
	return v
}
