package main

import (
	"fmt"
	"slices"
)

// withConns keeps the lines measured at conns connections; conns 0 keeps
// them all.
func withConns(all []series, conns int) []series {
	if conns == 0 {
		return all
	}
	var out []series
	for _, s := range all {
		if s.Conns == conns {
			out = append(out, s)
		}
	}
	return out
}

// seriesLabels names each line for the legend: system and variant, the
// connection count when the lines have more than one, and the report's file
// name when that still leaves two lines with the same name.
func seriesLabels(all []series) []string {
	var conns []int
	for _, s := range all {
		if !slices.Contains(conns, s.Conns) {
			conns = append(conns, s.Conns)
		}
	}
	out := make([]string, len(all))
	for i, s := range all {
		out[i] = joinNonEmpty(s.System, s.Variant)
		if len(conns) > 1 {
			out[i] += fmt.Sprintf(", %d conns", s.Conns)
		}
	}
	sources := make([]string, len(all))
	for i, s := range all {
		sources[i] = s.Source
	}
	return disambiguate(out, sources)
}

// timingLabels names each bar group: the system, and the report's file name
// when two groups share it.
func timingLabels(all []timing) []string {
	names := make([]string, len(all))
	sources := make([]string, len(all))
	for i, t := range all {
		names[i], sources[i] = t.System, t.Source
	}
	return disambiguate(names, sources)
}

// disambiguate appends " (source)" to every name that occurs more than once.
func disambiguate(names, sources []string) []string {
	count := map[string]int{}
	for _, n := range names {
		count[n]++
	}
	out := slices.Clone(names)
	for i, n := range names {
		if count[n] > 1 {
			out[i] = fmt.Sprintf("%s (%s)", n, sources[i])
		}
	}
	return out
}

// styleIndexes gives each line a colour index by system (first seen, first
// index) and a dash/marker index by variant and
// connection count (first seen, first index), so one system keeps its colour
// and one shape keeps its dash across systems.
func styleIndexes(all []series) (colour, dash []int) {
	var systems, variants []string
	for _, s := range all {
		v := fmt.Sprintf("%s/%d", s.Variant, s.Conns)
		if !slices.Contains(systems, s.System) {
			systems = append(systems, s.System)
		}
		if !slices.Contains(variants, v) {
			variants = append(variants, v)
		}
		colour = append(colour, slices.Index(systems, s.System))
		dash = append(dash, slices.Index(variants, v))
	}
	return colour, dash
}

// commonSetting returns the swept value's name shared by every line, or
// "ef_search" when they differ or there are none.
func commonSetting(all []series) string {
	if len(all) == 0 {
		return defaultSetting
	}
	for _, s := range all[1:] {
		if s.Setting != all[0].Setting {
			return defaultSetting
		}
	}
	return all[0].Setting
}
