package pgcatalog

import (
	"strconv"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// Env is what a catalog view (VirtualTable) or a matched query is
// answered from. The caller holds the catalog lock (shared) while it
// reads Cat.
type Env struct {
	Cat      *catalog.Catalog
	User     string // session user: owner of every object
	Database string // database the client connected to
	// Settings lists the session's settings for pg_settings; nil lists
	// none.
	Settings func() []Setting
	// Visible reports whether search_path finds the relation with a
	// catalog name by its bare name (pg_get_indexdef's pretty output
	// leaves such a table's schema out); nil: every relation is.
	Visible func(key string) bool
}

// shape is one recognised query: its result columns and how to compute
// its rows from the catalog and the query's string constants.
type shape struct {
	name string // the psql command that sends it, for tests and errors
	cols []backend.Column
	rows func(env Env, c consts) [][]any
}

// maxCatalogQueryLen bounds the queries Match parses, in bytes: psql's
// catalog queries are a few kB, and parsing costs some hundred times the
// text, spent again by sql.Parse when the query is not one of them.
const maxCatalogQueryLen = 64 << 10

// Query is a recognised catalog query with its constants.
type Query struct {
	sh *shape
	c  consts
}

// Match reports whether query is one of the catalog queries of shapes
// (two of psql 15's \d table queries) and returns it ready to run. Queries that
// do not mention pg_catalog are rejected without parsing, so Match costs
// a substring search on the hot path; nor are longer ones than
// maxCatalogQueryLen, nor ones sql.Precheck refuses (too deep or too big
// to parse), which sql.Parse then reports.
func Match(query string) (*Query, bool) {
	if len(query) > maxCatalogQueryLen || !strings.Contains(query, "pg_catalog") || sql.Precheck(query) != nil {
		return nil, false
	}
	fp, err := pg_query.Fingerprint(query)
	if err != nil {
		return nil, false
	}
	sh, ok := shapes[fp]
	if !ok {
		return nil, false
	}
	c, err := stringConsts(query)
	if err != nil {
		return nil, false
	}
	return &Query{sh: sh, c: c}, true
}

// Name returns the psql command the query belongs to ("\dt", "\d table").
func (q *Query) Name() string { return q.sh.name }

// Columns describes the result rows (RowDescription).
func (q *Query) Columns() []backend.Column { return q.sh.cols }

// Run computes the result; the caller holds env.Cat's lock shared.
func (q *Query) Run(env Env) (*backend.Result, error) {
	rows := q.sh.rows(env, q.c)
	return &backend.Result{Columns: q.sh.cols, Rows: rows, Tag: "SELECT " + strconv.Itoa(len(rows))}, nil
}

// consts are the string constants of a query in text order, unquoted.
type consts []string

// stringConsts scans query and returns its '...' and E'...' constants.
func stringConsts(query string) (consts, error) {
	sc, err := pg_query.Scan(query)
	if err != nil {
		return nil, err
	}
	var out consts
	for _, tok := range sc.Tokens {
		if tok.Token != pg_query.Token_SCONST {
			continue
		}
		out = append(out, unquote(query[tok.Start:tok.End]))
	}
	return out, nil
}

// unquote returns the value of a standard string literal ('it”s'); an
// E” literal keeps its backslash escapes (no query Match knows needs them).
func unquote(lit string) string {
	lit = strings.TrimPrefix(strings.TrimPrefix(lit, "E"), "e")
	if len(lit) >= 2 && lit[0] == '\'' && lit[len(lit)-1] == '\'' {
		lit = lit[1 : len(lit)-1]
	}
	return strings.ReplaceAll(lit, "''", "'")
}

// oid returns the first constant that is an OID ('16400'), or 0.
func (c consts) oid() uint32 {
	for _, s := range c {
		if n, err := strconv.ParseUint(s, 10, 32); err == nil {
			return uint32(n)
		}
	}
	return 0
}

// textCol is a text column of a shape's result.
func textCol(name string) backend.Column { return backend.Column{Name: name, Type: types.Text} }

func textCols(names ...string) []backend.Column {
	out := make([]backend.Column, len(names))
	for i, n := range names {
		out[i] = textCol(n)
	}
	return out
}
