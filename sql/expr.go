package sql

import "github.com/vecgres/vecgres/sql/types"

// ConstKind tells what kind of literal a Const is.
type ConstKind uint8

// Literal kinds. ConstString is an untyped '...' literal (type unknown until
// context resolves it, as in PostgreSQL); ConstInt fits in int64; ConstFloat
// is any other numeric literal (numeric in PostgreSQL), kept as written.
const (
	ConstNull ConstKind = iota
	ConstBool
	ConstInt
	ConstFloat
	ConstString
)

// Const is a literal. Text is the literal as written without quotes
// ("1.5", "[1,2,3]", "true").
type Const struct {
	Kind ConstKind
	Text string
	P    int
}

// Param is a $n parameter, N 1-based.
type Param struct {
	N int
	P int
}

// ColumnRef names a column, optionally qualified by table ("items.id")
// and schema ("public.items.id": Schema is then set).
type ColumnRef struct {
	Schema string
	Table  string
	Name   string
	P      int
}

// BinaryExpr is a binary operator: comparison (= <> < <= > >=), arithmetic
// (+ - * /), concatenation (||) or a distance (<-> <#> <=> <+>).
// "!=" is normalised to "<>".
type BinaryExpr struct {
	Op   string
	L, R Expr
	P    int // position of the operator
}

// UnaryExpr is a prefix operator: "-" or "+".
type UnaryExpr struct {
	Op string
	X  Expr
	P  int
}

// BoolOp is AND, OR or NOT.
type BoolOp uint8

// Boolean operators.
const (
	And BoolOp = iota
	Or
	Not
)

// BoolExpr is AND/OR over two or more arguments, or NOT over one.
type BoolExpr struct {
	Op   BoolOp
	Args []Expr
	P    int
}

// FuncCall is name(args) or name(*). Name is lower case without a
// pg_catalog. prefix. SQL value functions (current_user, current_schema,
// current_database()) are FuncCalls with no arguments. Distinct is
// name(DISTINCT args): an aggregate over the distinct non-NULL values.
// Over is the call's OVER clause (ast_window.go); nil when it has none.
// An aggregate's ORDER BY inside the call (array_agg(x ORDER BY y)) is
// Order, and its FILTER (WHERE cond) Filter (nil when absent).
type FuncCall struct {
	Name     string
	Args     []Expr
	Star     bool
	Distinct bool
	Order    []OrderItem
	Filter   Expr
	P        int
	Over     *WindowSpec
}

// Cast is X::type or CAST(X AS type). Type is resolved by types.LookupType.
type Cast struct {
	X    Expr
	Type types.Type
	P    int
	// RowType names a relation whose row type is the target (X::t, the
	// binder resolves it; Type is then types.RecordType), "" otherwise;
	// RowTypeP is the name's position.
	RowType, RowSchema string
	RowTypeP           int
}

// IsNull is X IS [NOT] NULL.
type IsNull struct {
	X   Expr
	Not bool
	P   int
}

// InList is X [NOT] IN (list).
type InList struct {
	X    Expr
	List []Expr
	Not  bool
	P    int
}

// Between is X [NOT] BETWEEN Lo AND Hi.
type Between struct {
	X, Lo, Hi Expr
	Not       bool
	P         int
}

// Default is the DEFAULT keyword in INSERT ... VALUES.
type Default struct{ P int }

// ArrayExpr is an ARRAY[e1, e2, ...] constructor (Elems may be empty:
// ARRAY[]); an element that is itself an ArrayExpr ([...] inside it, or
// ARRAY[...]) makes one more dimension. The planner gives it an array
// type from its context or its elements. psycopg2 sends Python lists this
// way.
type ArrayExpr struct {
	Elems []Expr
	P     int
}

// Pos implements Expr.
func (e *Const) Pos() int      { return e.P }
func (e *Param) Pos() int      { return e.P }
func (e *ColumnRef) Pos() int  { return e.P }
func (e *BinaryExpr) Pos() int { return e.P }
func (e *UnaryExpr) Pos() int  { return e.P }
func (e *BoolExpr) Pos() int   { return e.P }
func (e *FuncCall) Pos() int   { return e.P }
func (e *Cast) Pos() int       { return e.P }
func (e *IsNull) Pos() int     { return e.P }
func (e *InList) Pos() int     { return e.P }
func (e *Between) Pos() int    { return e.P }
func (e *Default) Pos() int    { return e.P }
func (e *ArrayExpr) Pos() int  { return e.P }
