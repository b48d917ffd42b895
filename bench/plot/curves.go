package main

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// recallChart draws recall@10 (x) against queries per second (y, log scale),
// one line per series, each point labelled with its swept value. It fails
// when there is no line or a point has QPS <= 0 (no logarithm).
func recallChart(all []series, title string) (*plot.Plot, error) {
	if len(all) == 0 {
		return nil, fmt.Errorf("recall chart: no line to draw (check -conns)")
	}
	p := newPlot(title)
	p.X.Label.Text = "recall@10 (points labelled with " + commonSetting(all) + ")"
	p.Y.Label.Text = "queries per second (log scale)"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.TickerFunc(logTicks125)
	p.X.Tick.Marker = plot.TickerFunc(linearTicks)
	p.Add(plotter.NewGrid())
	p.Legend.Left = true // low recall at low QPS: the empty corner
	labels := seriesLabels(all)
	colour, dash := styleIndexes(all)
	for i, s := range all {
		if err := addLine(p, s, labels[i], colour[i], dash[i]); err != nil {
			return nil, fmt.Errorf("recall chart, line %q: %w", labels[i], err)
		}
	}
	padLog(&p.Y.Min, &p.Y.Max, 1.15)
	padLinear(&p.X.Min, &p.X.Max, 0.04)
	return p, nil
}

// addLine adds one series as a line with markers, its legend entry and the
// labels of its points.
func addLine(p *plot.Plot, s series, label string, colour, dash int) error {
	xys := make(plotter.XYs, len(s.Points))
	names := make([]string, len(s.Points))
	for i, pt := range s.Points {
		if pt.QPS <= 0 {
			return fmt.Errorf("ef %d: QPS %g is not positive", pt.Ef, pt.QPS)
		}
		xys[i] = plotter.XY{X: pt.Recall, Y: pt.QPS}
		names[i] = strconv.Itoa(pt.Ef)
	}
	line, marks, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	line.Color = plotutil.Color(colour)
	line.Dashes = plotutil.Dashes(dash)
	line.Width = vg.Points(1.2)
	marks.Color = plotutil.Color(colour)
	marks.Shape = plotutil.Shape(dash)
	marks.Radius = vg.Points(2.5)
	tags, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: names})
	if err != nil {
		return err
	}
	for i := range tags.TextStyle {
		tags.TextStyle[i].Font.Size = vg.Points(7)
		tags.TextStyle[i].Color = plotutil.Color(colour)
	}
	tags.Offset = vg.Point{X: vg.Points(3), Y: vg.Points(3)}
	p.Add(line, marks, tags)
	p.Legend.Add(label, line, marks)
	return nil
}

// padLog widens [*lo, *hi] by factor on each side (a log axis).
func padLog(lo, hi *float64, factor float64) {
	*lo /= factor
	*hi *= factor
}

// padLinear widens [*lo, *hi] by frac of its width on each side, and caps
// the top at 1 plus that margin (recall cannot exceed 1).
func padLinear(lo, hi *float64, frac float64) {
	w := *hi - *lo
	if w == 0 {
		w = 0.01
	}
	*lo -= frac * w
	*hi = math.Min(*hi+frac*w, 1+frac*w)
}
