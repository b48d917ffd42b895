package planner

import (
	"strconv"
	"strings"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Windows as PostgreSQL 15's transformWindowDefinitions binds them: OVER
// name uses a WINDOW clause entry as it is; OVER (name ...) copies its
// PARTITION BY (and ORDER BY), may add an ORDER BY when it has none, and
// may not copy one with a frame (42P20 each); an unknown name is 42704.
// Partition keys and ORDER BY keys are any expressions with an ordering
// (no window calls: 42P20). A RANGE offset needs exactly one ORDER BY key
// and GROUPS an ORDER BY (42P20). ROWS and GROUPS offsets are bigint;
// a RANGE offset's type must suit the ORDER BY key (integers with
// integers, floats with any number, numeric with integers and numeric;
// other key types are 0A000); no offset may read a column (42P10).
// Windows that bind alike share one Window node.

// winSpec is a bound window; key identifies equal windows ("" never
// equal: it holds an expression EXPLAIN cannot print).
type winSpec struct {
	part  []orderKey // ascending, NULLs last: only equality matters
	order []orderKey
	frame winFrame
	key   string
}

// winFrame is a bound frame: ir.Frame's shape with bound offsets.
type winFrame struct {
	mode       ir.FrameMode
	start, end winBound
	exclude    ir.Exclusion
}

// winBound is one end of a winFrame.
type winBound struct {
	kind ir.BoundKind
	off  expr
}

// resolve is w with the window it names copied in (WINDOW entries are
// stored resolved). Errors: 42704, 42P20 as above.
func (ws *winState) resolve(w *sql.WindowSpec) (*sql.WindowSpec, error) {
	if w.Ref == "" {
		return w, nil
	}
	ref, ok := ws.named[w.Ref]
	switch {
	case !ok:
		return nil, pgerror.Errorf(pgerror.UndefinedObject, "window %q does not exist", w.Ref).WithPosition(w.P + 1)
	case w.Bare:
		return ref, nil
	case len(w.Partition) > 0:
		return nil, pgerror.Errorf(pgerror.WindowingError, "cannot override PARTITION BY clause of window %q", w.Ref).WithPosition(w.P + 1)
	case len(w.Order) > 0 && len(ref.Order) > 0:
		return nil, pgerror.Errorf(pgerror.WindowingError, "cannot override ORDER BY clause of window %q", w.Ref).WithPosition(w.P + 1)
	case ref.Frame != nil:
		err := pgerror.Errorf(pgerror.WindowingError, "cannot copy window %q because it has a frame clause", w.Ref).WithPosition(w.P + 1)
		if w.Name == "" {
			err = err.WithHint("Omit the parentheses in this OVER clause.")
		}
		return nil, err
	}
	out := *w
	out.Ref, out.Partition, out.Order = "", ref.Partition, ref.Order
	if len(w.Order) > 0 {
		out.Order = w.Order
	}
	return &out, nil
}

// windowSpec binds the window of an OVER clause, the same spec for
// windows that bind alike.
func (b *binder) windowSpec(ws *winState, over *sql.WindowSpec) (*winSpec, error) {
	w, err := ws.resolve(over)
	if err != nil {
		return nil, err
	}
	s, err := b.bindSpec(w)
	if err != nil {
		return nil, err
	}
	for _, old := range ws.specs {
		if s.key != "" && old.key == s.key {
			return old, nil
		}
	}
	ws.specs = append(ws.specs, s)
	return s, nil
}

// checkNamedWindows binds the WINDOW clause's entries, used or not, for
// their errors (PostgreSQL binds them all).
func (b *binder) checkNamedWindows(x *sql.Select, ws *winState) error {
	for _, w := range x.Windows {
		if _, err := b.bindSpec(ws.named[w.Name]); err != nil {
			return err
		}
	}
	return nil
}

// bindSpec binds the resolved window w.
func (b *binder) bindSpec(w *sql.WindowSpec) (*winSpec, error) {
	var err error
	outer, denied := b.wins, b.winDenied
	b.wins, b.winDenied = nil, "window functions are not allowed in window definitions"
	defer func() { b.wins, b.winDenied = outer, denied }()
	s := &winSpec{}
	for _, x := range w.Partition {
		k, err := b.windowKey(sql.OrderItem{Expr: x})
		if err != nil {
			return nil, err
		}
		s.part = append(s.part, k)
	}
	for _, o := range w.Order {
		k, err := b.windowKey(o)
		if err != nil {
			return nil, err
		}
		s.order = append(s.order, k)
	}
	if s.frame, err = b.windowFrame(w, s.order); err != nil {
		return nil, err
	}
	s.key = s.identity()
	return s, nil
}

// windowKey binds a PARTITION BY or ORDER BY key as bindOrder does.
func (b *binder) windowKey(o sql.OrderItem) (orderKey, error) {
	k, err := b.bind(o.Expr, types.Unknown)
	if err != nil {
		return orderKey{}, err
	}
	return orderKeyOf(k, o) // bind_select.go
}

// The plan IR's names of the AST's frame options.
var (
	irFrameMode = map[sql.FrameMode]ir.FrameMode{sql.FrameRange: ir.RangeFrame, sql.FrameRows: ir.RowsFrame, sql.FrameGroups: ir.GroupsFrame}
	irBoundKind = map[sql.FrameBoundKind]ir.BoundKind{sql.UnboundedPreceding: ir.UnboundedPreceding,
		sql.OffsetPreceding: ir.OffsetPreceding, sql.CurrentRow: ir.CurrentRow, sql.OffsetFollowing: ir.OffsetFollowing,
		sql.UnboundedFollowing: ir.UnboundedFollowing}
	irExclusion = map[sql.FrameExclude]ir.Exclusion{sql.ExcludeNoOthers: ir.ExcludeNoOthers,
		sql.ExcludeCurrentRow: ir.ExcludeCurrentRow, sql.ExcludeGroup: ir.ExcludeGroup, sql.ExcludeTies: ir.ExcludeTies}
)

// frameModes names the frame modes in errors.
var frameModes = map[ir.FrameMode]string{ir.RangeFrame: "RANGE", ir.RowsFrame: "ROWS", ir.GroupsFrame: "GROUPS"}

// windowFrame binds w's frame over ORDER BY keys order; the default
// frame when w has none.
func (b *binder) windowFrame(w *sql.WindowSpec, order []orderKey) (winFrame, error) {
	if w.Frame == nil {
		return winFrame{mode: ir.RangeFrame, start: winBound{kind: ir.UnboundedPreceding}, end: winBound{kind: ir.CurrentRow}}, nil
	}
	f := winFrame{mode: irFrameMode[w.Frame.Mode], exclude: irExclusion[w.Frame.Exclude],
		start: winBound{kind: irBoundKind[w.Frame.Start.Kind]}, end: winBound{kind: irBoundKind[w.Frame.End.Kind]}}
	hasOffset := w.Frame.Start.Offset != nil || w.Frame.End.Offset != nil
	switch {
	case f.mode == ir.RangeFrame && hasOffset && len(order) != 1:
		return f, pgerror.New(pgerror.WindowingError, "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column").WithPosition(w.P + 1)
	case f.mode == ir.GroupsFrame && len(order) == 0:
		return f, pgerror.New(pgerror.WindowingError, "GROUPS mode requires an ORDER BY clause").WithPosition(w.P + 1)
	}
	var err error
	if f.start.off, err = b.frameOffset(w.Frame.Start.Offset, f.mode, order); err != nil {
		return f, err
	}
	f.end.off, err = b.frameOffset(w.Frame.End.Offset, f.mode, order)
	return f, err
}

// frameOffset binds a frame offset (nil: none) of mode.
func (b *binder) frameOffset(x sql.Expr, mode ir.FrameMode, order []orderKey) (expr, error) {
	if x == nil {
		return nil, nil
	}
	want := types.Int8
	if mode == ir.RangeFrame {
		want = types.Unknown
	}
	off, err := b.bind(x, want)
	if err != nil {
		return nil, err
	}
	pos := leftmost(x) // bind_array.go
	if findColumn(off) != nil {
		return nil, pgerror.Errorf(pgerror.InvalidColumnReference, "argument of %s must not contain variables", frameModes[mode]).WithPosition(pos + 1)
	}
	if mode == ir.RangeFrame {
		return rangeOffset(off, order[0].x.Type(), pos)
	}
	if off.Type().Kind != types.KindUnknown && classOf(off.Type()) != classNumeric {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "argument of %s must be type bigint, not type %s", frameModes[mode], off.Type().Name()).WithPosition(pos + 1)
	}
	return coerce(off, types.Int8, pos)
}

