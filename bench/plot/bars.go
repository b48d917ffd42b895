package main

import (
	"fmt"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Bar widths: the bars of all groups share barSpace, one group holds one or
// two bars (build, load), and no bar is wider than maxBarWidth.
const (
	barSpace    = vg.Length(520)
	maxBarWidth = vg.Length(60)
)

// buildChart draws the build seconds (and, when any report has them, the
// load seconds) of each system as grouped bars, each bar labelled with its
// value. It fails when there is no timing.
func buildChart(all []timing, title string) (*plot.Plot, error) {
	if len(all) == 0 {
		return nil, fmt.Errorf("build chart: no report carries a build time")
	}
	p := newPlot(title)
	p.Y.Label.Text = "seconds"
	p.Legend.Top = true
	build := make(plotter.Values, len(all))
	load := make(plotter.Values, len(all))
	anyLoad := false
	for i, t := range all {
		build[i], load[i] = t.BuildSeconds, t.LoadSeconds
		anyLoad = anyLoad || t.HasLoad
	}
	perGroup := 1
	if anyLoad {
		perGroup = 2
	}
	width := min(maxBarWidth, barSpace/vg.Length(len(all)*(perGroup+1)))
	offset := vg.Length(0)
	if anyLoad {
		offset = -width / 2
	}
	if err := addBars(p, build, "index build", 0, width, offset); err != nil {
		return nil, err
	}
	if anyLoad {
		if err := addBars(p, load, "load (COPY)", 1, width, width/2); err != nil {
			return nil, err
		}
	}
	p.NominalX(timingLabels(all)...)
	p.X.Min, p.X.Max = -0.5, float64(len(all))-0.5
	p.Y.Min = 0
	p.Y.Max *= 1.12 // room for the value labels
	p.Y.Tick.Marker = plot.TickerFunc(linearTicks)
	return p, nil
}

// addBars adds one bar per value, width wide and shifted by offset, with a legend entry and
// the value printed above each bar.
func addBars(p *plot.Plot, vals plotter.Values, name string, colour int, width, offset vg.Length) error {
	bars, err := plotter.NewBarChart(vals, width)
	if err != nil {
		return fmt.Errorf("build chart, %s bars: %w", name, err)
	}
	bars.Color = plotutil.Color(colour)
	bars.LineStyle.Width = 0
	bars.Offset = offset
	xys := make(plotter.XYs, len(vals))
	names := make([]string, len(vals))
	for i, v := range vals {
		xys[i] = plotter.XY{X: float64(i), Y: v}
		if v > 0 { // a missing load time gets no label
			names[i] = strconv.FormatFloat(v, 'f', 1, 64)
		}
	}
	tags, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: names})
	if err != nil {
		return fmt.Errorf("build chart, %s labels: %w", name, err)
	}
	for i := range tags.TextStyle {
		tags.TextStyle[i].Font.Size = vg.Points(8)
		tags.TextStyle[i].XAlign = text.XCenter
	}
	tags.Offset = vg.Point{X: offset, Y: vg.Points(2)}
	p.Add(bars, tags)
	p.Legend.Add(name, bars)
	return nil
}
