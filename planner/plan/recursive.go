package plan

// Nodes of a recursive WITH query (planner/cte_recursive.go), printed as
// PostgreSQL 15's RecursiveUnion and WorkTableScan.

// RecursiveUnion is non-recursive-term UNION [ALL] recursive-term: Init
// runs once, Step over the previous step's rows until it adds none.
type RecursiveUnion struct {
	Info
	Init, Step Node
}

func (n *RecursiveUnion) Children() []Node  { return []Node{n.Init, n.Step} }
func (n *RecursiveUnion) Columns() []Column { return n.Out }
func (n *RecursiveUnion) Label() string     { return "Recursive Union" }
func (n *RecursiveUnion) Props() []string   { return nil }

// WorkTableScan reads the rows the previous step of a RecursiveUnion
// made, under the WITH query's name Relation.
type WorkTableScan struct {
	Info
	leaf
	ScanInfo
}

func (n *WorkTableScan) Columns() []Column { return n.Out }
func (n *WorkTableScan) Label() string     { return "WorkTable Scan on " + n.Relation }
func (n *WorkTableScan) Props() []string   { return filterLine(n.Filter) }
