package planner

import "github.com/vecgres/vecgres/planner/memacct"

// The memory a statement's execution holds is charged to its execCtx's
// account (planner/memacct), bounded by vecgres.work_mem_limit, at the
// places rows accumulate: scans and generate_series (a record a row, the
// values stay the table's; aggregates and ORDER BY ... LIMIT over a table
// take its rows as the scan reads them, select_stream.go, select_top.go),
// sort keys, groups and their DISTINCT
// inputs and vector sums, DISTINCT's keys, set operations, projected
// result and RETURNING rows (the whole row, once), the rows INSERT ...
// SELECT converts, the rows UPDATE and DELETE will change (a record
// each), and COPY TO's output. A cursor's rows are its query's, charged
// at DECLARE. Rows streamed to the client as they are produced
// (select_write.go) are not held, so not charged.
// Past the limit the statement fails with 53200 `out of memory`; its rows
// are garbage once the error returns, and the session carries on.

// keyedRowBytes is the charge for a row record that refers to values
// held elsewhere (a table's stored row): the record and its slice
// header.
const keyedRowBytes = memacct.RowOverhead

// charge adds n bytes to the running statement's account; nil without
// one (expressions evaluated outside a statement).
func (e *env) charge(n int64) error {
	if e.exec == nil {
		return nil
	}
	return e.exec.mem.Charge(n)
}

// chargeRow charges a row the statement now holds with its values
// (memacct.RowSize).
func (e *env) chargeRow(row []any) error {
	if e.exec == nil {
		return nil
	}
	return e.exec.mem.ChargeRow(row)
}

// chargeRecords charges a record a row for the rows a scan returned (an
// index scan's rows are bounded by the table), passing err through.
func chargeRecords(e *env, rows []keyedRow, err error) error {
	if err != nil {
		return err
	}
	return e.charge(int64(len(rows)) * keyedRowBytes)
}

// keysBytes is what a row's sort keys hold: a slot and the value each.
func keysBytes(keys []any) int64 {
	n := int64(len(keys)) * memacct.ValueOverhead
	for _, k := range keys {
		n += memacct.ValueSize(k)
	}
	return n
}

// Sizes of the planner's own per-entry structures, rounded up.
const (
	// hashEntryBytes is a Go map entry with a string key: bucket slot,
	// key header and value, and the map's load-factor slack.
	hashEntryBytes = 64
	// aggAccBytes is one aggregate's accumulator (aggAcc).
	aggAccBytes = 160
)

// groupBytes is what a new GROUP BY group holds: its hash entry and key
// bytes, its record, and an accumulator per aggregate.
func groupBytes(keyLen, aggs int) int64 {
	return hashEntryBytes + int64(keyLen) + keyedRowBytes + int64(aggs)*aggAccBytes
}

// setOpRowBytes is what a set operation holds a row besides the row
// itself, already charged by its side: its slots in the combined, index,
// kept and result slices.
const setOpRowBytes = 64

// copyLineBytes is COPY TO's slot for one output line ([]byte header).
const copyLineBytes = 24

// modifyTargetBytes is UPDATE's and DELETE's record of a row to change:
// its slot and a reference to its values.
const modifyTargetBytes = 40

// release returns n bytes charged earlier for rows the statement no
// longer holds (a row a top-N heap dropped).
func (e *env) release(n int64) {
	if e.exec != nil {
		e.exec.mem.Release(n)
	}
}
