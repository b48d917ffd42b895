package wire

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// statement is a prepared statement created by Parse ("" = unnamed).
type statement struct {
	name    string
	p       backend.Prepared // nil for an empty query
	query   string           // Parse's text, for the log and pg_stat_activity
	rowDesc rowDescCache     // its portals' last RowDescription (results.go)
}

// portal is a bound statement created by Bind ("" = unnamed). An Execute
// without a row limit, the common case, streams the rows as the session
// produces them (stream.go); the first Execute with a row limit (MaxRows
// > 0) materialises the result instead, and later Executes continue
// from pos.
type portal struct {
	name    string
	p       backend.Prepared // nil for an empty query
	st      *statement       // the statement Bind named
	query   string           // the statement's text, for the log and pg_stat_activity
	params  []any
	cols    []backend.Column // from Prepared.Columns at Bind
	formats []int16          // one per column of cols
	res     *backend.Result  // nil until executed
	pos     int              // rows of res already sent
	done    bool             // CommandComplete was sent
}

// parse handles Parse (docs §55.2.3): Session.Prepare, then ParseComplete.
// Errors: 42P05 for an existing named statement, the session's errors.
func (c *conn) parse(m *pgproto3.Parse) error {
	if _, ok := c.stmts[m.Name]; ok && m.Name != "" {
		return pgerror.Errorf(pgerror.DuplicatePreparedStatement, "prepared statement \"%s\" already exists", m.Name)
	}
	oids := append([]uint32(nil), m.ParameterOIDs...)
	c.query = m.Query
	c.mon.StartQuery(m.Query) // Prepare may wait for a lock
	var p backend.Prepared
	err := c.protect(func() (err error) { p, err = c.sess.Prepare(m.Query, oids); return err })
	if err != nil {
		return err
	}
	c.stmts[m.Name] = &statement{name: m.Name, p: p, query: m.Query}
	c.send(&pgproto3.ParseComplete{})
	return nil
}

// bind handles Bind: it decodes the parameters with the statement's
// parameter types and creates the portal, then BindComplete. Errors: 26000
// missing statement, 42P03 existing named portal, 08P01 parameter or
// format count mismatch, the types package's decoding errors.
func (c *conn) bind(m *pgproto3.Bind) error {
	if m.DestinationPortal == "" {
		delete(c.portals, "")
	} else if _, ok := c.portals[m.DestinationPortal]; ok {
		return pgerror.Errorf(pgerror.DuplicateCursor, "portal \"%s\" already exists", m.DestinationPortal)
	}
	st, ok := c.stmts[m.PreparedStatement]
	if !ok {
		return errNoStatement(m.PreparedStatement)
	}
	c.query = st.query
	pt := c.newPortal(m.DestinationPortal)
	*pt = portal{name: m.DestinationPortal, p: st.p, st: st, query: st.query, formats: pt.formats[:0]}
	c.mon.StartQuery(st.query) // Revalidate may wait for a lock, as PostgreSQL's Bind
	var ptypes []types.Type
	err := c.protect(func() error {
		if st.p == nil {
			return nil
		}
		if err := c.sess.Revalidate(st.p); err != nil {
			return err
		}
		ptypes, pt.cols = st.p.ParamTypes(), st.p.Columns()
		return nil
	})
	if err != nil {
		return err
	}
	if len(m.Parameters) != len(ptypes) {
		return pgerror.Errorf(pgerror.ProtocolViolation,
			"bind message supplies %d parameters, but prepared statement \"%s\" requires %d",
			len(m.Parameters), m.PreparedStatement, len(ptypes))
	}
	if pt.params, err = decodeParams(m, ptypes, c.style()); err != nil {
		return err
	}
	if pt.formats, err = resolveFormats(pt.formats, m.ResultFormatCodes, len(pt.cols)); err != nil {
		return err
	}
	c.portals[pt.name] = pt
	c.send(&pgproto3.BindComplete{})
	return nil
}

// newPortal returns the portal for Bind to fill: the connection's own
// for the unnamed portal, which Bind replaces (the previous one was
// dropped), so that the common case allocates none; a new one otherwise.
func (c *conn) newPortal(name string) *portal {
	if name == "" {
		return &c.unnamedPortal
	}
	return &portal{}
}

