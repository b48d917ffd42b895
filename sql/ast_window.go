package sql

// AST of window function calls (convert_window.go): the OVER clause of a
// FuncCall and the WINDOW clause of a SELECT (PostgreSQL docs, 4.2.8
// "Window Function Calls", and SELECT's WINDOW clause).

// WindowSpec is a window definition: OVER name, OVER (...), or one entry
// of WINDOW name AS (...). Ref names the window it copies ("" when none),
// whose PARTITION BY it takes and whose ORDER BY it may add; Name is the
// entry's name in a WINDOW clause, or for OVER name (Bare) the window
// named. Frame is nil when the definition has none (PostgreSQL's default
// frame: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW).
type WindowSpec struct {
	Name      string
	Ref       string
	Bare      bool // OVER name, without parentheses
	Partition []Expr
	Order     []OrderItem
	Frame     *Frame
	P         int // byte offset of the definition (OVER's parenthesis, the WINDOW entry's name)
}

// FrameMode is the unit a frame's offsets count in.
type FrameMode int

const (
	FrameRange FrameMode = iota
	FrameRows
	FrameGroups
)

// FrameBoundKind is where a frame starts or ends.
type FrameBoundKind int

const (
	UnboundedPreceding FrameBoundKind = iota
	OffsetPreceding
	CurrentRow
	OffsetFollowing
	UnboundedFollowing
)

// FrameExclude is a frame's EXCLUDE option.
type FrameExclude int

const (
	ExcludeNoOthers FrameExclude = iota
	ExcludeCurrentRow
	ExcludeGroup
	ExcludeTies
)

// FrameBound is one end of a frame; Offset is set for the offset kinds.
type FrameBound struct {
	Kind   FrameBoundKind
	Offset Expr
}

// Frame is a frame clause: Mode BETWEEN Start AND End EXCLUDE Exclude (a
// frame without BETWEEN ends at CURRENT ROW). P is the byte offset of the
// window definition, where PostgreSQL places frame errors.
type Frame struct {
	Mode       FrameMode
	Start, End FrameBound
	Exclude    FrameExclude
}
