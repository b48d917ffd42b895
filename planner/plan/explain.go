package plan

import (
	"fmt"
	"math"
)

// EXPLAIN's text layout (PostgreSQL's, without costs): a child's first
// line is prefixed with childArrow under its parent's first line and the
// rest of its lines with childIndent; a node's properties with
// propIndent; a subplan's heading with propIndent and the subplan's lines
// as a child's, one propIndent further in.
const (
	childArrow  = "  ->  "
	childIndent = "      "
	propIndent  = "  "
)

// Explain prints the tree under n, one string per line of EXPLAIN's
// QUERY PLAN column, each node's estimate as "  (rows=N)" after its label.
func Explain(n Node) []string { return explain(n, true) }

// ExplainCostsOff prints the tree under n as Explain does but without
// estimates, as PostgreSQL's EXPLAIN (COSTS OFF).
func ExplainCostsOff(n Node) []string { return explain(n, false) }

// explain prints the tree under n, with estimates when costs.
func explain(n Node, costs bool) []string {
	n = Visible(n)
	lines := []string{title(n, costs)}
	for _, p := range n.Props() {
		lines = append(lines, propIndent+p)
	}
	for _, sp := range n.Base().SubPlans {
		lines = append(lines, propIndent+sp.Heading)
		lines = appendChild(lines, propIndent, explain(sp.Plan, costs))
	}
	for _, c := range n.Children() {
		lines = appendChild(lines, "", explain(c, costs))
	}
	return lines
}

// appendChild appends a child's lines under an arrow, shifted by indent.
func appendChild(lines []string, indent string, child []string) []string {
	for i, l := range child {
		if i == 0 {
			lines = append(lines, indent+childArrow+l)
		} else {
			lines = append(lines, indent+childIndent+l)
		}
	}
	return lines
}

// title is n's label with its estimate (when costs) and actual rows.
func title(n Node, costs bool) string {
	s := n.Label()
	b := n.Base()
	if costs && b.Est.Known {
		s += fmt.Sprintf("  (rows=%d)", int64(math.Round(max(b.Est.Rows, 0))))
	}
	switch a := b.Actual; {
	case a == nil:
	case a.NeverExecuted:
		s += " (never executed)"
	default:
		s += fmt.Sprintf(" (actual rows=%d)", a.Rows)
	}
	return s
}

// Top is the node of n's tree that EXPLAIN prints first: the first node
// under any Projects and in place of a Side its query's plan (a Filter
// there prints folded into its input).
func Top(n Node) Node {
	for {
		switch p := n.(type) {
		case *Project:
			if p.Input == nil {
				return n
			}
			n = p.Input
		case *Side:
			if p.Query == nil {
				return n
			}
			n = p.Query
		default:
			return n
		}
	}
}

// Visible is the node EXPLAIN prints for n: Top(n), with a Filter folded
// into the node below it (a copy of the scan with the filter as its own,
// and the Filter's estimate, actual rows and subplans). Being possibly a
// copy, it is for printing only; set properties on Top(n).
func Visible(n Node) Node {
	n = Top(n)
	f, ok := n.(*Filter)
	if !ok {
		return n
	}
	in := Visible(f.Input)
	if s, ok := in.(Scanner); ok {
		if out := foldFilter(f, s); out != nil {
			return out
		}
	}
	return &filtered{Node: in, info: f.Info, cond: f.Cond}
}

// filtered prints a Filter over a node that is not a scan (HAVING over an
// Aggregate): the node, with the Filter's Info and a last "Filter:" line.
type filtered struct {
	Node
	info Info
	cond string
}

func (n *filtered) Base() *Info     { return &n.info }
func (n *filtered) Props() []string { return append(n.Node.Props(), filterLine(n.cond)...) }

// foldFilter returns a copy of the scan s carrying f's condition (ANDed
// to the scan's own) and f's Info; nil for a scan type it does not know.
func foldFilter(f *Filter, s Scanner) Node {
	var out Scanner
	switch v := s.(type) {
	case *SeqScan:
		c := *v
		out = &c
	case *IndexScan:
		c := *v
		out = &c
	case *FunctionScan:
		c := *v
		out = &c
	case *SubqueryScan:
		c := *v
		out = &c
	case *ValuesScan:
		c := *v
		out = &c
	case *CTEScan:
		c := *v
		out = &c
	default:
		return nil
	}
	if old := s.Scan().Filter; old != "" { // quals are ANDed, as PostgreSQL prints them
		out.Scan().Filter = "(" + old + " AND " + f.Cond + ")"
	} else {
		out.Scan().Filter = f.Cond
	}
	*out.Base() = f.Info
	if f.Out == nil {
		out.Base().Out = s.Columns()
	}
	return out
}
