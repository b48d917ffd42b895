package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// PostgreSQL's frame option bits (nodes/parsenodes.h, FRAMEOPTION_*), as
// pg_query's WindowDef.FrameOptions carries them.
const (
	frameNonDefault            = 0x00001
	frameRows                  = 0x00004
	frameGroups                = 0x00008
	frameStartUnboundedPreced  = 0x00020
	frameEndUnboundedFollowing = 0x00100
	frameStartCurrentRow       = 0x00200
	frameEndCurrentRow         = 0x00400
	frameStartOffsetPreceding  = 0x00800
	frameEndOffsetPreceding    = 0x01000
	frameStartOffsetFollowing  = 0x02000
	frameEndOffsetFollowing    = 0x04000
	frameExcludeCurrentRow     = 0x08000
	frameExcludeGroup          = 0x10000
	frameExcludeTies           = 0x20000
)

// windowClause converts SELECT's WINDOW clause.
func (c *conv) windowClause(list []*pg_query.Node) ([]*WindowSpec, error) {
	var out []*WindowSpec
	for _, n := range list {
		w, err := c.windowDef(n.GetWindowDef())
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}

// windowDef converts one window definition (an OVER clause or a WINDOW
// clause entry).
func (c *conv) windowDef(d *pg_query.WindowDef) (*WindowSpec, error) {
	w := &WindowSpec{Name: d.GetName(), Ref: d.GetRefname(), P: int(d.GetLocation())}
	var err error
	if w.Partition, err = c.exprs(d.GetPartitionClause()); err != nil {
		return nil, err
	}
	if w.Order, err = c.orderBy(d.GetOrderClause()); err != nil { // convert_select.go
		return nil, err
	}
	w.Frame, err = c.frame(d)
	return w, err
}

// overClause converts a call's OVER: OVER name is a bare reference to a
// WINDOW clause entry (pg_query gives it as the WindowDef's name).
func (c *conv) overClause(d *pg_query.WindowDef) (*WindowSpec, error) {
	w, err := c.windowDef(d)
	if err != nil {
		return nil, err
	}
	if w.Name != "" {
		w.Bare, w.Ref, w.Name = true, w.Name, ""
	}
	return w, nil
}

// frame converts d's frame options; nil without a frame clause.
func (c *conv) frame(d *pg_query.WindowDef) (*Frame, error) {
	opt := d.GetFrameOptions()
	if opt&frameNonDefault == 0 {
		return nil, nil
	}
	f := &Frame{Mode: FrameRange}
	switch {
	case opt&frameRows != 0:
		f.Mode = FrameRows
	case opt&frameGroups != 0:
		f.Mode = FrameGroups
	}
	var err error
	if f.Start, err = c.frameBound(opt, d.GetStartOffset(), frameStartUnboundedPreced, frameStartOffsetPreceding,
		frameStartCurrentRow, frameStartOffsetFollowing, 0); err != nil {
		return nil, err
	}
	if f.End, err = c.frameBound(opt, d.GetEndOffset(), 0, frameEndOffsetPreceding,
		frameEndCurrentRow, frameEndOffsetFollowing, frameEndUnboundedFollowing); err != nil {
		return nil, err
	}
	switch {
	case opt&frameExcludeCurrentRow != 0:
		f.Exclude = ExcludeCurrentRow
	case opt&frameExcludeGroup != 0:
		f.Exclude = ExcludeGroup
	case opt&frameExcludeTies != 0:
		f.Exclude = ExcludeTies
	}
	return f, nil
}

// frameBound converts one end of a frame from the option bits that
// describe it (0 for a bit the end cannot have); an end without bits is
// CURRENT ROW (a frame without BETWEEN).
func (c *conv) frameBound(opt int32, off *pg_query.Node, unbPre, offPre, cur, offFol, unbFol int32) (FrameBound, error) {
	switch {
	case unbPre != 0 && opt&unbPre != 0:
		return FrameBound{Kind: UnboundedPreceding}, nil
	case unbFol != 0 && opt&unbFol != 0:
		return FrameBound{Kind: UnboundedFollowing}, nil
	case opt&(offPre|offFol) != 0:
		x, err := c.expr(off)
		if err != nil {
			return FrameBound{}, err
		}
		k := OffsetPreceding
		if opt&offFol != 0 {
			k = OffsetFollowing
		}
		return FrameBound{Kind: k, Offset: x}, nil
	}
	return FrameBound{Kind: CurrentRow}, nil
}
