package tests

import (
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// TestRecordsPgx reads records as pgx does: an anonymous record
// (ROW(...), OID 2249) in binary through record_send, decoded field by
// field into CompositeFields and by Values into []any; a table's row type (an OID pgx does not know) in
// text, record_out's quoting; and the row type's OID in RowDescription
// is pg_class.reltype's. Also against PostgreSQL 15.
func TestRecordsPgx(t *testing.T) {
	t.Parallel()
	forEachTarget(t, func(t *testing.T, tg clientTarget) {
		ctx := testCtx(t, 60*time.Second)
		conn := pgxConnect(t, tg.dsn)
		mustExec(t, conn, "DROP TABLE IF EXISTS rec_pgx")
		mustExec(t, conn, "CREATE TABLE rec_pgx (id int, name text)")
		mustExec(t, conn, "INSERT INTO rec_pgx VALUES (1, 'a b'), (2, NULL)")

		var (
			i    int64
			s    string
			null *int32
			b    bool
			f    float64
		)
		row := conn.QueryRow(ctx, "SELECT ROW(7::int8, 'x', NULL::int, true, 2.5::float8)")
		if err := row.Scan(pgtype.CompositeFields{&i, &s, &null, &b, &f}); err != nil {
			t.Fatalf("record in binary: %v", err)
		}
		if i != 7 || s != "x" || null != nil || !b || f != 2.5 {
			t.Fatalf("record fields %d %q %v %v %v", i, s, null, b, f)
		}
		rows, err := conn.Query(ctx, "SELECT ROW(1, 'y')")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			v, err := rows.Values()
			if err != nil {
				t.Fatalf("record values: %v", err)
			}
			if got, ok := v[0].([]any); !ok || len(got) != 2 || got[0] != int32(1) || got[1] != "y" {
				t.Fatalf("record values %#v", v)
			}
		}
		rows.Close()

		rows, err = conn.Query(ctx, "SELECT r FROM rec_pgx r ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		texts, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			t.Fatalf("row type in text: %v", err)
		}
		if len(texts) != 2 || texts[0] != `(1,"a b")` || texts[1] != "(2,)" {
			t.Fatalf("row texts %q", texts)
		}
		rows, err = conn.Query(ctx, "SELECT r FROM rec_pgx r LIMIT 1")
		if err != nil {
			t.Fatal(err)
		}
		oid, mod := rows.FieldDescriptions()[0].DataTypeOID, rows.FieldDescriptions()[0].TypeModifier
		rows.Close()
		if mod != -1 {
			t.Fatalf("RowDescription typmod %d, want -1", mod)
		}
		var reltype uint32
		if err := conn.QueryRow(ctx, "SELECT reltype FROM pg_class WHERE relname = 'rec_pgx'").Scan(&reltype); err != nil {
			t.Fatal(err)
		}
		if oid != reltype || oid == 0 {
			t.Fatalf("RowDescription OID %d, pg_class.reltype %d", oid, reltype)
		}
	})
}