// decodeParams decodes Bind's parameter values: NULL is nil, format 0 goes
// through types.ParseText and format 1 through types.DecodeBinary. A decoding
// error gets PostgreSQL's context line naming the parameter.
func decodeParams(m *pgproto3.Bind, ptypes []types.Type, st *types.Style) ([]any, error) {
	n := len(m.Parameters)
	fc := m.ParameterFormatCodes
	if len(fc) > 1 && len(fc) != n {
		return nil, pgerror.Errorf(pgerror.ProtocolViolation,
			"bind message has %d parameter formats but %d parameters", len(fc), n)
	}
	params := make([]any, n)
	for i, raw := range m.Parameters {
		if raw == nil {
			continue
		}
		format := int16(pgproto3.TextFormat)
		if len(fc) == 1 {
			format = fc[0]
		} else if len(fc) > 1 {
			format = fc[i]
		}
		if format == pgproto3.TextFormat {
			if err := pgerror.CheckUTF8(raw); err != nil {
				// Checked before the input function, as pg_client_to_server
				// does: the context names the parameter without its value.
				return nil, paramContext(err, m.DestinationPortal, i, pgproto3.BinaryFormat, raw)
			}
		}
		d, err := decodeParam(ptypes[i], format, raw, st)
		if err != nil {
			return nil, paramContext(err, m.DestinationPortal, i, format, raw)
		}
		params[i] = d
	}
	return params, nil
}

func decodeParam(t types.Type, format int16, raw []byte, st *types.Style) (d any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = pgerror.Errorf(pgerror.InternalError, "cannot decode parameter: %v", r)
		}
	}()
	switch format {
	case pgproto3.TextFormat:
		return types.ParseTextStyle(t, string(raw), st)
	case pgproto3.BinaryFormat:
		return types.DecodeBinary(t, bytes.Clone(raw))
	}
	return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "unsupported format code: %d", format)
}

// paramContext adds "unnamed portal parameter $1 = '...'" (PostgreSQL 13+)
// to a parameter decoding error that has no context yet.
func paramContext(err error, portalName string, i int, format int16, raw []byte) error {
	pe := pgerror.From(err)
	if pe.Context != "" {
		return pe
	}
	where := "unnamed portal"
	if portalName != "" {
		where = fmt.Sprintf("portal \"%s\"", portalName)
	}
	where = fmt.Sprintf("%s parameter $%d", where, i+1)
	if format == pgproto3.TextFormat {
		where += " = '" + strings.ReplaceAll(string(raw), "'", "''") + "'"
	}
	return pe.WithContext(where)
}

// describe handles Describe: for a statement ParameterDescription then
// RowDescription (text formats) or NoData; for a portal RowDescription
// with the portal's formats or NoData. Errors: 26000, 34000.
func (c *conn) describe(m *pgproto3.Describe) error {
	if m.ObjectType == 'P' {
		pt, ok := c.portals[m.Name]
		if !ok {
			if cols, found := c.sess.DescribeCursor(m.Name); found {
				c.sendRowDescription(cols, nil)
				return nil
			}
			return errNoPortal(m.Name)
		}
		cols := pt.cols
		if cols == nil && pt.res != nil {
			cols = pt.res.Columns
		}
		if cols != nil && pt.st != nil {
			c.sendRowDescriptionCached(&pt.st.rowDesc, cols, pt.formats)
			return nil
		}
		c.sendRowDescription(cols, pt.formats)
		return nil
	}
	if m.ObjectType != 'S' {
		return pgerror.Errorf(pgerror.ProtocolViolation, "invalid DESCRIBE message subtype %d", m.ObjectType)
	}
	st, ok := c.stmts[m.Name]
	if !ok {
		return errNoStatement(m.Name)
	}
	var ptypes []types.Type
	var cols []backend.Column
	err := c.protect(func() error {
		if st.p != nil {
			ptypes, cols = st.p.ParamTypes(), st.p.Columns()
		}
		return nil
	})
	if err != nil {
		return err
	}
	oids := make([]uint32, len(ptypes))
	for i, t := range ptypes {
		oids[i] = t.OID()
	}
	c.send(&pgproto3.ParameterDescription{ParameterOIDs: oids})
	c.sendRowDescription(cols, nil)
	return nil
}

func (c *conn) sendRowDescription(cols []backend.Column, formats []int16) {
	if cols == nil {
		c.send(&pgproto3.NoData{})
		return
	}
	c.send(rowDescription(cols, formats))
}

