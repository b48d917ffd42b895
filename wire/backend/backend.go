// Package backend is the contract between the protocol server (package
// wire) and the SQL engine (package planner): an Engine opens one Session
// per connection; a Session splits, prepares and executes statements and
// returns each statement's Result (column descriptions, rows, command tag,
// COPY sub-protocol, notices), or writes the rows to a ResultWriter as
// they are produced (ExecuteTo, writer.go). It imports nothing of ours but
// sql/types and sql/pgerror, so the engine never depends on the
// protocol's codec, TLS or authentication.
package backend

import (
	"context"
	"io"

	"github.com/vecgres/vecgres/sql/types"
)

// Engine creates one Session per client connection. The planner implements
// it; wire tests use a fake.
type Engine interface {
	// NewSession starts a session for a connection that completed startup.
	// params holds the startup parameters (user, database, application_name...).
	NewSession(params map[string]string) Session
}

// Session executes statements for one connection. Calls are never concurrent
// on one Session, except Cancel.
type Session interface {
	// Split parses a simple-query string into its statements (none for an
	// empty query) without binding them to the catalog: each is analysed
	// when executed, after the statements before it ran. Errors are
	// *pgerror.Error.
	Split(query string) ([]Prepared, error)

	// Prepare parses and analyses query for the extended protocol (Parse),
	// inferring the types of $n parameters. paramOIDs are the types the
	// client declared (0 = infer), indexed by n-1; the result's ParamTypes
	// may be longer. An empty query gives (nil, nil); more than one
	// statement is 42601 "cannot insert multiple commands into a prepared
	// statement".
	Prepare(query string, paramOIDs []uint32) (Prepared, error)

	// Execute runs p with its parameters (decoded by wire according to
	// p.ParamTypes()). For COPY FROM STDIN, Execute returns a Result with
	// CopyIn set and does nothing else; wire then runs the copy sub-protocol
	// and calls CopyFrom.
	Execute(ctx context.Context, p Prepared, params []any) (*Result, error)

	// ExecuteTo is Execute writing the statement's rows or COPY payloads
	// to w as they are produced (writer.go). When it called w.Begin, the
	// Result it returns has Columns and Tag but no Rows; when it called
	// w.BeginCopy, CopyOut and Tag but no CopyData; otherwise the Result
	// is Execute's, rows included (a session may always answer so). After
	// an error, what was written stays sent: the client gets the rows,
	// then the ErrorResponse, as from PostgreSQL.
	ExecuteTo(ctx context.Context, p Prepared, params []any, w ResultWriter) (*Result, error)

	// CopyFrom reads the COPY data stream (the concatenated CopyData
	// payloads) for the COPY statement p and stores the rows.
	CopyFrom(ctx context.Context, p Prepared, data io.Reader) (*Result, error)

	// TxStatus is the ReadyForQuery status: 'I' idle, 'T' in a transaction
	// block, 'E' in a failed transaction block.
	TxStatus() byte

	// BeginImplicit says that statements follow which end with a call to
	// Sync: those of one Query message (multi: it holds more than one
	// statement) or those executed by the extended-protocol messages before
	// a Sync message. Outside a transaction block they form one implicit
	// transaction, committed by Sync (docs §55.2.2 "Multiple Statements in
	// a Simple Query", §55.2.3). PostgreSQL treats a multi-statement Query
	// as a transaction block for SET LOCAL and statements that refuse to
	// run in one. Repeated calls before Sync change nothing.
	BeginImplicit(multi bool)

	// Sync ends what BeginImplicit began: it commits the implicit
	// transaction, if one is open. The error is the commit's (58030).
	// Called at the end of every Query message and at every Sync message,
	// also without BeginImplicit.
	Sync() error

	// Fail is called after an ErrorResponse was sent for anything but a
	// FATAL error (a statement, a Parse, a Bind...): an implicit
	// transaction is rolled back; a transaction block enters the failed
	// state (25P02 until ROLLBACK), as any ERROR does in PostgreSQL.
	Fail()

	// ApplyStartup applies the startup parameters that are settings (the
	// options parameter's -c name=value, then the others), once, before
	// the first ReadyForQuery. It returns the ParameterStatus messages to
	// send for the reported settings they changed; an error ends the
	// connection with FATAL.
	ApplyStartup() (map[string]string, error)

	// DescribeCursor returns the columns of the open SQL cursor (DECLARE)
	// name. In PostgreSQL cursors and protocol portals share one name
	// space, and clients describe a DECLAREd cursor with Describe Portal
	// (psycopg 3's named cursors do): wire asks DescribeCursor for a portal
	// name it does not know, and sends the columns with text formats.
	DescribeCursor(name string) (cols []Column, ok bool)

	// Revalidate checks p against the schema at every Bind, before wire
	// reads its ParamTypes and Columns, as PostgreSQL revalidates a cached
	// plan at Bind (plancache.c). The error (the statement's table was
	// dropped, its result columns changed: 0A000 "cached plan must not
	// change result type") fails the Bind.
	Revalidate(p Prepared) error

	// Close ends the session; an open transaction is rolled back.
	Close()
}

