package sql

import "testing"

func TestParseAlterTruncateMaintenance(t *testing.T) {
	tests := []struct{ sql, want string }{
		{"ALTER TABLE items ADD COLUMN embedding vector(3)",
			`AlterTable{Table:"items" TableP:12 Cmds:[AlterCmd{Column:ColumnDef{Name:"embedding" Type:vector(3)}}]}`},
		{"ALTER TABLE IF EXISTS items ADD IF NOT EXISTS n int NOT NULL DEFAULT 0, DROP COLUMN IF EXISTS x",
			`AlterTable{Table:"items" TableP:22 IfExists:true Cmds:[AlterCmd{Column:ColumnDef{Name:"n" Type:int4 NotNull:true Default:0} Missing:true} AlterCmd{Kind:1 Name:"x" Missing:true}]}`},
		{"ALTER TABLE items DROP embedding", `AlterTable{Table:"items" TableP:12 Cmds:[AlterCmd{Kind:1 Name:"embedding"}]}`},
		{"ALTER TABLE items RENAME TO things", `Rename{Table:"items" NewName:"things"}`},
		{"ALTER TABLE IF EXISTS items RENAME COLUMN a TO b", `Rename{Table:"items" IfExists:true Column:"a" NewName:"b"}`},
		{"TRUNCATE TABLE a, b", `Truncate{Tables:["a" "b"]}`},
		{"REINDEX INDEX items_embedding_idx", `Reindex{Name:"items_embedding_idx"}`},
		{"REINDEX TABLE items", `Reindex{Table:true Name:"items"}`},
		{"ALTER TABLE t ALTER COLUMN a SET DEFAULT 5, ALTER b DROP DEFAULT, ALTER c SET NOT NULL, ALTER d DROP NOT NULL",
			`AlterTable{Table:"t" TableP:12 Cmds:[AlterCmd{Kind:2 Column:ColumnDef{Default:5} Name:"a"} AlterCmd{Kind:3 Name:"b"} AlterCmd{Kind:4 Name:"c"} AlterCmd{Kind:5 Name:"d"}]}`},
		{"CHECKPOINT", `Checkpoint{}`},
		{"VACUUM", `Vacuum{}`},
		{"VACUUM ANALYZE items", `Vacuum{Analyze:true Tables:["items"]}`},
		{"VACUUM (VERBOSE, ANALYZE) a, b", `Vacuum{Analyze:true Tables:["a" "b"]}`},
	}
	for _, tt := range tests {
		if got := dump(parseOne(t, tt.sql)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.sql, got, tt.want)
		}
	}
}

func TestParseDistinct(t *testing.T) {
	s := parseOne(t, "SELECT DISTINCT a FROM t").(*Select)
	if !s.Distinct || s.DistinctOn != nil {
		t.Errorf("DISTINCT: %+v", s)
	}
	s = parseOne(t, "SELECT DISTINCT ON (a, b + 1) a, c FROM t ORDER BY a").(*Select)
	if !s.Distinct || len(s.DistinctOn) != 2 || FormatExpr(s.DistinctOn[1]) != "(b + 1)" {
		t.Errorf("DISTINCT ON: %+v", s)
	}
}
