package sql

// ArrayCompare is X op ANY (Array) or X op ALL (Array) (SOME is ANY):
// Op is a comparison operator ("!=" normalised to "<>"); Array is any
// expression of an array type (a parameter, ARRAY[...], a '{...}'
// literal, a column).
type ArrayCompare struct {
	Op    string
	X     Expr
	Array Expr
	All   bool
	P     int // position of the operator
}

// Subscript is X[i][j]... (one Index per bracket, Upper holding the
// subscript) or, when Slice, X[lo:hi][...] (Lower or Upper nil when
// omitted: X[:2], X[2:]; a bracket without a colon in a slice is
// 1:Upper, as in PostgreSQL).
type Subscript struct {
	X       Expr
	Indices []Index
	Slice   bool
	P       int
}

// Index is one bracket of a Subscript; Colon when written with one.
type Index struct {
	Lower, Upper Expr
	Colon        bool
}

// Pos implements Expr.
func (e *ArrayCompare) Pos() int { return e.P }
func (e *Subscript) Pos() int    { return e.P }
