package planner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync/atomic"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/planner/copyfmt"
	pexec "github.com/vecgres/vecgres/planner/exec"
	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// copyPlan is COPY table [(cols)] FROM STDIN; COPY table TO STDOUT binds
// into a copyQueryPlan of the columns' query (copy_query.go).
type copyPlan struct {
	table *catalog.Table
	cols  []int
	opts  copyfmt.Options
	style *types.Style // the session's: timestamptz and interval text read in it
}

func (p *copyPlan) columns() []backend.Column { return nil }

func (b *binder) planCopy(x *sql.Copy) (plan, error) {
	if x.Query != nil {
		return b.planCopyQuery(x) // copy_query.go
	}
	t, err := b.targetTable(x.Table, -1)
	if err != nil {
		return nil, err
	}
	if t.IsView() {
		return nil, errCopyView(b.s.cat, t, x.From) // view_write.go
	}
	cols, err := targetColumns(t, x.Columns, nil)
	if err != nil {
		return nil, err
	}
	opts := copyfmt.Options{Format: copyFormats[x.Format], Delimiter: x.Delimiter, Null: x.Null, NullSet: true,
		Quote: x.Quote, Escape: x.Escape, Header: x.Header, Columns: len(cols)}
	if opts.ForceNotNull, err = forceFlags(t, cols, x.ForceNotNull, "FORCE_NOT_NULL"); err != nil {
		return nil, err
	}
	if opts.ForceNull, err = forceFlags(t, cols, x.ForceNull, "FORCE_NULL"); err != nil {
		return nil, err
	}
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	if !x.From {
		return &copyQueryPlan{query: copyTableQuery(t, cols), opts: opts, table: t}, nil
	}
	return &copyPlan{table: t, cols: cols, opts: opts, style: b.s.Style()}, nil
}

// forceFlags maps the columns of a FORCE_NOT_NULL or FORCE_NULL list to
// flags by position in the COPY column list cols (nil for an empty list).
// Errors as PostgreSQL's BeginCopyFrom: 42703 for a column the table
// lacks, 42P10 `option column "name" not referenced by COPY` for one
// outside cols.
func forceFlags(t *catalog.Table, cols []int, names []string, option string) ([]bool, error) {
	if len(names) == 0 {
		return nil, nil
	}
	idx, err := targetColumns(t, names, nil)
	if err != nil {
		return nil, err
	}
	flags := make([]bool, len(cols))
	for _, c := range idx {
		pos := slices.Index(cols, c)
		if pos < 0 {
			return nil, pgerror.Errorf(pgerror.InvalidColumnReference, "%s column %q not referenced by COPY", option, t.Columns[c].Name)
		}
		flags[pos] = true
	}
	return flags, nil
}

var copyFormats = map[sql.CopyFormat]copyfmt.Format{sql.CopyText: copyfmt.Text, sql.CopyCSV: copyfmt.CSV, sql.CopyBinary: copyfmt.Binary}

func (p *copyPlan) info() *backend.CopyInfo {
	return &backend.CopyInfo{Binary: p.opts.Format == copyfmt.Binary, Columns: len(p.cols)}
}

func (p *copyPlan) names() []string {
	out := make([]string, len(p.cols))
	for i, c := range p.cols {
		out[i] = p.table.Columns[c].Name
	}
	return out
}

// run is refused: COPY FROM STDIN runs through copyIn.
func (p *copyPlan) run(context.Context, *execCtx) (*backend.Result, error) {
	return nil, pgerror.New(pgerror.InternalError, "COPY FROM STDIN runs through CopyFrom")
}

// startCopyIn binds a COPY FROM STDIN and tells wire to start the copy
// sub-protocol.
func (s *Session) startCopyIn(p *prepared) (*backend.Result, error) {
	s.rlatch()
	defer s.runlatch()
	if s.stale(p) {
		if err := s.bind(p); err != nil {
			return nil, err
		}
	}
	return &backend.Result{CopyIn: p.plan.(*copyPlan).info()}, nil
}

