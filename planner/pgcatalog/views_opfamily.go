package pgcatalog

// pg_opfamily (PostgreSQL docs 53.35): the operator families of the
// operator classes of views_index.go, which psql's \dd and \dAf read.
// PostgreSQL's built-in classes share families under their own names and
// OIDs (pg_opfamily.dat: int2_ops, int4_ops and int8_ops are in
// integer_ops...); each of pgvector's classes is alone in a family of its
// name.
func init() {
	views["pg_opfamily"] = view{2753, opfamilyCols, opfamilyRows}
}

var opfamilyCols = cols("oid", tOID, "opfmethod", tOID, "opfname", tText, "opfnamespace", tOID, "opfowner", tOID)

// builtinOpfamilies names the btree families of PostgreSQL's classes in
// opclasses by OID.
var builtinOpfamilies = map[uint32]string{
	424: "bool_ops", 426: "bpchar_ops", 428: "bytea_ops", 434: "datetime_ops", 1970: "float_ops",
	1976: "integer_ops", 1988: "numeric_ops", 1989: "oid_ops", 1994: "text_ops", 2968: "uuid_ops", 4033: "jsonb_ops",
}

// opfamilyRows lists each family of opclasses once, in opclasses' order.
func opfamilyRows(Env) [][]any {
	var rows [][]any
	seen := map[uint32]bool{}
	for _, o := range opclasses {
		if seen[o.family] {
			continue
		}
		seen[o.family] = true
		name, ok := builtinOpfamilies[o.family]
		if !ok {
			name = o.name
		}
		rows = append(rows, []any{int64(o.family), int64(o.am), name, int64(o.ns), int64(10)})
	}
	return rows
}