// Styler is implemented by a Session whose settings change how values
// read and print (TimeZone, IntervalStyle, extra_float_digits,
// bytea_output): wire decodes text parameters and encodes text results,
// COPY TO's included, in the Style it returns (nil: the defaults).
type Styler interface {
	Style() *types.Style
}

// Prepared is a parsed, planned statement.
type Prepared interface {
	// ParamTypes are the types of $1..$n (for ParameterDescription).
	// For statements from Split, ParamTypes and Columns are known only
	// after Execute; wire then takes the columns from the Result.
	ParamTypes() []types.Type
	// Columns describes the rows the statement returns, nil if it returns
	// none (RowDescription vs NoData).
	Columns() []Column
	// Tag is the statement's command word ("SELECT", "INSERT", "COPY"...),
	// known without executing it.
	Tag() string
}

// Column describes one result column for RowDescription.
type Column struct {
	Name     string
	Type     types.Type
	TableOID uint32
	AttNum   int16
}

// CopyInfo describes the COPY sub-protocol to run.
type CopyInfo struct {
	Binary  bool // overall format: binary (1) or text/csv (0)
	Columns int  // number of columns (for the per-column format codes)
}

// Format codes of a result column or parameter (docs §55.7, Bind).
const (
	TextFormat   int16 = 0
	BinaryFormat int16 = 1
)

// Result is what one statement produced.
type Result struct {
	Columns []Column // nil if the statement returns no rows
	Rows    [][]any  // Datums, nil = NULL; none when written to a ResultWriter (writer.go)
	Tag     string   // CommandComplete tag: "SELECT 2", "INSERT 0 3", "CREATE TABLE"
	// Formats are the result format codes through the simple protocol
	// (nil: all text); FETCH from a BINARY cursor sets them to binary.
	// The extended protocol uses Bind's codes instead.
	Formats []int16

	// CopyIn is set by Execute for COPY ... FROM STDIN.
	CopyIn *CopyInfo
	// CopyOut is set for COPY ... TO STDOUT; CopyData holds the encoded
	// payload of each CopyData message to send, unless they were written
	// to a ResultWriter.
	CopyOut  *CopyInfo
	CopyData [][]byte

	// ParamStatus lists ParameterStatus messages to send after the
	// statement (SET application_name, SET DateStyle...).
	ParamStatus map[string]string
	// Notices are NoticeResponse messages (e.g. "table does not exist,
	// skipping" for DROP TABLE IF EXISTS), sent before CommandComplete.
	Notices []Notice

	// Deallocate is set by DEALLOCATE and DISCARD ALL: wire, which owns
	// prepared statements and portals, drops them after the statement
	// ran and before its CommandComplete (deallocate.go).
	Deallocate *Deallocation
}

// Deallocation says which prepared statements (and portals) a statement
// drops: DEALLOCATE name (Name), DEALLOCATE ALL (All), DISCARD ALL (All and
// Portals).
type Deallocation struct {
	Name    string // the prepared statement to drop; 26000 when missing
	All     bool   // drop every named prepared statement
	Portals bool   // also close every portal but the running one
}

// Notice is a NoticeResponse.
type Notice struct {
	Severity string // NOTICE, WARNING
	Code     string
	Message  string
	Detail   string // DETAIL ("" for none)
	Hint     string // HINT ("" for none)
}
