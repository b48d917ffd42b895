package backend

// Streaming results. Session.ExecuteTo writes a statement's rows, or its
// COPY TO STDOUT payloads, to a ResultWriter as they are produced, instead of returning them whole in Result.Rows or
// Result.CopyData; wire's writer sends each as a DataRow or CopyData
// message into a buffer flushed at a threshold, so a client that reads
// slowly slows the statement down (TCP backpressure) and the server holds
// a buffer, not the result. Only operators whose semantics need it (sort,
// aggregate, DISTINCT, hash build) hold rows. Execute without a writer
// (and so extended-protocol Executes with a row limit, which wire runs
// through Execute, and SQL cursors) keeps materialising the result.

// RowWriter receives the rows of a statement that returns rows.
type RowWriter interface {
	// Begin announces the columns of the rows that follow. It is called
	// once, before the first WriteRow, also when no row follows.
	Begin(cols []Column) error
	// WriteRow sends one row: one Datum per column of Begin, nil = NULL.
	// The writer may keep row, so the caller must not change it after
	// the call. An error (the connection failed) must stop the
	// statement and be returned by it.
	WriteRow(row []any) error
}

// CopyWriter receives the output of COPY ... TO STDOUT.
type CopyWriter interface {
	// BeginCopy starts the copy-out sub-protocol (CopyOutResponse), once,
	// before the first WriteCopy.
	BeginCopy(info CopyInfo) error
	// WriteCopy sends one CopyData payload. The writer does not keep data
	// after it returns, so the caller may reuse its buffer.
	WriteCopy(data []byte) error
}

// ResultWriter is where a streaming statement writes what it returns.
type ResultWriter interface {
	RowWriter
	CopyWriter
}
