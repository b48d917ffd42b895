package catalog

import (
	"strings"

	"github.com/vecgres/vecgres/vecindex"
)

// QuantizationOption is the one HNSW reloption vecgres adds to pgvector's
// m and ef_construction. "auto" (the default) walks on exact byte codes
// while every vector is byte-valued, else searches walk on trained 8-bit
// scalar codes and re-rank in float32 when a recall probe at build accepts
// the codes (vecindex.QuantAuto, vecindex/sqauto.go), costing one byte per
// dimension per row; "sq8" makes inserts and searches walk on those codes
// whatever the probe says (vecindex.QuantSQ8); "none" never uses them
// (vecindex.QuantNone: float32, or exact byte codes).
const QuantizationOption = "quantization"

// quantizations maps the option's accepted values, in the order they are
// listed in errors.
var quantizations = []struct {
	name string
	q    vecindex.Quantization
}{{"auto", vecindex.QuantAuto}, {"sq8", vecindex.QuantSQ8}, {"none", vecindex.QuantNone}}

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

// QuantizationValuesDetail is the DETAIL of a bad value's error, worded
// as PostgreSQL's enum reloptions word theirs: Valid values are "a", "b",
// and "c".
func QuantizationValuesDetail() string {
	vals := QuantizationValues()
	var b strings.Builder
	b.WriteString("Valid values are ")
	for i, v := range vals {
		switch {
		case i == 0:
		case len(vals) == 2:
			b.WriteString(" and ")
		case i == len(vals)-1:
			b.WriteString(", and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(`"` + v + `"`)
	}
	b.WriteString(".")
	return b.String()
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
