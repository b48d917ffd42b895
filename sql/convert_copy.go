package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// COPY defaults per format (PostgreSQL docs, COPY).
const (
	copyTextDelimiter = '\t'
	copyTextNull      = `\N`
	copyCSVDelimiter  = ','
	copyCSVNull       = ""
	copyCSVQuote      = '"'
)

// copyOptions collects the options as given; nil means not given.
type copyOptions struct {
	format, delimiter, null, quote, escape *string
	header                                 *bool
	forceNotNull, forceNull                *[]string
}

// copyStmt converts COPY t [(cols)] FROM STDIN / TO STDOUT [options].
func (c *conv) copyStmt(s *pg_query.CopyStmt) (*Copy, error) {
	switch {
	case s.GetRelation() == nil:
		return c.copyQuery(s) // convert_alter.go
	case s.GetIsProgram():
		return nil, c.unsupported("COPY ... PROGRAM", -1)
	case s.GetFilename() != "":
		return nil, c.unsupported("COPY to or from a file", -1)
	case s.GetWhereClause() != nil:
		return nil, c.unsupported("COPY ... WHERE", nodeLocation(s.GetWhereClause()))
	}
	table, err := c.dmlTable(s.GetRelation(), "COPY")
	if err != nil {
		return nil, err
	}
	var o copyOptions
	for _, n := range s.GetOptions() {
		if err := c.copyOption(&o, n.GetDefElem()); err != nil {
			return nil, err
		}
	}
	out := &Copy{Table: table, From: s.GetIsFrom()}
	for _, n := range s.GetAttlist() {
		out.Columns = append(out.Columns, n.GetString_().GetSval())
	}
	return out, c.applyCopyOptions(out, &o)
}

// copyOption records one option; a repeated option is 42601.
func (c *conv) copyOption(o *copyOptions, d *pg_query.DefElem) error {
	name := d.GetDefname()
	var slot **string
	switch name {
	case "format":
		slot = &o.format
	case "delimiter":
		slot = &o.delimiter
	case "null":
		slot = &o.null
	case "quote":
		slot = &o.quote
	case "escape":
		slot = &o.escape
	case "header":
		return c.copyHeader(o, d)
	case "force_not_null":
		return c.copyForce(&o.forceNotNull, d)
	case "force_null":
		return c.copyForce(&o.forceNull, d)
	case "freeze", "force_quote", "encoding", "on_error", "log_verbosity", "default":
		return c.unsupported("COPY option "+strings.ToUpper(name), d.GetLocation())
	default:
		return c.at(pgerror.Errorf(pgerror.SyntaxError, "option %q not recognized", name), d.GetLocation())
	}
	if *slot != nil {
		return c.duplicateOption(d.GetLocation())
	}
	v, ok := defValue(d)
	if !ok {
		return c.at(pgerror.Errorf(pgerror.SyntaxError, "%s requires a parameter", name), d.GetLocation())
	}
	*slot = &v
	return nil
}

// copyForce reads FORCE_NOT_NULL (cols) or FORCE_NULL (cols) into *dst:
// 42601 when repeated, 22023 when the argument is not a column list.
func (c *conv) copyForce(dst **[]string, d *pg_query.DefElem) error {
	if *dst != nil {
		return c.duplicateOption(d.GetLocation())
	}
	list := d.GetArg().GetList()
	if list == nil {
		return c.at(pgerror.Errorf(pgerror.InvalidParameterValue, "argument to option %q must be a list of column names", d.GetDefname()), d.GetLocation())
	}
	names := []string{}
	for _, n := range list.GetItems() {
		names = append(names, n.GetString_().GetSval())
	}
	*dst = &names
	return nil
}

// checkCopyForce applies PostgreSQL's checks on FORCE_NOT_NULL and
// FORCE_NULL (0A000: CSV mode, COPY FROM only) and records them in out.
func checkCopyForce(out *Copy, o *copyOptions) error {
	for _, f := range []struct {
		given *[]string
		dst   *[]string
		name  string
	}{{o.forceNotNull, &out.ForceNotNull, "force not null"}, {o.forceNull, &out.ForceNull, "force null"}} {
		switch {
		case f.given == nil:
			continue
		case out.Format != CopyCSV:
			return pgerror.Errorf(pgerror.FeatureNotSupported, "COPY %s available only in CSV mode", f.name)
		case !out.From:
			return pgerror.Errorf(pgerror.FeatureNotSupported, "COPY %s only available using COPY FROM", f.name)
		}
		*f.dst = *f.given
	}
	return nil
}

