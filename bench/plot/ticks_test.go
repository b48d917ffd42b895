package main

import (
	"reflect"
	"testing"

	"gonum.org/v1/plot"
)

// labelled returns the labels of the ticks that have one.
func labelled(ticks []plot.Tick) []string {
	var out []string
	for _, t := range ticks {
		if t.Label != "" {
			out = append(out, t.Label)
		}
	}
	return out
}

func TestLinearTicks(t *testing.T) {
	tests := []struct {
		lo, hi float64
		want   []string
	}{
		{0.97, 1.0, []string{"0.970", "0.975", "0.980", "0.985", "0.990", "0.995", "1.000"}},
		{0.9, 1.0, []string{"0.90", "0.92", "0.94", "0.96", "0.98", "1.00"}},
		{0, 26.4, []string{"0", "5", "10", "15", "20", "25"}},
		{0, 7, []string{"0", "1", "2", "3", "4", "5", "6", "7"}},
	}
	for _, tc := range tests {
		if got := labelled(linearTicks(tc.lo, tc.hi)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("linearTicks(%g, %g) labels = %q, want %q", tc.lo, tc.hi, got, tc.want)
		}
	}
}

// Under a decade of QPS still gets labels at 1, 2 and 5 times a power of ten.
func TestLogTicks125(t *testing.T) {
	ticks := logTicks125(1500, 12000)
	if got, want := labelled(ticks), []string{"2000", "5000", "10000"}; !reflect.DeepEqual(got, want) {
		t.Errorf("labels = %q, want %q", got, want)
	}
	var values []float64
	for _, tk := range ticks {
		values = append(values, tk.Value)
	}
	want := []float64{2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000}
	if !reflect.DeepEqual(values, want) {
		t.Errorf("tick values = %v, want %v", values, want)
	}
}
