package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// maxTreeDepth bounds the parse-tree depth (queryShape.depth, in tokens)
// of the statements Parse hands to the C parser. libpg_query writes its
// tree out to protobuf by recursion on the calling thread's C stack
// (_outNode and protobuf-c's pack, several frames a level) and has no
// depth check of its own (its check_stack_depth has no stack base); a
// chain of some 23,800 additions — 47,600 protobuf levels — overflows an
// 8 MiB stack and kills the process with SIGSEGV (measured with pg_query_go
// v6.2.5). Go's proto.Unmarshal then refuses more than 10,000 levels
// (protowire's default recursion limit), which a chain reaches at about
// 5,000 operators, and which parseError turns into the same 54001. One
// token makes at most one level of a left-associative chain, and nesting
// that takes several levels a token (subqueries, CASE) is held to a few
// thousand levels by the grammar's own stack (bisonMaxDepth); so 10,000
// keeps the C recursion under a quarter of what crashes while every tree
// the Go side can read still parses. PostgreSQL accepts a few thousand
// chained operators with its default 2 MB max_stack_depth and answers
// 54001 beyond: so do we, at a somewhat different length.
const maxTreeDepth = 10000

// ReportedMaxStackDepth is the max_stack_depth the HINT names:
// PostgreSQL's default, which SHOW max_stack_depth reports (vecgres's
// limit is maxTreeDepth and cannot be changed).
const ReportedMaxStackDepth = "2048kB"

// errStackDepth is PostgreSQL's check_stack_depth error, word for word
// (postgres.c, PostgreSQL 15).
var errStackDepth = pgerror.New(pgerror.StatementTooComplex, "stack depth limit exceeded").
	WithHint(`Increase the configuration parameter "max_stack_depth" (currently ` + ReportedMaxStackDepth +
		`), after ensuring the platform's stack depth limit is adequate.`)

// checkDepth returns errStackDepth when the parse tree of query, of shape
// sh, could be deeper than maxTreeDepth. Brackets nested past the
// grammar's stack fail in the grammar before a tree exists, with
// PostgreSQL's own 42601 `memory exhausted`, so such a query passes here
// once PostgreSQL's scanner confirms the nesting.
func checkDepth(query string, sh queryShape) error {
	if sh.depth <= maxTreeDepth || sh.nestedPastBison && bracketsPastBison(query) {
		return nil
	}
	return errStackDepth
}

// bracketsPastBison reports whether the brackets of query, as PostgreSQL's
// scanner (which does not recurse) tokenizes it, nest deeper than
// bisonMaxDepth at some point.
func bracketsPastBison(query string) bool {
	scan, err := pg_query.Scan(query)
	if err != nil {
		return false
	}
	open := 0
	for _, t := range scan.GetTokens() {
		switch t.Token {
		case pg_query.Token_ASCII_40, pg_query.Token_ASCII_91:
			if open++; open > bisonMaxDepth {
				return true
			}
		case pg_query.Token_ASCII_41, pg_query.Token_ASCII_93:
			open--
		}
	}
	return false
}
