package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/wire/backend"
)

// The statements of a simple Query message are parsed by pg_query (cgo and
// a protobuf tree), which costs more than running a short query. A
// session keeps the statements of its recent Query messages that are all
// queries (SELECT) by their text, with their plans, as a client re-sending
// the same text (pgbench -M simple, a poller, a driver without prepared
// statements) would have had them from Parse: a kept statement is bound
// again when it runs after a schema change, a SET, a role change or a
// grant (Session.stale, as any prepared statement), so what it answers is
// what parsing the text again would answer. Statements of other kinds are
// parsed each time: their runs change state a plan may hold.

const (
	// simpleCacheEntries bounds the Query texts a session keeps; when it
	// is full the cache starts empty again.
	simpleCacheEntries = 32
	// simpleCacheMaxText is the longest Query text kept, in bytes: long
	// texts (vectors written as literals) rarely come twice.
	simpleCacheMaxText = 4096
)

// simpleCache maps a Query message's text to its statements.
type simpleCache struct {
	byText map[string][]backend.Prepared
}

// lookup returns the statements kept for query.
func (c *simpleCache) lookup(query string) ([]backend.Prepared, bool) {
	out, ok := c.byText[query]
	return out, ok
}

// keep records stmts as query's statements when every one is a query.
func (c *simpleCache) keep(query string, stmts []sql.Statement, out []backend.Prepared) {
	if len(query) > simpleCacheMaxText || len(stmts) == 0 {
		return
	}
	for _, st := range stmts {
		if _, ok := st.(*sql.Select); !ok {
			return
		}
	}
	if c.byText == nil || len(c.byText) >= simpleCacheEntries {
		c.byText = make(map[string][]backend.Prepared, simpleCacheEntries)
	}
	c.byText[query] = out
}
