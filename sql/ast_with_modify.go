package sql

// Data-modifying statements in WITH (PostgreSQL docs 7.8.4;
// convert_with_modify.go).

// ModifyingCTE is a WITH query that is an INSERT, UPDATE or DELETE:
// Stmt, whose RETURNING list (if any) gives the rows its references
// read. Columns is the WITH query's column list.
type ModifyingCTE struct {
	Name    string
	P       int // byte offset of the WITH query's name
	Stmt    Statement
	Columns []string
}

// WithModify is a statement whose WITH clause (its own, at the top
// level) holds data-modifying queries: each runs once, to completion,
// in order, before Main, whose references to them read their RETURNING
// rows (DerivedTable.Modify), whether or not Main reads them.
type WithModify struct {
	CTEs []*ModifyingCTE
	Main Statement
}

func (*WithModify) statement() {}
