package plan

import "strings"

// The nodes of this file are declared so that joins, window functions and
// common table expressions fit the tree as it is; nothing builds them yet.

// JoinKind is the kind of a Join.
type JoinKind int

const (
	InnerJoin JoinKind = iota
	LeftJoin
	RightJoin
	FullJoin
	CrossJoin
	SemiJoin // rows of the left side with a match (EXISTS, IN)
	AntiJoin // rows of the left side without one (NOT EXISTS)
)

var joinNames = [...]string{InnerJoin: "", LeftJoin: " Left Join", RightJoin: " Right Join",
	FullJoin: " Full Join", CrossJoin: "", SemiJoin: " Semi Join", AntiJoin: " Anti Join"}

// Join combines the rows of Left and Right where Cond holds (no Cond for
// a cross join).
type Join struct {
	Info
	Kind        JoinKind
	Left, Right Node
	Cond        string
}

func (n *Join) Children() []Node { return []Node{n.Left, n.Right} }

// Columns are the left side's, then the right side's; semi and anti
// joins return the left side's only.
func (n *Join) Columns() []Column {
	if n.Kind == SemiJoin || n.Kind == AntiJoin {
		return n.Left.Columns()
	}
	return append(append([]Column(nil), n.Left.Columns()...), n.Right.Columns()...)
}
func (n *Join) Label() string { return "Nested Loop" + joinNames[n.Kind] }
func (n *Join) Props() []string {
	if n.Cond == "" {
		return nil
	}
	return []string{"Join Filter: " + n.Cond}
}

// Window computes window functions over the input rows: its input's
// columns, then one column per function (Out). Partition and Order are
// printed by EXPLAIN; the executable spec (window.go) is PartKeys and
// OrderKeys (the input sorted by both), Funcs and Frame.
type Window struct {
	Info
	Unary
	Partition []string
	Order     []SortKey
	PartKeys  []SortKey
	OrderKeys []SortKey
	Funcs     []WindowFunc
	Frame     Frame
}

func (n *Window) Columns() []Column {
	return append(append([]Column(nil), n.inputColumns()...), n.Out...)
}
func (n *Window) Label() string { return "WindowAgg" }
func (n *Window) Props() []string {
	var out []string
	if len(n.Partition) > 0 {
		out = append(out, "Partition By: "+strings.Join(n.Partition, ", "))
	}
	if len(n.Order) > 0 {
		out = append(out, "Order By: "+strings.TrimPrefix(sortKeyLine(n.Order), "Sort Key: "))
	}
	return out
}

// CTEScan reads the rows of the common table expression CTE under the
// name Relation. The CTE's own plan is a SubPlan headed "CTE name" of
// the node that owns the WITH.
type CTEScan struct {
	Info
	leaf
	ScanInfo
	CTE string
}

func (n *CTEScan) Columns() []Column { return n.Out }
func (n *CTEScan) Label() string {
	if n.Relation == "" || n.Relation == n.CTE {
		return "CTE Scan on " + n.CTE
	}
	return "CTE Scan on " + n.CTE + " " + n.Relation
}
func (n *CTEScan) Props() []string { return append(filterLine(n.Filter), n.Stats.lines()...) }

// CTE is the SubPlan of the common table expression name.
func CTE(name string, p Node) SubPlan { return SubPlan{Heading: "CTE " + name, Plan: p} }
