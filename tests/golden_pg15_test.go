package tests

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

var goldenPG15 = flag.Bool("golden-pg15", false, "run the PostgreSQL-verified golden scripts against a throwaway PostgreSQL 15 and compare with their .out files")

// pg15GoldenScripts are golden scripts that use no pgvector type, whose
// .out files must be exactly what PostgreSQL 15 answers.
var pg15GoldenScripts = []string{
	"records",
	"records_json",
	"bool_tests",
	"lock_table",
	"stat_views",
	"derived_tables",
	"distinct_aggregates",
	"set_operations",
	"set_operations_contexts",
	"equal_values",
	"streaming",
	"statement_rules",
	"txn_modes_subxact",
	"compare_ops",
	"array_jsonb_ops",
	"math_string_funcs",
	"aggregates_collect",
	"untyped_operands",
	"window_functions",
	"catalog_infoschema",
	"catalog_pg_index",
	"catalog_pg_settings",
	"catalog_pg_proc",
	"catalog_functions",
	"catalog_pg_more",
	"catalog_pg_core",
	"catalog_privileges",
	"constraints_unique",
	"constraints_fk",
	"constraints_check",
	"constraints_catalog",
	"constraints_fk_ddl",
	"constraints_deferred",
	"catalog_infoschema_constraints",
	"joins",
	"explain_costs_off",
	"cte_with",
	"cte_recursive",
	"cte_materialized",
	"jsonb_functions",
	"from_functions",
	"aggregates_filter_order",
	"set_forms",
	"bit_operators",
	"aggregates_stats",
	"select_list_srfs",
	"create_table_as",
	"advisory_locks",
	"bit_strings",
	"subquery_forms",
	"subquery_dml",
	"subquery_indexed",
	"subquery_rows",
	"catalog_vectors",
	"catalog_pg_range",
	"index_expressions",
	"schemas",
	"psql_catalog_sql",
	"names",
	"regtypes",
	"views",
	"views_errors",
	"dml_update_from",
	"row_locks_joins",
	"alter_add_serial_identity",
	"temp_views_sequences",
	"records_derived_fields",
	"cte_modify",
	"views_update",
	"sequences",
	"sequences_relation",
	"pgdump_functions",
	"json",
	"json_funcs",
	"json_frameworks",
	"comments",
	"identity",
	"pgvector_type_io",
	"array_fill",
	"arrays_multidim",
	"output_settings",
	"row_locks",
	"on_conflict_partial",
	"reg_signatures",
	"unique_expr_index",
	"serial_sequences",
	"sequence_privileges",
	"unlogged_tables",
	"pgfix_defaults",
	"pgfix_acl",
	"pgfix_ruledef",
	"star_qualifier",
	"truncate_restart_rollback",
	"records_fields",
	"txn_clock",
	"at_time_zone",
	"ivfflat_truncate",
	"string_funcs_more",
	"temp_tables",
	"float_underflow",
	"like_escape_end",
	"param_gaps",
	"datetime_timezone",
	"datetime_interval",
	"datetime_to_char",
}

// TestGoldenPG15 runs pg15GoldenScripts against PostgreSQL 15 (each in a
// fresh database) and compares the transcripts with the .out files, which
// TestGolden compares with vecgres: both servers must answer alike. Run
// with -golden-pg15; skipped when PostgreSQL 15 is not installed.
func TestGoldenPG15(t *testing.T) {
	if !*goldenPG15 {
		t.Skip("run with -golden-pg15")
	}
	dsn := startPostgres15(t)
	ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
	defer cancel()
	admin, err := pgconn.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	for _, name := range pg15GoldenScripts {
		t.Run(name, func(t *testing.T) {
			if _, err := admin.Exec(ctx, "CREATE DATABASE g_"+name).ReadAll(); err != nil {
				t.Fatal(err)
			}
			got := runScriptOn(ctx, t, filepath.Join("testdata/golden", name+".sql"), strings.Replace(dsn, "/postgres?", "/g_"+name+"?", 1))
			if *rewrite { // -golden-pg15 -rewrite -run TestGoldenPG15: take PostgreSQL's answers
				if err := os.WriteFile(filepath.Join("testdata/golden", name+".out"), []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(filepath.Join("testdata/golden", name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("PostgreSQL 15 differs from %s.out:\n%s", name, lineDiff(string(want), got))
			}
		})
	}
}

// runScriptOn runs a golden script on the server at dsn as runScript
// does on vecgres.
func runScriptOn(ctx context.Context, t *testing.T, path, dsn string) string {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var notices []*pgconn.Notice
	cfg, err := pgconn.ParseConfig(dsn)
	if err != nil {
		t.Fatal(err)
	}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) { notices = append(notices, n) }
	conn, err := pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var stmt strings.Builder
	for _, line := range strings.Split(string(src), "\n") {
		trimmed := strings.TrimSpace(line)
		if stmt.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "--")) {
			out.WriteString(line + "\n")
			continue
		}
		stmt.WriteString(line + "\n")
		if !strings.HasSuffix(trimmed, ";") {
			continue
		}
		out.WriteString(stmt.String())
		renderExec(&out, conn.Exec(ctx, stmt.String()), &notices)
		stmt.Reset()
	}
	return out.String()
}
