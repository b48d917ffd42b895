package catalog

import (
	"reflect"
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// FuzzDecodeCreateTable: any payload decodes without panicking; a decoded
// table re-encodes to a payload that decodes to the same definition, and
// its layout maps rows of any length without panicking.
func FuzzDecodeCreateTable(f *testing.F) {
	t := &Table{OID: 16384, Name: "items", Columns: []Column{{Name: "id", Type: types.Int8, NotNull: true},
		{Name: "n", Type: types.Int4, Default: int64(7)}, {Name: "at", Type: types.Timestamptz, DefaultExpr: "now()"}},
		PrimaryKey: []int{0}, PKeyName: "items_pkey", Owner: BootstrapSuperuser}
	f.Add(encodeCreateTable(t))
	t.layout.Store(newLayout([]int{0, 2, 3}, []any{nil, nil, int64(7)}, 4))
	f.Add(encodeCreateTable(t))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, p []byte) {
		tb, err := decodeCreateTable(p)
		if err != nil {
			return
		}
		again, err := decodeCreateTable(encodeCreateTable(tb))
		if err != nil {
			t.Fatalf("re-encoded payload: %v", err)
		}
		if !reflect.DeepEqual(again.Columns, tb.Columns) || !reflect.DeepEqual(again.currentLayout(), tb.currentLayout()) {
			t.Fatalf("round trip changed the definition: %+v -> %+v", tb, again)
		}
		for n := range 5 {
			vals := make([]any, n)
			_ = tb.logical(vals)
			if len(tb.Columns) > 0 {
				_ = tb.physical(make([]any, len(tb.Columns)))
			}
		}
	})
}
