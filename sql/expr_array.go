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

// Subscript is X[Index], one 1-based subscript of a one-dimensional array.
type Subscript struct {
	X     Expr
	Index Expr
	P     int
}

// Pos implements Expr.
func (e *ArrayCompare) Pos() int { return e.P }
func (e *Subscript) Pos() int    { return e.P }
