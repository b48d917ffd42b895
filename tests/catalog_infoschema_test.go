package tests

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// TestInfoSchemaRowDescription pins the types information_schema's
// columns reach clients with: PostgreSQL 15 sends a domain's base type
// and typmod, so cardinal_number is integer (23), yes_or_no varchar(3)
// (1043, typmod 7) and character_data varchar (1043, -1); sql_identifier
// is name (19).
func TestInfoSchemaRowDescription(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rr := conn.ExecParams(ctx, "SELECT table_name, ordinal_position, is_nullable, data_type FROM information_schema.columns",
		nil, nil, nil, nil)
	if _, err := rr.Close(); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name   string
		oid    uint32
		typmod int32
	}{{"table_name", 19, -1}, {"ordinal_position", 23, -1}, {"is_nullable", 1043, 7}, {"data_type", 1043, -1}}
	fields := rr.FieldDescriptions()
	if len(fields) != len(want) {
		t.Fatalf("%d fields, want %d", len(fields), len(want))
	}
	for i, w := range want {
		if f := fields[i]; f.Name != w.name || f.DataTypeOID != w.oid || f.TypeModifier != w.typmod {
			t.Errorf("field %d: %s oid %d typmod %d, want %s %d %d", i, f.Name, f.DataTypeOID, f.TypeModifier, w.name, w.oid, w.typmod)
		}
	}
}

// TestInfoSchemaKnexHasTable runs knex's hasTable query as knex sends it
// through node-postgres: extended protocol, the table name as a text
// parameter of unspecified type. It got 42P01 before information_schema
// was served.
func TestInfoSchemaKnexHasTable(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE TABLE knex_migrations (id serial PRIMARY KEY, name varchar(255))").ReadAll(); err != nil {
		t.Fatal(err)
	}
	const hasTable = "select * from information_schema.tables where table_name = $1 and table_schema = current_schema()"
	for name, want := range map[string]int{"knex_migrations": 1, "nosuch": 0} {
		res := conn.ExecParams(ctx, hasTable, [][]byte{[]byte(name)}, []uint32{0}, nil, nil).Read()
		if res.Err != nil {
			t.Fatalf("%s: %v", name, res.Err)
		}
		if len(res.Rows) != want {
			t.Errorf("%s: %d rows, want %d", name, len(res.Rows), want)
		}
		if want == 1 && (string(res.Rows[0][2]) != "knex_migrations" || string(res.Rows[0][3]) != "BASE TABLE") {
			t.Errorf("%s: row %q", name, res.Rows[0])
		}
	}
}