// copyBatchRows is how many decoded rows COPY FROM inserts per hold of
// the table's writer lock: decoding runs unlocked, and readers never wait
// for the lock; other writers of the table wait for one batch at most.
const copyBatchRows = 1024

// copyIn reads the COPY data and inserts its rows in txn as a plan tree
// run through planner/exec: a Modify (Op Insert) over the Copy leaf of
// the decoded rows, writing them batch by batch (Modify.Batch) through
// copyRun, the next batch decoded while one is inserted (copyDecoder) and
// the previous one written to the WAL (catalog.RowLog), so that the
// commit has only its commit record to write and one fsync to wait for.
func (s *Session) copyIn(ctx context.Context, p *prepared, txn *catalog.Txn, data io.Reader) (res *backend.Result, err error) {
	if err := s.lockCopyTarget(ctx, p, txn); err != nil {
		return nil, err
	}
	cp, ok := p.plan.(*copyPlan)
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "not a COPY statement")
	}
	pr := &monitor.Copy{RelID: cp.table.OID, Command: "COPY FROM", Type: "PIPE"} // pg_stat_progress_copy
	defer monitor.StartCopy(ctx, pr)()
	r := copyfmt.NewReader(countingReader{data, &pr.BytesProcessed}, cp.opts)
	txn.SetWait(s.lockWait(ctx)) // a key held by another transaction is waited for
	defer txn.SetWait(catalog.Wait{})
	dec := startCopyDecoder(ctx, cp, r)
	defer dec.stop()
	w := &copyRun{cp: cp, e: env{sess: s}, txn: txn, pr: pr, log: txn.StartRowLog()}
	defer func() {
		if lerr := w.log.Close(); err == nil && lerr != nil {
			res, err = nil, lerr
		}
	}()
	leaf := &ir.Copy{Info: ir.Info{Out: tableColumns(cp.table)}, Relation: cp.table.Name, From: true}
	var src leafSources
	src.add(leaf, w.read(dec))
	root := &ir.Modify{Unary: ir.Unary{Input: leaf}, Op: ir.Insert, Relation: cp.table.Name, Batch: copyBatchRows}
	if _, err := pexec.Run(&pexec.Env{Sources: &src, Writer: w}, root, discardRows{}); err != nil { // it emits no rows
		return nil, err
	}
	return &backend.Result{Tag: fmt.Sprintf("COPY %d", w.n)}, nil
}

// copyRun is one COPY FROM's source and exec.BatchWriter: lines holds the
// line number of each row read and not yet written, in order, for an
// insert error's context.
type copyRun struct {
	cp    *copyPlan
	e     env
	txn   *catalog.Txn
	pr    *monitor.Copy
	log   *catalog.RowLog // writes each stored batch to the WAL
	lines []int
	n     int
}

// read is the reader of the Copy leaf: the decoded rows, batch after
// batch, ending with the decoder's error (none at the end of the data).
func (w *copyRun) read(dec *copyDecoder) func(pexec.Emit) error {
	return func(emit pexec.Emit) error {
		for {
			b := dec.next()
			for _, row := range b.rows {
				w.lines = append(w.lines, row.line)
				if err := emit(row.vals); err != nil {
					return err
				}
			}
			if b.err == io.EOF {
				return nil
			}
			if b.err != nil {
				return b.err
			}
		}
	}
}

// Write implements exec.Writer; COPY's Modify writes in batches only.
func (w *copyRun) Write(*ir.Modify, []any) ([]any, error) {
	return nil, pgerror.New(pgerror.InternalError, "COPY FROM writes in batches")
}

// WriteBatch implements exec.BatchWriter: it stores decoded rows, filling
// defaults for absent columns (serial values for the whole batch first,
// as PostgreSQL's buffered COPY evaluates defaults before it inserts a
// buffer), under the table's writer lock for the batch only.
func (w *copyRun) WriteBatch(_ *ir.Modify, rows [][]any) error {
	if err := w.store(rows); err != nil {
		return err
	}
	w.log.Flush() // not under the writer lock: it may wait for the WAL writer
	w.n += len(rows)
	w.pr.TuplesProcessed.Add(int64(len(rows)))
	return nil
}

