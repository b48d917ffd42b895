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
		table  []string
		column string
		want   any
		code   pgerror.Code
	}{
		{[]string{"items"}, "id", "public.items_id_seq", ""},
		{[]string{"public", "items"}, "id", "public.items_id_seq", ""},
		{[]string{"items"}, "body", nil, ""},
		{[]string{"Other"}, "n", nil, ""},
		{[]string{"other"}, "n", nil, pgerror.UndefinedTable},
		{[]string{"db", "public", "items"}, "id", "public.items_id_seq", ""},
		{[]string{"pg_catalog", "items"}, "id", nil, pgerror.UndefinedTable},
		{[]string{"other", "items"}, "id", nil, pgerror.InvalidSchemaName},
		{[]string{"x", "public", "items"}, "id", nil, pgerror.FeatureNotSupported},
		{[]string{"a", "b", "c", "d"}, "id", nil, pgerror.SyntaxError},
		{[]string{"items"}, "ID", nil, pgerror.UndefinedColumn},
	} {
		got, err := SerialSequence(c, "db", tc.table, tc.column)
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
		if got, ok := IndexDefColumn(c, pk, tc.col, tc.pretty, nil); !ok || got != tc.want {
			t.Errorf("column %d pretty %v: %q %v, want %q", tc.col, tc.pretty, got, ok, tc.want)
		}
	}
	if _, ok := IndexDefColumn(c, items.OID, 0, false, nil); ok {
		t.Error("a table's OID gave an index definition")
	}
}
