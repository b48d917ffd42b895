package pgcatalog

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestSerialSequence(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	for _, tc := range []struct {
		table, column string
		want          any
		code          pgerror.Code
	}{
		{"items", "id", "public.items_id_seq", ""},
		{"Public.ITEMS", "id", "public.items_id_seq", ""},
		{` "public" . "items" `, "id", "public.items_id_seq", ""},
		{"items", "body", nil, ""},
		{`"Other"`, "n", nil, ""},
		{"Other", "n", nil, pgerror.UndefinedTable},
		{"other.items", "id", nil, pgerror.UndefinedTable},
		{"items", "ID", nil, pgerror.UndefinedColumn},
		{`"items`, "id", nil, pgerror.InvalidName},
		{"items.", "id", nil, pgerror.InvalidName},
	} {
		got, err := SerialSequence(c, tc.table, tc.column)
		var pe *pgerror.Error
		if tc.code != "" {
			if !errors.As(err, &pe) || pe.Code != tc.code {
				t.Errorf("(%q, %q): error %v, want %s", tc.table, tc.column, err, tc.code)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("(%q, %q) = %v, %v; want %v", tc.table, tc.column, got, err, tc.want)
		}
	}
}

func TestIndexDefColumn(t *testing.T) {
	c := itemsCatalog(t)
	c.RLock()
	defer c.RUnlock()
	items, _ := c.Table("items")
	pk := SyntheticOID(items.OID, 0)
	for _, tc := range []struct {
		col    int
		pretty bool
		want   string
	}{
		{0, false, "CREATE UNIQUE INDEX items_pkey ON public.items USING btree (id)"},
		{0, true, "CREATE UNIQUE INDEX items_pkey ON items USING btree (id)"},
		{1, true, "id"},
		{2, false, ""},
	} {
		if got, ok := IndexDefColumn(c, pk, tc.col, tc.pretty); !ok || got != tc.want {
			t.Errorf("column %d pretty %v: %q %v, want %q", tc.col, tc.pretty, got, ok, tc.want)
		}
	}
	if _, ok := IndexDefColumn(c, items.OID, 0, false); ok {
		t.Error("a table's OID gave an index definition")
	}
}
