package pgcatalog

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// SerialSequence is pg_get_serial_sequence(table, column): the
// schema-qualified name of the sequence of a serial column
// ("public.items_id_seq"), nil for a column without one. table is parsed
// as SQL parses a name (quoted parts keep their case, others are
// lower-cased; a schema may precede it), column is taken literally, as
// PostgreSQL's. Errors: 42P01 for an unknown table, 42703 for an unknown
// column, 42602 for a malformed name. The caller holds cat's lock shared.
func SerialSequence(cat *catalog.Catalog, table, column string) (any, error) {
	parts, ok := splitName(table)
	if !ok {
		return nil, pgerror.Errorf(pgerror.InvalidName, "invalid name syntax")
	}
	name := parts[len(parts)-1]
	t, found := cat.Table(name)
	if len(parts) > 2 || len(parts) == 2 && parts[0] != "public" || !found {
		return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", strings.Join(parts, "."))
	}
	for i, c := range t.Columns {
		if c.Name != column {
			continue
		}
		if !c.Serial {
			return nil, nil
		}
		return "public." + QuoteIdent(sequenceName(t, i)), nil
	}
	return nil, pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", column, t.Name)
}

// splitName splits a possibly qualified SQL name at its dots: "Public.T"
// is [public t], `"My"."T"` is [My T] (PostgreSQL's stringToQualifiedNameList);
// false for an empty part or an unterminated quote.
func splitName(s string) ([]string, bool) {
	var parts []string
	for {
		s = strings.TrimLeft(s, " \t\n")
		var part string
		if strings.HasPrefix(s, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(s); i++ {
				if s[i] == '"' {
					if i+1 < len(s) && s[i+1] == '"' {
						b.WriteByte('"')
						i++
						continue
					}
					break
				}
				b.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, false
			}
			part, s = b.String(), s[i+1:]
		} else {
			end := strings.IndexByte(s, '.')
			if end < 0 {
				end = len(s)
			}
			part, s = strings.ToLower(strings.TrimRight(s[:end], " \t\n")), s[end:]
		}
		if part == "" {
			return nil, false
		}
		parts = append(parts, part)
		s = strings.TrimLeft(s, " \t\n")
		if s == "" {
			return parts, true
		}
		if s[0] != '.' {
			return nil, false
		}
		s = s[1:]
	}
}

// SequenceOID returns the OID pg_class gives the serial column sequence
// named name (items_id_seq), for regclass; false for another name.
func SequenceOID(cat *catalog.Catalog, name string) (uint32, bool) {
	for _, r := range relations(cat) {
		if r.kind == kindSequence && r.name == name {
			return r.oid, true
		}
	}
	return 0, false
}

// SequenceName is the name of the serial column sequence with the OID.
func SequenceName(cat *catalog.Catalog, oid uint32) (string, bool) {
	for _, r := range relations(cat) {
		if r.kind == kindSequence && r.oid == oid {
			return r.name, true
		}
	}
	return "", false
}
