package types

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// vectorTexts are the text forms clients send, 784 elements each
// (synthetic values): byte-valued pixels as integers (Fashion-MNIST
// through psycopg), six-decimal embeddings (GloVe files), pgvector's own
// shortest float4 output, and JavaScript's shortest float64 output
// (node-postgres, LangChain.js: up to 17 digits).
func vectorTexts() map[string]string {
	r := rand.New(rand.NewPCG(1, 2))
	forms := map[string]func() string{
		"pixels":   func() string { return strconv.Itoa(r.IntN(256)) },
		"fashion":  func() string { return strconv.Itoa(max(0, r.IntN(512)-256)) }, // half the pixels 0, as in Fashion-MNIST
		"decimal6": func() string { return strconv.FormatFloat(r.Float64()*2-1, 'f', 6, 64) },
		"float4":   func() string { return strconv.FormatFloat(float64(float32(r.NormFloat64()*0.1)), 'g', -1, 32) },
		"js":       func() string { return strconv.FormatFloat(r.NormFloat64()*0.1, 'g', -1, 64) },
	}
	out := map[string]string{}
	for name, elem := range forms {
		parts := make([]string, 784)
		for i := range parts {
			parts[i] = elem()
		}
		out[name] = "[" + strings.Join(parts, ",") + "]"
	}
	return out
}

// BenchmarkParseVector runs ParseVector and, as the baseline in the same
// run, referenceParseVector (the parser before the plain-decimal path).
func BenchmarkParseVector(b *testing.B) {
	texts := vectorTexts()
	for _, name := range []string{"pixels", "fashion", "decimal6", "float4", "js"} {
		s := texts[name]
		for _, p := range []struct {
			name  string
			parse func(string, int32) (Vector, error)
		}{{"new", ParseVector}, {"reference", referenceParseVector}} {
			b.Run(name+"/"+p.name, func(b *testing.B) {
				b.SetBytes(int64(len(s)))
				for b.Loop() {
					if _, err := p.parse(s, 784); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkParseVector1536 parses a 1536-d OpenAI-style embedding
// (seven-decimal floats such as 0.0123456, either sign), the issue's
// second text-input target, against the reference in the same run.
func BenchmarkParseVector1536(b *testing.B) {
	r := rand.New(rand.NewPCG(5, 6))
	parts := make([]string, 1536)
	for i := range parts {
		parts[i] = strconv.FormatFloat(r.NormFloat64()*0.03, 'f', 7, 64)
	}
	s := "[" + strings.Join(parts, ",") + "]"
	for _, p := range []struct {
		name  string
		parse func(string, int32) (Vector, error)
	}{{"new", ParseVector}, {"reference", referenceParseVector}} {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if _, err := p.parse(s, 1536); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
