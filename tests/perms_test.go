package tests

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// permStep is one statement of a privilege scenario, run as role as. An
// empty code means it must succeed; rows (when set) are the rows it must
// return, each row's values joined by "|"; warn (when set) is the warning
// it must raise.
type permStep struct {
	as, sql          string
	code, msg        string
	detail, warn     string
	position         int32
	rows             []string
	copyIn           string // COPY FROM STDIN data
	copyOut, restart bool
}

// permConns holds one connection per role, opened on first use and kept
// (a role given a password stays connected). Notices are collected per
// connection.
type permConns struct {
	t       *testing.T
	dsn     string
	conns   map[string]*pgx.Conn
	mu      sync.Mutex
	notices map[string][]string
}

func (pc *permConns) get(role string) *pgx.Conn {
	pc.t.Helper()
	if c := pc.conns[role]; c != nil {
		return c
	}
	u, err := url.Parse(pc.dsn)
	if err != nil {
		pc.t.Fatal(err)
	}
	u.User = url.User(role)
	cfg, err := pgx.ParseConfig(u.String())
	if err != nil {
		pc.t.Fatal(err)
	}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		pc.mu.Lock()
		pc.notices[role] = append(pc.notices[role], n.Severity+" "+n.Code+" "+n.Message)
		pc.mu.Unlock()
	}
	conn, err := pgx.ConnectConfig(testCtx(pc.t, 20*time.Second), cfg)
	if err != nil {
		pc.t.Fatalf("connect as %s: %v", role, err)
	}
	pc.t.Cleanup(func() { conn.Close(context.Background()) })
	pc.conns[role] = conn
	return conn
}

func (pc *permConns) takeNotices(role string) []string {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	n := pc.notices[role]
	pc.notices[role] = nil
	return n
}

// run runs one step and returns its rows and error.
func (pc *permConns) run(st permStep) ([]string, error) {
	conn := pc.get(st.as)
	ctx := testCtx(pc.t, 30*time.Second)
	if st.copyOut {
		_, err := conn.PgConn().CopyTo(ctx, io.Discard, st.sql)
		return nil, err
	}
	if st.copyIn != "" {
		_, err := conn.PgConn().CopyFrom(ctx, strings.NewReader(st.copyIn), st.sql)
		return nil, err
	}
	rows, err := conn.Query(ctx, st.sql)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return nil, err
		}
		s := make([]string, len(vals))
		for i, v := range vals {
			s[i] = fmt.Sprint(v)
		}
		out = append(out, strings.Join(s, "|"))
	}
	return out, rows.Err()
}

func (pc *permConns) check(st permStep) {
	t := pc.t
	t.Helper()
	pc.takeNotices(st.as)
	got, err := pc.run(st)
	where := fmt.Sprintf("as %s: %s", st.as, st.sql)
	if st.code == "" {
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		if st.rows != nil && strings.Join(got, "\n") != strings.Join(st.rows, "\n") {
			t.Fatalf("%s: rows\n%s\nwant\n%s", where, strings.Join(got, "\n"), strings.Join(st.rows, "\n"))
		}
	} else {
		if err == nil {
			t.Fatalf("%s: want SQLSTATE %s, got no error", where, st.code)
		}
		pe := asPgError(t, err)
		if pe.Code != st.code || pe.Message != st.msg || pe.Detail != st.detail || pe.Position != st.position {
			t.Fatalf("%s:\n got %s %q detail %q position %d\nwant %s %q detail %q position %d", where,
				pe.Code, pe.Message, pe.Detail, pe.Position, st.code, st.msg, st.detail, st.position)
		}
	}
	if st.warn != "" {
		found := false
		for _, n := range pc.takeNotices(st.as) {
			found = found || n == st.warn
		}
		if !found {
			t.Fatalf("%s: no notice %q", where, st.warn)
		}
	}
}

