package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestRecordExprs checks the AST of record syntax: ROW(...) and (a, b),
// t.* as an expression, (X).name chains with subscripts, (X).* in a
// select list, casts to record and to a name that is no built-in type
// (a relation's row type), and column definition lists in FROM.
func TestRecordExprs(t *testing.T) {
	item := func(sql string) Expr {
		q, ok := parseOne(t, sql).(*Select)
		if !ok || len(q.Items) == 0 {
			t.Fatalf("%s: %#v", sql, q)
		}
		return q.Items[0].Expr
	}
	if r, ok := item("SELECT ROW(1, 'x')").(*RowExpr); !ok || len(r.Args) != 2 {
		t.Errorf("ROW(1, 'x'): %#v", r)
	}
	if r, ok := item("SELECT (1, 2, 3)").(*RowExpr); !ok || len(r.Args) != 3 {
		t.Errorf("(1, 2, 3): %#v", r)
	}
	f, ok := item("SELECT row_to_json(s.t.*) FROM s.t").(*FuncCall)
	if c, isRef := f.Args[0].(*ColumnRef); !ok || !isRef || c.Schema != "s" || c.Table != "t" || c.Name != "*" {
		t.Errorf("row_to_json(s.t.*): %#v", f.Args[0])
	}
	sub, ok := item("SELECT (t).tags[2] FROM t").(*Subscript)
	if fs, isField := sub.X.(*FieldSelect); !ok || !isField || fs.Name != "tags" || fs.P != 8 {
		t.Errorf("(t).tags[2]: %#v", sub)
	}
	if fs, ok := item("SELECT (NULL::t).*").(*FieldSelect); !ok || fs.Name != "*" || fs.P != 8 {
		t.Errorf("(NULL::t).*: %#v", fs)
	}
	if c, ok := item("SELECT NULL::record").(*Cast); !ok || c.Type != types.RecordType || c.RowType != "" {
		t.Errorf("NULL::record: %#v", c)
	}
	if c, ok := item("SELECT '(1,x)'::s.items").(*Cast); !ok || c.RowType != "items" || c.RowSchema != "s" || c.RowTypeP != 16 {
		t.Errorf("'(1,x)'::s.items: %#v", c)
	}
	if c, ok := item("SELECT 1::int4").(*Cast); !ok || c.RowType != "" || c.Type != types.Int4 {
		t.Errorf("1::int4: %#v", c)
	}
	q := parseOne(t, "SELECT * FROM json_to_record('{}') AS x(a int, b text)").(*Select)
	if ff := q.FromFunc; ff == nil || len(ff.ColDefs) != 2 || ff.ColDefs[0].Name != "a" || ff.ColDefs[1].Type != types.Text || ff.ColDefsP != 40 {
		t.Errorf("column definition list: %#v", q.FromFunc)
	}
}
