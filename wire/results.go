package wire

import (
	"fmt"
	"slices"

	"github.com/vecgres/vecgres/wire/backend"

	"github.com/jackc/pgx/v5/pgproto3"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// varHdrSize is PostgreSQL's VARHDRSZ: character(n) and varchar(n) report
// typmod n+4 in RowDescription (atttypmod), vector(n) reports n.
const varHdrSize = 4

// resolveFormats expands Bind's result format codes to one per column
// (none = all text, one = for all columns, else one each), as in docs
// §55.7 "Bind". Errors: 08P01 on a count mismatch, 22023 on a code that is
// neither 0 (text) nor 1 (binary). The codes are written into dst's
// memory when it has room.
func resolveFormats(dst, codes []int16, n int) ([]int16, error) {
	for _, f := range codes {
		if f != pgproto3.TextFormat && f != pgproto3.BinaryFormat {
			return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "unsupported format code: %d", f)
		}
	}
	out := slices.Grow(dst[:0], n)[:n]
	clear(out)
	switch len(codes) {
	case 0:
	case 1:
		for i := range out {
			out[i] = codes[0]
		}
	case n:
		copy(out, codes)
	default:
		return nil, pgerror.Errorf(pgerror.ProtocolViolation,
			"bind message has %d result formats but query has %d columns", len(codes), n)
	}
	return out, nil
}

// typmod is the atttypmod a client expects for t (-1 for a record,
// whose Typmod holds its row type's OID).
func typmod(t types.Type) int32 {
	if t.Typmod >= 0 && (t.Kind == types.KindVarchar || t.Kind == types.KindBpchar) {
		return t.Typmod + varHdrSize
	}
	if t.Kind == types.KindRecord || t.Kind == types.KindRecordArray {
		return types.NoTypmod
	}
	return t.Typmod
}

// rowDescription describes cols; formats (one per column, nil = text) are
// the codes the DataRows will use.
func rowDescription(cols []backend.Column, formats []int16) *pgproto3.RowDescription {
	fields := make([]pgproto3.FieldDescription, len(cols))
	for i, col := range cols {
		fields[i] = pgproto3.FieldDescription{
			Name:                 []byte(col.Name),
			TableOID:             col.TableOID,
			TableAttributeNumber: uint16(col.AttNum),
			DataTypeOID:          col.Type.OID(),
			DataTypeSize:         col.Type.Size(),
			TypeModifier:         typmod(col.Type),
			Format:               formatOf(formats, i),
		}
	}
	return &pgproto3.RowDescription{Fields: fields}
}

// rowDescCache is a statement's last RowDescription as sent, kept while
// its portals describe the same columns (the slice the session returned,
// not a copy) in the same formats: a client that describes every portal
// (libpq's PQsendQueryPrepared) is then answered without encoding it.
type rowDescCache struct {
	cols    []backend.Column
	formats []int16
	msg     []byte
}

// sendRowDescriptionCached buffers the RowDescription of cols (non-nil)
// in formats, from rc when it holds that one, else encoded and kept in rc.
func (c *conn) sendRowDescriptionCached(rc *rowDescCache, cols []backend.Column, formats []int16) {
	if len(rc.msg) > 0 && sameColumns(rc.cols, cols) && slices.Equal(rc.formats, formats) {
		c.out = append(c.out, rc.msg...)
		return
	}
	start := len(c.out)
	c.send(rowDescription(cols, formats))
	if c.encodeErr != nil || len(c.out) <= start {
		rc.msg = nil
		return
	}
	rc.cols, rc.formats = cols, append(rc.formats[:0], formats...)
	rc.msg = append(rc.msg[:0], c.out[start:]...)
}

// sameColumns reports whether a and b are one slice (same elements, not
// equal ones).
func sameColumns(a, b []backend.Column) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

func formatOf(formats []int16, i int) int16 {
	if i < len(formats) {
		return formats[i]
	}
	return pgproto3.TextFormat
}

