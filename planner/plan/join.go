package plan

import "strings"

// Join is built for FROM clauses that join relations (planner/join*.go);
// Window for window functions; CTEScan for the references to a
// materialized WITH query (planner/cte_explain.go).

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

// JoinMethod is how a Join finds the right rows that match a left row.
type JoinMethod int

const (
	// NestedLoop reads all right rows for each left row (held once, or
	// run again per left row for a LATERAL right side).
	NestedLoop JoinMethod = iota
	// HashJoin holds the right rows in a hash table by RightKeys (its
	// right input is a Hash node) and probes it with each left row's
	// LeftKeys.
	HashJoin
)

// RowParam receives the left row a LATERAL right side reads, before the
// right side runs again for it.
type RowParam interface {
	SetRow(row []any)
}

// Join combines the rows of Left and Right where Cond holds (no Cond for
// a cross join); a hash join's rows match on HashCond first.
type Join struct {
	Info
	Kind        JoinKind
	Method      JoinMethod
	Left, Right Node
	Cond        string // EXPLAIN's "Join Filter:"; "" when none
	HashCond    string // EXPLAIN's "Hash Cond:" of a hash join
	// The executable join (planner/exec): LeftKeys and RightKeys are the
	// hash join's equal keys over each side's rows (a NULL key matches
	// nothing), Pred is Cond (nil when none). The rows of both sides are
	// as wide as the joined row, NULL outside their own columns; the
	// right side's are the column ranges RightCols ([from, to) each),
	// which a joined row takes from the right row. Rescan is set for a
	// LATERAL right side.
	LeftKeys, RightKeys []Expr
	Pred                Expr
	RightCols           [][2]int
	Rescan              RowParam
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
func (n *Join) Label() string {
	if n.Method == HashJoin {
		if n.Kind == InnerJoin || n.Kind == CrossJoin {
			return "Hash Join"
		}
		return "Hash" + joinNames[n.Kind]
	}
	return "Nested Loop" + joinNames[n.Kind]
}
func (n *Join) Props() []string {
	var out []string
	if n.HashCond != "" {
		out = append(out, "Hash Cond: "+n.HashCond)
	}
	if n.Cond != "" {
		out = append(out, "Join Filter: "+n.Cond)
	}
	return out
}

// Hash is a hash join's right input: the rows it holds in its table.
type Hash struct {
	Info
	Unary
}

func (n *Hash) Columns() []Column { return n.inputColumns() }
func (n *Hash) Label() string     { return "Hash" }
func (n *Hash) Props() []string   { return nil }

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
