package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestProcOperatorCastViews checks pg_proc, pg_operator and pg_cast
// against planner/sem's registries: OIDs are unique and stable across
// reads, pgvector's function and operator sit in schema public, and the
// implicit and pgvector casts are listed with PostgreSQL's context and
// method.
func TestProcOperatorCastViews(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	read := func(name string) [][]any {
		tb, ok := VirtualTable(env, name)
		if !ok {
			t.Fatalf("%s: not found", name)
		}
		rows := scan(c, tb)
		seen := map[any]bool{}
		for _, r := range rows {
			if seen[r[0]] {
				t.Fatalf("%s: OID %v twice", name, r[0])
			}
			seen[r[0]] = true
		}
		again := scan(c, tb)
		if len(again) != len(rows) || len(rows) == 0 || again[len(rows)-1][0] != rows[len(rows)-1][0] {
			t.Fatalf("%s: rows change between reads", name)
		}
		return rows
	}
	find := func(rows [][]any, match func([]any) bool) []any {
		for _, r := range rows {
			if match(r) {
				return r
			}
		}
		return nil
	}
	procs := read("pg_proc")
	dims := find(procs, func(r []any) bool { return r[1] == "vector_dims" })
	if dims == nil || dims[2] != int64(oidPublic) || dims[4] != int64(oidLangC) || dims[18] != int64(types.OIDInt4) ||
		vtext(dims[19]) != "16385" || dims[12] != true || dims[26] != "$libdir/vector" {
		t.Errorf("vector_dims pg_proc row %v", dims)
	}
	concat := find(procs, func(r []any) bool { return r[1] == "concat" })
	if concat == nil || concat[7] != int64(2276) || vtext(concat[19]) != "2276" || vtext(concat[20]) != "2276" {
		t.Errorf("concat pg_proc row %v", concat)
	}
	ops := read("pg_operator")
	l2 := find(ops, func(r []any) bool { return r[1] == "<->" && r[7] == int64(types.OIDVector) })
	if l2 == nil || l2[2] != int64(oidPublic) || l2[4] != "b" || l2[8] != int64(types.OIDVector) ||
		l2[9] != int64(types.OIDFloat8) {
		t.Errorf("<-> pg_operator row %v", l2)
	}
	neg := find(ops, func(r []any) bool { return r[1] == "-" && r[4] == "l" && r[8] == int64(types.OIDInt4) })
	if neg == nil || neg[7] != int64(0) || neg[9] != int64(types.OIDInt4) {
		t.Errorf("prefix - pg_operator row %v", neg)
	}
	casts := read("pg_cast")
	cast := func(from, to types.OID) []any {
		return find(casts, func(r []any) bool { return r[1] == int64(from) && r[2] == int64(to) })
	}
	if r := cast(types.OIDInt4, types.OIDInt8); r == nil || r[4] != "i" || r[5] != "f" {
		t.Errorf("integer to bigint pg_cast row %v", r)
	}
	if r := cast(types.OIDVarchar, types.OIDText); r == nil || r[4] != "i" || r[5] != "b" {
		t.Errorf("varchar to text pg_cast row %v", r)
	}
	if r := cast(types.OIDFloat4Arr, types.OIDVector); r == nil || r[4] != "a" {
		t.Errorf("real[] to vector pg_cast row %v", r)
	}
	if r := cast(types.OIDInt8, types.OIDInt4); r != nil {
		t.Errorf("bigint to integer listed as implicit: %v", r)
	}
}
