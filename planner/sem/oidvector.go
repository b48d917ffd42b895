package sem

import "github.com/vecgres/vecgres/sql/types"

// OIDVector is PostgreSQL's oidvector (pg_proc.proargtypes, pg_index.indclass).
var OIDVector = types.Type{Kind: types.KindOIDVector, Typmod: types.NoTypmod}

// compareOIDVectors is btoidvectorcmp (PostgreSQL 15 oid.c): the shorter
// vector first, then element by element, so '2' < '1 1'. int2vector has
// no order of its own and is compared as an array (element-wise).
func compareOIDVectors(a, b any) int {
	x, _ := types.AsArray(a)
	y, _ := types.AsArray(b)
	if len(x) != len(y) {
		if len(x) < len(y) {
			return -1
		}
		return 1
	}
	return types.Compare(x, y)
}