const (
	denied      = "permission denied for table items"
	mustOwn     = "must be owner of table items"
	superAlter  = "must be superuser to alter superuser roles or change superuser attribute"
	deniedDrop  = "permission denied to drop role"
	schemaDeny  = "permission denied for schema public"
	dependsOn   = `role "%s" cannot be dropped because some objects depend on it`
	noGrantWarn = `WARNING 01007 no privileges were granted for "items"`
)

// permScenario is the tester's report and PostgreSQL 15's answers to it
// (checked against a real PostgreSQL 15 by TestPermissions/postgres15):
// carol, a plain LOGIN role, can neither drop postgres's table nor make
// a superuser nor take over postgres; cr has CREATEROLE only; grants on
// tables and on schema public let carol and cr read and write exactly
// what they were granted.
var permScenario = []permStep{
	{as: "postgres", sql: "CREATE ROLE carol LOGIN"},
	{as: "postgres", sql: "CREATE ROLE cr LOGIN CREATEROLE"},
	{as: "postgres", sql: "CREATE TABLE items (id int PRIMARY KEY, v text)"},
	{as: "postgres", sql: "INSERT INTO items VALUES (1, 'a')"},
	{as: "postgres", sql: "CREATE INDEX items_v_idx ON items (v)"},

	{as: "carol", sql: "DROP TABLE items", code: "42501", msg: mustOwn},
	{as: "carol", sql: "DROP TABLE IF EXISTS nosuch, items", code: "42501", msg: mustOwn},
	{as: "carol", sql: "DROP INDEX items_v_idx", code: "42501", msg: "must be owner of index items_v_idx"},
	{as: "carol", sql: "CREATE INDEX ON items (v)", code: "42501", msg: mustOwn},
	{as: "carol", sql: "CREATE ROLE evil SUPERUSER", code: "42501", msg: "must be superuser to create superusers"},
	{as: "carol", sql: "CREATE ROLE evil", code: "42501", msg: "permission denied to create role"},
	{as: "carol", sql: "ALTER ROLE postgres PASSWORD 'pwned'", code: "42501", msg: superAlter},
	{as: "carol", sql: "ALTER ROLE carol NOSUPERUSER", code: "42501", msg: superAlter},
	{as: "carol", sql: "ALTER ROLE carol CREATEDB", code: "42501", msg: "permission denied"},
	{as: "carol", sql: "ALTER ROLE cr PASSWORD 'x'", code: "42501", msg: "permission denied"},
	{as: "carol", sql: "ALTER ROLE carol PASSWORD 'carols secret'"},
	{as: "carol", sql: "ALTER ROLE CURRENT_USER PASSWORD NULL"},
	{as: "carol", sql: "DROP ROLE cr", code: "42501", msg: deniedDrop},
	{as: "carol", sql: "DROP ROLE IF EXISTS nosuch", code: "42501", msg: deniedDrop},
	{as: "carol", sql: "SELECT * FROM items", code: "42501", msg: denied},
	{as: "carol", sql: "EXPLAIN SELECT * FROM items", code: "42501", msg: denied},
	{as: "carol", sql: "INSERT INTO items VALUES (2, 'b')", code: "42501", msg: denied},
	{as: "carol", sql: "UPDATE items SET v = 'c'", code: "42501", msg: denied},
	{as: "carol", sql: "DELETE FROM items", code: "42501", msg: denied},
	{as: "carol", sql: "COPY items TO STDOUT", copyOut: true, code: "42501", msg: denied},
	{as: "carol", sql: "COPY items FROM STDIN", copyIn: "9\tx\n", code: "42501", msg: denied},
	{as: "carol", sql: "CREATE TABLE t (a int)", code: "42501", msg: schemaDeny, position: 14},
	{as: "carol", sql: "GRANT SELECT ON items TO carol", code: "42501", msg: denied},
	{as: "carol", sql: "ANALYZE items", warn: `WARNING 01000 skipping "items" --- only table or database owner can analyze it`},

	{as: "cr", sql: "CREATE ROLE evil SUPERUSER", code: "42501", msg: "must be superuser to create superusers"},
	{as: "cr", sql: "CREATE ROLE dave LOGIN CREATEDB CREATEROLE"},
	{as: "cr", sql: "ALTER ROLE dave NOLOGIN NOCREATEDB"},
	{as: "cr", sql: "ALTER ROLE postgres NOLOGIN", code: "42501", msg: superAlter},
	{as: "cr", sql: "ALTER ROLE dave SUPERUSER", code: "42501", msg: superAlter},
	{as: "cr", sql: "DROP ROLE postgres", code: "42501", msg: "must be superuser to drop superusers"},
	{as: "cr", sql: "DROP ROLE cr", code: "55006", msg: "current user cannot be dropped"},
	{as: "cr", sql: "DROP ROLE dave"},

	{as: "postgres", sql: "DROP ROLE postgres", code: "55006", msg: "current user cannot be dropped"},
	{as: "postgres", sql: "CREATE ROLE public", code: "42939", msg: `role name "public" is reserved`, position: 13},
	{as: "postgres", sql: "GRANT SELECT ON items TO nosuch", code: "42704", msg: `role "nosuch" does not exist`},
	{as: "postgres", sql: "GRANT SELECT ON nosuch TO carol", code: "42P01", msg: `relation "nosuch" does not exist`},
	{as: "postgres", sql: "GRANT CREATE ON items TO carol", code: "0LP01", msg: "invalid privilege type CREATE for relation"},
	{as: "postgres", sql: "GRANT SELECT ON SCHEMA public TO carol", code: "0LP01", msg: "invalid privilege type SELECT for schema"},
	{as: "postgres", sql: "GRANT SELECT ON items_v_idx TO carol", code: "42809", msg: `"items_v_idx" is an index`},
	{as: "postgres", sql: "GRANT SELECT, INSERT ON TABLE items TO carol"},
	{as: "postgres", sql: "GRANT CREATE ON SCHEMA public TO carol"},

	{as: "carol", sql: "SELECT id, v FROM items ORDER BY id", rows: []string{"1|a"}},
	{as: "carol", sql: "INSERT INTO items VALUES (2, 'b')"},
	{as: "carol", sql: "INSERT INTO items VALUES (3, 'c') RETURNING id", rows: []string{"3"}},
	{as: "carol", sql: "COPY items FROM STDIN", copyIn: "4\td\n"},
	{as: "carol", sql: "INSERT INTO items VALUES (1, 'a') ON CONFLICT (id) DO UPDATE SET v = 'b'", code: "42501", msg: denied},
	{as: "carol", sql: "INSERT INTO items VALUES (1, 'a') ON CONFLICT (id) DO NOTHING"},
	{as: "carol", sql: "DELETE FROM items WHERE id = 4", code: "42501", msg: denied},
	{as: "postgres", sql: "DELETE FROM items WHERE id = 4"},
	{as: "carol", sql: "UPDATE items SET v = 'z' WHERE id = 1", code: "42501", msg: denied},
	{as: "carol", sql: "DELETE FROM items WHERE id = 2", code: "42501", msg: denied},
	{as: "carol", sql: "CREATE TABLE t (a int)"},
	{as: "carol", sql: "INSERT INTO t VALUES (7)"},
	{as: "carol", sql: "CREATE INDEX t_a_idx ON t (a)"},
	{as: "carol", sql: "GRANT SELECT ON items TO cr", warn: noGrantWarn},
	{as: "carol", sql: "GRANT SELECT ON t TO cr"},

	{as: "cr", sql: "SELECT a FROM t", rows: []string{"7"}},
	{as: "cr", sql: "SELECT count(*) FROM items", code: "42501", msg: denied},
	{as: "postgres", sql: "GRANT SELECT ON items TO PUBLIC"},
	{as: "cr", sql: "SELECT count(*) FROM items", rows: []string{"3"}},
	{as: "postgres", sql: "REVOKE SELECT ON items FROM PUBLIC"},
	{as: "cr", sql: "SELECT count(*) FROM items", code: "42501", msg: denied},
	{as: "postgres", sql: "GRANT UPDATE ON items TO cr"},
	{as: "cr", sql: "UPDATE items SET v = 'q'"}, // reads no column: UPDATE alone is enough
	{as: "cr", sql: "UPDATE items SET id = id", code: "42501", msg: denied},
	{as: "cr", sql: "UPDATE items SET v = 'q' WHERE id = 1", code: "42501", msg: denied},
	{as: "cr", sql: "UPDATE items SET v = 'q' WHERE true"}, // a WHERE reading no column needs no SELECT
	{as: "cr", sql: "UPDATE items SET v = 'q' RETURNING id", code: "42501", msg: denied},
	{as: "postgres", sql: "REVOKE UPDATE ON items FROM cr"},

	{as: "postgres", sql: "DROP ROLE carol", code: "2BP01", msg: fmt.Sprintf(dependsOn, "carol"),
		detail: "privileges for schema public\nprivileges for table items\nowner of table t"},
	{as: "postgres", sql: "DROP ROLE cr", code: "2BP01", msg: fmt.Sprintf(dependsOn, "cr"),
		detail: "privileges for table t"},
	{as: "carol", sql: "SELECT count(*) FROM items", rows: []string{"3"}},
	{as: "postgres", sql: "REVOKE INSERT ON items FROM carol"},
	{as: "carol", sql: "INSERT INTO items VALUES (4, 'd')", code: "42501", msg: denied},
	{as: "carol", sql: "SELECT count(*) FROM items", rows: []string{"3"}},
	{as: "postgres", sql: "REVOKE ALL ON items FROM carol"},
	{as: "carol", sql: "SELECT count(*) FROM items", code: "42501", msg: denied}, // the cached prepared statement is checked again
	{as: "carol", sql: "INSERT INTO t SELECT id FROM items", code: "42501", msg: denied},
	{as: "carol", sql: "SELECT a FROM t WHERE a > (SELECT max(id) FROM items)", code: "42501", msg: denied},
	{as: "postgres", sql: "REVOKE CREATE ON SCHEMA public FROM carol"},
	{as: "carol", sql: "CREATE TABLE t2 (a int)", code: "42501", msg: schemaDeny, position: 14},

	// Owners, grants and attributes survive a restart (vecgres only).
	{restart: true},
	{as: "cr", sql: "SELECT a FROM t", rows: []string{"7"}},
	{as: "carol", sql: "DROP TABLE items", code: "42501", msg: mustOwn},
	{as: "carol", sql: "DROP TABLE t"},
	{as: "cr", sql: "CREATE ROLE dave"},
	{as: "postgres", sql: "DROP ROLE carol, cr, dave"},
	{as: "postgres", sql: "DROP TABLE items"},
}

// TestPermissions runs permScenario against vecgres and PostgreSQL 15
// (roles connect without a password: trusted from loopback). On vecgres
// the server restarts half-way, from the same data directory.
func TestPermissions(t *testing.T) {
	t.Run("vecgres", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		s := startServer(t, dir)
		pc := &permConns{t: t, dsn: s.DSN(), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range permScenario {
			if st.restart {
				s.Stop()
				s = startServer(t, dir)
				pc.dsn, pc.conns = s.DSN(), map[string]*pgx.Conn{}
				continue
			}
			pc.check(st)
		}
	})
	t.Run("postgres15", func(t *testing.T) {
		t.Parallel()
		pc := &permConns{t: t, dsn: startPostgres15(t), conns: map[string]*pgx.Conn{}, notices: map[string][]string{}}
		for _, st := range permScenario {
			if !st.restart {
				pc.check(st)
			}
		}
	})
}