// sendRows buffers one DataRow per row (values in the per-column formats),
// flushing every flushThreshold bytes. A row whose width differs from cols
// or a value the encoder rejects (panic) is XX000.
func (c *conn) sendRows(cols []backend.Column, formats []int16, rows [][]any) error {
	for _, row := range rows {
		if err := c.sendRow(cols, formats, row); err != nil {
			return err
		}
	}
	return nil
}

// sendRow buffers row as a DataRow (values in the per-column formats),
// flushing every flushThreshold bytes; it returns encodeRow's error or the
// connection's write error.
func (c *conn) sendRow(cols []backend.Column, formats []int16, row []any) error {
	msg := &c.rowMsg
	if err := c.encodeRow(msg, cols, formats, row); err != nil {
		return err
	}
	c.send(msg)
	c.flushIfBig(len(c.rowBuf) + 4*len(row) + 7)
	return c.writeErr
}

// encodeRow fills msg with row's values, encoded into c.rowBuf.
func (c *conn) encodeRow(msg *pgproto3.DataRow, cols []backend.Column, formats []int16, row []any) (err error) {
	if len(row) != len(cols) {
		return pgerror.Errorf(pgerror.InternalError, "row has %d values for %d columns", len(row), len(cols))
	}
	defer func() {
		if r := recover(); r != nil {
			err = pgerror.Errorf(pgerror.InternalError, "cannot encode value: %v", r)
		}
	}()
	buf := c.rowBuf[:0]
	if buf == nil { // a nil slice of an empty value would be sent as NULL
		buf = make([]byte, 0, 512)
	}
	ends := c.rowEnds[:0]
	st := c.style()
	for i, d := range row {
		if d != nil {
			if formatOf(formats, i) == pgproto3.BinaryFormat {
				buf = types.AppendBinary(buf, cols[i].Type, d)
			} else {
				buf = types.AppendTextStyle(buf, cols[i].Type, d, st)
			}
		}
		ends = append(ends, len(buf))
	}
	c.rowBuf, c.rowEnds = buf, ends
	msg.Values = msg.Values[:0]
	start := 0
	for i, d := range row {
		if d == nil {
			msg.Values = append(msg.Values, nil)
		} else {
			msg.Values = append(msg.Values, buf[start:ends[i]:ends[i]])
		}
		start = ends[i]
	}
	return nil
}

// sendComplete buffers what follows a statement's rows: its notices,
// CommandComplete with tag, and its ParameterStatus changes.
func (c *conn) sendComplete(res *backend.Result, tag string) {
	c.sendNotices(res)
	c.sendCompletion(res, tag)
}

// sendNotices buffers res's NoticeResponses.
func (c *conn) sendNotices(res *backend.Result) {
	for _, n := range res.Notices {
		c.send(noticeResponse(n))
	}
}

// sendCompletion buffers CommandComplete with tag and res's
// ParameterStatus changes.
func (c *conn) sendCompletion(res *backend.Result, tag string) {
	c.sendCommandComplete(tag)
	for name, value := range res.ParamStatus {
		c.send(&pgproto3.ParameterStatus{Name: name, Value: value})
	}
}

// sendRowsOf sends the rows of a result of the simple protocol:
// RowDescription (text) and DataRows, or the COPY TO STDOUT stream.
func (c *conn) sendRowsOf(res *backend.Result) error {
	if res.CopyOut != nil {
		c.copyOut(res)
	} else if res.Columns != nil {
		c.send(rowDescription(res.Columns, res.Formats))
		if err := c.sendRows(res.Columns, res.Formats, res.Rows); err != nil {
			return err
		}
	} else if len(res.Rows) > 0 {
		return pgerror.Internal(fmt.Errorf("result has %d rows but no columns", len(res.Rows)))
	}
	return nil
}

// style is the session's Style for text values (nil when the session has
// none: PostgreSQL's defaults).
func (c *conn) style() *types.Style {
	if s, ok := c.sess.(backend.Styler); ok {
		return s.Style()
	}
	return nil
}
