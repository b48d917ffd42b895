package pgcatalog

import (
	"regexp"
	"strings"

	"github.com/vecgres/vecgres/catalog"
)

// Column defaults that call nextval on a sequence (a serial column's,
// planner/serial.go, or a DEFAULT nextval('s') as pg_dump writes it).
// The default's text names the sequence as pg_get_expr prints it with
// search_path public: bare in public, schema-qualified elsewhere
// (planner's nextvalOf). PostgreSQL records the default's dependency
// on the sequence in pg_depend (deptype 'n'), which pg_dump reads to set
// such a default apart (ALTER TABLE ... SET DEFAULT after CREATE
// SEQUENCE), and pg_get_expr qualifies the name when search_path does
// not find it.

// nextvalCall matches a default's nextval('s'::regclass) calls.
var nextvalCall = regexp.MustCompile(`nextval\('((?:[^']|'')*)'::regclass\)`)

// defaultSeqCall is the sequence the default of column col of t calls
// nextval on and the call's text; nil when it calls none.
func defaultSeqCall(cat *catalog.Catalog, t *catalog.Table, col int) (*catalog.Table, string) {
	m := nextvalCall.FindStringSubmatch(t.Columns[col].DefaultExpr)
	if m == nil {
		return nil, ""
	}
	schema, name := splitQuoted(strings.ReplaceAll(m[1], "''", "'"))
	seq, ok := cat.Table(catalog.QualifiedName(schema, name))
	if !ok || !seq.IsSequence() {
		return nil, ""
	}
	return seq, m[0]
}

// qualifiedDefault is d, the default of column col of t, with the
// sequence its nextval calls named with its schema when visible says
// search_path does not find it (nil visible: every name is found).
func qualifiedDefault(cat *catalog.Catalog, t *catalog.Table, col int, d string, visible func(string) bool) string {
	seq, call := defaultSeqCall(cat, t, col)
	if seq == nil || visible == nil || visible(seq.Name) {
		return d
	}
	schema, base := cat.SplitName(seq.Name)
	name := strings.ReplaceAll(QuoteIdent(schema)+"."+QuoteIdent(base), "'", "''")
	return strings.Replace(d, call, "nextval('"+name+"'::regclass)", 1)
}

// splitQuoted splits "schema.name" or "name" (public), either part
// possibly double-quoted, into its parts, unquoted.
func splitQuoted(s string) (schema, name string) {
	var parts []string
	var cur strings.Builder
	quoted := false
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '"' && quoted && i+1 < len(s) && s[i+1] == '"':
			cur.WriteByte('"')
			i++
		case ch == '"':
			quoted = !quoted
		case ch == '.' && !quoted:
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(ch)
		}
	}
	parts = append(parts, cur.String())
	if len(parts) == 1 {
		return "public", parts[0]
	}
	return parts[len(parts)-2], parts[len(parts)-1]
}