// execute handles Execute: the first one runs the portal's statement,
// streaming its rows when MaxRows is 0 and else keeping them; with MaxRows
// > 0 at most that many DataRows are sent and PortalSuspended ends the
// batch, else the rest and CommandComplete. An
// empty query gives EmptyQueryResponse; COPY runs its sub-protocol.
func (c *conn) execute(m *pgproto3.Execute) error {
	pt, ok := c.portals[m.Portal]
	if !ok {
		return errNoPortal(m.Portal)
	}
	c.query = pt.query
	defer c.logDuration(time.Now())
	if pt.p == nil {
		c.send(&pgproto3.EmptyQueryResponse{})
		return nil
	}
	if pt.done {
		c.sendCommandComplete(exhaustedTag(pt.res.Tag))
		return nil
	}
	if pt.res == nil {
		c.mon.StartQuery(pt.query)
		c.beginImplicit(false)
		var w *streamWriter // Execute with a row limit keeps the rows in the portal
		if m.MaxRows == 0 {
			w = c.newStreamWriter(false, pt.formats)
		}
		res, err := c.executeStmt(pt.p, pt.params, w)
		if err != nil {
			delete(c.portals, pt.name)
			return err
		}
		if res.CopyIn != nil {
			delete(c.portals, pt.name)
			res, err := c.copyIn(pt.p, res.CopyIn)
			if err != nil {
				return err
			}
			c.sendComplete(res, res.Tag) // before Sync commits, as PostgreSQL's Execute
			return nil
		}
		pt.res = res
		if w != nil && w.streamed() {
			if err := w.finish(res); err != nil { // stream.go
				delete(c.portals, pt.name)
				return err
			}
		}
		if res.CopyOut != nil {
			if w == nil || !w.streamed() {
				c.copyOut(res)
			}
			c.sendComplete(res, res.Tag)
			pt.done = true
			return nil
		}
	}
	return c.sendPortalRows(pt, int(m.MaxRows))
}

// sendPortalRows sends up to maxRows (0 = all) of the portal's remaining
// rows, then PortalSuspended or the completion; a SELECT read in batches
// completes with the count of its last batch (`SELECT 1` after 2 + 2 + 1
// rows), as PostgreSQL's. A batch that fills maxRows is suspended even
// when no row is left, and the next Execute completes with `SELECT 0`:
// PostgreSQL's PortalRunSelect marks the portal done only when fewer rows
// than asked came.
func (c *conn) sendPortalRows(pt *portal, maxRows int) error {
	cols := pt.res.Columns
	if cols == nil {
		cols = pt.cols
	}
	rows := pt.res.Rows[pt.pos:]
	suspend := maxRows > 0 && len(rows) >= maxRows
	if suspend {
		rows = rows[:maxRows]
	}
	if len(rows) > 0 && cols == nil {
		return pgerror.Internal(fmt.Errorf("result has %d rows but no columns", len(rows)))
	}
	if err := c.sendRows(cols, pt.formats, rows); err != nil {
		delete(c.portals, pt.name)
		return err
	}
	tag := pt.res.Tag
	if (maxRows > 0 || pt.pos > 0) && strings.HasPrefix(tag, "SELECT ") {
		tag = fmt.Sprintf("SELECT %d", len(rows)) // the rows this Execute retrieved, as PostgreSQL's PortalRunSelect counts
	}
	pt.pos += len(rows)
	if suspend {
		c.send(&pgproto3.PortalSuspended{})
		return nil
	}
	c.sendComplete(pt.res, tag)
	pt.done = true
	return nil
}

// exhaustedTag is the tag of executing a completed portal again: a SELECT
// returns no more rows.
func exhaustedTag(tag string) string {
	if strings.HasPrefix(tag, "SELECT ") {
		return "SELECT 0"
	}
	return tag
}

// closeMsg handles Close: closing a missing statement or portal is not an
// error (docs §55.7 "Close").
func (c *conn) closeMsg(m *pgproto3.Close) error {
	switch m.ObjectType {
	case 'S':
		delete(c.stmts, m.Name)
	case 'P':
		delete(c.portals, m.Name)
	default:
		return pgerror.Errorf(pgerror.ProtocolViolation, "invalid CLOSE message subtype %d", m.ObjectType)
	}
	c.send(&pgproto3.CloseComplete{})
	return nil
}

// sync handles Sync: outside a transaction block the implicit transaction
// ended, so every portal is destroyed; then ReadyForQuery.
func (c *conn) sync() {
	st := c.txStatus()
	if st != 'T' {
		clear(c.portals)
	}
	c.sendReadyForQuery(st)
	c.flush()
}

func errNoStatement(name string) error {
	return pgerror.Errorf(pgerror.InvalidSQLStatementName, "prepared statement \"%s\" does not exist", name)
}

func errNoPortal(name string) error {
	return pgerror.Errorf(pgerror.InvalidCursorName, "portal \"%s\" does not exist", name)
}
