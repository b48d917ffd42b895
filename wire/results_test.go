package wire

import (
	"bytes"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// TestRowDescriptionCache: a statement's portals described again with
// the same columns and formats get the bytes encoded the first time;
// other columns or formats are encoded anew, as without the cache.
func TestRowDescriptionCache(t *testing.T) {
	c := &conn{}
	var rc rowDescCache
	want := func(cols []backend.Column, formats []int16) []byte {
		b, err := rowDescription(cols, formats).Encode(nil)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a := []backend.Column{{Name: "a", Type: types.Int4}}
	b := []backend.Column{{Name: "b", Type: types.Text}, {Name: "c", Type: types.Int8}}
	for i, step := range []struct {
		cols    []backend.Column
		formats []int16
	}{{a, []int16{0}}, {a, []int16{0}}, {a, []int16{1}}, {b, []int16{0, 1}}, {b, []int16{0, 1}}, {a, []int16{1}}} {
		c.out = c.out[:0]
		c.sendRowDescriptionCached(&rc, step.cols, step.formats)
		if w := want(step.cols, step.formats); !bytes.Equal(c.out, w) {
			t.Fatalf("step %d: sent %q, want %q", i, c.out, w)
		}
	}
}
