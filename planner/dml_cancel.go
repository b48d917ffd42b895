package planner

// stmtCanceled polls a statement's context in the row loops of INSERT,
// UPDATE and DELETE: done is ctx.Done() (nil: the statement cannot be
// cancelled). It returns errCanceled (57014) once done is closed; Execute
// (timedOut) and the wire layer rephrase it for statement_timeout and a
// cancel request, and the statement's error rolls its changes back with
// the transaction, or fails the transaction block. A non-blocking receive
// costs a few nanoseconds, so loops poll before every row.
func stmtCanceled(done <-chan struct{}) error {
	select {
	case <-done:
		return errCanceled
	default:
		return nil
	}
}
