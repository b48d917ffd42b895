// Package pgerror defines the error every layer of vecgres returns when the
// client must see a PostgreSQL ErrorResponse: a SQLSTATE code, a message and
// the optional detail, hint, position and context fields.
//
// It is a leaf: it imports nothing of ours, so catalog, sql, planner and wire
// all share one definition (PostgreSQL docs, Appendix A "PostgreSQL Error
// Codes", and chapter 55.8 "Error and Notice Message Fields").
package pgerror
