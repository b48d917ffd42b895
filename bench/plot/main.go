package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// options are the command-line flags.
type options struct {
	in    []string // globs of report files, in order
	out   string   // prefix of the SVG files
	title string
	conns int // connection count to plot; 0: every count
	// recall and build say which pictures to write (-charts).
	recall, build bool
}

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "plot:", err)
		os.Exit(1)
	}
}

// run parses the flags, reads the reports and writes PREFIX-recall.svg and,
// when a report carries build times, PREFIX-build.svg (-charts picks).
func run(args []string) error {
	o, err := parseFlags(args)
	if err != nil {
		return err
	}
	lines, times, err := readReports(o.in)
	if err != nil {
		return err
	}
	if o.recall {
		rc, err := recallChart(withConns(lines, o.conns), o.title)
		if err != nil {
			return err
		}
		if err := writeSVG(rc, o.out+"-recall.svg"); err != nil {
			return err
		}
		fmt.Println("wrote", o.out+"-recall.svg")
	}
	if !o.build || len(times) == 0 {
		return nil
	}
	bc, err := buildChart(times, o.title)
	if err != nil {
		return err
	}
	if err := writeSVG(bc, o.out+"-build.svg"); err != nil {
		return err
	}
	fmt.Println("wrote", o.out+"-build.svg")
	return nil
}

// parseFlags reads -in (comma-separated globs, repeatable), -out, -title,
// -conns and -charts.
func parseFlags(args []string) (options, error) {
	var o options
	charts := "recall,build"
	fs := flag.NewFlagSet("plot", flag.ContinueOnError)
	fs.Func("in", "comma-separated globs of report files (bench/ann or hnswlib-compare JSON); repeatable", func(v string) error {
		for _, g := range strings.Split(v, ",") {
			if g = strings.TrimSpace(g); g != "" {
				o.in = append(o.in, g)
			}
		}
		return nil
	})
	fs.StringVar(&o.out, "out", "", "output prefix: writes PREFIX-recall.svg and PREFIX-build.svg")
	fs.StringVar(&o.title, "title", "recall@10 vs QPS", "chart title")
	fs.IntVar(&o.conns, "conns", 0, "plot only the rows measured at this many connections (0: all)")
	fs.StringVar(&charts, "charts", charts, "pictures to write: recall, build or both (comma-separated)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	for _, c := range strings.Split(charts, ",") {
		switch strings.TrimSpace(c) {
		case "recall":
			o.recall = true
		case "build":
			o.build = true
		default:
			return o, fmt.Errorf("-charts: unknown picture %q (want recall, build)", c)
		}
	}
	switch {
	case len(o.in) == 0:
		return o, fmt.Errorf("-in is required")
	case o.out == "":
		return o, fmt.Errorf("-out is required")
	case o.conns < 0:
		return o, fmt.Errorf("-conns %d is negative", o.conns)
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return o, nil
}
