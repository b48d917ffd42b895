package memacct

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// SettingName is the session setting that bounds an Account.
const SettingName = "vecgres.work_mem_limit"

// Account counts the bytes one statement execution holds against its
// limit. It is not safe for concurrent use: a statement runs on one
// goroutine. A nil *Account charges nothing and never fails (expressions
// evaluated outside a statement, such as column defaults in DDL).
type Account struct {
	used  int64 // bytes charged so far
	peak  int64 // the most used has been
	limit int64 // bytes; Charge fails past it
}

// New returns an empty account that allows limit bytes.
func New(limit int64) *Account { return &Account{limit: limit} }

// Make returns New's account as a value, for a caller that holds it in a
// struct of its own rather than allocate it apart.
func Make(limit int64) Account { return Account{limit: limit} }

// Charge adds n bytes (n >= 0) to the account. Past the limit it returns
// 53200 `out of memory` with a DETAIL naming the request, the limit and
// SettingName, as PostgreSQL words its out-of-memory errors ("Failed on
// request of size N in memory context ..."); the bytes stay charged, so
// the statement fails again at its next charge if it carries on.
func (a *Account) Charge(n int64) error {
	if a == nil {
		return nil
	}
	a.used += n
	a.peak = max(a.peak, a.used)
	if a.used <= a.limit {
		return nil
	}
	return errOutOfMemory(n, a.limit)
}

// Release gives back n bytes charged earlier for something the statement
// no longer holds.
func (a *Account) Release(n int64) {
	if a != nil {
		a.used -= n
	}
}

// ChargeRow charges RowSize(row).
func (a *Account) ChargeRow(row []any) error {
	if a == nil {
		return nil
	}
	return a.Charge(RowSize(row))
}

// Used returns the bytes charged so far (0 for a nil account).
func (a *Account) Used() int64 {
	if a == nil {
		return 0
	}
	return a.used
}

// Limit returns the account's limit in bytes (0 for a nil account).
func (a *Account) Limit() int64 {
	if a == nil {
		return 0
	}
	return a.limit
}

// errOutOfMemory is the error of a charge of n bytes that passes limit.
func errOutOfMemory(n, limit int64) error {
	return pgerror.New(pgerror.OutOfMemory, "out of memory").
		WithDetail(fmt.Sprintf("Failed on request of size %d: the statement's rows held in memory passed %s (%s).",
			n, SettingName, FormatKB(limit>>10))).
		WithHint(fmt.Sprintf("Return fewer or smaller rows (a WHERE or a LIMIT), or raise %s.", SettingName))
}
