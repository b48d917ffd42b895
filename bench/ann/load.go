package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	pgxvec "github.com/pgvector/pgvector-go/pgx"
)

// connect opens one connection to dsn and registers pgvector's binary codecs
// for vector, halfvec and sparsevec on it (looked up by name, so the type
// OIDs of vecgres or of any pgvector installation work).
func connect(ctx context.Context, dsn string) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("connect %s: %w", dsn, err)
	}
	if err := pgxvec.RegisterTypes(ctx, conn); err != nil {
		conn.Close(ctx)
		return nil, fmt.Errorf("register pgvector types: %w", err)
	}
	return conn, nil
}

// createTable drops and recreates items (id int PRIMARY KEY, embedding
// vector(dim), or the --type's column type).
func createTable(ctx context.Context, conn *pgx.Conn, cfg *config, dim int) error {
	return execAll(ctx, conn, "DROP TABLE IF EXISTS items",
		fmt.Sprintf("CREATE TABLE items (id int PRIMARY KEY, embedding %s)", cfg.column(dim)))
}

// copyItems loads base[i] as row (id = i) with one binary COPY and returns
// the wall time it took.
func copyItems(ctx context.Context, conn *pgx.Conn, cfg *config, base [][]float32) (time.Duration, error) {
	start := time.Now()
	src := pgx.CopyFromSlice(len(base), func(i int) ([]any, error) {
		return []any{int32(i), cfg.value(base[i])}, nil
	})
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"items"}, []string{"id", "embedding"}, src)
	if err != nil {
		return 0, fmt.Errorf("COPY items: %w", err)
	}
	if int(n) != len(base) {
		return 0, fmt.Errorf("COPY items: server reports %d rows, sent %d", n, len(base))
	}
	return time.Since(start), nil
}

// buildIndex runs CREATE INDEX ... USING hnsw (embedding <cfg.opclass()>)
// with cfg's m and ef_construction (--index ivfflat: USING ivfflat with
// its lists), plus the options in cfg.with if not empty, and returns the
// wall time it took.
func buildIndex(ctx context.Context, conn *pgx.Conn, cfg *config) (time.Duration, error) {
	method, opts := "hnsw", fmt.Sprintf("m = %d, ef_construction = %d", cfg.m, cfg.efConstruction)
	if cfg.index == "ivfflat" {
		method, opts = "ivfflat", fmt.Sprintf("lists = %d", cfg.lists)
	}
	if cfg.with != "" {
		opts += ", " + cfg.with
	}
	stmt := "CREATE INDEX ON items USING " + method + " (embedding " + cfg.opclass() + ") WITH (" + opts + ")"
	start := time.Now()
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return 0, fmt.Errorf("%s: %w", stmt, err)
	}
	return time.Since(start), nil
}

// countItems returns SELECT count(*) FROM items.
func countItems(ctx context.Context, conn *pgx.Conn) (int64, error) {
	var n int64
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM items").Scan(&n); err != nil {
		return 0, fmt.Errorf("SELECT count(*) FROM items: %w", err)
	}
	return n, nil
}
