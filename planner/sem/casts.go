package sem

import "github.com/vecgres/vecgres/sql/types"

// implicitCasts are the implicit casts (pg_cast castcontext 'i' in
// PostgreSQL 15) between the kinds vecgres's functions take: integers
// widen and become numeric, float or oid; numeric and real become double
// precision; oid and regtype convert to each other and to bigint; varchar
// and character(n) become text (the latter losing its trailing spaces).
var implicitCasts = map[types.Kind][]types.Kind{
	types.KindInt2: {types.KindInt4, types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8,
		types.KindOID, types.KindRegtype},
	types.KindInt4:    {types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8, types.KindOID, types.KindRegtype},
	types.KindInt8:    {types.KindNumeric, types.KindFloat4, types.KindFloat8, types.KindOID, types.KindRegtype},
	types.KindNumeric: {types.KindFloat4, types.KindFloat8},
	types.KindFloat4:  {types.KindFloat8},
	types.KindOID:     {types.KindInt8, types.KindRegtype},
	types.KindRegtype: {types.KindInt8, types.KindOID},
	types.KindVarchar: {types.KindText},
	types.KindBpchar:  {types.KindText},
}

// ImplicitCast reports whether PostgreSQL converts a value of kind from
// to kind to implicitly, in a function or operator argument.
func ImplicitCast(from, to types.Kind) bool {
	for _, k := range implicitCasts[from] {
		if k == to {
			return true
		}
	}
	return false
}
