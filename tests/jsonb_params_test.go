package tests

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestJSONBParamsExtended sends the jsonb filters frameworks build with
// parameters through the extended protocol, against vecgres and
// PostgreSQL 15 alike: LangChain.js's metadata->'tags' ?| array[$1] and
// ?& (the element parameter is text), a text[] parameter of ?| and #>,
// jsonb_build_object of parameters, and Mastra's
// jsonb_array_elements_text in FROM with WITH ORDINALITY.
func TestJSONBParamsExtended(t *testing.T) {
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		conn := pgxConnect(t, tg.dsn)
		ctx := testCtx(t, 30*time.Second)
		mustExec(t, conn, "CREATE TABLE jp (id int PRIMARY KEY, metadata jsonb)")
		mustExec(t, conn, `INSERT INTO jp VALUES (1, '{"tags": ["a", "b"], "n": {"x": 1}}'), (2, '{"tags": ["c"], "n": {"x": 2}}'), (3, '{"tags": []}')`)
		cases := []struct {
			sql  string
			args []any
			want string
		}{
			{"SELECT id FROM jp WHERE metadata->'tags' ?| array[$1] ORDER BY id", []any{"c"}, "2"},
			{"SELECT id FROM jp WHERE metadata->'tags' ?| array[$1, $2] ORDER BY id", []any{"a", "c"}, "1 2"},
			{"SELECT id FROM jp WHERE metadata->'tags' ?& array[$1, $2] ORDER BY id", []any{"a", "b"}, "1"},
			{"SELECT id FROM jp WHERE metadata->'tags' ?| $1 ORDER BY id", []any{[]string{"b", "zz"}}, "1"},
			{"SELECT id FROM jp WHERE (metadata #>> $1)::int = $2 ORDER BY id", []any{[]string{"n", "x"}, 2}, "2"},
			{"SELECT jsonb_build_object('k', $1::text, 'v', $2::int)::text FROM jp WHERE id = 1", []any{"s", 5}, `{"k": "s", "v": 5}`},
			{"SELECT t.v || ':' || t.n FROM jsonb_array_elements_text($1::jsonb) WITH ORDINALITY AS t(v, n) WHERE t.n > $2", []any{`["a", "b", "c"]`, 1}, "b:2 c:3"},
			{"SELECT key FROM jsonb_each($1::jsonb) ORDER BY key DESC", []any{`{"a": 1, "b": null}`}, "b a"},
		}
		for _, c := range cases {
			rows, err := conn.Query(ctx, c.sql, c.args...)
			if err != nil {
				t.Fatalf("%s: %v", c.sql, err)
			}
			var got []string
			for rows.Next() {
				vals, err := rows.Values()
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprint(vals[0]))
			}
			if err := rows.Err(); err != nil {
				t.Fatalf("%s: %v", c.sql, err)
			}
			if s := strings.Join(got, " "); s != c.want {
				t.Errorf("%s %v = %q, want %q", c.sql, c.args, s, c.want)
			}
		}
	})
}
