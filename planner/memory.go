package planner

import "github.com/vecgres/vecgres/planner/memacct"

// The memory a statement's execution holds is charged to its execCtx's
// account (planner/memacct), bounded by vecgres.work_mem_limit, at the
// places rows accumulate: scans and generate_series (a record a row, the
// values stay the table's), planner/exec's operators that hold rows
// (sort, top-N, aggregate groups, DISTINCT's and set operations' keys:
// memacct.RowSize each), each group's accumulators, DISTINCT and ordered
// aggregate inputs, the state aggregates build (string_agg's text with
// its delimiters, array_agg's and the json aggregates' values, vector
// sums: aggregate_memory.go), projected result and RETURNING rows (the whole row, once), the rows INSERT ...
// SELECT converts, the rows UPDATE and DELETE will change (a record
// each), and COPY TO's output. A cursor's rows are its query's, charged
// at DECLARE. Rows streamed to the client as they are produced
// (select_write.go) are not held, so not charged.
// Past the limit the statement fails with 53200 `out of memory`; its rows
// are garbage once the error returns, and the session carries on. A
// statement that held 64 MB or more returns the heap to the operating
// system when it ends (memacct.Account.Done).

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

// copyLineBytes is COPY TO's slot for one output line ([]byte header).
const copyLineBytes = 24
