package sql

// RowExpr is a row constructor, ROW(a, b) or (a, b) (PostgreSQL docs
// 4.2.13): an anonymous record of its values.
type RowExpr struct {
	Args []Expr
	P    int
}

// FieldSelect is (X).name: a field of the composite value X (docs
// 4.2.4, "Field Selection").
type FieldSelect struct {
	X    Expr
	Name string
	P    int
}

// Pos implements Expr.
func (e *RowExpr) Pos() int     { return e.P }
func (e *FieldSelect) Pos() int { return e.P }
