package main

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// A shape is one form of the benchmarked k-NN statement: the plain ORDER BY
// ... LIMIT, the same k-NN joined with a metadata table, or a LATERAL
// per-row k-NN over a table of query vectors (pgvector's documented
// "nearest neighbours of each row" form).
type shape struct {
	name string
	// query is the SQL each unit of work runs (recorded in the report).
	query string
	// batch is the number of query vectors one statement answers: 1 but for
	// lateral.
	batch int
	// setup creates and loads the tables the statement reads beside items;
	// test holds every query vector (measured, then warm-up) in order.
	setup func(ctx context.Context, conn *pgx.Conn, base, test [][]float32) error
	// run answers the query vectors test[first : first+len(out)] with one
	// statement, filling out[i] with the ids returned for test[first+i].
	run func(ctx context.Context, c *pgx.Conn, test [][]float32, first int, out [][]int32) error
}

// metaRows is the number of categories of the join shape's metadata table.
const metaRows = 10

// The shapes' statements, %[1]s standing for the distance operator (<->,
// or <=> for cosine data):
//   - plain: the k-NN query itself;
//   - join: the k-NN of items joined with its metadata row, a primary-key
//     lookup per returned row (the index scan must stay under the join);
//   - lateral: a batch of the query vectors stored in the table queries,
//     qids [$1, $2), each with its own index scan.
const (
	plainQuery = "SELECT id FROM items ORDER BY embedding %[1]s $1 LIMIT 10"
	joinQuery  = "SELECT i.id, m.title FROM items i JOIN item_meta m ON m.item_id = i.id " +
		"ORDER BY i.embedding %[1]s $1 LIMIT 10"
	lateralQuery = "SELECT q.qid, n.id FROM queries q CROSS JOIN LATERAL " +
		"(SELECT id FROM items ORDER BY embedding %[1]s q.embedding LIMIT 10) n " +
		"WHERE q.qid >= $1 AND q.qid < $2"
)

// newShape returns the --shape called name (plain, join, lateral) with
// cfg's distance operator and column type; false for an unknown name.
func newShape(name string, cfg *config) (shape, bool) {
	op := cfg.operator()
	switch name {
	case "plain":
		q := fmt.Sprintf(plainQuery, op)
		return shape{name: name, query: q, batch: 1, run: runPlain(q, cfg)}, true
	case "join":
		q := fmt.Sprintf(joinQuery, op)
		return shape{name: name, query: q, batch: 1, setup: setupMeta, run: runPlain(q, cfg)}, true
	case "lateral":
		q := fmt.Sprintf(lateralQuery, op)
		return shape{name: name, query: q, batch: 10, setup: setupQueries(cfg), run: runLateral(q)}, true
	}
	return shape{}, false
}

// runPlain returns a run function for a statement taking one vector
// parameter and returning the neighbour id in its first column (further
// columns are read and dropped).
func runPlain(query string, cfg *config) func(context.Context, *pgx.Conn, [][]float32, int, [][]int32) error {
	return func(ctx context.Context, c *pgx.Conn, test [][]float32, first int, out [][]int32) error {
		rows, err := c.Query(ctx, query, cfg.value(test[first]))
		if err != nil {
			return err
		}
		ids := make([]int32, 0, k)
		var id int32
		dest := []any{&id}
		for range rows.FieldDescriptions()[1:] {
			dest = append(dest, new(any)) // the join's metadata columns, read and dropped
		}
		for rows.Next() {
			if err := rows.Scan(dest...); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		out[0] = ids
		return rows.Err()
	}
}

// runLateral returns a run function for the lateral statement query: it
// answers qids [first, first+len(out)) and sorts the returned ids into
// out by qid.
func runLateral(query string) func(context.Context, *pgx.Conn, [][]float32, int, [][]int32) error {
	return func(ctx context.Context, c *pgx.Conn, _ [][]float32, first int, out [][]int32) error {
		rows, err := c.Query(ctx, query, first, first+len(out))
		if err != nil {
			return err
		}
		for i := range out {
			out[i] = make([]int32, 0, k)
		}
		for rows.Next() {
			var qid, id int32
			if err := rows.Scan(&qid, &id); err != nil {
				rows.Close()
				return err
			}
			j := int(qid) - first
			if j < 0 || j >= len(out) {
				rows.Close()
				return fmt.Errorf("qid %d outside the batch [%d, %d)", qid, first, first+len(out))
			}
			out[j] = append(out[j], id)
		}
		return rows.Err()
	}
}

// setupMeta creates item_meta (item_id int PRIMARY KEY, category int, title
// text), one row per base vector (synthetic metadata: category = id mod
// metaRows, title = 'item <id>').
func setupMeta(ctx context.Context, conn *pgx.Conn, base, _ [][]float32) error {
	if err := execAll(ctx, conn, "DROP TABLE IF EXISTS item_meta",
		"CREATE TABLE item_meta (item_id int PRIMARY KEY, category int, title text)"); err != nil {
		return err
	}
	src := pgx.CopyFromSlice(len(base), func(i int) ([]any, error) {
		return []any{int32(i), int32(i % metaRows), fmt.Sprintf("item %d", i)}, nil
	})
	if _, err := conn.CopyFrom(ctx, pgx.Identifier{"item_meta"}, []string{"item_id", "category", "title"}, src); err != nil {
		return fmt.Errorf("COPY item_meta: %w", err)
	}
	return nil
}

// setupQueries returns the setup that creates queries (qid int PRIMARY
// KEY, embedding vector(dim), or cfg's column type) holding test[i] as
// qid i.
func setupQueries(cfg *config) func(context.Context, *pgx.Conn, [][]float32, [][]float32) error {
	return func(ctx context.Context, conn *pgx.Conn, _, test [][]float32) error {
		if err := execAll(ctx, conn, "DROP TABLE IF EXISTS queries",
			fmt.Sprintf("CREATE TABLE queries (qid int PRIMARY KEY, embedding %s)", cfg.column(len(test[0])))); err != nil {
			return err
		}
		src := pgx.CopyFromSlice(len(test), func(i int) ([]any, error) {
			return []any{int32(i), cfg.value(test[i])}, nil
		})
		if _, err := conn.CopyFrom(ctx, pgx.Identifier{"queries"}, []string{"qid", "embedding"}, src); err != nil {
			return fmt.Errorf("COPY queries: %w", err)
		}
		return nil
	}
}

// execAll runs stmts in order on conn; the error names the statement.
func execAll(ctx context.Context, conn *pgx.Conn, stmts ...string) error {
	for _, s := range stmts {
		if _, err := conn.Exec(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}
