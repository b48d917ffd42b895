package main

import (
	"reflect"
	"testing"
)

func TestWithConns(t *testing.T) {
	all := []series{{System: "a", Conns: 1}, {System: "a", Conns: 8}, {System: "b", Conns: 1}}
	if got := withConns(all, 1); !reflect.DeepEqual(got, []series{all[0], all[2]}) {
		t.Errorf("withConns(1) = %+v", got)
	}
	if got := withConns(all, 0); len(got) != 3 {
		t.Errorf("withConns(0) kept %d lines, want all 3", len(got))
	}
	if got := withConns(all, 4); len(got) != 0 {
		t.Errorf("withConns(4) = %+v, want none", got)
	}
}

func TestSeriesLabels(t *testing.T) {
	tests := []struct {
		name string
		in   []series
		want []string
	}{
		{"one conns value: not named",
			[]series{{System: "vecgres", Variant: "plain", Conns: 1}, {System: "pgvector", Variant: "plain", Conns: 1}},
			[]string{"vecgres plain", "pgvector plain"}},
		{"two conns values: named",
			[]series{{System: "vecgres", Conns: 1}, {System: "vecgres", Conns: 8}},
			[]string{"vecgres, 1 conns", "vecgres, 8 conns"}},
		{"same name twice: the file tells them apart",
			[]series{{System: "vecgres", Conns: 1, Source: "r1.json"}, {System: "vecgres", Conns: 1, Source: "r2.json"}, {System: "pgvector", Conns: 1, Source: "r1.json"}},
			[]string{"vecgres (r1.json)", "vecgres (r2.json)", "pgvector"}},
	}
	for _, tc := range tests {
		if got := seriesLabels(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: labels = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// One system keeps one colour and one shape keeps one dash across systems.
func TestStyleIndexes(t *testing.T) {
	in := []series{
		{System: "pgvector", Variant: "join", Conns: 1},
		{System: "pgvector", Variant: "plain", Conns: 1},
		{System: "vecgres", Variant: "join", Conns: 1},
		{System: "vecgres", Variant: "plain", Conns: 1},
		{System: "vecgres", Variant: "plain", Conns: 8},
	}
	colour, dash := styleIndexes(in)
	if want := []int{0, 0, 1, 1, 1}; !reflect.DeepEqual(colour, want) {
		t.Errorf("colours = %v, want %v", colour, want)
	}
	if want := []int{0, 1, 0, 1, 2}; !reflect.DeepEqual(dash, want) {
		t.Errorf("dashes = %v, want %v", dash, want)
	}
}

func TestCommonSetting(t *testing.T) {
	if got := commonSetting([]series{{Setting: "ivfflat.probes"}, {Setting: "ivfflat.probes"}}); got != "ivfflat.probes" {
		t.Errorf("shared setting = %q", got)
	}
	if got := commonSetting([]series{{Setting: "ivfflat.probes"}, {Setting: "hnsw.ef_search"}}); got != "ef_search" {
		t.Errorf("mixed settings = %q, want ef_search", got)
	}
}