// store is WriteBatch's insertion of rows under the table's writer lock.
func (w *copyRun) store(rows [][]any) error {
	cp := w.cp
	lines := w.lines[:len(rows)]
	w.lines = w.lines[len(rows):]
	cp.table.LockWrites() // ROW EXCLUSIVE held since lockCopyTarget
	defer cp.table.UnlockWrites()
	given := make([]bool, len(cp.table.Columns))
	for _, c := range cp.cols {
		given[c] = true
	}
	for _, row := range rows {
		for c, ok := range given {
			if !ok {
				v, err := columnValue(&w.e, w.txn, cp.table, c, nil) // dml.go
				if err != nil {
					return err
				}
				row[c] = v
			}
		}
	}
	// One call: HNSW graphs take the batch's vectors in parallel.
	slots, err := w.txn.InsertBatch(cp.table, rows)
	if err != nil {
		line := lines[min(len(slots), len(rows)-1)]
		return pgerror.From(err).WithContext(fmt.Sprintf("COPY %s, line %d", cp.table.Name, line))
	}
	return nil
}

// countingReader adds the bytes read through it to n
// (pg_stat_progress_copy's bytes_processed).
type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	c.n.Add(int64(k))
	return k, err
}

// copyRow is one decoded row with its line number, for error context.
type copyRow struct {
	line int
	vals []any
}

// readBatch reads the next batch of rows: up to copyBatchRows rows or
// copyBatchBytes bytes, each row's fields copied into a buffer of its own
// (a row the reader gathered in buffers it never reuses, Owned, is kept
// as it is). The batch ends early at a read error, formatted with its
// CONTEXT here, while the reader still knows the line (readError).
func (cp *copyPlan) readBatch(ctx context.Context, r *copyfmt.Reader) rawBatch {
	var b rawBatch
	size := 0
	for len(b.rows) < copyBatchRows && size < copyBatchBytes {
		fields, err := r.Next()
		if err != nil {
			b.err = cp.readError(err, r)
			return b
		}
		row, n := keepFields(fields, r.Owned())
		b.rows = append(b.rows, row)
		b.lines = append(b.lines, r.Line())
		size += n
	}
	if ctx.Err() != nil {
		b.err = errCanceled
	}
	return b
}

// keepFields returns fields that stay valid after the reader's next row,
// and their bytes: a copy in one buffer, or fields themselves (a new
// slice of them) when owned.
func keepFields(fields [][]byte, owned bool) ([][]byte, int) {
	n := 0
	for _, f := range fields {
		n += len(f)
	}
	out := make([][]byte, len(fields))
	if owned {
		copy(out, fields)
		return out, n
	}
	buf := make([]byte, 0, n)
	for i, f := range fields {
		if f != nil { // NULL stays nil; an empty field stays non-nil
			buf = append(buf, f...)
			out[i] = buf[len(buf)-len(f) : len(buf) : len(buf)]
		}
	}
	return out, n
}

// parseBatch parses a batch's fields into rows of values; the batch ends
// at its first bad field, whose error replaces the batch's read error
// (it comes earlier in the stream).
func (cp *copyPlan) parseBatch(raw rawBatch) decodedBatch {
	rows := make([]copyRow, 0, len(raw.rows))
	for k, fields := range raw.rows {
		vals := make([]any, len(cp.table.Columns))
		for i, c := range cp.cols {
			var err error
			if vals[c], err = cp.decode(c, fields[i], true); err != nil {
				return decodedBatch{rows: rows, err: cp.fieldError(err, raw.lines[k], c, fields[i])}
			}
		}
		rows = append(rows, copyRow{line: raw.lines[k], vals: vals})
	}
	return decodedBatch{rows: rows, err: raw.err}
}

