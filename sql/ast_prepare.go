package sql

import "github.com/vecgres/vecgres/sql/types"

// Prepare is PREPARE name [(type, ...)] AS statement: a prepared statement
// of the session made with SQL. Types are the declared types of $1.. (no
// modifiers); parameters past them take their types from context.
type Prepare struct {
	Name  string
	Types []types.Type
	Stmt  Statement
}

// Execute is EXECUTE name [(expr, ...)]: run a prepared statement with
// Params as the values of $1, $2...
type Execute struct {
	Name   string
	Params []Expr
}

func (*Prepare) statement() {}
func (*Execute) statement() {}
