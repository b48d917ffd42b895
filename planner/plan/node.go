package plan

import "github.com/vecgres/vecgres/sql/types"

// Column is one output column of a node: its name as the query's result
// (or EXPLAIN) names it, and its SQL type.
type Column struct {
	Name string
	Type types.Type
}

// Node is one operator of a plan tree.
type Node interface {
	// Children are the node's inputs, in the order EXPLAIN prints them:
	// none for a scan, one for a filter or sort, two for a join, any
	// number for Append.
	Children() []Node
	// Columns are the rows' columns the node produces.
	Columns() []Column
	// Label is the node's first EXPLAIN line without estimates, e.g.
	// "Index Scan using items_embedding_idx on items".
	Label() string
	// Props are the property lines EXPLAIN prints under the label, in
	// order, without indentation.
	Props() []string
	// Base is the part every node has: estimate, actual rows, subplans.
	Base() *Info
}

// Info is embedded by every node.
type Info struct {
	// Out are the output columns of a node that makes its own (scans,
	// Project, Aggregate, SetOp, Modify with RETURNING); nodes that pass
	// their input's rows through ignore it.
	Out []Column
	// Est is the planner's row estimate.
	Est Estimate
	// Actual is what EXPLAIN ANALYZE saw; nil when not analysed.
	Actual *Actual
	// SubPlans are printed under the node's properties, each under its
	// heading: InitPlans of scalar subqueries, CTEs.
	SubPlans []SubPlan
}

// Base returns i itself; every node embedding Info has it.
func (i *Info) Base() *Info { return i }

// Estimate is a row estimate; Known is false for nodes EXPLAIN shows
// without one (set operations, DML).
type Estimate struct {
	Rows  float64
	Known bool
}

// Rows is a known estimate of r rows.
func Rows(r float64) Estimate { return Estimate{Rows: r, Known: true} }

// Actual is EXPLAIN ANALYZE's count of the rows a node returned, or that
// it never ran (a UNION ALL side its LIMIT did not need).
type Actual struct {
	Rows          int
	NeverExecuted bool
}

// SubPlan is a plan printed under a node, headed by e.g. "InitPlan 1
// (returns $0)" (PostgreSQL 15's name for an uncorrelated scalar
// subquery's plan, $0 its output) or "CTE name".
type SubPlan struct {
	Heading string
	Plan    Node
}

// InitPlan is the SubPlan of the scalar subquery numbered id (from 0),
// headed as PostgreSQL 15 heads it: "InitPlan id+1 (returns $id)".
func InitPlan(id int, p Node) SubPlan {
	return SubPlan{Heading: "InitPlan " + itoa(id+1) + " (returns $" + itoa(id) + ")", Plan: p}
}

// leaf is embedded by nodes without inputs.
type leaf struct{}

// Children is none for a leaf.
func (leaf) Children() []Node { return nil }

// Unary is embedded by nodes with one input.
type Unary struct {
	Input Node
}

// Children is the input, or none when it is not set.
func (u Unary) Children() []Node {
	if u.Input == nil {
		return nil
	}
	return []Node{u.Input}
}

// SetInput makes n the input; rules that replace a subtree use it.
func (u *Unary) SetInput(n Node) { u.Input = n }

// inputColumns is the columns of a node that passes its input's rows on.
func (u Unary) inputColumns() []Column {
	if u.Input == nil {
		return nil
	}
	return u.Input.Columns()
}
