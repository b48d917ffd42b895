package pgcatalog

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// TestTypeRowsCoverCatalogs checks that every type OID pg_proc names (as
// prorettype or in proargtypes) and every type vecgres sends has its
// pg_type row, as in PostgreSQL, where a client joining on typ.oid loses
// no row.
func TestTypeRowsCoverCatalogs(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	read := func(name string) [][]any {
		tb, _ := VirtualTable(env, name)
		return scan(c, tb)
	}
	have := map[int64]bool{}
	for _, r := range read("pg_type") {
		have[r[0].(int64)] = true
	}
	need := map[int64]string{}
	for _, r := range read("pg_proc") {
		need[r[18].(int64)] = r[1].(string) + " result"
		args, _ := r[19].(types.Array)
		for _, a := range args {
			need[a.(int64)] = r[1].(string) + " argument"
		}
	}
	for k := types.KindBool; ; k++ {
		typ := types.Type{Kind: k, Typmod: types.NoTypmod}
		if typ.OID() == types.OIDUnknownLit && k != types.KindUnknown {
			break // past the last kind
		}
		need[int64(typ.OID())] = typ.Name()
	}
	for oid, what := range need {
		if !have[oid] {
			t.Errorf("type %d (%s) has no pg_type row", oid, what)
		}
	}
}
