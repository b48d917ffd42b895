package pgcatalog

import (
	"strconv"
	"testing"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// TestIndexViewsAgree checks pg_index against pg_class, pg_opclass and
// pg_get_indexdef: a two-column primary key lists both columns, with text
// under the default collation and each type's default B-tree class; the
// HNSW index names pgvector's vector_l2_ops for hnsw.
func TestIndexViewsAgree(t *testing.T) {
	c := itemsCatalog(t)
	c.Lock()
	mustTable(t, c, "pairs", []catalog.Column{
		{Name: "a", Type: types.Text, NotNull: true},
		{Name: "b", Type: types.Int8, NotNull: true},
	}, []int{0, 1})
	c.Unlock()
	c.RLock()
	defer c.RUnlock()
	env := Env{Cat: c, User: "alice", Database: "db"}
	pairs, _ := c.Table("pairs")
	items, _ := c.Table("items")
	rows := map[int64][]any{}
	tb, _ := VirtualTable(env, "pg_index")
	for _, r := range scan(c, tb) {
		rows[r[0].(int64)] = r
	}
	pk := rows[int64(SyntheticOID(pairs.OID, 0))]
	if pk == nil || pk[2] != int64(2) || pk[4] != true || pk[6] != true || vtext(pk[15]) != "1 2" || vtext(pk[16]) != "100 0" ||
		vtext(pk[17]) != "3126 3124" || vtext(pk[18]) != "0 0" {
		t.Errorf("pairs_pkey pg_index row %v", pk)
	}
	if def, _ := IndexDefByOID(c, SyntheticOID(pairs.OID, 0)); def != "CREATE UNIQUE INDEX pairs_pkey ON public.pairs USING btree (a, b)" {
		t.Errorf("pairs_pkey definition %q", def)
	}
	ix, _ := c.Index("items_embedding_idx")
	hnsw := rows[int64(ix.OID)]
	if hnsw == nil || hnsw[1] != int64(items.OID) || hnsw[4] != false || vtext(hnsw[15]) != "3" ||
		vtext(hnsw[17]) != strconv.Itoa(oidHNSWL2Ops) {
		t.Errorf("items_embedding_idx pg_index row %v", hnsw)
	}
	classes := map[int64][]any{}
	tb, _ = VirtualTable(env, "pg_catalog.pg_opclass")
	for _, r := range scan(c, tb) {
		classes[r[0].(int64)] = r
	}
	if l2 := classes[oidHNSWL2Ops]; l2 == nil || l2[1] != int64(oidHNSWAM) || l2[2] != "vector_l2_ops" || l2[6] != int64(types.OIDVector) {
		t.Errorf("vector_l2_ops pg_opclass row %v", l2)
	}
}