// rangeOffset converts a RANGE offset to the type its ORDER BY key of
// type t moves by: bigint for integer keys, double precision for floats,
// numeric for numeric.
func rangeOffset(off expr, t types.Type, pos int) (expr, error) {
	ok := func(kinds ...types.Kind) bool {
		for _, k := range append(kinds, types.KindUnknown) {
			if off.Type().Kind == k {
				return true
			}
		}
		return false
	}
	var to types.Type
	fits := false
	switch t.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
		to, fits = types.Int8, ok(types.KindInt2, types.KindInt4, types.KindInt8)
	case types.KindFloat4, types.KindFloat8:
		to, fits = types.Float8, ok(types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8)
	case types.KindNumeric:
		to, fits = types.Numeric, ok(types.KindInt2, types.KindInt4, types.KindInt8, types.KindNumeric)
	default:
		return nil, pgerror.New(pgerror.FeatureNotSupported, "RANGE with offset PRECEDING/FOLLOWING is not supported for column type "+t.Name()).WithPosition(pos + 1)
	}
	if !fits {
		return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "RANGE with offset PRECEDING/FOLLOWING is not supported for column type %s and offset type %s", t.Name(), off.Type().Name()).
			WithHint("Cast the offset value to an appropriate type.").WithPosition(pos + 1)
	}
	return coerce(off, to, pos)
}

// identity is s's text for merging equal windows; "" when an expression
// prints as "?" (formatBound cannot tell it from another).
func (s *winSpec) identity() string {
	var sb strings.Builder
	for _, k := range s.part {
		sb.WriteString(formatBound(k.x) + ";")
	}
	sb.WriteString("|")
	for _, k := range s.order {
		sb.WriteString(formatBound(k.x))
		sb.WriteString(map[bool]string{true: " d", false: " a"}[k.desc] + map[bool]string{true: "f;", false: "l;"}[k.nullsFirst])
	}
	f := s.frame
	sb.WriteString("|" + frameModes[f.mode] + strconv.Itoa(int(f.start.kind)) + strconv.Itoa(int(f.end.kind)) + strconv.Itoa(int(f.exclude)))
	for _, o := range []expr{f.start.off, f.end.off} {
		if o != nil {
			sb.WriteString(";" + formatBound(o))
		}
	}
	if strings.Contains(sb.String(), "?") {
		return ""
	}
	return sb.String()
}
