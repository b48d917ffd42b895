package main

import (
	"context"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	pgvector "github.com/pgvector/pgvector-go"
	pgxvec "github.com/pgvector/pgvector-go/pgx"

	"github.com/vecgres/vecgres/vecindex"
)

// The -wire mode measures the same sparse vectors through SQL on one or
// more servers (vecgres and PostgreSQL with pgvector, say): each server
// gets a table debbow (id int PRIMARY KEY, v sparsevec(dims)) loaded by
// one binary COPY, then CREATE INDEX ... USING hnsw (v <opclass>) with
// -m and -ef-construction, then each round, the servers in turn, every
// query at each ef_search as `SELECT id FROM debbow ORDER BY v <op> $1
// LIMIT 10` under SET hnsw.ef_search, one connection. Recall is against
// the same exact answer as in process (the vectors are unit length, so
// L2, inner product and cosine order alike).

// server is one -wire target: a label for the report and its DSN.
type server struct {
	name, dsn string
}

// parseServers reads -wire's comma-separated name=DSN list.
func parseServers(s string) ([]server, error) {
	var out []server
	for _, f := range strings.Split(s, ",") {
		name, dsn, ok := strings.Cut(strings.TrimSpace(f), "=")
		if !ok || name == "" || dsn == "" {
			return nil, fmt.Errorf("-wire: %q is not name=DSN", f)
		}
		out = append(out, server{name: name, dsn: dsn})
	}
	return out, nil
}

// opFor is the distance operator an operator class serves.
func opFor(opclass string) (string, error) {
	switch opclass {
	case "sparsevec_ip_ops":
		return "<#>", nil
	case "sparsevec_l2_ops":
		return "<->", nil
	case "sparsevec_cosine_ops":
		return "<=>", nil
	}
	return "", fmt.Errorf("-opclass %q: want sparsevec_ip_ops, sparsevec_l2_ops or sparsevec_cosine_ops", opclass)
}

// metricFor is the vecindex metric of an operator class.
func metricFor(opclass string) (vecindex.Metric, error) {
	switch opclass {
	case "sparsevec_ip_ops":
		return vecindex.SparseIP, nil
	case "sparsevec_l2_ops":
		return vecindex.SparseL2, nil
	case "sparsevec_cosine_ops":
		return vecindex.SparseCosine, nil
	}
	_, err := opFor(opclass)
	return 0, err
}

// wireTarget is a loaded and indexed server.
type wireTarget struct {
	server
	conn *pgx.Conn
}

// loadServer creates, loads and indexes the debbow table on srv and
// returns the connection and the seconds CREATE INDEX took (with
// indexFirst, the index is created on the empty table and the seconds
// are the COPY's, whose rows the index takes one by one).
func loadServer(ctx context.Context, srv server, c *corpus, base []int, opclass string, m, efc int, indexFirst bool) (*pgx.Conn, float64, error) {
	conn, err := connectServer(ctx, srv)
	if err != nil {
		return nil, 0, err
	}
	for _, stmt := range []string{"DROP TABLE IF EXISTS debbow",
		fmt.Sprintf("CREATE TABLE debbow (id int PRIMARY KEY, v sparsevec(%d))", len(c.vocab))} {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return nil, 0, fmt.Errorf("%s: %s: %w", srv.name, stmt, err)
		}
	}
	stmt := fmt.Sprintf("CREATE INDEX ON debbow USING hnsw (v %s) WITH (m = %d, ef_construction = %d)", opclass, m, efc)
	load := func() error {
		src := pgx.CopyFromSlice(len(base), func(j int) ([]any, error) {
			return []any{int32(j), sparseValue(c, base[j])}, nil
		})
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{"debbow"}, []string{"id", "v"}, src); err != nil {
			return fmt.Errorf("%s: COPY debbow: %w", srv.name, err)
		}
		return nil
	}
	index := func() error {
		if _, err := conn.Exec(ctx, stmt); err != nil {
			return fmt.Errorf("%s: %s: %w", srv.name, stmt, err)
		}
		return nil
	}
	first, timed := load, index
	if indexFirst {
		first, timed = index, load
	}
	if err := first(); err != nil {
		return nil, 0, err
	}
	start := time.Now()
	if err := timed(); err != nil {
		return nil, 0, err
	}
	return conn, time.Since(start).Seconds(), nil
}

