package sql

import "github.com/vecgres/vecgres/sql/types"

// AST of sequence DDL (convert_sequence.go; PostgreSQL docs, CREATE
// SEQUENCE, ALTER SEQUENCE, DROP SEQUENCE).

// SeqOption is one option of CREATE or ALTER SEQUENCE as written: Name is
// PostgreSQL's DefElem name ("as", "increment", "minvalue", "maxvalue",
// "start", "restart", "cache", "cycle", "owned_by"), P its byte offset.
type SeqOption struct {
	Name string
	P    int
	// Type is AS's type (the name as written in TypeName when it is no
	// type vecgres knows, for the 22023 message).
	Type     types.Type
	TypeName string
	// Value is the number given; Set is false for NO MINVALUE, NO
	// MAXVALUE and RESTART without a value.
	Value int64
	Set   bool
	// Cycle is CYCLE (true) or NO CYCLE.
	Cycle bool
	// OwnedBy is OWNED BY's name parts (["none"] for NONE).
	OwnedBy []string
}

// CreateSequence is CREATE SEQUENCE [IF NOT EXISTS] name [options].
type CreateSequence struct {
	Name        string
	NameP       int
	IfNotExists bool
	Options     []SeqOption
	Temp        bool // CREATE TEMP SEQUENCE
}

// AlterSequence is ALTER SEQUENCE [IF EXISTS] name options.
type AlterSequence struct {
	Name     string
	IfExists bool
	Options  []SeqOption
}

// DropSequence is DROP SEQUENCE [IF EXISTS] names [CASCADE | RESTRICT].
type DropSequence struct {
	Names    []string
	IfExists bool
	Cascade  bool
}

func (*CreateSequence) statement() {}
func (*AlterSequence) statement()  {}
func (*DropSequence) statement()   {}
