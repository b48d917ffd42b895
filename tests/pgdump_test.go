package tests

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// pgdumpSchema is the database TestPgDump dumps: the extension, every
// vector type, a bigint primary key, UNIQUE, CHECK, FOREIGN KEY and
// DEFAULTs, HNSW (with options), IVFFlat and B-tree indexes, a view, a
// second schema, a table and a column comment.
const pgdumpSchema = `CREATE EXTENSION vector;
CREATE SCHEMA app;
CREATE TABLE items (id bigint PRIMARY KEY, name text NOT NULL DEFAULT 'x', embedding vector(3), h halfvec(3),
  s sparsevec(5), b bit(4), score double precision CHECK (score >= 0), code text UNIQUE);
CREATE TABLE app.tags (id bigint PRIMARY KEY, item_id bigint REFERENCES items(id), label varchar(20) DEFAULT 'none',
  created timestamptz);
CREATE INDEX items_hnsw ON items USING hnsw (embedding vector_l2_ops) WITH (m = 16, ef_construction = 64);
CREATE INDEX items_ivf ON items USING ivfflat (embedding vector_cosine_ops) WITH (lists = 1);
CREATE INDEX items_name ON items (name);
CREATE VIEW item_names AS SELECT id, name FROM items WHERE score > 1;
COMMENT ON TABLE items IS 'the items';
COMMENT ON COLUMN items.embedding IS 'it''s an embedding';
INSERT INTO items VALUES (1, 'a', '[1,2,3]', '[1,2,3]', '{1:1,3:2}/5', B'1010', 1.5, 'c1'),
  (2, 'b''q', '[4,5,6]', '[4,5,6]', '{2:3}/5', B'0001', 2, NULL), (3, E'tab\tx', NULL, NULL, NULL, NULL, NULL, 'c3');
INSERT INTO app.tags VALUES (1, 1, 'red', '2024-01-02 03:04:05+00'), (2, NULL, DEFAULT, NULL);`

// pgdumpStatements are statements PostgreSQL 15's pg_dump writes for
// pgdumpSchema, as it writes them for PostgreSQL 15 with pgvector.
var pgdumpStatements = []string{
	"CREATE SCHEMA app;",
	"CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public;",
	"CREATE TABLE app.tags (\n    id bigint NOT NULL,\n    item_id bigint,\n    label character varying(20) DEFAULT 'none'::character varying,\n    created timestamp with time zone\n);",
	"    name text DEFAULT 'x'::text NOT NULL,\n    embedding public.vector(3),\n    h public.halfvec(3),\n    s public.sparsevec(5),\n    b bit(4),\n",
	"    CONSTRAINT items_score_check CHECK ((score >= (0)::double precision))\n);",
	"ALTER TABLE ONLY public.items\n    ADD CONSTRAINT items_pkey PRIMARY KEY (id);",
	"ALTER TABLE ONLY public.items\n    ADD CONSTRAINT items_code_key UNIQUE (code);",
	"CREATE INDEX items_hnsw ON public.items USING hnsw (embedding public.vector_l2_ops) WITH (m='16', ef_construction='64');",
	"CREATE INDEX items_ivf ON public.items USING ivfflat (embedding public.vector_cosine_ops) WITH (lists='1');",
	"CREATE INDEX items_name ON public.items USING btree (name);",
	// items' comments after items; the view after them, as it reads items (pg_rewrite, pg_depend)
	"ALTER TABLE public.items OWNER TO postgres;\n\n--\n-- Name: TABLE items; Type: COMMENT; Schema: public; Owner: postgres\n--\n\n" +
		"COMMENT ON TABLE public.items IS 'the items';\n\n\n--\n-- Name: COLUMN items.embedding; Type: COMMENT; Schema: public; Owner: postgres\n--\n\n" +
		"COMMENT ON COLUMN public.items.embedding IS 'it''s an embedding';\n\n\n--\n-- Name: item_names; Type: VIEW; Schema: public; Owner: postgres\n--\n\n" +
		"CREATE VIEW public.item_names AS\n SELECT items.id,\n    items.name\n   FROM public.items\n  WHERE (items.score > (1)::double precision);",
	"ALTER TABLE ONLY app.tags\n    ADD CONSTRAINT tags_item_id_fkey FOREIGN KEY (item_id) REFERENCES public.items(id);",
}

