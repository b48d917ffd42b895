package plan

// Widen passes on the rows of one run of its input once at least Need of
// them came out, or once Again reports that another run cannot give
// more; else it drops them and runs its input again, Again having
// widened what a scan below reads. The planner puts it over the TopK of
// a k-NN query over a join whose nearest rows come from one relation's
// index scan with a budget of rows (planner/join_knn.go): the join or
// WHERE may drop rows the scan gave, and the answer must not come back
// short. It holds one run's rows (at most Need). EXPLAIN does not show
// it: PostgreSQL's plan of such a query is the join over an index scan
// that reads on as long as rows are asked for, which this node stands
// for.
type Widen struct {
	Info
	Unary
	Need  int64
	Again Widener
}

// Widener is what a Widen asks after a short run.
type Widener interface {
	// Again reports whether running the input again can give more rows,
	// having widened what the scan below reads for that run.
	Again() bool
}

func (n *Widen) Columns() []Column { return n.inputColumns() }
func (n *Widen) Label() string     { return "Widen" }
func (n *Widen) Props() []string   { return nil }
