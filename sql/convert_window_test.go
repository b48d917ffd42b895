package sql

import (
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestConvertWindow: OVER clauses and the WINDOW clause convert into
// WindowSpecs with their frames; a bare OVER name is a reference.
func TestConvertWindow(t *testing.T) {
	q := "SELECT sum(x) OVER (w ORDER BY y DESC ROWS BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE TIES), " +
		"rank() OVER w, count(*) OVER (PARTITION BY z GROUPS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), " +
		"row_number() OVER (RANGE 3 PRECEDING) FROM t WINDOW w AS (PARTITION BY z)"
	s := parseOne(t, q).(*Select)
	over := func(i int) *WindowSpec { return s.Items[i].Expr.(*FuncCall).Over }
	w0 := over(0)
	if w0.Ref != "w" || w0.Bare || len(w0.Order) != 1 || !w0.Order[0].Desc || w0.Frame == nil ||
		w0.Frame.Mode != FrameRows || w0.Frame.Start.Kind != OffsetPreceding || w0.Frame.Start.Offset == nil ||
		w0.Frame.End.Kind != CurrentRow || w0.Frame.Exclude != ExcludeTies {
		t.Errorf("OVER (w ORDER BY ... ROWS ...): %+v %+v", w0, w0.Frame)
	}
	if w1 := over(1); w1.Ref != "w" || !w1.Bare || w1.Frame != nil {
		t.Errorf("OVER w: %+v", w1)
	}
	w2 := over(2)
	if len(w2.Partition) != 1 || w2.Frame.Mode != FrameGroups || w2.Frame.Start.Kind != CurrentRow ||
		w2.Frame.End.Kind != UnboundedFollowing || !s.Items[2].Expr.(*FuncCall).Star {
		t.Errorf("count(*) OVER (PARTITION BY z GROUPS ...): %+v %+v", w2, w2.Frame)
	}
	if w3 := over(3); w3.Frame.Mode != FrameRange || w3.Frame.Start.Kind != OffsetPreceding || w3.Frame.End.Kind != CurrentRow {
		t.Errorf("RANGE 3 PRECEDING (no BETWEEN: ends at the current row): %+v", w3.Frame)
	}
	if len(s.Windows) != 1 || s.Windows[0].Name != "w" || len(s.Windows[0].Partition) != 1 || s.Windows[0].Frame != nil {
		t.Errorf("WINDOW clause: %+v", s.Windows)
	}
}

// Aggregate decorations the window path does not take are refused with
// 0A000: ORDER BY inside the call (PostgreSQL's own refusal) and FILTER
// (not yet served over a window).
func TestConvertWindowRefused(t *testing.T) {
	for q, msg := range map[string]string{
		"SELECT array_agg(x ORDER BY y) OVER () FROM t":     "aggregate ORDER BY is not implemented for window functions",
		"SELECT sum(x) FILTER (WHERE x > 1) OVER () FROM t": "FILTER in window function calls is not supported by vecgres",
	} {
		_, err := Parse(q)
		pe, ok := err.(*pgerror.Error)
		if !ok || pe.Code != pgerror.FeatureNotSupported || pe.Message != msg || pe.Position != 8 {
			t.Errorf("%s: %v, want 0A000 %q at 8", q, err, msg)
		}
	}
}
