package plan

// What a Window node (join.go) computes, as planner/exec runs it
// (PostgreSQL docs 4.2.8 and 9.22; nodeWindowAgg.c's frame rules).

// WindowFunc is one window function of a Window node: a ranking or value
// function by Name (row_number, rank, dense_rank, percent_rank,
// cume_dist, ntile, lag, lead, first_value, last_value, nth_value), or
// an aggregate over the frame (Agg: its accumulator is the Evaluator's
// WindowAccumulator). Args are evaluated over the node's input rows.
type WindowFunc struct {
	Name string
	Args []Expr
	Agg  bool
}

// FrameMode is the unit of a frame's offsets.
type FrameMode int

const (
	RangeFrame  FrameMode = iota // offsets in ORDER BY values; CURRENT ROW with its peers
	RowsFrame                    // offsets in rows
	GroupsFrame                  // offsets in peer groups
)

// BoundKind is where a frame starts or ends.
type BoundKind int

const (
	UnboundedPreceding BoundKind = iota
	OffsetPreceding
	CurrentRow
	OffsetFollowing
	UnboundedFollowing
)

// Exclusion is a frame's EXCLUDE option.
type Exclusion int

const (
	ExcludeNoOthers Exclusion = iota
	ExcludeCurrentRow
	ExcludeGroup // the current row and its peers
	ExcludeTies  // the current row's peers, not itself
)

// FrameBound is one end of a frame; Offset, for the offset kinds, is
// evaluated once per partition (it may not read the row).
type FrameBound struct {
	Kind   BoundKind
	Offset Expr
}

// Frame is a window's frame: Start to End in Mode, minus Exclude. The
// zero value is not PostgreSQL's default; DefaultFrame is.
type Frame struct {
	Mode       FrameMode
	Start, End FrameBound
	Exclude    Exclusion
}

// DefaultFrame is PostgreSQL's frame without a frame clause: RANGE
// BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (all rows of the partition
// without ORDER BY, since every row is then a peer).
var DefaultFrame = Frame{Mode: RangeFrame, Start: FrameBound{Kind: UnboundedPreceding}, End: FrameBound{Kind: CurrentRow}}
