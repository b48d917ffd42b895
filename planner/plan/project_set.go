package plan

// ProjectSet runs the set-returning functions of a select list
// (PostgreSQL's ProjectSet): for each input row, Sets are evaluated (each
// to the list of its values) and the row is emitted once per value of
// the longest list, with the i-th value of each list appended (NULL past
// a shorter list's end); no row when every list is empty.
type ProjectSet struct {
	Info
	Unary
	// Sets are the functions' calls, each evaluating to a []any of its
	// values; nil in trees built only for EXPLAIN.
	Sets []Expr
}

func (n *ProjectSet) Columns() []Column {
	return append(append([]Column(nil), n.inputColumns()...), n.Out...)
}
func (n *ProjectSet) Label() string   { return "ProjectSet" }
func (n *ProjectSet) Props() []string { return nil }
