package planner

import (
	"errors"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// errNoRelation is 42P01 for a table name that resolves to nothing,
// positioned at the name when p (a byte offset in the query, as the sql
// AST's P fields) is known, as PostgreSQL's parser reports it for SELECT,
// INSERT, UPDATE and DELETE (COPY reports no position: pass -1).
func errNoRelation(name string, p int) error {
	return atOffset(pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", name), p)
}

// atOffset positions e at the byte offset p (1-based position p+1); e is
// unchanged when p is negative.
func atOffset(e *pgerror.Error, p int) *pgerror.Error {
	if p < 0 {
		return e
	}
	return e.WithPosition(p + 1)
}

// charPosition converts the position of an error from binding or running
// a statement of query, which the planner sets to 1 + a byte offset (the
// sql AST's P fields), into PostgreSQL's 1-based position in characters.
// Other errors, and positions already past the text, are returned as they
// are.
func charPosition(query string, err error) error {
	if err == nil {
		return nil
	}
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Position <= 1 || pe.Position-1 > len(query) {
		return err
	}
	n := utf8.RuneCountInString(query[:pe.Position-1]) + 1
	if n == pe.Position {
		return err
	}
	return pe.WithPosition(n)
}
