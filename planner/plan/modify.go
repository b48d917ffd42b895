package plan

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
// Out is its RETURNING list. Built to run (UPDATE and DELETE, package
// planner/exec), Input's rows are the table's columns followed by the
// row's identity (the planner's slot: PostgreSQL's ctid junk column), and
// Returning is the RETURNING list's executable expressions over the row
// written (nil: no RETURNING, so Modify emits no rows).
type Modify struct {
	Info
	Unary
	Op        ModifyOp
	Relation  string
	Returning []Expr
}

func (n *Modify) Columns() []Column { return n.Out }
func (n *Modify) Label() string     { return modifyNames[n.Op] + " on " + n.Relation }
func (n *Modify) Props() []string   { return nil }

// Copy is COPY FROM STDIN into Relation (From) or COPY TO STDOUT of
// Relation's rows or of Input, a query's plan.
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
	if n.Relation == "" {
		return "Copy"
	}
	return "Copy of " + n.Relation
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
