package pgerror

import (
	"errors"
	"fmt"
)

// Severity is the S/V field of an ErrorResponse.
type Severity string

// Severities used by vecgres.
const (
	SeverityError Severity = "ERROR"
	SeverityFatal Severity = "FATAL"
)

// Error is an error the client sees as an ErrorResponse. Position is a
// 1-based character (not byte) offset into the query text, 0 when unknown.
type Error struct {
	Severity Severity
	Code     Code
	Message  string
	Detail   string
	Hint     string
	Position int
	Context  string
	// Object fields (docs §55.8 fields s, t, c, n): the schema, table,
	// column and constraint an integrity error is about; drivers expose
	// them (lib/pq's Error.Table, pgx's PgError.ConstraintName).
	Schema     string
	Table      string
	Column     string
	Constraint string
	cause      error
}

// Error implements error; it returns the message only, as psql prints it.
func (e *Error) Error() string { return e.Message }

// Unwrap returns the underlying cause, if any.
func (e *Error) Unwrap() error { return e.cause }

// New returns an ERROR with the given code and message.
func New(code Code, msg string) *Error {
	return &Error{Severity: SeverityError, Code: code, Message: msg}
}

// Errorf returns an ERROR with a formatted message.
func Errorf(code Code, format string, args ...any) *Error {
	return New(code, fmt.Sprintf(format, args...))
}

// WithDetail returns a copy of e with Detail set.
func (e *Error) WithDetail(d string) *Error { c := *e; c.Detail = d; return &c }

// WithHint returns a copy of e with Hint set.
func (e *Error) WithHint(h string) *Error { c := *e; c.Hint = h; return &c }

// WithPosition returns a copy of e with Position (1-based) set.
func (e *Error) WithPosition(p int) *Error { c := *e; c.Position = p; return &c }

// WithObject returns a copy of e naming the table (in schema public), and
// the column and constraint when not empty.
func (e *Error) WithObject(table, column, constraint string) *Error {
	c := *e
	c.Schema, c.Table, c.Column, c.Constraint = "public", table, column, constraint
	return &c
}

// WithContext returns a copy of e with Context set.
func (e *Error) WithContext(ctx string) *Error { c := *e; c.Context = ctx; return &c }

// NotSupported returns a 0A000 error naming the construct that vecgres does
// not implement, e.g. NotSupported("JOIN").
func NotSupported(construct string) *Error {
	return Errorf(FeatureNotSupported, "%s is not supported by vecgres", construct)
}

// Internal wraps an unexpected error as XX000, keeping it as the cause.
func Internal(err error) *Error {
	e := New(InternalError, err.Error())
	e.cause = err
	return e
}

// From converts any error to *Error: an *Error anywhere in the chain is
// returned as is, anything else becomes XX000.
func From(err error) *Error {
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	return Internal(err)
}

// CodeOf returns the SQLSTATE of err, or XX000 when it carries none.
func CodeOf(err error) Code { return From(err).Code }
