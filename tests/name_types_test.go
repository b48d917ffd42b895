package tests

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Type OIDs of RowDescription (PostgreSQL pg_type.dat).
const (
	oidName          = 19
	oidInt4          = 23
	oidText          = 25
	oidNameArray     = 1003
	oidVarchar       = 1043
	oidRegtype       = 2206
	oidRegtypeArray  = 2211
	oidRegclass      = 2205
	oidRegclassArray = 2210
	oidRegnamespace  = 4089
	oidRegrole       = 4096
	oidRegproc       = 24
)

// nameTypeQueries are queries whose result columns PostgreSQL 15 sends as
// name (19) or name[] (1003): catalog name columns, information_schema's
// sql_identifier (a domain over name, sent as its base type), the session
// functions; and regtype[] (2211), regclass (2205), regclass[] (2210),
// regnamespace (4089), regrole (4096) and regproc (24). Clients act on these OIDs:
// node-postgres parses text[] (1009) into an array but leaves name[] a
// string, which Sequelize's sync relies on.
var nameTypeQueries = []struct {
	sql  string
	oids []uint32
}{
	{"SELECT relname FROM pg_class", []uint32{oidName}},
	{"SELECT nspname FROM pg_namespace", []uint32{oidName}},
	{"SELECT attname, typname FROM pg_attribute JOIN pg_type ON atttypid = pg_type.oid", []uint32{oidName, oidName}},
	{"SELECT proname FROM pg_proc", []uint32{oidName}},
	{"SELECT oprname FROM pg_operator", []uint32{oidName}},
	{"SELECT rolname FROM pg_roles", []uint32{oidName}},
	{"SELECT usename FROM pg_user", []uint32{oidName}},
	{"SELECT datname FROM pg_database", []uint32{oidName}},
	{"SELECT conname FROM pg_constraint", []uint32{oidName}},
	{"SELECT amname FROM pg_am", []uint32{oidName}},
	{"SELECT opcname FROM pg_opclass", []uint32{oidName}},
	{"SELECT extname FROM pg_extension", []uint32{oidName}},
	{"SELECT collname FROM pg_collation", []uint32{oidName}},
	{"SELECT lanname FROM pg_language", []uint32{oidName}},
	{"SELECT spcname FROM pg_tablespace", []uint32{oidName}},
	{"SELECT schemaname, tablename, tableowner FROM pg_tables", []uint32{oidName, oidName, oidName}},
	{"SELECT schemaname, tablename, indexname FROM pg_indexes", []uint32{oidName, oidName, oidName}},
	{"SELECT schemaname, viewname, viewowner FROM pg_views", []uint32{oidName, oidName, oidName}},
	{"SELECT schemaname, sequencename, sequenceowner FROM pg_sequences", []uint32{oidName, oidName, oidName}},
	{"SELECT relname, indexrelname, schemaname FROM pg_stat_user_indexes", []uint32{oidName, oidName, oidName}},
	{"SELECT table_schema, table_name, column_name, ordinal_position, data_type, udt_name FROM information_schema.columns",
		[]uint32{oidName, oidName, oidName, oidInt4, oidVarchar, oidName}},
	{"SELECT table_name, table_type FROM information_schema.tables", []uint32{oidName, oidVarchar}},
	{"SELECT schema_name FROM information_schema.schemata", []uint32{oidName}},
	{"SELECT current_schema(), current_user, session_user, current_database(), current_catalog, current_role, user, current_schemas(true)",
		[]uint32{oidName, oidName, oidName, oidName, oidName, oidName, oidName, oidNameArray}},
	{"SELECT array_agg(attname) FROM pg_attribute", []uint32{oidNameArray}},
	{"SELECT 'a'::name, 'a'::name || 'b', 'a'::name || 'b'::name", []uint32{oidName, oidText, oidText}},
	{"SELECT '{int,int8}'::regtype[], 'int'::regtype", []uint32{oidRegtypeArray, oidRegtype}},
	{"SELECT 'pg_class'::regclass, '{pg_class}'::regclass[], to_regclass('pg_class'), 1259::regclass",
		[]uint32{oidRegclass, oidRegclassArray, oidRegclass, oidRegclass}},
	{"SELECT 'public'::regnamespace, to_regnamespace('public'), 'postgres'::regrole, to_regrole('postgres')",
		[]uint32{oidRegnamespace, oidRegnamespace, oidRegrole, oidRegrole}},
	{"SELECT 'now'::regproc, to_regproc('now')", []uint32{oidRegproc, oidRegproc}},
}

// TestNameTypesRowDescription checks the type OIDs of nameTypeQueries'
// columns on vecgres, and on PostgreSQL 15 too with -golden-pg15. Before
// vecgres had a name type every one of these name columns was text (25),
// and regclass was text too.
func TestNameTypesRowDescription(t *testing.T) {
	t.Run("vecgres", func(t *testing.T) { checkNameTypes(t, startServer(t, "").DSN()) })
	if *goldenPG15 {
		t.Run("postgres15", func(t *testing.T) { checkNameTypes(t, startPostgres15(t)) })
	}
}

func checkNameTypes(t *testing.T, dsn string) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	for _, q := range nameTypeQueries {
		rr := conn.ExecParams(ctx, q.sql, nil, nil, nil, nil)
		if _, err := rr.Close(); err != nil {
			t.Errorf("%s: %v", q.sql, err)
			continue
		}
		fields := rr.FieldDescriptions()
		if len(fields) != len(q.oids) {
			t.Errorf("%s: %d fields, want %d", q.sql, len(fields), len(q.oids))
			continue
		}
		for i, want := range q.oids {
			if got := fields[i].DataTypeOID; got != want {
				t.Errorf("%s: column %d (%s) has type %d, want %d", q.sql, i+1, fields[i].Name, got, want)
			}
		}
	}
}

// TestRegclassValues checks what vecgres alone decides about regclass:
// binary output is the 4-byte OID (regclasssend), and a table column of
// type regclass, regclass[], regnamespace or regrole is refused with 0A000 naming the type
// (its values hold the name the session resolved), the session staying
// usable.
func TestRegclassValues(t *testing.T) {
	srv := startServer(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgconn.Connect(ctx, srv.DSN())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	rr := conn.ExecParams(ctx, "SELECT 'pg_class'::regclass", nil, nil, nil, []int16{1}).Read()
	if rr.Err != nil || len(rr.Rows) != 1 || string(rr.Rows[0][0]) != "\x00\x00\x04\xeb" {
		t.Errorf("binary 'pg_class'::regclass = %q, %v; want the OID 1259 in 4 bytes", rr.Rows, rr.Err)
	}
	for _, ddl := range []string{"CREATE TABLE rc (r regclass)", "CREATE TABLE rc (r regclass[])", "CREATE TABLE rc (r regrole)",
		"CREATE TABLE rc AS SELECT 'pg_class'::regclass AS r"} {
		_, err := conn.Exec(ctx, ddl).ReadAll()
		pe, ok := err.(*pgconn.PgError)
		if !ok || pe.Code != "0A000" || !strings.HasPrefix(pe.Message, "columns of type reg") {
			t.Errorf("%s: %v, want 0A000 columns of type reg...", ddl, err)
		}
	}
	res, err := conn.Exec(ctx, "SELECT 'pg_class'::regclass::text").ReadAll()
	if err != nil || string(res[0].Rows[0][0]) != "pg_class" {
		t.Errorf("after the refusals: %v, %v", res, err)
	}
}
