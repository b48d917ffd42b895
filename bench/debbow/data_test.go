package main

import (
	"math"
	"slices"
	"strings"
	"testing"
)

const dump = `Package: zstd
Version: 1.5.4
Description: fast lossless compression algorithm -- CLI tool
Tag: role::program, use::compressing,
 works-with::file
Section: utils

Package: zstd
Description: a second stanza of the same name is ignored

Package: gzip
Description: GNU compression utilities
Tag: role::program, use::compressing

Package: empty
Version: 1

Package: lz4
Description: Fast LZ compression algorithm library - tool
`

// TestParsePackages: one doc per package name (the first stanza), words
// lowercased, split on non-alphanumerics, one-character and all-digit
// words dropped, tags one word each (continuation lines included), a
// stanza without Description or Tag left out.
func TestParsePackages(t *testing.T) {
	docs, err := parsePackages(strings.NewReader(dump))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, d := range docs {
		names = append(names, d.pkg)
	}
	if !slices.Equal(names, []string{"zstd", "gzip", "lz4"}) {
		t.Fatalf("packages %v", names)
	}
	want := []string{"fast", "lossless", "compression", "algorithm", "cli", "tool", "role::program", "use::compressing", "works-with::file"}
	if !slices.Equal(docs[0].words, want) {
		t.Fatalf("zstd words %q, want %q", docs[0].words, want)
	}
	if got := words("Fast LZ 4 x86 library - 2.0"); !slices.Equal(got, []string{"fast", "lz", "x86", "library"}) {
		t.Fatalf("words %q", got)
	}
}

// TestBuildCorpus: the vocabulary is the dims words of highest document
// frequency (ties alphabetical), sorted; a document's vector is its
// TF-IDF weights over it, unit length, indices ascending; documents with
// no vocabulary word or repeating an earlier vector are left out.
func TestBuildCorpus(t *testing.T) {
	docs := []doc{
		{"a", []string{"x", "y", "y"}},
		{"b", []string{"x", "z"}},
		{"c", []string{"q"}},
		{"d", []string{"y", "x", "y"}},
		{"e", []string{"w", "x"}},
	}
	c := buildCorpus(docs, 3) // df: x 4, y 2, then q, w, z 1: "q" wins the tie
	if !slices.Equal(c.vocab, []string{"q", "x", "y"}) {
		t.Fatalf("vocab %v", c.vocab)
	}
	if !slices.Equal(c.pkgs, []string{"a", "b", "c"}) {
		t.Fatalf("documents %v (d repeats a; e is b's vector)", c.pkgs)
	}
	wx, wy := math.Log(5.0/4), 2*math.Log(5.0/2)
	n := math.Hypot(wx, wy)
	if !slices.Equal(c.idx[0], []int32{1, 2}) || math.Abs(float64(c.val[0][0])-wx/n) > 1e-6 || math.Abs(float64(c.val[0][1])-wy/n) > 1e-6 {
		t.Fatalf("a: %v %v", c.idx[0], c.val[0])
	}
	if !slices.Equal(c.idx[1], []int32{1}) || c.val[1][0] != 1 {
		t.Fatalf("b: %v %v", c.idx[1], c.val[1])
	}
	if d := dense(c.idx[0], c.val[0], 3); d[0] != 0 || d[1] != c.val[0][0] || d[2] != c.val[0][1] {
		t.Fatalf("dense %v", d)
	}
}