// connectServer opens one connection to srv with pgvector-go's codecs.
func connectServer(ctx context.Context, srv server) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, srv.dsn)
	if err != nil {
		return nil, fmt.Errorf("connect %s: %w", srv.name, err)
	}
	if err := pgxvec.RegisterTypes(ctx, conn); err != nil {
		return nil, fmt.Errorf("%s: register pgvector types: %w", srv.name, err)
	}
	return conn, nil
}

// sparseValue is document i as pgvector-go's sparsevec (0-based indices).
func sparseValue(c *corpus, i int) pgvector.SparseVector {
	el := make(map[int32]float32, len(c.idx[i]))
	for n, w := range c.idx[i] {
		el[w] = c.val[i][n]
	}
	return pgvector.NewSparseVectorFromMap(el, int32(len(c.vocab)))
}

// measureWire runs every query at ef_search ef on t and returns the row.
func measureWire(ctx context.Context, round int, t wireTarget, op string, ef int, c *corpus, queries []int, truth []answer) (row, error) {
	if _, err := t.conn.Exec(ctx, fmt.Sprintf("SET hnsw.ef_search = %d", ef)); err != nil {
		return row{}, fmt.Errorf("%s: SET hnsw.ef_search: %w", t.name, err)
	}
	q := "SELECT id FROM debbow ORDER BY v " + op + " $1 LIMIT 10"
	got := make([][]vecindex.Result, len(queries))
	start := time.Now()
	for j, i := range queries {
		rows, err := t.conn.Query(ctx, q, sparseValue(c, i))
		if err != nil {
			return row{}, fmt.Errorf("%s: %s: %w", t.name, q, err)
		}
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		if err != nil {
			return row{}, fmt.Errorf("%s: %s: %w", t.name, q, err)
		}
		for _, id := range ids {
			got[j] = append(got[j], vecindex.Result{Key: uint64(id)})
		}
	}
	secs := time.Since(start).Seconds()
	var rec float64
	for j, g := range got {
		rec += truth[j].recall(g)
	}
	return row{Round: round, Index: t.name + "_wire", EfSearch: ef, Queries: len(queries), QPS: float64(len(queries)) / secs, Recall: rec / float64(len(queries))}, nil
}

// runWire loads every server, then measures them in turn each round.
// With noLoad the servers' debbow tables are queried as they are (loaded
// by an earlier run over the same data).
func runWire(rep *report, servers []server, opclass string, indexFirst, noLoad bool, c *corpus, base, queries []int, truth []answer, efs []int, m, efc, rounds int) {
	ctx := context.Background()
	op, err := opFor(opclass)
	if err != nil {
		log.Fatal(err)
	}
	var targets []wireTarget
	for _, srv := range servers {
		var conn *pgx.Conn
		if noLoad {
			conn, err = connectServer(ctx, srv)
		} else {
			var secs float64
			conn, secs, err = loadServer(ctx, srv, c, base, opclass, m, efc, indexFirst)
			log.Printf("%s: loaded and indexed (%s) in %.1f s", srv.name, opclass, secs)
			rep.BuildSeconds[srv.name+"_wire"] = secs
		}
		if err != nil {
			log.Fatal(err)
		}
		defer conn.Close(ctx)
		targets = append(targets, wireTarget{server: srv, conn: conn})
	}
	for r := 1; r <= rounds; r++ {
		for _, ef := range efs {
			for _, t := range targets {
				x, err := measureWire(ctx, r, t, op, ef, c, queries, truth)
				if err != nil {
					log.Fatal(err)
				}
				log.Printf("round %d  %-16s ef %4d  QPS %9.1f  recall@10 %.4f", x.Round, x.Index, x.EfSearch, x.QPS, x.Recall)
				rep.Rows = append(rep.Rows, x)
			}
		}
	}
}
