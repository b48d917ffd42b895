package pgcatalog

import (
	"time"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_stat_activity (PostgreSQL docs 28.2.3), PostgreSQL 15's columns in
// its order: one row per client connection of monitor's pid table.
// client_addr (inet there), backend_xid and backend_xmin (xid) are text
// here; datid is the database OID every database shows in pg_database;
// leader_pid, client_hostname, backend_xid, backend_xmin and query_id
// are NULL; backend_type is "client backend".

// oidStatActivity is the view's pg_class OID in PostgreSQL 15.
const oidStatActivity = 12222

var tTimestamptz = types.Timestamptz

var statActivityCols = cols("datid", tOID, "datname", tName, "pid", tInt4, "leader_pid", tInt4,
	"usesysid", tOID, "usename", tName, "application_name", tText, "client_addr", tText,
	"client_hostname", tText, "client_port", tInt4, "backend_start", tTimestamptz, "xact_start", tTimestamptz,
	"query_start", tTimestamptz, "state_change", tTimestamptz, "wait_event_type", tText, "wait_event", tText,
	"state", tText, "backend_xid", tText, "backend_xmin", tText, "query_id", tInt8, "query", tText,
	"backend_type", tText)

// As PostgreSQL's pg_stat_get_activity, a role that is not a superuser
// sees of another role's sessions only their identity: query is
// "<insufficient privilege>" and the address, times, wait and state are
// NULL, backend_type too (vecgres has no pg_read_all_stats role).
func statActivityRows(env Env) [][]any {
	me, _ := env.Cat.Role(env.User)
	var rows [][]any
	for _, a := range monitor.Backends() {
		row := []any{int64(oidDatabase), a.Database, int64(a.PID), nil, int64(roleOID(a.User)), a.User, a.AppName,
			nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, "<insufficient privilege>", nil}
		if me.Superuser || a.User == env.User {
			row[21] = "client backend"
			var addr, port any = nil, int64(a.ClientPort)
			if a.ClientAddr != "" {
				addr = a.ClientAddr
			}
			copy(row[7:21], []any{addr, nil, port, pgTime(a.BackendStart), pgTime(a.XactStart), pgTime(a.QueryStart),
				pgTime(a.StateChange), orNull(a.WaitEventType), orNull(a.WaitEvent), a.State, nil, nil, nil, a.Query})
		}
		rows = append(rows, row)
	}
	return rows
}

// pgTime is a timestamptz value (microseconds since 2000-01-01 UTC), NULL
// for the zero time.
func pgTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMicro() - pgEpochMicros
}

// pgEpochMicros is 2000-01-01 00:00:00 UTC in Unix microseconds.
var pgEpochMicros = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).UnixMicro()
