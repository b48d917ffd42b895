package pgcatalog

import (
	"strconv"

	"github.com/vecgres/vecgres/sql/types"
)

// Column types of PostgreSQL's int2vector and oidvector catalog columns
// (pg_index.indkey, indclass, indcollation, indoption; pg_proc.proargtypes;
// pg_trigger.tgattr) and of oid[] ones (pg_proc.proallargtypes): arrays
// whose int2vector/oidvector subscripts start at 0 (sql/types/int2vector.go).
var (
	tInt2Vector = types.Type{Kind: types.KindInt2Vector, Typmod: types.NoTypmod}
	tOIDVector  = types.Type{Kind: types.KindOIDVector, Typmod: types.NoTypmod}
	tOIDList    = types.Type{Kind: types.KindOIDArray, Typmod: types.NoTypmod}
)

// catalogVector is the int2vector or oidvector value of decimal numbers
// (as the row builders write them with strconv.Itoa); a part that is not
// a number is 0, which no builder writes.
func catalogVector(parts []string) types.Array {
	out := make(types.Array, len(parts))
	for i, p := range parts {
		n, _ := strconv.ParseInt(p, 10, 64)
		out[i] = n
	}
	return out
}