// pgdumpData is the COPY data pg_dump writes for pgdumpSchema.
var pgdumpData = []string{
	"COPY public.items (id, name, embedding, h, s, b, score, code) FROM stdin;\n1\ta\t[1,2,3]\t[1,2,3]\t{1:1,3:2}/5\t1010\t1.5\tc1\n" +
		"2\tb'q\t[4,5,6]\t[4,5,6]\t{2:3}/5\t0001\t2\t\\N\n3\ttab\\tx\t\\N\t\\N\t\\N\t\\N\t\\N\tc3\n\\.\n",
	"COPY app.tags (id, item_id, label, created) FROM stdin;\n1\t1\tred\t2024-01-02 03:04:05+00\n2\t\\N\tnone\t\\N\n\\.\n",
}

// TestPgDump: PostgreSQL 15's pg_dump dumps a vecgres database
// (--schema-only, --data-only, the whole in plain format, and -Fc that
// pg_restore --list reads) without an error or warning, writing the
// statements and data it writes for the same database in PostgreSQL
// 15 with pgvector. The whole dump loads with psql into a fresh vecgres,
// which gives the same rows and catalog answers and dumps the same
// script, and, when pgvector is installed in PostgreSQL 15, into a
// throwaway PostgreSQL 15 cluster, which gives the same rows. Before, 47
// of pg_dump's catalog queries failed.
func TestPgDump(t *testing.T) {
	pgDump, psql, pgRestore := pgBinary(t, "pg_dump"), pgBinary(t, "psql"), pgBinary(t, "pg_restore")
	s := startServer(t, "")
	conn := s.connect(t)
	for _, st := range strings.Split(pgdumpSchema, ";\n") {
		mustExec(t, conn, st)
	}
	dump := func(args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, pgDump, append([]string{"--dbname", s.DSN()}, args...)...)
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("pg_dump %v: %v\n%s", args, err, stderr.String())
		}
		return string(out)
	}
	schema := dump("--schema-only")
	for _, want := range pgdumpStatements {
		if !strings.Contains(schema, want) {
			t.Errorf("--schema-only lacks %q:\n%s", want, schema)
		}
	}
	if strings.Contains(schema, "COPY ") || strings.Contains(schema, "CREATE CAST") || strings.Contains(schema, "GRANT ") {
		t.Errorf("--schema-only has data, casts or grants:\n%s", schema)
	}
	data := dump("--data-only")
	for _, want := range pgdumpData {
		if !strings.Contains(data, want) {
			t.Errorf("--data-only lacks %q:\n%s", want, data)
		}
	}
	if strings.Contains(data, "CREATE ") {
		t.Errorf("--data-only has DDL:\n%s", data)
	}
	full := dump()
	for _, want := range append(pgdumpStatements, pgdumpData...) {
		if !strings.Contains(full, want) {
			t.Errorf("full dump lacks %q", want)
		}
	}
	archive := filepath.Join(t.TempDir(), "db.dump")
	dump("-Fc", "-f", archive)
	list, err := exec.Command(pgRestore, "--list", archive).CombinedOutput()
	if err != nil {
		t.Fatalf("pg_restore --list: %v\n%s", err, list)
	}
	for _, want := range []string{"TABLE public items postgres", "TABLE DATA app tags postgres", "INDEX public items_hnsw postgres",
		"FK CONSTRAINT app tags tags_item_id_fkey postgres"} {
		if !strings.Contains(string(list), want) {
			t.Errorf("pg_restore --list lacks %q:\n%s", want, list)
		}
	}

	// The whole dump loads into a fresh vecgres with psql, which then
	// answers as the first and dumps the same script.
	file := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(file, []byte(full), 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := startServer(t, "")
	if out, err := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", s2.DSN(), "-f", file).CombinedOutput(); err != nil {
		t.Fatalf("psql -f dump.sql into vecgres: %v\n%s", err, out)
	}
	conn2 := s2.connect(t)
	for _, q := range pgdumpCompared {
		if got, want := queryText(t, conn2, q), queryText(t, conn, q); got != want {
			t.Errorf("%s\nvecgres after the load:\n%s\nthe dumped vecgres:\n%s", q, got, want)
		}
	}
	s1 := s
	s = s2
	if again := dump(); stripRestrict(again) != stripRestrict(full) {
		t.Errorf("the restored database dumps another script:\n%s", lineDiff(stripRestrict(full), stripRestrict(again)))
	}
	s = s1
	_, err = conn2.Exec(testCtx(t, 10*time.Second), "INSERT INTO items (id) VALUES (1)")
	wantCode(t, err, "23505") // the primary key added after COPY holds

	if _, err := os.Stat("/usr/lib/postgresql/15/lib/vector.so"); err != nil {
		t.Skip("pgvector is not installed in PostgreSQL 15: the dump is not loaded")
	}
	pg := startPostgres15(t)
	if out, err := exec.Command(psql, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", pg, "-f", file).CombinedOutput(); err != nil {
		t.Fatalf("psql -f dump.sql into PostgreSQL 15: %v\n%s", err, out)
	}
	pgConn, err := pgx.Connect(testCtx(t, 10*time.Second), pg)
	if err != nil {
		t.Fatal(err)
	}
	defer pgConn.Close(context.Background())
	for _, q := range pgdumpCompared {
		if got, want := queryText(t, pgConn, q), queryText(t, conn, q); got != want {
			t.Errorf("%s\nPostgreSQL 15 after the load:\n%s\nvecgres:\n%s", q, got, want)
		}
	}
}

