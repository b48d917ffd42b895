package wire

import (
	"context"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// logQueryMax bounds, in bytes, the query text a log line carries; a
// longer one is cut at a character boundary and marked with "...".
const logQueryMax = 1024

// truncateQuery returns q cut to logQueryMax bytes (whole UTF-8
// characters) with "..." appended when it was longer.
func truncateQuery(q string) string {
	if len(q) <= logQueryMax {
		return q
	}
	cut := logQueryMax
	for cut > 0 && q[cut]&0xC0 == 0x80 { // continuation byte: back to the character's start
		cut--
	}
	return q[:cut] + "..."
}

// logStatementError logs an ERROR sent to the client, one line at
// Server.LogErrorsLevel with the SQLSTATE, message and the statement that
// failed (PostgreSQL's log_min_error_statement: ERROR, the statement
// logged beside the error); nothing when Server.LogErrors is false.
func (c *conn) logStatementError(e *pgerror.Error) {
	if !c.srv.LogErrors {
		return
	}
	code := string(e.Code)
	if code == "" {
		code = string(pgerror.InternalError)
	}
	c.log.Log(context.Background(), c.srv.LogErrorsLevel, "statement failed",
		"sqlstate", code, "error", e.Message, "query", truncateQuery(c.query))
}

// logDuration logs a statement that ran at least log_min_duration_statement
// (ConnSettings.LogMinDuration), as PostgreSQL's "duration: ... ms
// statement: ..." line, at info level with the milliseconds and the query.
func (c *conn) logDuration(start time.Time) {
	cs, ok := c.sess.(backend.ConnSettings)
	if !ok {
		return
	}
	var min time.Duration
	c.protect(func() error { min = cs.LogMinDuration(); return nil })
	if min < 0 {
		return
	}
	d := time.Since(start)
	if d < min {
		return
	}
	c.log.Info("duration", "ms", float64(d.Microseconds())/1000, "query", truncateQuery(c.query))
}

// logConnection logs an authorised connection (PostgreSQL's
// log_connections "connection authorized" line) when Server.LogConnections.
func (c *conn) logConnection(params map[string]string) {
	if c.srv.LogConnections {
		c.log.Info("connection authorized", "database", params["database"],
			"application_name", params["application_name"])
	}
}

// logDisconnection logs the end of a session that completed startup
// (PostgreSQL's log_disconnections line) with its length in seconds, when
// Server.LogDisconnections.
func (c *conn) logDisconnection(start time.Time) {
	if c.srv.LogDisconnections {
		c.log.Info("disconnection", "session_seconds", time.Since(start).Seconds())
	}
}
