package sem

import (
	"github.com/vecgres/vecgres/sql/types"
)

// Row types (PostgreSQL docs 8.16): every table and view has a composite
// type of its rows, listed in pg_type (typtype 'c', typrelid the
// relation) with an array type, as PostgreSQL makes them at CREATE. Their
// OIDs are derived from the relation's, past every OID the catalog hands
// out and below the synthetic OIDs of column defaults (1<<29) and pg_proc
// (ProcOIDBase), so they need no storage.
const (
	rowTypeBase      = 1 << 28
	rowArrayTypeBase = 3 << 27
)

// RowTypeOID is the pg_type OID of the row type of relation rel.
func RowTypeOID(rel uint32) uint32 { return rowTypeBase + rel }

// RowArrayTypeOID is the pg_type OID of the array of rel's row type.
func RowArrayTypeOID(rel uint32) uint32 { return rowArrayTypeBase + rel }

// RowTypeRel is the relation whose row type has OID oid; false when oid
// is no row type's.
func RowTypeRel(oid uint32) (uint32, bool) {
	if oid <= rowTypeBase || oid >= rowArrayTypeBase {
		return 0, false
	}
	return oid - rowTypeBase, true
}

// RowType is the type of relation rel's rows.
func RowType(rel uint32) types.Type { return types.RowTypeOf(types.OID(RowTypeOID(rel))) }

// recordFuncs are row_to_json(record [, pretty]) (PostgreSQL docs 9.16,
// Table 9.47): `{"a":1,"b":"x"}`, each field as to_json converts it;
// pretty puts ",\n " between the fields.
var recordFuncs = []Func{
	{Name: "row_to_json", Args: []types.Type{types.RecordType}, Ret: types.JSONType, Strict: true, Volatility: Stable,
		Fn: func(_ Context, a []any) (any, error) { return string(appendRecordJSON(nil, a[0], false)), nil }},
	{Name: "row_to_json", Args: []types.Type{types.RecordType, types.Bool}, Ret: types.JSONType, Strict: true, Volatility: Stable,
		Fn: func(_ Context, a []any) (any, error) { return string(appendRecordJSON(nil, a[0], a[1].(bool))), nil }},
}

// appendRecordJSON appends record v as composite_to_json writes it
// (PostgreSQL 15 json.c): its fields by name, no spaces; pretty puts
// ",\n " between them.
func appendRecordJSON(buf []byte, v any, pretty bool) []byte {
	r, _ := v.(types.Record)
	buf = append(buf, '{')
	for i, n := range r.Names {
		if i > 0 {
			buf = append(buf, ',')
			if pretty {
				buf = append(buf, "\n "...)
			}
		}
		buf = append(types.AppendJSONString(buf, n), ':')
		buf = appendJSON(buf, r.Types[i], r.Values[i])
	}
	return append(buf, '}')
}

// recordJSONB is to_jsonb of record v: an object of its fields.
func recordJSONB(v any) types.JSONB {
	r, _ := v.(types.Record)
	vals := make([]types.JSONB, len(r.Values))
	for i, x := range r.Values {
		vals[i] = toJSONB(r.Types[i], x)
	}
	return types.NewJSONBObject(append([]string(nil), r.Names...), vals)
}
