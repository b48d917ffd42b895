package sql

// Parse parses query (one or more statements separated by ';') into the
// vecgres AST. An empty query (only whitespace, comments or ';') returns no
// statements. Syntax errors are 42601 with PostgreSQL's message and position;
// valid PostgreSQL outside the dialect is 0A000 naming the construct.
// (stub: replaced by the parser implementation)
func Parse(query string) ([]Statement, error) { panic("todo") }
