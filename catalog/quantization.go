package catalog

import (
	"strings"

	"github.com/vecgres/vecgres/vecindex"
)

// QuantizationOption is the one HNSW reloption vecgres adds to pgvector's
// m and ef_construction: WITH (quantization = sq8) makes the graph walk on
// trained 8-bit scalar codes and re-rank in float32 (vecindex.QuantSQ8),
// costing one byte per dimension per row; "auto" (the default) walks on
// exact byte codes while every vector is byte-valued, else on float32.
const QuantizationOption = "quantization"

// quantizations maps the option's accepted values, in the order they are
// listed in errors.
var quantizations = []struct {
	name string
	q    vecindex.Quantization
}{{"auto", vecindex.QuantAuto}, {"sq8", vecindex.QuantSQ8}}

// ParseQuantization returns the quantization named v (case-insensitive)
// and whether v is one of QuantizationValues.
func ParseQuantization(v string) (vecindex.Quantization, bool) {
	for _, x := range quantizations {
		if strings.EqualFold(v, x.name) {
			return x.q, true
		}
	}
	return vecindex.QuantAuto, false
}

// QuantizationValues lists the accepted values of QuantizationOption.
func QuantizationValues() []string {
	out := make([]string, len(quantizations))
	for i, x := range quantizations {
		out[i] = x.name
	}
	return out
}

// quantizationOf reads QuantizationOption from reloptions as recorded
// ("name=value"); QuantAuto when absent.
func quantizationOf(reloptions []string) vecindex.Quantization {
	for _, o := range reloptions {
		name, v, _ := strings.Cut(o, "=")
		if name == QuantizationOption {
			q, _ := ParseQuantization(v)
			return q
		}
	}
	return vecindex.QuantAuto
}
