package copyfmt

import (
	"bytes"
	"io"
	"math/rand/v2"
	"reflect"
	"testing"
	"testing/iotest"
)

// alphabet is biased towards the bytes that every format treats specially,
// with multi-byte characters (text and CSV data must be UTF-8 without NUL).
var alphabet = []rune("\\\t\n\r,;\"'.Nx0 \b\f\vé€|")

// randomField returns NULL, an empty string or a short string over alphabet.
func randomField(rng *rand.Rand) string {
	switch rng.IntN(8) {
	case 0:
		return N
	case 1:
		return ""
	case 2:
		return `\.`
	}
	b := make([]rune, rng.IntN(12))
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// encode writes header, rows and trailer with w.
func encode(w *Writer, rows [][]string) []byte {
	out := w.Header()
	for _, row := range rows {
		out = w.AppendRow(out, toFields(row))
	}
	return append(out, w.Trailer()...)
}

// TestRoundTrip writes random rows in each format and option set and reads
// them back, whole and one byte at a time.
func TestRoundTrip(t *testing.T) {
	optSets := []Options{
		{Format: Text},
		{Format: Text, Delimiter: '|', Header: true},
		{Format: CSV},
		{Format: CSV, Header: true, Delimiter: ';', Null: `\N`, Escape: '\\'},
		{Format: CSV, Quote: '\'', Null: "NULL"},
		{Format: Binary},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, opts := range optSets {
		for iter := range 200 {
			cols := 1 + rng.IntN(4)
			opts.Columns = cols
			names := make([]string, cols)
			for i := range names {
				names[i] = randomField(rng)
				if names[i] == N {
					names[i] = "n"
				}
			}
			rows := make([][]string, rng.IntN(6))
			for i := range rows {
				rows[i] = make([]string, cols)
				for j := range rows[i] {
					rows[i][j] = randomField(rng)
				}
			}
			w := NewWriter(opts)
			w.SetNames(names)
			data := encode(w, rows)
			for _, chunked := range []bool{false, true} {
				var src io.Reader = bytes.NewReader(data)
				if chunked {
					src = iotest.OneByteReader(src)
				}
				got, _, err := readAll(NewReader(src, opts))
				if err != nil || (len(rows) > 0 || len(got) > 0) && !reflect.DeepEqual(got, rows) {
					t.Fatalf("%v iter %d chunked %v: data %q\nread %q, %v\nwant %q", opts, iter, chunked, data, got, err, rows)
				}
			}
		}
	}
}

// The writer's exact output for known rows.
func TestWriterGolden(t *testing.T) {
	row := toFields([]string{"a\tb\\c\nd\re", N, "", `x,"y"`})
	cases := []struct {
		opts Options
		want string
	}{
		{Options{Format: Text}, "a\\tb\\\\c\\nd\\re\t\\N\t\tx,\"y\"\n"},
		{Options{Format: Text, Delimiter: ',', Null: "", NullSet: true}, "a\\tb\\\\c\\nd\\re,,,x\\,\"y\"\n"},
		{Options{Format: CSV}, "\"a\tb\\c\nd\re\",,\"\",\"x,\"\"y\"\"\"\n"},
		{Options{Format: CSV, Escape: '\\'}, "\"a\tb\\\\c\nd\re\",,\"\",\"x,\\\"y\\\"\"\n"},
		{Options{Format: Binary}, bin(int16(4), int32(9), "a\tb\\c\nd\re", int32(-1), int32(0), int32(5), `x,"y"`)},
	}
	for _, tc := range cases {
		if got := string(NewWriter(tc.opts).Row(row)); got != tc.want {
			t.Errorf("%v: Row = %q, want %q", tc.opts, got, tc.want)
		}
	}
	w := NewWriter(Options{Format: CSV, Header: true})
	w.SetNames([]string{"id", "embed,ding"})
	if got := string(w.Header()); got != "id,\"embed,ding\"\n" {
		t.Errorf("CSV header %q", got)
	}
	if got := string(NewWriter(Options{Format: CSV}).Row(toFields([]string{`\.`}))); got != "\"\\.\"\n" {
		t.Errorf("CSV end-marker datum %q", got)
	}
	bw := NewWriter(Options{Format: Binary})
	if got := string(bw.Header()) + string(bw.Trailer()); got != binHead+"\xff\xff" {
		t.Errorf("binary header+trailer %q", got)
	}
	tw := NewWriter(Options{Format: Text})
	if tw.Header() != nil || tw.Trailer() != nil {
		t.Errorf("text header/trailer not nil")
	}
}
