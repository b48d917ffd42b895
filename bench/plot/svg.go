package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Picture size, in points (1/72 inch).
const (
	chartWidth  = vg.Length(760)
	chartHeight = vg.Length(480)
)

// chartFont is the typeface of every text (gonum/plot ships Liberation and
// measures text with it).
var chartFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// svgFontFamily is what vgsvg writes for chartFont, and svgFontFallback what
// renderSVG writes instead: Arial has Liberation Sans's metrics, so a viewer
// without Liberation still fits the text where it was measured.
const (
	svgFontFamily   = "font-family:Liberation Sans;"
	svgFontFallback = "font-family:'Liberation Sans',Arial,Helvetica,sans-serif;"
)

// newPlot returns an empty plot with the given title, in chartFont.
func newPlot(title string) *plot.Plot {
	plot.DefaultFont = chartFont
	plotter.DefaultFont = chartFont
	p := plot.New()
	p.Title.Text = title
	return p
}

// renderSVG draws p on a chartWidth x chartHeight SVG canvas without
// embedded fonts, naming fallbacks for the font; the bytes depend only on p.
func renderSVG(p *plot.Plot) ([]byte, error) {
	c := vgsvg.New(chartWidth, chartHeight)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("rendering SVG: %w", err)
	}
	return bytes.ReplaceAll(buf.Bytes(), []byte(svgFontFamily), []byte(svgFontFallback)), nil
}

// writeSVG renders p into path, creating its directory.
func writeSVG(p *plot.Plot, path string) error {
	b, err := renderSVG(p)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("creating output directory: %w", err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		return fmt.Errorf("writing chart: %w", err)
	}
	return nil
}