// decode parses one COPY field of column col. owned says the field's
// bytes never change again (copyfmt.Reader.Owned, or a row's own buffer,
// readBatch): a large text value then keeps them rather than a copy, so
// a huge line is held once, and a value that keeps none of its text
// (parsedFresh) is parsed without a copy.
func (cp *copyPlan) decode(col int, field []byte, owned bool) (any, error) {
	if field == nil {
		return nil, nil
	}
	t := cp.table.Columns[col].Type
	switch {
	case cp.opts.Format == copyfmt.Binary && owned && len(field) > copyBigField:
		return decodeOwnedBinary(t, field)
	case cp.opts.Format == copyfmt.Binary:
		return types.DecodeBinary(t, field)
	case t.Kind == types.KindBytea:
		return types.ParseText(t, copyfmt.View(field)) // decoded into new bytes: the text need not be copied
	case owned && (len(field) > copyBigField || parsedFresh[t.Kind]):
		return types.ParseTextStyle(t, copyfmt.View(field), cp.style)
	}
	return types.ParseTextStyle(t, copyfmt.String(field), cp.style)
}

// parsedFresh are the kinds whose parsed value holds none of its text,
// so an owned field is parsed in place rather than copied first (a
// 784-d vector's text is about 3 KB a row).
var parsedFresh = map[types.Kind]bool{types.KindVector: true, types.KindHalfvec: true, types.KindSparsevec: true,
	types.KindBool: true, types.KindInt2: true, types.KindInt4: true, types.KindInt8: true,
	types.KindFloat4: true, types.KindFloat8: true}

// decodeOwnedBinary is types.DecodeBinary for a large binary field whose
// bytes never change: text and bytea keep them (text's receive function is
// its text input's checks, bytea's the bytes as sent); other types copy.
func decodeOwnedBinary(t types.Type, field []byte) (any, error) {
	switch t.Kind {
	case types.KindText, types.KindVarchar, types.KindBpchar, types.KindName:
		return types.ParseText(t, copyfmt.View(field))
	case types.KindBytea:
		return field, nil
	}
	return types.DecodeBinary(t, field)
}

// copyBigField is the length from which decode keeps an owned field's
// bytes instead of copying them; a smaller value is copied, so that it
// does not pin the whole line.
const copyBigField = 1 << 20

func (cp *copyPlan) readError(err error, r *copyfmt.Reader) error {
	if err == io.EOF {
		return err
	}
	var fc *copyfmt.FieldCountError
	if errors.As(err, &fc) {
		return fc.Message(cp.names()).WithContext(fmt.Sprintf("COPY %s, line %d: \"%s\"", cp.table.Name, fc.Line, r.LineContext()))
	}
	var le *copyfmt.LineError
	if errors.As(err, &le) {
		return le.Err.WithContext(fmt.Sprintf("COPY %s, line %d: \"%s\"", cp.table.Name, le.Line, r.LineContext()))
	}
	pe := pgerror.From(err)
	if pe.Context != "" {
		return pe
	}
	if f := r.Field(); f >= 0 && f < len(cp.cols) { // binary: PostgreSQL names the field's column
		return pe.WithContext(fmt.Sprintf("COPY %s, line %d, column %s", cp.table.Name, r.Line(), cp.table.Columns[cp.cols[f]].Name))
	}
	return pe.WithContext(fmt.Sprintf("COPY %s, line %d", cp.table.Name, r.Line()))
}

// fieldError gives a bad field's error its CONTEXT: the line, column
// and (text, CSV) the field, as PostgreSQL's CopyFromErrorCallback.
func (cp *copyPlan) fieldError(err error, line int, col int, field []byte) error {
	name := cp.table.Columns[col].Name
	ctx := fmt.Sprintf("COPY %s, line %d, column %s: \"%s\"", cp.table.Name, line, name, copyfmt.Display(field))
	if cp.opts.Format == copyfmt.Binary {
		ctx = fmt.Sprintf("COPY %s, line %d, column %s", cp.table.Name, line, name)
	}
	return pgerror.From(err).WithContext(ctx)
}
