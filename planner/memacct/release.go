package memacct

import (
	"runtime/debug"
	"sync/atomic"
)

// ReleaseAbove is the peak, in bytes, from which an account's end
// returns the heap to the operating system (Done).
const ReleaseAbove = 64 << 20

// releasing is set while a release runs, so that statements ending
// together start one.
var releasing atomic.Bool

// Done ends the statement's use of the account. When its peak reached
// ReleaseAbove it starts, on its own goroutine, a garbage collection that
// returns freed memory to the operating system (debug.FreeOSMemory):
// after a large statement, failed with 53200 or not, the memory it held
// is garbage, but an idle server runs no collection and its RSS would
// stay at the statement's peak. At most one release runs at a time.
func (a *Account) Done() {
	if a == nil || a.peak < ReleaseAbove || !releasing.CompareAndSwap(false, true) {
		return
	}
	go func() {
		defer releasing.Store(false)
		debug.FreeOSMemory()
	}()
}

// Peak returns the most bytes the account held at once (0 for a nil
// account).
func (a *Account) Peak() int64 {
	if a == nil {
		return 0
	}
	return a.peak
}
