package plan

import "strings"

// ModifyOp is the statement of a Modify node.
type ModifyOp int

const (
	Insert ModifyOp = iota
	Update
	Delete
)

var modifyNames = [...]string{Insert: "Insert", Update: "Update", Delete: "Delete"}

// Modify writes rows into Relation: the rows of Input (VALUES, a query,
// or the scan of the rows to update or delete; nil when not described).
// Out is its RETURNING list. Built to run (package planner/exec), Input's
// rows are, for INSERT, the rows to insert, one value per table column
// (defaults filled in); for UPDATE and DELETE the table's columns
// followed by the row's identity (the planner's slot: PostgreSQL's ctid
// junk column). Returning is the RETURNING list's executable expressions
// over the row written (nil: no RETURNING, so Modify emits no rows).
type Modify struct {
	Info
	Unary
	Op        ModifyOp
	Relation  string
	Returning []Expr
	// Conflict is INSERT's ON CONFLICT clause; nil for none.
	Conflict *Conflict
	// Alias is the statement's alias of Relation (INSERT INTO t AS a,
	// UPDATE t a), printed after it when it differs; "" for none.
	Alias string
	// Batch, when above 0, makes an INSERT write its input's rows in
	// batches of Batch as they arrive instead of holding them all first
	// (COPY FROM, whose rows read no table); it then returns no rows.
	Batch int
}

func (n *Modify) Columns() []Column { return n.Out }
func (n *Modify) Label() string {
	return modifyNames[n.Op] + " on " + targetName(n.Relation, n.Alias)
}
func (n *Modify) Props() []string { return n.Conflict.lines() }

// Conflict is an INSERT's ON CONFLICT clause as PostgreSQL 15's EXPLAIN
// prints it (explain.c, show_modifytable_info): the action, the arbiter
// indexes a conflict target inferred (none for DO NOTHING without one),
// DO UPDATE's WHERE, and under EXPLAIN ANALYZE the proposed rows that
// were inserted and those that met a conflict.
type Conflict struct {
	Update   bool
	Arbiters []string // index names
	Filter   string   // "" when none
	// Stats is EXPLAIN ANALYZE's count; nil when not analysed.
	Stats *ConflictStats
}

// ConflictStats counts an analysed INSERT ... ON CONFLICT's proposed
// rows: Inserted as new rows, Conflicting that met an existing key
// (skipped, updated, or left alone by DO UPDATE's WHERE).
type ConflictStats struct {
	Inserted, Conflicting int
}

// lines are c's property lines, in PostgreSQL's order.
func (c *Conflict) lines() []string {
	if c == nil {
		return nil
	}
	action := "NOTHING"
	if c.Update {
		action = "UPDATE"
	}
	out := []string{"Conflict Resolution: " + action}
	if len(c.Arbiters) > 0 {
		out = append(out, "Conflict Arbiter Indexes: "+strings.Join(c.Arbiters, ", "))
	}
	if c.Filter != "" {
		out = append(out, "Conflict Filter: "+c.Filter)
	}
	if c.Stats != nil {
		out = append(out, "Tuples Inserted: "+itoa(c.Stats.Inserted), "Conflicting Tuples: "+itoa(c.Stats.Conflicting))
	}
	return out
}

// Copy is COPY FROM STDIN into Relation (From), a leaf, or COPY TO
// STDOUT of Input, a query's plan (COPY table TO's is the query of the
// table's columns).
type Copy struct {
	Info
	Unary
	Relation string
	From     bool
}

func (n *Copy) Columns() []Column { return n.Out }
func (n *Copy) Label() string {
	if n.From {
		return "Copy from " + n.Relation
	}
	return "Copy"
}
func (n *Copy) Props() []string { return nil }

// Utility is a statement without a plan of rows (SET, DDL, ...).
type Utility struct {
	Info
	leaf
}

func (n *Utility) Columns() []Column { return n.Out }
func (n *Utility) Label() string     { return "Utility Statement" }
func (n *Utility) Props() []string   { return nil }
