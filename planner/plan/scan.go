package plan

import (
	"fmt"
	"math"
	"strings"
)

// Result is a query without FROM: one row computed from nothing.
type Result struct {
	Info
	leaf
}

func (n *Result) Columns() []Column { return n.Out }
func (n *Result) Label() string     { return "Result" }
func (n *Result) Props() []string   { return nil }

// ScanInfo is what every scan of a relation has: the relation's name and
// the alias the query gives it, the filter applied to each row it reads
// (PostgreSQL's qual, printed "Filter: ..."), and what EXPLAIN ANALYZE
// saw of its reading.
type ScanInfo struct {
	Relation string
	Alias    string // FROM t a: "a"; "" when none
	Filter   string // "" when none
	Stats    *ScanStats
}

// Scan returns s itself; every scan embedding ScanInfo has it.
func (s *ScanInfo) Scan() *ScanInfo { return s }

// Target is the relation as EXPLAIN names it: "t", or "t a" when the
// query calls it a (PostgreSQL's ExplainTargetRel prints the alias when
// it differs from the relation's name).
func (s *ScanInfo) Target() string { return targetName(s.Relation, s.Alias) }

// targetName is relation rel called alias, as EXPLAIN names it.
func targetName(rel, alias string) string {
	if alias == "" || alias == rel {
		return rel
	}
	return rel + " " + alias
}

// Scanner is a node that reads a relation: a Filter over it prints as its
// "Filter:" line, and EXPLAIN ANALYZE's ScanStats hang on it.
type Scanner interface {
	Node
	Scan() *ScanInfo
}

// ScanStats is what EXPLAIN ANALYZE reports of a k-NN scan's reading,
// printed after the scan's other properties.
type ScanStats struct {
	// Examined is the rows read before the final cut, printed when
	// ShowExamined; "in Stages stage(s)" is added when Staged (a graph
	// walk widens in stages, a pre-filter reads once).
	Examined     int
	ShowExamined bool
	Stages       int
	Staged       bool
	// Exhaustive: the walk searched the whole graph (exact rows).
	Exhaustive bool
	// Exact: the walk could not vouch for LIMIT + OFFSET rows and the
	// exact top-k scan answered.
	Exact bool
	// Pending is the rows not yet in the graph, scanned exactly.
	Pending int
}

// lines are the properties the stats print, in order.
func (st *ScanStats) lines() []string {
	if st == nil {
		return nil
	}
	var out []string
	switch {
	case st.ShowExamined && st.Staged:
		out = append(out, fmt.Sprintf("Rows Examined: %d in %d stage(s)", st.Examined, st.Stages))
	case st.ShowExamined:
		out = append(out, fmt.Sprintf("Rows Examined: %d", st.Examined))
	}
	if st.Exhaustive {
		out = append(out, "Exhaustive Search: the graph is small enough to search whole (exact rows)")
	}
	if st.Exact {
		out = append(out, "Exact Scan: the walk could not vouch for LIMIT + OFFSET rows")
	}
	if st.Pending > 0 {
		out = append(out, fmt.Sprintf("Pending Rows (not yet in the graph): %d", st.Pending))
	}
	return out
}

// filterLine is the "Filter: ..." line of a filter, none when empty.
func filterLine(f string) []string {
	if f == "" {
		return nil
	}
	return []string{"Filter: " + f}
}

// SeqScan reads every row of a table.
type SeqScan struct {
	Info
	leaf
	ScanInfo
}

func (n *SeqScan) Columns() []Column { return n.Out }
func (n *SeqScan) Label() string     { return "Seq Scan on " + n.Target() }
func (n *SeqScan) Props() []string   { return append(filterLine(n.Filter), n.Stats.lines()...) }

// FunctionScan reads the rows of a function in FROM; Relation is the
// name the query gives them, which EXPLAIN prints only when it is not
// the function's own (PostgreSQL's ExplainTargetRel).
type FunctionScan struct {
	Info
	leaf
	ScanInfo
	Func string // "generate_series"
}

func (n *FunctionScan) Columns() []Column { return n.Out }
func (n *FunctionScan) Label() string {
	if n.Relation == "" || n.Relation == n.Func {
		return "Function Scan on " + n.Func
	}
	return "Function Scan on " + n.Func + " " + n.Relation
}
func (n *FunctionScan) Props() []string { return append(filterLine(n.Filter), n.Stats.lines()...) }

// SubqueryScan reads the rows of a subquery in FROM (a derived table)
// named Relation. Query is the subquery's plan, nil when not described
// (EXPLAIN of a derived table prints its scan only, for now).
type SubqueryScan struct {
	Info
	ScanInfo
	Query Node
}

func (n *SubqueryScan) Children() []Node {
	if n.Query == nil {
		return nil
	}
	return []Node{n.Query}
}
func (n *SubqueryScan) Columns() []Column { return n.Out }
func (n *SubqueryScan) Label() string     { return "Subquery Scan on " + n.Relation }
func (n *SubqueryScan) Props() []string   { return append(filterLine(n.Filter), n.Stats.lines()...) }

