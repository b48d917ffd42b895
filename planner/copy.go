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

// copyPlan is COPY table [(cols)] FROM STDIN or TO STDOUT.
type copyPlan struct {
	table *catalog.Table
	cols  []int
	opts  copyfmt.Options
	from  bool
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
	return &copyPlan{table: t, cols: cols, opts: opts, from: x.From}, nil
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

// run serves COPY TO STDOUT: every visible row, encoded.
func (p *copyPlan) run(ctx context.Context, x *execCtx) (*backend.Result, error) {
	if p.from {
		return nil, pgerror.New(pgerror.InternalError, "COPY FROM STDIN runs through CopyFrom")
	}
	w := copyfmt.NewWriter(p.opts)
	w.SetNames(p.names())
	res := &backend.Result{CopyOut: p.info()}
	if h := w.Header(); h != nil {
		res.CopyData = append(res.CopyData, h)
	}
	fields := make([][]byte, len(p.cols))
	n := 0
	x.txn.Scan(p.table, func(_ uint64, vals []any) bool {
		for i, c := range p.cols {
			fields[i] = encodeCopyField(p.opts.Format, p.table.Columns[c].Type, vals[c], x.s.TextStyle())
		}
		res.CopyData = append(res.CopyData, w.Row(fields))
		n++
		return n%cancelCheckRows != 0 || ctx.Err() == nil
	})
	if ctx.Err() != nil {
		return nil, errCanceled
	}
	if t := w.Trailer(); t != nil {
		res.CopyData = append(res.CopyData, t)
	}
	res.Tag = fmt.Sprintf("COPY %d", n)
	return res, nil
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
// copyRun, the next batch decoded while one is inserted (copyDecoder).
func (s *Session) copyIn(ctx context.Context, p *prepared, txn *catalog.Txn, data io.Reader) (*backend.Result, error) {
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
	w := &copyRun{cp: cp, e: env{sess: s}, txn: txn, pr: pr}
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
	w.n += len(rows)
	w.pr.TuplesProcessed.Add(int64(len(rows)))
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

func (cp *copyPlan) decodeBatch(ctx context.Context, r *copyfmt.Reader) ([]copyRow, error) {
	var batch []copyRow
	for len(batch) < copyBatchRows {
		fields, err := r.Next()
		if err != nil {
			return batch, cp.readError(err, r)
		}
		vals := make([]any, len(cp.table.Columns))
		for i, c := range cp.cols {
			if vals[c], err = cp.decode(c, fields[i], r.Owned()); err != nil {
				return batch, cp.fieldError(err, r, c, fields[i])
			}
		}
		batch = append(batch, copyRow{line: r.Line(), vals: vals})
	}
	if ctx.Err() != nil {
		return batch, errCanceled
	}
	return batch, nil
}

// decode parses one COPY field of column col. owned says the field's
// bytes never change again (copyfmt.Reader.Owned): a large text value then
// keeps them rather than a copy, so a huge line is held once.
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
	case owned && len(field) > copyBigField:
		return types.ParseText(t, copyfmt.View(field))
	}
	return types.ParseText(t, copyfmt.String(field))
}

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

func (cp *copyPlan) fieldError(err error, r *copyfmt.Reader, col int, field []byte) error {
	name := cp.table.Columns[col].Name
	ctx := fmt.Sprintf("COPY %s, line %d, column %s: \"%s\"", cp.table.Name, r.Line(), name, copyfmt.Display(field))
	if cp.opts.Format == copyfmt.Binary {
		ctx = fmt.Sprintf("COPY %s, line %d, column %s", cp.table.Name, r.Line(), name)
	}
	return pgerror.From(err).WithContext(ctx)
}
