package sem

import (
	"sort"

	"github.com/vecgres/vecgres/sql/types"
)

// What pg_proc, pg_operator and pg_cast (planner/pgcatalog) read of the
// registries.

// PostgreSQL's OIDs of the pseudo-types and of regclass (pg_type.dat).
const (
	oidAny        types.OID = 2276
	oidAnyArray   types.OID = 2277
	oidAnyElement types.OID = 2283
	oidRegclass   types.OID = 2205
	// internal, index_am_handler and table_am_handler.
	oidInternal       types.OID = 2281
	oidIndexAmHandler types.OID = 325
	oidTableAmHandler types.OID = 269
)

// TypeOID is the pg_type OID of a parameter or result type, pseudo-types
// included.
func TypeOID(t types.Type) types.OID {
	switch t.Kind {
	case kindAny:
		return oidAny
	case kindAnyArray:
		return oidAnyArray
	case kindAnyElement:
		return oidAnyElement
	case kindRegclass:
		return oidRegclass
	case kindInternal:
		return oidInternal
	case kindIndexAmHandler:
		return oidIndexAmHandler
	case kindTableAmHandler:
		return oidTableAmHandler
	}
	return t.OID()
}

// ImplicitCasts lists the implicit casts as (from, to) pairs, sorted.
func ImplicitCasts() [][2]types.Kind {
	var out [][2]types.Kind
	for from, tos := range implicitCasts {
		for _, to := range tos {
			out = append(out, [2]types.Kind{from, to})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i][0] != out[j][0] {
			return out[i][0] < out[j][0]
		}
		return out[i][1] < out[j][1]
	})
	return out
}