// pgdumpCompared are the queries whose answers TestPgDump compares
// between the dumped database and the ones the dump was loaded into:
// rows and \d-level catalog answers.
var pgdumpCompared = []string{
	"SELECT id, name, embedding::text, h::text, s::text, b::text, score, code FROM items ORDER BY id",
	"SELECT id, item_id, label, created::text FROM app.tags ORDER BY id",
	"SELECT * FROM item_names ORDER BY id",
	"SELECT conname, contype, pg_get_constraintdef(oid), pg_get_constraintdef(oid, true) FROM pg_constraint WHERE conrelid IN ('items'::regclass, 'app.tags'::regclass) ORDER BY 1",
	"SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'items' ORDER BY 1",
	"SELECT attname, format_type(atttypid, atttypmod), attnotnull FROM pg_attribute WHERE attrelid = 'items'::regclass AND attnum > 0 ORDER BY attnum",
	"SELECT objsubid, description FROM pg_description WHERE objoid = 'items'::regclass ORDER BY 1",
}

// stripRestrict drops pg_dump's \restrict and \unrestrict lines, whose
// key is random.
func stripRestrict(script string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(script, "\n") {
		if !strings.HasPrefix(l, "\\restrict ") && !strings.HasPrefix(l, "\\unrestrict ") {
			b.WriteString(l)
		}
	}
	return b.String()
}

