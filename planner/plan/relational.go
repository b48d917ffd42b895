package plan

import (
	"strconv"
	"strings"
)

// Filter keeps the input rows for which Cond is true. EXPLAIN prints it
// as its input with a "Filter:" line (explain.go, fold).
type Filter struct {
	Info
	Unary
	Cond string
	Pred Expr // executable Cond; nil in trees built only for EXPLAIN
}

func (n *Filter) Columns() []Column { return n.inputColumns() }
func (n *Filter) Label() string     { return "Filter" }
func (n *Filter) Props() []string   { return filterLine(n.Cond) }

// Project computes the output columns (Out) from each input row. EXPLAIN
// prints its input in its place.
type Project struct {
	Info
	Unary
	// Exprs compute the output columns, one per Out column, over an
	// input row; nil in trees built only for EXPLAIN.
	Exprs []Expr
}

func (n *Project) Columns() []Column { return n.Out }
func (n *Project) Label() string     { return "Result" }
func (n *Project) Props() []string   { return nil }

// SortKey is one ORDER BY key as EXPLAIN prints it: the expression's text
// and its direction.
type SortKey struct {
	Expr string
	Desc bool
	// Key is the executable key (its ordering of NULLs included, which
	// the Evaluator's Compare applies); nil in trees built only for
	// EXPLAIN.
	Key Expr
}

func (k SortKey) String() string {
	if k.Desc {
		return k.Expr + " DESC"
	}
	return k.Expr
}

func sortKeyLine(keys []SortKey) string {
	s := make([]string, len(keys))
	for i, k := range keys {
		s[i] = k.String()
	}
	return "Sort Key: " + strings.Join(s, ", ")
}

// Sort orders all input rows by Keys. OwnRows is set when the input's
// rows are made by the query (a join's), so that holding them is
// charged whole, not only their keys.
type Sort struct {
	Info
	Unary
	Keys    []SortKey
	OwnRows bool
}

func (n *Sort) Columns() []Column { return n.inputColumns() }
func (n *Sort) Label() string     { return "Sort" }
func (n *Sort) Props() []string   { return []string{sortKeyLine(n.Keys)} }

// TopK keeps the K input rows first by Keys: a k-NN query answered
// exactly (the pre-filter strategy, or past hnsw.ef_search), with KNN the
// strategy the cost model chose. EXPLAIN prints it as PostgreSQL prints a
// bounded sort: "Sort", under the Limit above it.
type TopK struct {
	Info
	Unary
	Keys    []SortKey
	K       int64
	KNN     *KNN
	OwnRows bool // as Sort's
}

func (n *TopK) Columns() []Column { return n.inputColumns() }
func (n *TopK) Label() string     { return "Sort" }
func (n *TopK) Props() []string {
	out := []string{sortKeyLine(n.Keys)}
	if n.KNN != nil {
		out = append(out, n.KNN.Summary())
	}
	return out
}

// Limit skips Offset input rows and returns at most Count of the rest
// (Count -1: all), the bounds' values for this execution; both are left
// zero, with the estimate unknown, where the planner does not evaluate
// them (a set operation's LIMIT). EXPLAIN shows only the estimate, as
// PostgreSQL does.
type Limit struct {
	Info
	Unary
	Count, Offset int64
}

// Estimate is the rows the limit returns of in estimated input rows.
func (n *Limit) Estimate(in float64) Estimate {
	r := max(in-float64(n.Offset), 0)
	if n.Count >= 0 {
		r = min(r, float64(n.Count))
	}
	return Rows(r)
}

func (n *Limit) Columns() []Column { return n.inputColumns() }
func (n *Limit) Label() string     { return "Limit" }
func (n *Limit) Props() []string   { return nil }

// Aggregate computes aggregates over all input rows (one output row), or
// per group of GroupKeys (hashed).
type Aggregate struct {
	Info
	Unary
	GroupKeys []string
	// Groups are the executable GroupKeys; an output row is the group's
	// key values then its aggregates' results (planner/exec).
	Groups []Expr
}

func (n *Aggregate) Columns() []Column { return n.Out }
func (n *Aggregate) Label() string {
	if n.GroupKeys == nil {
		return "Aggregate"
	}
	return "HashAggregate"
}
func (n *Aggregate) Props() []string {
	if n.GroupKeys == nil {
		return nil
	}
	return []string{"Group Key: " + strings.Join(n.GroupKeys, ", ")}
}

// Distinct keeps the first input row of each set of rows equal on Keys
// (all columns for SELECT DISTINCT, the DISTINCT ON keys otherwise).
type Distinct struct {
	Info
	Unary
	Keys []string
	// On are the executable DISTINCT ON keys; nil compares whole rows.
	On []Expr
}

func (n *Distinct) Columns() []Column { return n.inputColumns() }
func (n *Distinct) Label() string     { return "Unique" }
func (n *Distinct) Props() []string   { return nil }

// Append returns the rows of each input in turn (UNION ALL; the input of
// the other set operations).
type Append struct {
	Info
	Inputs []Node
}

func (n *Append) Children() []Node { return n.Inputs }
func (n *Append) Columns() []Column {
	if n.Out != nil || len(n.Inputs) == 0 {
		return n.Out
	}
	return n.Inputs[0].Columns()
}
func (n *Append) Label() string   { return "Append" }
func (n *Append) Props() []string { return nil }

// Side is a leaf reading the rows of a query that runs on its own (a set
// operation's side: planner/exec reads it through Sources). EXPLAIN
// prints Query, that query's own plan, in its place (Top); nil until
// the planner attaches it.
type Side struct {
	Info
	leaf
	Query Node
}

func (n *Side) Columns() []Column { return n.Out }
func (n *Side) Label() string     { return "Subquery" }
func (n *Side) Props() []string   { return nil }

// SetOpKind is the operation of a SetOp.
type SetOpKind int

const (
	Intersect SetOpKind = iota
	Except
)

// SetOp computes INTERSECT or EXCEPT [ALL] over the Append of its sides,
// counting each row's copies per side in a hash table. UNION is an
// Aggregate with every column as group key over the Append.
type SetOp struct {
	Info
	Unary
	Op  SetOpKind
	All bool
}

func (n *SetOp) Columns() []Column { return n.Out }
func (n *SetOp) Label() string {
	s := "HashSetOp Intersect"
	if n.Op == Except {
		s = "HashSetOp Except"
	}
	if n.All {
		s += " All"
	}
	return s
}
func (n *SetOp) Props() []string { return nil }

func itoa(i int) string { return strconv.Itoa(i) }
