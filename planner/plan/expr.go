package plan

// Expr is an executable expression a node carries: String is its text as
// EXPLAIN prints it (the deparsed bound expression), and the planner's
// implementation is what planner/exec evaluates against a row through its
// Evaluator, so that this package stays free of the planner's expression
// types. The text fields beside an Expr (Filter.Cond, SortKey.Expr, ...)
// are what EXPLAIN prints; lowering sets both from the same bound
// expression.
type Expr interface {
	String() string
}