// ValuesScan reads the rows of a VALUES list.
type ValuesScan struct {
	Info
	leaf
	ScanInfo
	Rows int
}

func (n *ValuesScan) Columns() []Column { return n.Out }
func (n *ValuesScan) Label() string     { return `Values Scan on "*VALUES*"` }
func (n *ValuesScan) Props() []string   { return append(filterLine(n.Filter), n.Stats.lines()...) }

// IndexKind is the access method of an IndexScan.
type IndexKind int

const (
	// BTree reads the entries of Cond's key ranges (several indexes for
	// an OR of conditions).
	BTree IndexKind = iota
	// HNSW reads rows in OrderBy's distance order from the graph, by KNN's
	// strategy.
	HNSW
)

// IndexScan reads rows through indexes: a B-tree's key ranges (Cond), or
// the nearest neighbours of an HNSW graph (OrderBy, KNN).
type IndexScan struct {
	Info
	leaf
	ScanInfo
	Kind    IndexKind
	Indexes []string // index names; several for a B-tree union
	Cond    string   // B-tree: the condition the ranges answer
	OrderBy string   // HNSW: the distance expression
	// KNN is the HNSW scan's strategy; its line is printed after the
	// filter, only when the scan has one.
	KNN *KNN
}

func (n *IndexScan) Columns() []Column { return n.Out }
func (n *IndexScan) Label() string {
	return "Index Scan using " + strings.Join(n.Indexes, ", ") + " on " + n.Target()
}

// Props: B-tree "Index Cond:" then "Filter:"; HNSW "Order By:", then
// "Filter:" and the strategy when filtered, then an iterative scan's
// line; then ANALYZE's stats.
func (n *IndexScan) Props() []string {
	var out []string
	if n.Kind == BTree {
		out = append(out, "Index Cond: "+n.Cond)
		out = append(out, filterLine(n.Filter)...)
		return append(out, n.Stats.lines()...)
	}
	out = append(out, "Order By: "+n.OrderBy)
	if n.Filter != "" {
		out = append(out, "Filter: "+n.Filter)
		if n.KNN != nil {
			out = append(out, n.KNN.Summary())
		}
	}
	if n.KNN != nil && n.KNN.Iterative != nil {
		out = append(out, n.KNN.Iterative.line())
	}
	return append(out, n.Stats.lines()...)
}

// Strategy is how a k-NN query with a filter is answered (the cost model
// of planner/cost.go picks it per execution).
type Strategy int

const (
	// PreFilter collects the matching rows, computes exact distances and
	// keeps the k nearest (a TopK over a scan).
	PreFilter Strategy = iota
	// Traversal walks the graph admitting only matching rows.
	Traversal
	// PostFilter walks the graph and drops rows failing the filter.
	PostFilter
	// EfPostFilter is pgvector's own answer: one search of ef_search
	// rows, then the filter.
	EfPostFilter
)

// String is the strategy's name in EXPLAIN.
func (s Strategy) String() string {
	switch s {
	case PreFilter:
		return "pre-filter"
	case Traversal:
		return "filtered traversal"
	case PostFilter:
		return "post-filter"
	}
	return "ef_search post-filter"
}

// KNN is a k-nearest-neighbour scan's strategy and the estimates it was
// chosen by.
type KNN struct {
	Strategy    Strategy
	Selectivity float64 // fraction of rows passing the filter
	Matching    float64 // rows passing the filter (estimate)
	Rows        float64 // rows in the table (estimate)
	// Exact is set when LIMIT + OFFSET exceeds hnsw.ef_search: the exact
	// plan answers; OverScanTuples when an iterative scan was asked for
	// but would pass hnsw.max_scan_tuples.
	Exact          bool
	OverScanTuples bool
	// Iterative is set when an iterative scan answers.
	Iterative *Iterative
}

// Iterative is an iterative scan: one search of Rows rows under
// hnsw.iterative_scan = Mode.
type Iterative struct {
	Rows int
	Mode string
}

func (it *Iterative) line() string {
	return fmt.Sprintf("Iterative Scan: LIMIT + OFFSET exceeds hnsw.ef_search, one search of %d rows (hnsw.iterative_scan = %s)", it.Rows, it.Mode)
}

// Summary is the strategy's EXPLAIN line, e.g. "Filtered Plan: pre-filter
// (selectivity 0.0100, 10 of 1000 rows match)".
func (k *KNN) Summary() string {
	m, r := round(k.Matching), round(k.Rows)
	switch {
	case k.Exact && k.OverScanTuples:
		return fmt.Sprintf("Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search and an iterative scan would pass hnsw.max_scan_tuples (%d of %d rows match)", m, r)
	case k.Exact:
		return fmt.Sprintf("Exact Plan: LIMIT + OFFSET exceeds hnsw.ef_search (%d of %d rows match)", m, r)
	}
	return fmt.Sprintf("Filtered Plan: %s (selectivity %.4f, %d of %d rows match)", k.Strategy, k.Selectivity, m, r)
}

func round(x float64) int64 { return int64(math.Round(x)) }
