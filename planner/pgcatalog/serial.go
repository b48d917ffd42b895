package pgcatalog

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// SerialSequence is pg_get_serial_sequence(table, column) with table
// already split into its name's parts (["public", "items"]; the caller
// parses it as SQL parses a name): the schema-qualified name of the
// sequence of a serial column ("public.items_id_seq"), nil for a column
// without one. column is taken literally, as PostgreSQL's. Errors: 42P01
// for an unknown table, 42703 for an unknown column. The caller holds
// cat's lock shared.
func SerialSequence(cat *catalog.Catalog, database string, table []string, column string) (any, error) {
	t, err := tableByName(cat, database, table)
	if err != nil {
		return nil, err
	}
	for i, c := range t.Columns {
		if c.Name != column {
			continue
		}
		if !c.Serial {
			if seq := ownedSequence(cat, t, i); seq != nil { // sequences.go
				schema, base := cat.SplitName(seq.Name)
				return QuoteIdent(schema) + "." + QuoteIdent(base), nil
			}
			return nil, nil
		}
		schema, base := cat.SplitName(sequenceName(t, i))
		return QuoteIdent(schema) + "." + QuoteIdent(base), nil
	}
	return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", column, t.Name)
}

// tableByName finds the table a qualified name's parts name as
// PostgreSQL's RangeVar lookup does: [db.][schema.]table, where db must
// be the current database; an unqualified name is the caller's to
// resolve (through search_path) before. Errors: 42P01 for no such table
// (also in pg_catalog, information_schema or pg_toast), 3F000 for an
// unknown schema, 0A000 for another database, 42601 past three parts.
func tableByName(cat *catalog.Catalog, database string, parts []string) (*catalog.Table, error) {
	full := strings.Join(parts, ".")
	switch {
	case len(parts) > 3:
		return nil, pgerror.Errorf(pgerror.SyntaxError, "improper relation name (too many dotted names): %s", full)
	case len(parts) == 3 && parts[0] != database:
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "cross-database references are not implemented: %q", full)
	}
	rel := parts[len(parts)-1]
	if len(parts) > 1 {
		switch schema := parts[len(parts)-2]; schema {
		case schemaPgCatalog, schemaInfo, "pg_toast":
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", schema+"."+rel)
		default:
			if _, ok := cat.LookupSchema(schema); !ok {
				return nil, pgerror.Errorf(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
			}
			rel = catalog.QualifiedName(schema, rel)
		}
	}
	t, ok := cat.Table(rel)
	if !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", full)
	}
	return t, nil
}

// SequenceBytes is what pg_relation_size and pg_table_size report for a
// serial column's sequence: PostgreSQL keeps a sequence in one 8 kB page.
const SequenceBytes = 8192

// SequenceOID returns the OID pg_class gives the serial column sequence
// named name (items_id_seq), for regclass; false for another name.
func SequenceOID(cat *catalog.Catalog, name string) (uint32, bool) {
	for _, r := range relations(cat) {
		if r.kind == kindSequence && r.key() == name {
			return r.oid, true
		}
	}
	return 0, false
}

// SequenceName is the name of the serial column sequence with the OID.
func SequenceName(cat *catalog.Catalog, oid uint32) (string, bool) {
	for _, r := range relations(cat) {
		if r.kind == kindSequence && r.oid == oid {
			return r.key(), true
		}
	}
	return "", false
}

// SerialOf returns the table and column position of the serial column
// whose sequence has the OID; false for another OID.
func SerialOf(cat *catalog.Catalog, oid uint32) (*catalog.Table, int, bool) {
	for _, r := range relations(cat) {
		if r.kind != kindSequence || r.oid != oid || r.table.IsSequence() {
			continue
		}
		for i, c := range r.table.Columns {
			if c.Serial && SyntheticOID(r.table.OID, i+1) == oid {
				return r.table, i, true
			}
		}
	}
	return nil, 0, false
}

// SerialSequenceKey is the catalog name of serial column col's sequence.
func SerialSequenceKey(t *catalog.Table, col int) string { return sequenceName(t, col) }
