package sql

import (
	"fmt"
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// createView converts CREATE [OR REPLACE] [TEMP] VIEW. RECURSIVE views, WITH CHECK OPTION and view options (WITH (...)) are 0A000.
func (c *conv) createView(s *pg_query.ViewStmt) (Statement, error) {
	rv := s.GetView()
	switch {
	case s.GetWithCheckOption() != pg_query.ViewCheckOption_NO_CHECK_OPTION &&
		s.GetWithCheckOption() != pg_query.ViewCheckOption_VIEW_CHECK_OPTION_UNDEFINED:
		return nil, c.unsupported("WITH CHECK OPTION", rv.GetLocation())
	case len(s.GetOptions()) > 0:
		return nil, c.unsupported("view options (WITH (...))", rv.GetLocation())
	}
	sel := s.GetQuery().GetSelectStmt()
	if sel == nil {
		return nil, c.unsupported("CREATE VIEW of a statement other than SELECT", rv.GetLocation())
	}
	if isRecursiveView(sel) {
		return nil, c.unsupported("CREATE RECURSIVE VIEW", rv.GetLocation())
	}
	text, err := deparseSelect(s.GetQuery(), c.version)
	if err != nil {
		return nil, err
	}
	name, err := c.relName(rv)
	if err != nil {
		return nil, err
	}
	q, err := c.selectStmt(sel)
	if err != nil {
		return nil, err
	}
	out := &CreateView{Name: name, NameP: int(rv.GetLocation()), Replace: s.GetReplace(), Query: q, QueryText: text,
		Temp: rv.GetRelpersistence() == "t"}
	for _, col := range s.GetAliases() {
		out.Columns = append(out.Columns, col.GetString_().GetSval())
	}
	return out, nil
}

// isRecursiveView reports whether sel is the WITH RECURSIVE query the
// grammar makes of CREATE RECURSIVE VIEW v(cols) AS ...: a SELECT * FROM
// v over a recursive WITH query named v. A user's own WITH RECURSIVE
// query is the same shape, and refused alike.
func isRecursiveView(sel *pg_query.SelectStmt) bool {
	return sel.GetWithClause().GetRecursive()
}

// deparseSelect prints the query node back as SQL text with
// PostgreSQL's deparser (pg_query's), the text a view keeps.
func deparseSelect(n *pg_query.Node, version int32) (string, error) {
	tree := &pg_query.ParseResult{Version: version, Stmts: []*pg_query.RawStmt{{Stmt: n}}}
	text, err := pg_query.Deparse(tree)
	if err != nil {
		return "", fmt.Errorf("deparse view query: %w", err)
	}
	return text, nil
}

// NamesIn returns the words of query that may name a column (every
// identifier or keyword token, lower-cased unless quoted) and whether
// it holds a * in a SELECT list (a SELECT * reads every column): an over-approximation
// of the columns a view's query reads, for the dependency checks of
// DROP COLUMN and RENAME COLUMN. Nil, true when query does not scan.
func NamesIn(query string) (map[string]bool, bool) {
	scan, err := pg_query.Scan(query)
	if err != nil {
		return nil, true
	}
	names, star := map[string]bool{}, false
	prev := pg_query.Token_NUL
	for _, t := range scan.GetTokens() {
		text := query[t.Start:t.End]
		after := prev
		prev = t.Token
		switch {
		case t.Token == pg_query.Token_ASCII_42:
			// SELECT *, a, *, t.* (not count(*) nor a * b)
			star = star || after == pg_query.Token_SELECT || after == pg_query.Token_ASCII_44 ||
				after == pg_query.Token_ASCII_46 || after == pg_query.Token_DISTINCT || after == pg_query.Token_ALL
		case t.Token == pg_query.Token_IDENT && len(text) > 1 && text[0] == '"':
			names[strings.ReplaceAll(text[1:len(text)-1], `""`, `"`)] = true
		case t.Token == pg_query.Token_IDENT || t.KeywordKind != pg_query.KeywordKind_NO_KEYWORD:
			names[strings.ToLower(text)] = true
		}
	}
	return names, star
}

// RenameIdent returns query with every identifier equal to old (a
// table's name being renamed by ALTER TABLE ... RENAME TO) spelled as
// new, quoted when needed: the text of a view reading the table, kept
// valid. Words that only look like old (strings, comments) are left
// alone; a column or alias of the same name is renamed too. False when
// query does not scan.
func RenameIdent(query, old, new string) (string, bool) {
	scan, err := pg_query.Scan(query)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	last := 0
	for _, t := range scan.GetTokens() {
		text := query[t.Start:t.End]
		var name string
		switch {
		case t.Token == pg_query.Token_IDENT && len(text) > 1 && text[0] == '"':
			name = strings.ReplaceAll(text[1:len(text)-1], `""`, `"`)
		case t.Token == pg_query.Token_IDENT || t.KeywordKind == pg_query.KeywordKind_UNRESERVED_KEYWORD:
			name = strings.ToLower(text)
		default:
			continue
		}
		if name != old {
			continue
		}
		b.WriteString(query[last:t.Start])
		b.WriteString(quoteIdentifier(new))
		last = int(t.End)
	}
	b.WriteString(query[last:])
	return b.String(), true
}

// quoteIdentifier quotes name unless it is a plain lower-case
// identifier.
func quoteIdentifier(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && r >= '0' && r <= '9') {
			plain = false
		}
	}
	if plain {
		if scan, err := pg_query.Scan(name); err == nil && len(scan.GetTokens()) == 1 &&
			scan.GetTokens()[0].KeywordKind == pg_query.KeywordKind_NO_KEYWORD {
			return name
		}
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