// copyHeader reads HEADER [boolean]; HEADER MATCH is not supported.
func (c *conv) copyHeader(o *copyOptions, d *pg_query.DefElem) error {
	if o.header != nil {
		return c.duplicateOption(d.GetLocation())
	}
	b, ok := defBool(d)
	if !ok {
		if v, _ := defValue(d); strings.EqualFold(v, "match") {
			return c.unsupported("COPY HEADER MATCH", d.GetLocation())
		}
		return c.at(pgerror.New(pgerror.SyntaxError, `header requires a Boolean value or "match"`), d.GetLocation())
	}
	o.header = &b
	return nil
}

// applyCopyOptions fills the format, the defaults for that format and the
// options given, with PostgreSQL's checks (ProcessCopyOptions).
func (c *conv) applyCopyOptions(out *Copy, o *copyOptions) error {
	if o.format != nil {
		switch strings.ToLower(*o.format) {
		case "text":
			out.Format = CopyText
		case "csv":
			out.Format = CopyCSV
		case "binary":
			out.Format = CopyBinary
		default:
			return pgerror.Errorf(pgerror.InvalidParameterValue, "COPY format %q not recognized", *o.format)
		}
	}
	if o.header != nil {
		out.Header = *o.header
	}
	switch out.Format {
	case CopyBinary:
		if err := checkBinaryCopy(o); err != nil {
			return err
		}
		return checkCopyForce(out, o)
	case CopyText:
		out.Delimiter, out.Null = copyTextDelimiter, copyTextNull
		if o.quote != nil || o.escape != nil {
			return pgerror.Errorf(pgerror.FeatureNotSupported, "COPY %s requires CSV mode", map[bool]string{true: "QUOTE", false: "ESCAPE"}[o.quote != nil])
		}
	case CopyCSV:
		out.Delimiter, out.Null, out.Quote = copyCSVDelimiter, copyCSVNull, copyCSVQuote
	}
	if err := setCopyChar(&out.Delimiter, o.delimiter, "delimiter"); err != nil {
		return err
	}
	if o.null != nil {
		out.Null = *o.null
	}
	if out.Format == CopyCSV {
		if err := setCopyChar(&out.Quote, o.quote, "quote"); err != nil {
			return err
		}
		out.Escape = out.Quote
		if err := setCopyChar(&out.Escape, o.escape, "escape"); err != nil {
			return err
		}
	}
	if err := checkCopyForce(out, o); err != nil {
		return err
	}
	return checkCopyChars(out)
}

// checkBinaryCopy rejects the text-only options in BINARY mode.
func checkBinaryCopy(o *copyOptions) error {
	for _, x := range []struct {
		given bool
		name  string
	}{{o.delimiter != nil, "DELIMITER"}, {o.null != nil, "NULL"}, {o.header != nil && *o.header, "HEADER"}} {
		if x.given {
			return pgerror.Errorf(pgerror.SyntaxError, "cannot specify %s in BINARY mode", x.name)
		}
	}
	if o.quote != nil || o.escape != nil {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "COPY %s requires CSV mode", map[bool]string{true: "QUOTE", false: "ESCAPE"}[o.quote != nil])
	}
	return nil
}

// setCopyChar sets *dst to the single one-byte character v when given.
func setCopyChar(dst *byte, v *string, what string) error {
	if v == nil {
		return nil
	}
	if len(*v) != 1 {
		return pgerror.Errorf(pgerror.FeatureNotSupported, "COPY %s must be a single one-byte character", what)
	}
	*dst = (*v)[0]
	return nil
}

// checkCopyChars applies PostgreSQL's checks on delimiter, null and quote.
func checkCopyChars(out *Copy) error {
	bad := pgerror.InvalidParameterValue
	switch {
	case out.Delimiter == '\n' || out.Delimiter == '\r':
		return pgerror.New(bad, "COPY delimiter cannot be newline or carriage return")
	case strings.ContainsAny(out.Null, "\r\n"):
		return pgerror.New(bad, "COPY null representation cannot use newline or carriage return")
	case out.Format == CopyText && strings.IndexByte(`\.abcdefghijklmnopqrstuvwxyz0123456789`, out.Delimiter) >= 0:
		return pgerror.Errorf(bad, "COPY delimiter cannot be %q", string(out.Delimiter))
	case out.Format == CopyCSV && out.Delimiter == out.Quote:
		return pgerror.New(bad, "COPY delimiter and quote must be different")
	case strings.IndexByte(out.Null, out.Delimiter) >= 0:
		return pgerror.New(bad, "COPY delimiter character must not appear in the NULL specification")
	case out.Format == CopyCSV && strings.IndexByte(out.Null, out.Quote) >= 0:
		return pgerror.New(bad, "CSV quote character must not appear in the NULL specification")
	}
	return nil
}
