package wire

import (
	"context"
	"time"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// simpleQuery runs a Query message (docs §55.2.2): the statements of q in
// order, each answered with RowDescription, DataRows and CommandComplete
// (or a COPY sub-protocol), EmptyQueryResponse for an empty string, and the
// first error ending the string. ReadyForQuery always follows. It drops the
// unnamed prepared statement and portal, as PostgreSQL does. False ends
// the connection.
//
// The last statement's CommandComplete is sent only once the implicit
// transaction committed (PostgreSQL's exec_simple_query calls
// finish_xact_command before EndCommand for the last statement): when the
// commit fails, the client gets its ErrorResponse instead, never a tag
// for a statement whose effects were lost.
func (c *conn) simpleQuery(q string) bool {
	delete(c.stmts, "")
	delete(c.portals, "")
	c.query = q
	defer c.logDuration(time.Now())
	c.mon.StartQuery(q)
	last, err := c.runQuery(q)
	if err != nil && !c.reportFailed(err) {
		return false
	}
	committed, alive := c.commitImplicit()
	if !alive {
		return false
	}
	if last != nil && committed {
		c.sendCompletion(last, last.Tag)
	}
	if c.writeErr != nil {
		return false
	}
	c.readyForQuery()
	c.flush()
	return c.writeErr == nil
}

// runQuery runs the statements of q and returns the result of the last
// one, whose CommandComplete the caller sends after the commit (its
// notices are sent already); nil after an error or for an empty query.
func (c *conn) runQuery(q string) (*backend.Result, error) {
	var stmts []backend.Prepared
	err := c.protect(func() (err error) { stmts, err = c.sess.Split(q); return err })
	if err != nil {
		return nil, err
	}
	if len(stmts) == 0 {
		c.send(&pgproto3.EmptyQueryResponse{})
		return nil, nil
	}
	c.beginImplicit(len(stmts) > 1)
	for i, p := range stmts {
		w := c.newStreamWriter(true, nil)
		res, err := c.executeStmt(p, nil, w)
		if err != nil {
			return nil, err
		}
		if res.CopyIn != nil {
			res, err = c.copyIn(p, res.CopyIn)
		} else {
			err = w.finish(res) // stream.go
		}
		if err != nil {
			return nil, err
		}
		c.sendNotices(res)
		if i == len(stmts)-1 {
			return res, nil
		}
		c.sendCompletion(res, res.Tag)
	}
	return nil, nil
}

// beginImplicit calls Session.BeginImplicit once per Query message or
// run of extended-protocol messages up to Sync.
func (c *conn) beginImplicit(multi bool) {
	if c.implicit {
		return
	}
	c.implicit = true
	c.protect(func() error { c.sess.BeginImplicit(multi); return nil })
}

// syncTxn ends the implicit transaction (Session.Sync) at the end of a
// Query message or at Sync, reporting a failed commit; false ends the
// connection.
func (c *conn) syncTxn() bool {
	_, alive := c.commitImplicit()
	return alive
}

// commitImplicit is syncTxn reporting also whether the commit succeeded
// (committed false: its ErrorResponse was sent).
func (c *conn) commitImplicit() (committed, alive bool) {
	c.implicit = false
	if err := c.protect(c.sess.Sync); err != nil {
		return false, c.reportFailed(err)
	}
	return true, true
}

// reportFailed reports err (report) and tells the session its transaction
// failed; false ends the connection.
func (c *conn) reportFailed(err error) bool {
	if !c.report(err) {
		return false
	}
	c.protect(func() error { c.sess.Fail(); return nil })
	return true
}

// executeStmt runs Session.Execute under a cancellable context, or, when
// w is not nil, ExecuteTo writing to w; a nil Result is an internal
// error.
func (c *conn) executeStmt(p backend.Prepared, params []any, w *streamWriter) (*backend.Result, error) {
	var res *backend.Result
	if os, ok := c.sess.(backend.OutputSettings); ok {
		c.style = os.TextStyle()
	}
	err := c.run(func(ctx context.Context) (err error) {
		if w != nil {
			res, err = c.sess.ExecuteTo(ctx, p, params, w)
		} else {
			res, err = c.sess.Execute(ctx, p, params)
		}
		return err
	})
	if err == nil && res == nil {
		err = pgerror.New(pgerror.InternalError, "statement returned no result")
	}
	if err == nil && res.Deallocate != nil {
		err = c.deallocate(res.Deallocate, p)
	}
	return res, err
}
