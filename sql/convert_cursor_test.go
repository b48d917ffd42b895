package sql

import (
	"testing"
)

// TestParseCursors checks DECLARE options, every FETCH/MOVE direction and
// CLOSE, as PostgreSQL's grammar produces them.
func TestParseCursors(t *testing.T) {
	for _, tt := range []struct{ q, want string }{
		{"DECLARE c CURSOR FOR SELECT 1", `DeclareCursor{Name:"c" Query:Select{Items:[SelectItem{Expr:1}]}}`},
		{"DECLARE c BINARY NO SCROLL CURSOR WITHOUT HOLD FOR SELECT id FROM t",
			`DeclareCursor{Name:"c" Query:Select{Items:[SelectItem{Expr:id}] From:"t"} Binary:true NoScroll:true}`},
		{"DECLARE \"C\" INSENSITIVE SCROLL CURSOR WITH HOLD FOR SELECT 1",
			`DeclareCursor{Name:"C" Query:Select{Items:[SelectItem{Expr:1}]} Scroll:true Hold:true}`},
		{"FETCH c", `Fetch{Name:"c" Count:1}`},
		{"FETCH NEXT FROM c", `Fetch{Name:"c" Count:1}`},
		{"FETCH 5 IN c", `Fetch{Name:"c" Count:5}`},
		{"FETCH -2 FROM c", `Fetch{Name:"c" Count:-2}`},
		{"FETCH 0 FROM c", `Fetch{Name:"c"}`},
		{"FETCH ALL FROM c", `Fetch{Name:"c" Count:9223372036854775807}`},
		{"FETCH FORWARD 3 FROM c", `Fetch{Name:"c" Count:3}`},
		{"FETCH PRIOR FROM c", `Fetch{Name:"c" Direction:1 Count:1}`},
		{"FETCH BACKWARD ALL FROM c", `Fetch{Name:"c" Direction:1 Count:9223372036854775807}`},
		{"FETCH FIRST FROM c", `Fetch{Name:"c" Direction:2 Count:1}`},
		{"FETCH LAST FROM c", `Fetch{Name:"c" Direction:2 Count:-1}`},
		{"FETCH ABSOLUTE 4 FROM c", `Fetch{Name:"c" Direction:2 Count:4}`},
		{"FETCH RELATIVE -1 FROM c", `Fetch{Name:"c" Direction:3 Count:-1}`},
		{"MOVE 3 IN c", `Fetch{Name:"c" Count:3 Move:true}`},
		{"MOVE ABSOLUTE 0 IN c", `Fetch{Name:"c" Direction:2 Move:true}`},
		{"CLOSE c", `CloseCursor{Name:"c"}`},
		{"CLOSE ALL", `CloseCursor{All:true}`},
		{"EXPLAIN DECLARE c CURSOR FOR SELECT 1", `Explain{Stmt:Select{Items:[SelectItem{Expr:1}]}}`},
	} {
		if got := dump(parseOne(t, tt.q)); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.q, got, tt.want)
		}
	}
}

// TestParseCursorErrors checks that a cursor's query goes through the
// SELECT checks (0A000 naming the construct) and that the grammar admits
// only queries (42601).
func TestParseCursorErrors(t *testing.T) {
	if e := parseErr(t, "DECLARE c CURSOR FOR SELECT 1 UNION SELECT a FROM t TABLESAMPLE SYSTEM (1)"); e.Code != "0A000" {
		t.Errorf("TABLESAMPLE in a cursor: %s %s", e.Code, e.Message)
	}
	if e := parseErr(t, "DECLARE c CURSOR FOR DELETE FROM t"); e.Code != "42601" {
		t.Errorf("DELETE in a cursor: %s %s", e.Code, e.Message)
	}
}

// TestTablePositions checks the byte offsets of table names kept for the
// position of 42P01 (PostgreSQL reports the RangeVar's location).
func TestTablePositions(t *testing.T) {
	for _, tt := range []struct {
		q    string
		want int
	}{
		{"SELECT * FROM nosuch", 14},
		{"SELECT 1", -1},
		{"SELECT x FROM public.t AS a", 14},
		{"INSERT INTO  t VALUES (1)", 13},
		{"UPDATE t SET a = 1", 7},
		{"DELETE FROM t", 12},
	} {
		var got int
		switch s := parseOne(t, tt.q).(type) {
		case *Select:
			got = s.FromP
		case *Insert:
			got = s.TableP
		case *Update:
			got = s.TableP
		case *Delete:
			got = s.TableP
		}
		if got != tt.want {
			t.Errorf("%s: table at %d, want %d", tt.q, got, tt.want)
		}
	}
}

// TestColumnNamePositions checks the offsets of the column names of
// INSERT's column list and UPDATE's SET, for the position of 42703.
func TestColumnNamePositions(t *testing.T) {
	ins := parseOne(t, "INSERT INTO pos (id, nosuchcol) VALUES (1, 'x')").(*Insert)
	if len(ins.ColumnsP) != 2 || ins.ColumnsP[0] != 17 || ins.ColumnsP[1] != 21 {
		t.Errorf("INSERT column offsets %v, want [17 21]", ins.ColumnsP)
	}
	upd := parseOne(t, "UPDATE pos SET a = 1, nosuchcol = 2").(*Update)
	if len(upd.Set) != 2 || upd.Set[0].P != 15 || upd.Set[1].P != 22 {
		t.Errorf("UPDATE SET offsets %+v, want 15 and 22", upd.Set)
	}
}
