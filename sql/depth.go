package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// maxTreeDepth bounds the parse-tree depth (queryShape.depth, in tokens)
// of the statements Parse hands to the C parser. libpg_query writes its
// tree out to protobuf by recursion on the calling thread's C stack
// (_outNode and protobuf-c's pack, several frames a level) and has no
// depth check of its own (its check_stack_depth has no stack base); when
// the stack overflows, the process dies with SIGSEGV. Measured with
// pg_query_go v6.2.5 on a 1 MiB stack: a chain of additions takes about
// 195 bytes a token (23,800 operators overflow 8 MiB), nested NOT or
// prefix operators about 420 a token, nested subqueries about 1,400 a
// level (seven tokens with subqueryWeight). So the bound is the stack
// over twice the worst cost, 840 bytes a token, and at most 10,000 tokens:
// 9,986 with the usual 8 MiB stack. Go's proto.Unmarshal refuses more
// than 10,000 protobuf levels (protowire's default recursion limit),
// about 5,000 chained operators, which parseError turns into the same
// 54001. PostgreSQL accepts a few thousand chained operators with its
// default 2 MB max_stack_depth and answers 54001 beyond: so do we, at a
// somewhat different length.
var maxTreeDepth = treeDepthLimit(threadStackBytes())

// Stack cost of the C parser's output per token of tree depth, with a
// margin of two, and the most tokens allowed (see maxTreeDepth).
const (
	stackBytesPerDepthToken = 840
	maxTreeDepthTokens      = 10000
)

// treeDepthLimit is maxTreeDepth for a C thread stack of stack bytes.
func treeDepthLimit(stack int64) int {
	return int(min(stack/stackBytesPerDepthToken, maxTreeDepthTokens))
}

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
