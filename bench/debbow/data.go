package main

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"io"
	"math"
	"slices"
	"strings"
)

// doc is one package's text: its name and the words of its one-line
// Description (the summary; apt's Packages lists carry no long
// descriptions, those are in Translation files apt has not fetched) and
// of its debtags (Tag: field, each facet::value one word).
type doc struct {
	pkg   string
	words []string
}

// parsePackages reads RFC 822-style stanzas as `apt-cache dumpavail`
// prints them (blank-line separated, continuation lines indented) and
// returns one doc per package name, the first stanza of each name.
func parsePackages(r io.Reader) ([]doc, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var out []doc
	seen := map[string]bool{}
	var cur doc
	var field string
	flush := func() {
		if cur.pkg != "" && len(cur.words) > 0 && !seen[cur.pkg] {
			seen[cur.pkg] = true
			out = append(out, cur)
		}
		cur, field = doc{}, ""
	}
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			flush()
		case line[0] == ' ' || line[0] == '\t':
			if field == "Tag" {
				cur.words = append(cur.words, tags(line)...)
			}
		default:
			name, val, _ := strings.Cut(line, ":")
			field = name
			switch name {
			case "Package":
				cur.pkg = strings.TrimSpace(val)
			case "Description":
				cur.words = append(cur.words, words(val)...)
			case "Tag":
				cur.words = append(cur.words, tags(val)...)
			}
		}
	}
	flush()
	return out, sc.Err()
}

// words lowercases s and splits it into runs of ASCII letters and digits
// of at least two characters that are not all digits.
func words(s string) []string {
	var out []string
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	})
	for _, w := range f {
		if len(w) >= 2 && strings.Trim(w, "0123456789") != "" {
			out = append(out, w)
		}
	}
	return out
}

// tags splits a Tag: value ("role::program, use::editing,") into its
// facet::value words.
func tags(s string) []string {
	var out []string
	for _, t := range strings.Split(s, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// corpus is the data set: TF-IDF vectors over the vocabulary of the dims
// words with the highest document frequency, L2-normalized, as sparse
// (indices ascending, 0-based) index and value lists; documents with no
// vocabulary word and repeats of an earlier document's vector are left
// out.
type corpus struct {
	vocab []string
	pkgs  []string
	idx   [][]int32
	val   [][]float32
}

// buildCorpus makes the corpus of docs over a dims-word vocabulary (ties
// in document frequency broken alphabetically). Weight of word w in a
// document: tf(w) · ln(N / df(w)), N the number of documents.
func buildCorpus(docs []doc, dims int) *corpus {
	df := map[string]int{}
	for _, d := range docs {
		for _, w := range uniq(d.words) {
			df[w]++
		}
	}
	vocab := make([]string, 0, len(df))
	for w := range df {
		vocab = append(vocab, w)
	}
	slices.SortFunc(vocab, func(a, b string) int {
		if c := cmp.Compare(df[b], df[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	vocab = vocab[:min(dims, len(vocab))]
	slices.Sort(vocab)
	pos := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		pos[w] = int32(i)
	}
	c := &corpus{vocab: vocab}
	seen := map[string]bool{}
	n := float64(len(docs))
	for _, d := range docs {
		tf := map[int32]float64{}
		for _, w := range d.words {
			if i, ok := pos[w]; ok {
				tf[i]++
			}
		}
		if len(tf) == 0 {
			continue
		}
		idx := make([]int32, 0, len(tf))
		for i := range tf {
			idx = append(idx, i)
		}
		slices.Sort(idx)
		val := make([]float32, len(idx))
		var ss float64
		for k, i := range idx {
			x := tf[i] * math.Log(n/float64(df[vocab[i]]))
			val[k] = float32(x)
			ss += x * x
		}
		if ss == 0 {
			continue
		}
		for k := range val {
			val[k] = float32(float64(val[k]) / math.Sqrt(ss))
		}
		key := vecKey(idx, val)
		if seen[key] {
			continue
		}
		seen[key] = true
		c.pkgs = append(c.pkgs, d.pkg)
		c.idx = append(c.idx, idx)
		c.val = append(c.val, val)
	}
	return c
}

// vecKey is a map key of a sparse vector's exact contents.
func vecKey(idx []int32, val []float32) string {
	b := make([]byte, 0, 8*len(idx))
	for k, i := range idx {
		b = binary.LittleEndian.AppendUint32(b, uint32(i))
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(val[k]))
	}
	return string(b)
}

// uniq returns the distinct strings of ws.
func uniq(ws []string) []string {
	s := slices.Clone(ws)
	slices.Sort(s)
	return slices.Compact(s)
}

// dense returns the sparse vector as dims float32s.
func dense(idx []int32, val []float32, dims int) []float32 {
	out := make([]float32, dims)
	for k, i := range idx {
		out[i] = val[k]
	}
	return out
}
