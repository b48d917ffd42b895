package sql

import (
	"runtime/debug"
	"strings"
	"unicode/utf8"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Parse parses query (one or more statements separated by ';') into the
// vecgres AST. An empty query (only whitespace, comments or ';') returns no
// statements. Syntax errors are 42601 with PostgreSQL's message and position
// and return no statements; invalid UTF-8 anywhere in query is 22021
// (pgerror.CheckUTF8). Valid PostgreSQL outside the dialect (see the
// package doc) is 0A000 naming the construct; then the statements before the
// failing one are returned with the error, so that a caller may run them
// first as PostgreSQL does with a multi-statement simple query.
func Parse(query string) ([]Statement, error) {
	stmts, _, err := parse(query)
	return stmts, err
}

// parse is Parse, also returning the byte ranges [start, end) of the
// PREPARE statements among the ones returned, for ParseSimple. Before the
// C parser runs, one scan of the text (measureShape) refuses what the
// parser could not survive or could not afford: trees deeper than
// maxTreeDepth (54001, depth.go) and statements whose parsing would take
// more than StatementMemLimit (54000, memlimit.go). Each statement's
// protobuf tree is dropped as soon as it is converted.
func parse(query string) ([]Statement, [][2]int32, error) {
	if i := strings.IndexByte(query, 0); i >= 0 {
		// libpg_query reads a C string and would silently stop at the NUL.
		return nil, nil, pgerror.New(pgerror.CharacterNotInRepertoire,
			`invalid byte sequence for encoding "UTF8": 0x00`).WithPosition(charPos(query, int32(i)))
	}
	if !utf8.ValidString(query) {
		// PostgreSQL rejects the whole string (comments too) on receipt;
		// CheckUTF8 names the bad bytes (it takes a copy, so only here).
		if err := pgerror.CheckUTF8([]byte(query)); err != nil {
			return nil, nil, err
		}
	}
	sh := measureShape(query)
	if err := checkShape(query, sh); err != nil {
		return nil, nil, err
	}
	tree, err := pg_query.Parse(query)
	if parseMemEstimate(len(query), sh) >= releaseAfterBytes {
		releaseCHeap()             // cmem_cgo.go
		defer debug.FreeOSMemory() // the protobuf tree, once converted
	}
	if err != nil {
		return nil, nil, parseError(err)
	}
	c := &conv{q: query, version: tree.GetVersion()}
	out := make([]Statement, 0, len(tree.Stmts))
	var prepares [][2]int32
	for i, raw := range tree.Stmts {
		tree.Stmts[i] = nil
		s, err := c.stmt(raw.GetStmt())
		if err != nil {
			return out, prepares, err
		}
		s = c.withModifying(s) // convert_with_modify.go
		out = append(out, s)
		if _, ok := s.(*Prepare); ok {
			prepares = append(prepares, stmtSpan(query, raw))
		}
	}
	return out, prepares, nil
}

// Precheck returns the error Parse gives a query before the C parser
// runs: 54000 when parsing it would take more than StatementMemLimit,
// 54001 when its tree could be too deep for the C parser's stack. Other
// users of pg_query (catalog query matching) call it first.
func Precheck(query string) error {
	return checkShape(query, measureShape(query))
}

// checkShape is Precheck for a query of shape sh.
func checkShape(query string, sh queryShape) error {
	if err := checkParseMem(len(query), sh); err != nil {
		return err
	}
	return checkDepth(query, sh)
}

// releaseAfterBytes is the parse-memory estimate from which Parse hands
// the memory of the parse back to the operating system: the C heap
// (releaseCHeap) and the Go heap (debug.FreeOSMemory, a full collection).
// Otherwise each large parse leaves its C peak resident in a malloc arena
// and its Go garbage in the heap, the next one adds its own, and RSS
// climbs: three 2 MB SELECT 1,1,... (a 520 MB peak each) left 770 MB
// resident and a 1 GB high-water mark; with the release, 40 MB and 570
// MB. Smaller parses reuse what is there, without a forced collection.
const releaseAfterBytes = 64 << 20

// stmtSpan is the byte range [start, end) of raw in query.
func stmtSpan(query string, raw *pg_query.RawStmt) [2]int32 {
	end := raw.StmtLocation + raw.StmtLen
	if raw.StmtLen == 0 {
		end = int32(len(query))
	}
	return [2]int32{raw.StmtLocation, end}
}

// conv converts one query's parse tree; q is the query text, for error
// positions; tokens its tokens once a conversion needed them
// (scanTokens).
type conv struct {
	q      string
	tokens []*pg_query.ScanToken
	// ctes are the WITH queries in scope (convert_with.go), innermost
	// first; cteExpansions counts the references converted.
	ctes          *cteEntry
	cteExpansions int
	// depth is how many SELECTs the conversion is inside (selectStmt).
	depth int
	// version is the parse tree's (what pg_query's deparser checks).
	version int32
	// modifying are the data-modifying WITH queries of the statement
	// being converted (convert_with_modify.go).
	modifying []*ModifyingCTE
	// table is the bare name of the table CREATE or ALTER TABLE is
	// converting, for column error messages (convert_identity.go).
	table string
	// rowLocks is set once a SELECT with a locking clause was converted
	// (convert_rowlock.go); the outermost SELECT takes it (Select.RowLocks).
	rowLocks bool
}

// stmt converts one top-level (or EXPLAINed) statement.
func (c *conv) stmt(n *pg_query.Node) (Statement, error) {
	switch n := n.GetNode().(type) {
	case *pg_query.Node_SelectStmt:
		if n.SelectStmt.GetIntoClause() != nil {
			return c.selectInto(n.SelectStmt) // convert_ctas.go
		}
		return c.selectStmt(n.SelectStmt)
	case *pg_query.Node_CreateTableAsStmt:
		return c.createTableAs(n.CreateTableAsStmt) // convert_ctas.go
	case *pg_query.Node_InsertStmt:
		return c.insertStmt(n.InsertStmt)
	case *pg_query.Node_UpdateStmt:
		return c.updateStmt(n.UpdateStmt)
	case *pg_query.Node_DeleteStmt:
		return c.deleteStmt(n.DeleteStmt)
	case *pg_query.Node_CreateExtensionStmt:
		return c.createExtension(n.CreateExtensionStmt)
	case *pg_query.Node_CommentStmt:
		return c.commentStmt(n.CommentStmt) // convert_comment.go
	case *pg_query.Node_CreateStmt:
		return c.createTable(n.CreateStmt)
	case *pg_query.Node_IndexStmt:
		return c.createIndex(n.IndexStmt)
	case *pg_query.Node_DropStmt:
		return c.dropStmt(n.DropStmt)
	case *pg_query.Node_CreateSchemaStmt:
		return c.createSchema(n.CreateSchemaStmt) // convert_schema.go
	case *pg_query.Node_AlterOwnerStmt:
		return c.alterOwner(n.AlterOwnerStmt)
	case *pg_query.Node_AlterObjectSchemaStmt:
		return c.setSchema(n.AlterObjectSchemaStmt)
	case *pg_query.Node_CopyStmt:
		return c.copyStmt(n.CopyStmt)
	case *pg_query.Node_VariableSetStmt:
		return c.setStmt(n.VariableSetStmt)
	case *pg_query.Node_VariableShowStmt:
		return &Show{Name: strings.ToLower(n.VariableShowStmt.Name)}, nil
	case *pg_query.Node_TransactionStmt:
		return c.txnStmt(n.TransactionStmt)
	case *pg_query.Node_ExplainStmt:
		return c.explainStmt(n.ExplainStmt)
	case *pg_query.Node_VacuumStmt:
		return c.analyzeStmt(n.VacuumStmt)
	case *pg_query.Node_LockStmt:
		return c.lockStmt(n.LockStmt) // convert_rowlock.go
	case *pg_query.Node_CreateRoleStmt:
		return c.createRole(n.CreateRoleStmt)
	case *pg_query.Node_AlterRoleStmt:
		return c.alterRole(n.AlterRoleStmt)
	case *pg_query.Node_DropRoleStmt:
		return c.dropRole(n.DropRoleStmt)
	case *pg_query.Node_GrantStmt:
		return c.grant(n.GrantStmt)
	case *pg_query.Node_PrepareStmt:
		return c.prepareStmt(n.PrepareStmt) // convert_prepare.go
	case *pg_query.Node_ExecuteStmt:
		return c.executeStmt(n.ExecuteStmt)
	case *pg_query.Node_DeallocateStmt:
		return c.deallocateStmt(n.DeallocateStmt)
	case *pg_query.Node_DiscardStmt:
		return c.discardStmt(n.DiscardStmt)
	case *pg_query.Node_DeclareCursorStmt:
		return c.declareCursorStmt(n.DeclareCursorStmt)
	case *pg_query.Node_FetchStmt:
		return c.fetchStmt(n.FetchStmt)
	case *pg_query.Node_ClosePortalStmt:
		return c.closePortalStmt(n.ClosePortalStmt)
	case *pg_query.Node_AlterTableStmt:
		return c.alterTable(n.AlterTableStmt)
	case *pg_query.Node_RenameStmt:
		return c.renameStmt(n.RenameStmt)
	case *pg_query.Node_CreateSeqStmt:
		return c.createSequence(n.CreateSeqStmt) // convert_sequence.go
	case *pg_query.Node_AlterSeqStmt:
		return c.alterSequence(n.AlterSeqStmt)
	case *pg_query.Node_ViewStmt:
		return c.createView(n.ViewStmt) // convert_view.go
	case *pg_query.Node_TruncateStmt:
		return c.truncateStmt(n.TruncateStmt)
	case *pg_query.Node_ReindexStmt:
		return c.reindexStmt(n.ReindexStmt)
	case *pg_query.Node_CheckPointStmt:
		return &Checkpoint{}, nil
	case *pg_query.Node_AlterSystemStmt:
		return c.alterSystem(n.AlterSystemStmt) // convert_alter_system.go
	}
	return nil, c.unsupported(stmtConstruct(n), -1)
}

// ParseSimple is Parse for the statements of a simple Query message, which
// carry no parameters: a $n anywhere (outside literals and comments) is
// 42P02 `there is no parameter $n` positioned at it, as PostgreSQL's
// transformParamRef reports with no parameter types. Syntax errors come
// first, as in PostgreSQL, which parses the whole string before analysis.
func ParseSimple(query string) ([]Statement, error) {
	stmts, prepares, err := parse(query)
	if err != nil || !strings.Contains(query, "$") {
		return stmts, err
	}
	if err := checkNoParams(query, prepares); err != nil {
		return nil, err
	}
	return stmts, nil
}

// checkNoParams returns 42P02 for the first parameter token of query
// outside the byte ranges of allowed (the bodies of PREPARE statements).
func checkNoParams(query string, allowed [][2]int32) error {
	scan, err := pg_query.Scan(query)
	if err != nil {
		return parseError(err)
	}
	for _, tok := range scan.GetTokens() {
		if tok.Token == pg_query.Token_PARAM && !inSpans(tok.Start, allowed) {
			text := query[tok.Start:tok.End]
			return pgerror.Errorf(pgerror.UndefinedParameter, "there is no parameter %s", text).
				WithPosition(charPos(query, tok.Start))
		}
	}
	return nil
}

// inSpans reports whether the byte offset at lies in one of spans.
func inSpans(at int32, spans [][2]int32) bool {
	for _, sp := range spans {
		if at >= sp[0] && at < sp[1] {
			return true
		}
	}
	return false
}
