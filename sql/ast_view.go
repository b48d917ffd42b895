package sql

// AST of view DDL (convert_view.go; PostgreSQL docs, CREATE VIEW).

// CreateView is CREATE [OR REPLACE] VIEW name [(col, ...)] AS query.
// Query is the converted SELECT, QueryText the same SELECT printed back
// by PostgreSQL's deparser (what the catalog keeps and parses again at
// each use).
type CreateView struct {
	Name      string
	NameP     int // byte offset of the name (-1: unknown)
	Replace   bool
	Columns   []string
	Query     *Select
	QueryText string
	Temp      bool // CREATE TEMP VIEW
}

// DropView is DROP VIEW [IF EXISTS] names [CASCADE | RESTRICT].
type DropView struct {
	Names    []string
	IfExists bool
	Cascade  bool
}

func (*CreateView) statement() {}
func (*DropView) statement()   {}