// queryText is q's rows as text, one line each.
func queryText(t *testing.T, c *pgx.Conn, q string) string {
	t.Helper()
	rows, err := c.Query(testCtx(t, 10*time.Second), q, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		vals := rows.RawValues()
		for i, v := range vals {
			if i > 0 {
				b.WriteString(" | ")
			}
			if v == nil {
				b.WriteString("NULL")
			} else {
				b.Write(v)
			}
		}
		b.WriteString("\n")
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return b.String()
}

// TestPgDumpSerial: a serial column's sequence is dumped as PostgreSQL
// 15's pg_dump dumps it from PostgreSQL (CREATE SEQUENCE, OWNED BY, the
// default set apart through its pg_depend row on the sequence, setval
// after the data), reading the sequence as a relation (last_value,
// is_called). The script loads into a fresh vecgres, whose default reads
// a real sequence that goes on after the dumped value.
func TestPgDumpSerial(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE sq (id serial PRIMARY KEY, v text)")
	mustExec(t, conn, "INSERT INTO sq (v) VALUES ('a'), ('b')")
	conn2 := dumpAndReload(t, s, []string{
		"CREATE TABLE public.sq (\n    id integer NOT NULL,\n    v text\n);",
		"CREATE SEQUENCE public.sq_id_seq\n    AS integer\n    START WITH 1\n    INCREMENT BY 1\n    NO MINVALUE\n    NO MAXVALUE\n    CACHE 1;",
		"ALTER SEQUENCE public.sq_id_seq OWNED BY public.sq.id;",
		"ALTER TABLE ONLY public.sq ALTER COLUMN id SET DEFAULT nextval('public.sq_id_seq'::regclass);",
		"COPY public.sq (id, v) FROM stdin;\n1\ta\n2\tb\n\\.\n",
		"SELECT pg_catalog.setval('public.sq_id_seq', 2, true);",
	})
	mustExec(t, conn2, "INSERT INTO sq (v) VALUES ('c')")
	if got, want := queryText(t, conn2, "SELECT id, v FROM sq ORDER BY id"), "1 | a\n2 | b\n3 | c\n"; got != want {
		t.Errorf("rows after the load and an insert:\n%s\nwant:\n%s", got, want)
	}
	if got, want := queryText(t, conn2, "SELECT pg_get_serial_sequence('sq', 'id'), last_value FROM sq_id_seq"), "public.sq_id_seq | 3\n"; got != want {
		t.Errorf("the loaded sequence: %s, want %s", got, want)
	}
}

// TestPgDumpIdentity: pg_dump writes identity columns as it writes
// PostgreSQL 15's (the column NOT NULL, ALTER COLUMN ... ADD GENERATED
// ... AS IDENTITY with the sequence's name and options, COPY with the
// values, setval), and the dump loads into a fresh vecgres whose next
// inserts go on from the dumped sequences.
func TestPgDumpIdentity(t *testing.T) {
	s := startServer(t, "")
	conn := s.connect(t)
	mustExec(t, conn, "CREATE TABLE it (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, v text)")
	mustExec(t, conn, "CREATE TABLE itd (id bigint GENERATED BY DEFAULT AS IDENTITY (START 10 INCREMENT 5), v text)")
	mustExec(t, conn, "INSERT INTO it (v) VALUES ('a'), ('b')")
	mustExec(t, conn, "INSERT INTO itd (v) VALUES ('a')")
	conn2 := dumpAndReload(t, s, []string{
		"CREATE TABLE public.it (\n    id integer NOT NULL,\n    v text\n);",
		"ALTER TABLE public.it ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (\n    SEQUENCE NAME public.it_id_seq\n    START WITH 1\n    INCREMENT BY 1\n    NO MINVALUE\n    NO MAXVALUE\n    CACHE 1\n);",
		"ALTER TABLE public.itd ALTER COLUMN id ADD GENERATED BY DEFAULT AS IDENTITY (\n    SEQUENCE NAME public.itd_id_seq\n    START WITH 10\n    INCREMENT BY 5\n    NO MINVALUE\n    NO MAXVALUE\n    CACHE 1\n);",
		"COPY public.it (id, v) FROM stdin;\n1\ta\n2\tb\n\\.\n",
		"SELECT pg_catalog.setval('public.it_id_seq', 2, true);",
		"SELECT pg_catalog.setval('public.itd_id_seq', 10, true);",
	})
	mustExec(t, conn2, "INSERT INTO it (v) VALUES ('c')")
	mustExec(t, conn2, "INSERT INTO itd (v) VALUES ('b')")
	if got, want := queryText(t, conn2, "SELECT id, v FROM it ORDER BY id"), "1 | a\n2 | b\n3 | c\n"; got != want {
		t.Errorf("it after the load and an insert:\n%s\nwant:\n%s", got, want)
	}
	if got, want := queryText(t, conn2, "SELECT id, v FROM itd ORDER BY id"), "10 | a\n15 | b\n"; got != want {
		t.Errorf("itd after the load and an insert:\n%s\nwant:\n%s", got, want)
	}
	if got, want := queryText(t, conn2, "SELECT attidentity FROM pg_attribute WHERE attrelid = 'it'::regclass AND attname = 'id'"), "a\n"; got != want {
		t.Errorf("attidentity after the load: %q, want %q", got, want)
	}
}

// dumpAndReload dumps s's database with pg_dump (plain), requires each of
// wants in the script, loads it with psql (ON_ERROR_STOP) into a fresh
// vecgres and returns a connection to that server.
func dumpAndReload(t *testing.T, s *server, wants []string) *pgx.Conn {
	t.Helper()
	out, err := exec.Command(pgBinary(t, "pg_dump"), "--dbname", s.DSN()).CombinedOutput()
	if err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, out)
	}
	for _, want := range wants {
		if !strings.Contains(string(out), want) {
			t.Errorf("dump lacks %q:\n%s", want, out)
		}
	}
	file := filepath.Join(t.TempDir(), "dump.sql")
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	s2 := startServer(t, "")
	if out, err := exec.Command(pgBinary(t, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", s2.DSN(), "-f", file).CombinedOutput(); err != nil {
		t.Fatalf("psql -f dump.sql into vecgres: %v\n%s", err, out)
	}
	return s2.connect(t)
}
