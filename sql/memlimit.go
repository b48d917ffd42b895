package sql

import (
	"fmt"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Parse-memory estimate (parseMemEstimate), measured with pg_query_go
// v6.2.5 on statements of 400,000 list items: libpg_query's raw tree, its
// protobuf-c copy and the packed message peak at 220-350 bytes of C heap
// a token (a list of identifiers is the worst: 344), freed before Go reads
// the message; Go's proto.Unmarshal then allocates 130-270 bytes a token
// and the conversion to our AST some 50 more. Long literals are copied
// several times on the way (scanner buffer, tree, protobuf, Go copy, Go
// tree): a 20 MB one raised the peak RSS by 4 times its size, so 8 a
// byte leaves a margin of two, as 512 a token does.
const (
	parseBytesPerToken = 512
	parseBytesPerByte  = 8
)

// DefaultStatementMemLimit is the default of StatementMemLimit: 1 GiB,
// PostgreSQL's largest query message, which a statement of plain
// literals of that size may take; token-dense text reaches it from about
// 2 MB (a 2 MB `SELECT 1,1,...` is 1 M tokens).
const DefaultStatementMemLimit = 256 << 20

// statementMemLimit is the server's vecgres.statement_mem_limit in bytes.
var statementMemLimit atomic.Int64

func init() { statementMemLimit.Store(DefaultStatementMemLimit) }

// SetStatementMemLimit sets the most memory, in bytes (at least 1 MiB), the
// parsing of one statement string may be estimated to take; Parse refuses
// larger ones with 54000. Server-wide; cmd/vecgres sets it from
// --statement-mem-limit.
func SetStatementMemLimit(bytes int64) { statementMemLimit.Store(max(bytes, 1<<20)) }

// StatementMemLimit returns the limit SetStatementMemLimit set, in bytes.
func StatementMemLimit() int64 { return statementMemLimit.Load() }

// FormatMemLimit spells a limit in bytes as SHOW does: whole MB (1024 KiB
// units, as PostgreSQL's memory settings) when exact, else kB.
func FormatMemLimit(bytes int64) string {
	if bytes%(1<<20) == 0 {
		return fmt.Sprintf("%dMB", bytes>>20)
	}
	return fmt.Sprintf("%dkB", bytes>>10)
}

// parseMemEstimate is an upper estimate, in bytes, of the memory parsing a
// query of n bytes and shape sh takes at its peak.
func parseMemEstimate(n int, sh queryShape) int64 {
	return int64(sh.tokens)*parseBytesPerToken + int64(n)*parseBytesPerByte
}

// checkParseMem returns 54000 when parsing a query of n bytes and shape sh
// is estimated to take more than StatementMemLimit, before any of it is
// spent: the DETAIL names the estimate and the limit.
func checkParseMem(n int, sh queryShape) error {
	need, limit := parseMemEstimate(n, sh), StatementMemLimit()
	if need <= limit {
		return nil
	}
	return pgerror.New(pgerror.ProgramLimitExceeded, "statement is too large").
		WithDetail(fmt.Sprintf("Parsing it would take about %s of memory, more than vecgres.statement_mem_limit (%s).",
			FormatMemLimit((need+1<<20-1)&^(1<<20-1)), FormatMemLimit(limit))).
		WithHint("Split it into smaller statements, or start the server with a larger --statement-mem-limit.")
}
