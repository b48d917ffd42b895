package sql

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// TestParseStatements checks the AST of every supported form, printed by dump.
func TestParseStatements(t *testing.T) {
	tests := []struct{ sql, want string }{
		// CREATE EXTENSION
		{"CREATE EXTENSION vector", `CreateExtension{Name:"vector"}`},
		{"create extension if not exists vector cascade", `CreateExtension{Name:"vector" IfNotExists:true}`},
		// CREATE TABLE
		{"CREATE TABLE items (id bigserial PRIMARY KEY, embedding vector(3))",
			`CreateTable{Name:"items" Columns:[ColumnDef{Name:"id" Type:int8 Serial:true NotNull:true PrimaryKey:true} ColumnDef{Name:"embedding" Type:vector(3)}] PrimaryKey:["id"]}`},
		{"CREATE TABLE IF NOT EXISTS t (a int2, b smallint, c integer, d int4, e bigint, f int8, g serial, h smallserial)",
			`CreateTable{Name:"t" IfNotExists:true Columns:[ColumnDef{Name:"a" Type:int2} ColumnDef{Name:"b" Type:int2} ColumnDef{Name:"c" Type:int4} ColumnDef{Name:"d" Type:int4} ColumnDef{Name:"e" Type:int8} ColumnDef{Name:"f" Type:int8} ColumnDef{Name:"g" Type:int4 Serial:true NotNull:true} ColumnDef{Name:"h" Type:int2 Serial:true NotNull:true}]}`},
		{"create table t (a real, b float4, c double precision, d float8, e boolean, f text, g varchar(10), h char(2), i numeric, j char)",
			`CreateTable{Name:"t" Columns:[ColumnDef{Name:"a" Type:float4} ColumnDef{Name:"b" Type:float4} ColumnDef{Name:"c" Type:float8} ColumnDef{Name:"d" Type:float8} ColumnDef{Name:"e" Type:bool} ColumnDef{Name:"f" Type:text} ColumnDef{Name:"g" Type:varchar(10)} ColumnDef{Name:"h" Type:bpchar(2)} ColumnDef{Name:"i" Type:numeric} ColumnDef{Name:"j" Type:bpchar(1)}]}`},
		{"create table public.t (a int not null default 1 + 2, b text null default 'x', c int, primary key (c, a))",
			`CreateTable{Name:"public.t" Columns:[ColumnDef{Name:"a" Type:int4 NotNull:true Default:(1 + 2)} ColumnDef{Name:"b" Type:text Default:'x'} ColumnDef{Name:"c" Type:int4 NotNull:true}] PrimaryKey:["c" "a"]}`},
		{"create table t (v real[])", `CreateTable{Name:"t" Columns:[ColumnDef{Name:"v" Type:_float4}]}`},
		// DROP
		{"DROP TABLE items", `DropTable{Names:["items"]}`},
		{"drop table if exists a, public.b cascade", `DropTable{Names:["a" "public.b"] IfExists:true Cascade:true}`},
		{"DROP INDEX IF EXISTS i1, i2", `DropIndex{Names:["i1" "i2"] IfExists:true}`},
		{"DROP INDEX CONCURRENTLY i1", `DropIndex{Names:["i1"] Concurrently:true}`},
		// INSERT
		{"INSERT INTO items (embedding) VALUES ('[1,2,3]'), ('[4,5,6]')",
			`Insert{Table:"items" Columns:["embedding"] Rows:[['[1,2,3]'] ['[4,5,6]']]}`},
		{"insert into t values (1, DEFAULT, $1::vector(2), null) returning id, v as w",
			`Insert{Table:"t" Rows:[[1 DEFAULT ($1)::vector(2) NULL]] Returning:[SelectItem{Expr:id} SelectItem{Expr:v Alias:"w"}]}`},
		{"insert into t values (1) returning *", `Insert{Table:"t" Rows:[[1]] Returning:[SelectItem{Star:true}]}`},
		// SELECT
		{"SELECT 1", `Select{Items:[SelectItem{Expr:1}]}`},
		{"select a, t.*, * from items x where a = 1 and b > -2 order by v <-> '[1,2]' desc nulls last limit $1 offset 3",
			`Select{Items:[SelectItem{Expr:a} SelectItem{Star:true Table:"t" P:10} SelectItem{Star:true}] From:"items" FromAlias:"x" Where:((a = 1) AND (b > -2)) OrderBy:[OrderItem{Expr:(v <-> '[1,2]') Desc:true Nulls:NullsLast}] Limit:$1 Offset:3}`},
		{"select id from items as i order by i.embedding <=> $1, id asc nulls first limit all",
			`Select{Items:[SelectItem{Expr:id}] From:"items" FromAlias:"i" OrderBy:[OrderItem{Expr:(i.embedding <=> $1)} OrderItem{Expr:id Nulls:NullsFirst}]}`},
		{"select count(*), max(x) m from t", `Select{Items:[SelectItem{Expr:count(*)} SelectItem{Expr:max(x) Alias:"m"}] From:"t"}`},
		{"select * from t limit 5", `Select{Items:[SelectItem{Star:true}] From:"t" Limit:5}`},
		// ON CONFLICT, INSERT ... SELECT, functions in FROM, GROUP BY, scalar subqueries
		{"INSERT INTO items (id, embedding) VALUES (1, '[1,2,3]') ON CONFLICT (id) DO UPDATE SET embedding = EXCLUDED.embedding WHERE items.id > 0 RETURNING id",
			`Insert{Table:"items" Columns:["id" "embedding"] Rows:[[1 '[1,2,3]']] Returning:[SelectItem{Expr:id}] OnConflict:OnConflict{Columns:["id"] Update:true Set:[Assignment{Column:"embedding" Value:excluded.embedding}] Where:(items.id > 0) P:56 TargetP:68}}`},
		{"insert into t values (1) on conflict on constraint t_pkey do nothing", `Insert{Table:"t" Rows:[[1]] OnConflict:OnConflict{Constraint:"t_pkey" P:25 TargetP:37}}`},
		{"insert into t values (1) on conflict do nothing", `Insert{Table:"t" Rows:[[1]] OnConflict:OnConflict{P:25}}`},
		{"INSERT INTO items (embedding) SELECT ARRAY[i, i, i]::vector FROM generate_series(1, 1000) i",
			`Insert{Table:"items" Columns:["embedding"] Query:Select{Items:[SelectItem{Expr:(ARRAY[i, i, i])::vector}] From:"i" FromFunc:FromFunction{Call:FuncCall{Name:"generate_series" Args:[1 1000] P:65} Column:"i" Alias:"i"}}}`},
		{"SELECT x FROM generate_series(1, 3, 2) AS t(x)",
			`Select{Items:[SelectItem{Expr:x}] From:"t" FromFunc:FromFunction{Call:FuncCall{Name:"generate_series" Args:[1 3 2] P:14} Column:"x" Columns:["x"] Alias:"t"}}`},
		{"SELECT * FROM generate_series(1, 3)",
			`Select{Items:[SelectItem{Star:true}] From:"generate_series" FromFunc:FromFunction{Call:FuncCall{Name:"generate_series" Args:[1 3] P:14} Column:"generate_series"}}`},
		{"SELECT a, count(*) FROM t GROUP BY a, 2 HAVING count(*) > 1",
			`Select{Items:[SelectItem{Expr:a} SelectItem{Expr:count(*)}] From:"t" GroupBy:[a 2] Having:(count(*) > 1)}`},
		{"SELECT * FROM items WHERE id != 1 ORDER BY embedding <-> (SELECT embedding FROM items WHERE id = 1) LIMIT 5",
			`Select{Items:[SelectItem{Star:true}] From:"items" Where:(id <> 1) OrderBy:[OrderItem{Expr:(embedding <-> (SELECT embedding FROM items WHERE (id = 1)))}] Limit:5}`},
		// UPDATE / DELETE
		{"UPDATE items SET embedding = '[1,2]', n = n + 1 WHERE id = 1 RETURNING id",
			`Update{Table:"items" Set:[Assignment{Column:"embedding" Value:'[1,2]'} Assignment{Column:"n" Value:(n + 1)}] Where:(id = 1) Returning:[SelectItem{Expr:id}]}`},
		{"update t set a = default", `Update{Table:"t" Set:[Assignment{Column:"a" Value:DEFAULT}]}`},
		{"DELETE FROM items WHERE id IN (1, 2) RETURNING *", `Delete{Table:"items" Where:(id IN (1, 2)) Returning:[SelectItem{Star:true}]}`},
		{"delete from items", `Delete{Table:"items"}`},
		// CREATE INDEX
		{"CREATE INDEX ON items USING hnsw (embedding vector_l2_ops)",
			`CreateIndex{Table:"items" Method:"hnsw" Columns:[IndexColumn{Column:"embedding" Opclass:"vector_l2_ops"}]}`},
		{"create index concurrently if not exists idx on items using HNSW (embedding public.vector_cosine_ops) with (m = 16, ef_construction = '64', fast)",
			`CreateIndex{Name:"idx" Table:"items" IfNotExists:true Concurrently:true Method:"hnsw" Columns:[IndexColumn{Column:"embedding" Opclass:"vector_cosine_ops"}] Options:[IndexOption{Name:"m" Value:"16"} IndexOption{Name:"ef_construction" Value:"64"} IndexOption{Name:"fast" Value:"true"}]}`},
		{"create index i on t (a, b)", `CreateIndex{Name:"i" Table:"t" Method:"btree" Columns:[IndexColumn{Column:"a"} IndexColumn{Column:"b"}]}`},
		// SET / SHOW / RESET
		{"SET hnsw.ef_search = 100", `Set{Name:"hnsw.ef_search" Value:"100"}`},
		{"set local hnsw.ef_search to 40", `Set{Name:"hnsw.ef_search" Value:"40" Local:true}`},
		{"SET SESSION search_path TO a, 'b', 1.5, -2", `Set{Name:"search_path" Value:"a, b, 1.5, -2"}`},
		{"set client_encoding to DEFAULT", `Set{Name:"client_encoding" Default:true}`},
		{"SET TIME ZONE 'UTC'", `Set{Name:"timezone" Value:"UTC"}`},
		{"set standard_conforming_strings = on", `Set{Name:"standard_conforming_strings" Value:"on"}`},
		{"set enable_seqscan = false", `Set{Name:"enable_seqscan" Value:"false"}`},
		{"SHOW hnsw.ef_search", `Show{Name:"hnsw.ef_search"}`},
		{"show all", `Show{Name:"all"}`},
		{"show time zone", `Show{Name:"timezone"}`},
		{"RESET hnsw.ef_search", `Reset{Name:"hnsw.ef_search"}`},
		{"reset all", `Reset{Name:"all"}`},
		// transactions
		{"BEGIN", `Txn{}`},
		{"START TRANSACTION ISOLATION LEVEL SERIALIZABLE", `Txn{Modes:TxnModes{Isolation:"serializable"} Start:true}`},
		{"begin read write", `Txn{Modes:TxnModes{ReadOnly:false}}`},
		{"BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY DEFERRABLE", `Txn{Modes:TxnModes{Isolation:"repeatable read" ReadOnly:true Deferrable:true}}`},
		{"SET TRANSACTION READ ONLY", `SetTransaction{Modes:TxnModes{ReadOnly:true}}`},
		{"SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL READ COMMITTED", `SetTransaction{Session:true Modes:TxnModes{Isolation:"read committed"}}`},
		{"COMMIT", `Txn{Kind:COMMIT}`},
		{"END", `Txn{Kind:COMMIT}`},
		{"ROLLBACK", `Txn{Kind:ROLLBACK}`},
		{"ABORT", `Txn{Kind:ROLLBACK}`},
		{"SAVEPOINT \"S 1\"", `Txn{Kind:SAVEPOINT Savepoint:"S 1"}`},
		{"release savepoint S", `Txn{Kind:RELEASE Savepoint:"s"}`},
		{"RELEASE s", `Txn{Kind:RELEASE Savepoint:"s"}`},
		{"ROLLBACK TO SAVEPOINT s", `Txn{Kind:ROLLBACK TO Savepoint:"s"}`},
		{"rollback to s", `Txn{Kind:ROLLBACK TO Savepoint:"s"}`},
		// EXPLAIN
		{"EXPLAIN SELECT 1", `Explain{Stmt:Select{Items:[SelectItem{Expr:1}]}}`},
		{"EXPLAIN ANALYZE SELECT 1", `Explain{Stmt:Select{Items:[SelectItem{Expr:1}]} Analyze:true}`},
		{"explain (analyze, costs off) delete from t", `Explain{Stmt:Delete{Table:"t"} Analyze:true NoCosts:true}`},
		{"explain (costs) select 1", `Explain{Stmt:Select{Items:[SelectItem{Expr:1}]}}`},
		{"explain (analyze false) select 1", `Explain{Stmt:Select{Items:[SelectItem{Expr:1}]}}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
}

// TestParseExpressions checks expression conversion through FormatExpr.
func TestParseExpressions(t *testing.T) {
	tests := []struct{ expr, want string }{
		{"a <> b", "(a <> b)"},
		{"a != b", "(a <> b)"},
		{"a <-> b, a <#> b, a <=> b, a <+> b", "(a <-> b)|(a <#> b)|(a <=> b)|(a <+> b)"},
		{"a || b % 2", "(a || (b % 2))"},
		{"a OPERATOR(pg_catalog.+) b", "(a + b)"},
		{"a ~ b", "(a ~ b)"},
		{"a like 'x%', a not ilike 'y'", "(a ~~ 'x%')|(a !~~* 'y')"},
		{"a and b and c", "(a AND b AND c)"},
		{"a and (b and (c and d))", "(a AND b AND c AND d)"},
		{"a or b or (c or d)", "(a OR b OR c OR d)"},
		{"not a or b", "((NOT a) OR b)"},
		{"a not in (1, 'x')", "(a NOT IN (1, 'x'))"},
		{"a between 1 and 2, a not between $1 and $2", "(a BETWEEN 1 AND 2)|(a NOT BETWEEN $1 AND $2)"},
		{"a is null, a is not null", "(a IS NULL)|(a IS NOT NULL)"},
		{"-a, +1, - 1.5, -(1)", "(-a)|(+1)|-1.5|-1"},
		{"Lower(x), pg_catalog.upper(x), public.f(1)", "lower(x)|upper(x)|public.f(1)"},
		{"current_user, current_schema, current_database(), session_user, current_catalog", "current_user()|current_schema()|current_database()|session_user()|current_catalog()"},
		{"coalesce(a, 1), greatest(1, 2), least(a, b), nullif(a, 0)", "coalesce(a, 1)|greatest(1, 2)|least(a, b)|nullif(a, 0)"},
		{"'[1,2]'::vector, CAST(a AS real), vector '[1,2]', real '1.5'", "('[1,2]')::vector|(a)::float4|('[1,2]')::vector|('1.5')::float4"},
		{"a::pg_catalog.int8, '{1,2}'::real[], a::double precision[]", "(a)::int8|('{1,2}')::_float4|(a)::_float8"},
		{"'it''s', e'\\n', true, false, null", "'it''s'|'\n'|true|false|NULL"},
		{"a = ANY($1), a != all('{1}'), a < SOME(ARRAY[1, b])", "(a = ANY ($1))|(a <> ALL ('{1}'))|(a < ANY (ARRAY[1, b]))"},
		{"a[1], (b)[$1 + 1], (f(x))[2]", "a[1]|b[($1 + 1)]|f(x)[2]"},
	}
	for _, tt := range tests {
		s := parseOne(t, "SELECT "+tt.expr).(*Select)
		got := ""
		for i, it := range s.Items {
			if i > 0 {
				got += "|"
			}
			got += FormatExpr(it.Expr)
		}
		if got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.expr, got, tt.want)
		}
	}
}

// TestConstants checks kinds, texts and positions of literals exactly.
func TestConstants(t *testing.T) {
	tests := []struct {
		expr string
		want Const
	}{
		{"1", Const{Kind: ConstInt, Text: "1", P: 7}},
		{"5000000000", Const{Kind: ConstInt, Text: "5000000000", P: 7}},
		{"9223372036854775807", Const{Kind: ConstInt, Text: "9223372036854775807", P: 7}},
		{"9223372036854775808", Const{Kind: ConstFloat, Text: "9223372036854775808", P: 7}},
		{"-9223372036854775808", Const{Kind: ConstInt, Text: "-9223372036854775808", P: 7}},
		{"-1", Const{Kind: ConstInt, Text: "-1", P: 7}},
		{"- -1", Const{Kind: ConstInt, Text: "1", P: 7}},
		{"1.50", Const{Kind: ConstFloat, Text: "1.50", P: 7}},
		{"-1e10", Const{Kind: ConstFloat, Text: "-1e10", P: 7}},
		{".5", Const{Kind: ConstFloat, Text: ".5", P: 7}},
		{"0x1F", Const{Kind: ConstInt, Text: "31", P: 7}},
		{"1_000_000", Const{Kind: ConstInt, Text: "1000000", P: 7}},
		{"0xFFFFFFFFFFFFFFFFF", Const{Kind: ConstFloat, Text: "295147905179352825855", P: 7}},
		{"'x'", Const{Kind: ConstString, Text: "x", P: 7}},
		{"'[1,2,3]'", Const{Kind: ConstString, Text: "[1,2,3]", P: 7}},
		{"TRUE", Const{Kind: ConstBool, Text: "true", P: 7}},
		{"false", Const{Kind: ConstBool, Text: "false", P: 7}},
		{"NULL", Const{Kind: ConstNull, P: 7}},
	}
	for _, tt := range tests {
		s := parseOne(t, "SELECT "+tt.expr).(*Select)
		got, ok := s.Items[0].Expr.(*Const)
		if !ok || *got != tt.want {
			t.Errorf("%s: got %#v, want %#v", tt.expr, s.Items[0].Expr, tt.want)
		}
	}
}

// TestPositions checks byte offsets of expressions in a multi-statement,
// multi-byte query.
func TestPositions(t *testing.T) {
	q := "SELECT 1; SELECT 'é', b FROM t WHERE b = $1 AND c IS NULL"
	stmts, err := Parse(q)
	if err != nil || len(stmts) != 2 {
		t.Fatalf("Parse: %v %d", err, len(stmts))
	}
	s := stmts[1].(*Select)
	want := &Select{
		Items: []SelectItem{{Expr: &Const{Kind: ConstString, Text: "é", P: 17}}, {Expr: &ColumnRef{Name: "b", P: 23}}},
		From:  "t",
		FromP: 30,
		Where: &BoolExpr{Op: And, P: 45, Args: []Expr{
			&BinaryExpr{Op: "=", L: &ColumnRef{Name: "b", P: 38}, R: &Param{N: 1, P: 42}, P: 40},
			&IsNull{X: &ColumnRef{Name: "c", P: 49}, P: 51},
		}},
	}
	if !reflect.DeepEqual(s, want) {
		t.Fatalf("got  %s\nwant %s", dump(s), dump(want))
	}
	cast := parseOne(t, "SELECT a::int4").(*Select).Items[0].Expr.(*Cast)
	if cast.P != 8 || cast.X.Pos() != 7 || cast.Type != types.Int4 {
		t.Fatalf("cast: %+v", cast)
	}
}

// TestMultiStatement checks splitting and empty queries.
func TestMultiStatement(t *testing.T) {
	tests := []struct {
		sql  string
		want int
	}{
		{"", 0}, {";", 0}, {"  ;; -- comment\n", 0}, {"/* c */", 0},
		{"SELECT 1; SELECT 2", 2}, {"BEGIN; INSERT INTO t VALUES (1); COMMIT;", 3},
	}
	for _, tt := range tests {
		stmts, err := Parse(tt.sql)
		if err != nil || len(stmts) != tt.want {
			t.Errorf("Parse(%q) = %d statements, %v; want %d", tt.sql, len(stmts), err, tt.want)
		}
	}
	// A statement outside the dialect returns the statements before it.
	stmts, err := Parse("SELECT 1; SELECT * FROM t TABLESAMPLE SYSTEM (1); SELECT 4")
	if pgerror.CodeOf(err) != pgerror.FeatureNotSupported || len(stmts) != 1 {
		t.Fatalf("got %d statements, %v", len(stmts), err)
	}
}
