package glove

import (
	"bufio"
	"errors"
	"io"
	"strings"
	"testing"
)

// sample is the file's layout with 3 words and Dims numbers plus norm and
// index per vector (values labelled synthetic).
func sample(words ...string) string {
	var b strings.Builder
	b.WriteString(`{"precision":8,"l2NormIndex":100,"wordIndex":101,"size":3,"dimensions":100,"words":["x"],"vectors":{`)
	for i, w := range words {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"` + w + `":[`)
		for j := range Dims {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString(strings.Repeat("1", 1+j%2) + ".5")
		}
		b.WriteString(`,3.25,` + string(rune('0'+i)) + `]`)
	}
	b.WriteString(`},"unkVector":[0]}`)
	return b.String()
}

func TestRead(t *testing.T) {
	src := sample("the", `\"`, "of")
	words, vecs, err := Read(bufio.NewReader(strings.NewReader(src)), 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"the", `"`, "of"}; strings.Join(words, "|") != strings.Join(want, "|") {
		t.Fatalf("words %q, want %q", words, want)
	}
	for i, v := range vecs {
		if len(v) != Dims || v[0] != 1.5 || v[1] != 11.5 || v[Dims-1] != 11.5 {
			t.Fatalf("vector %d: len %d, %v ... %v", i, len(v), v[:2], v[len(v)-1])
		}
	}
}

func TestReadTooFew(t *testing.T) {
	_, _, err := Read(bufio.NewReader(strings.NewReader(sample("a", "b"))), 3)
	if err == nil || !strings.Contains(err.Error(), "vector 2") {
		t.Fatalf("err = %v, want one naming vector 2", err)
	}
	_, _, err = Read(bufio.NewReader(strings.NewReader(`{"words":[]}`)), 1)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("no vectors member: err = %v, want io.ErrUnexpectedEOF", err)
	}
}
