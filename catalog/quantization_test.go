package catalog

import (
	"testing"

	"github.com/vecgres/vecgres/vecindex"
	"github.com/vecgres/vecgres/wal"
)

func TestQuantizationOf(t *testing.T) {
	for _, tc := range []struct {
		opts []string
		want vecindex.Quantization
	}{
		{nil, vecindex.QuantAuto},
		{[]string{"m=16"}, vecindex.QuantAuto},
		{[]string{"m=16", "quantization=sq8"}, vecindex.QuantSQ8},
		{[]string{"quantization=SQ8"}, vecindex.QuantSQ8},
		{[]string{"quantization=auto"}, vecindex.QuantAuto},
		{[]string{"quantization=bogus"}, vecindex.QuantAuto},
		{[]string{"quantization=none"}, vecindex.QuantNone},
		{[]string{"quantization=NONE", "m=8"}, vecindex.QuantNone},
	} {
		if got := quantizationOf(tc.opts); got != tc.want {
			t.Errorf("quantizationOf(%q) = %v, want %v", tc.opts, got, tc.want)
		}
	}
}

// TestQuantizationSurvivesRestart checks that an index created WITH
// (quantization = sq8) walks on SQ8 codes after replay from the WAL and
// after loading a checkpoint, since the option is only kept as a
// reloption.
// TestQuantizationValuesDetail: the DETAIL of a bad value lists the three
// values as PostgreSQL lists an enum reloption's (gist's buffering: Valid
// values are "on", "off", and "auto".).
func TestQuantizationValuesDetail(t *testing.T) {
	if got, want := QuantizationValuesDetail(), `Valid values are "auto", "sq8", and "none".`; got != want {
		t.Errorf("QuantizationValuesDetail() = %q, want %q", got, want)
	}
}

func TestQuantizationSurvivesRestart(t *testing.T) {
	fs := wal.NewMemFS()
	c := openCk(t, fs)
	c.Lock()
	if _, err := c.CreateTable("items", testCols, []int{0}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.CreateIndex(IndexDef{Name: "items_v_idx", Table: "items", Method: MethodHNSW, Column: "v",
		Opclass: "vector_l2_ops", Metric: vecindex.L2, M: 4, EfConstruction: 16,
		Reloptions: []string{"quantization=sq8"}}); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	quant := func(c *Catalog) vecindex.Quantization {
		c.RLock()
		defer c.RUnlock()
		ix, _ := c.Index("items_v_idx")
		return ix.Graph.Config().Quantization
	}
	if got := quant(c); got != vecindex.QuantSQ8 {
		t.Fatalf("new index: quantization %v", got)
	}
	insert(t, c, vec(1), vec(2), vec(3))
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = openCk(t, fs)
	if got := quant(c); got != vecindex.QuantSQ8 {
		t.Fatalf("after WAL replay: quantization %v", got)
	}
	if err := c.Checkpoint(); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	c = openCk(t, fs)
	defer c.Close()
	if got := quant(c); got != vecindex.QuantSQ8 {
		t.Fatalf("after checkpoint load: quantization %v", got)
	}
	checkIndex(t, c)
}
