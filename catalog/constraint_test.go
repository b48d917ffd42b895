package catalog

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wal"
)

// createPairs makes table p (a int, b int, c text) with UNIQUE (a, b).
func createPairs(t *testing.T, c *Catalog) *Table {
	t.Helper()
	c.Lock()
	defer c.Unlock()
	tb, err := c.CreateTable("p", []Column{{Name: "a", Type: types.Int4}, {Name: "b", Type: types.Int4}, {Name: "c", Type: types.Text}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	k := &Constraint{Kind: ConUnique, Name: c.ConstraintName("p", []string{"a", "b"}, "key"), Columns: []int{0, 1}}
	if err := c.AddConstraint(tb, k); err != nil {
		t.Fatal(err)
	}
	return tb
}

// insertRow inserts vals into the table name in its own transaction and
// returns the error of the insert or the commit.
func insertRow(c *Catalog, name string, vals ...any) error {
	txn := c.Begin()
	c.Lock()
	tb, _ := c.Table(name)
	_, err := txn.Insert(tb, vals)
	c.Unlock()
	if err != nil {
		txn.Rollback()
		return err
	}
	return txn.Commit()
}

func wantCode(t *testing.T, err error, code pgerror.Code, msg, detail string) {
	t.Helper()
	var pe *pgerror.Error
	if !errors.As(err, &pe) || pe.Code != code || pe.Message != msg || pe.Detail != detail {
		t.Fatalf("error %v (%#v), want %s %q %q", err, pe, code, msg, detail)
	}
}

func TestUniqueConstraintEnforcedAndDurable(t *testing.T) {
	fs := wal.NewMemFS()
	c := openMem(t, fs)
	createPairs(t, c)
	if err := insertRow(c, "p", int64(1), int64(2), "x"); err != nil {
		t.Fatal(err)
	}
	wantCode(t, insertRow(c, "p", int64(1), int64(2), "y"), pgerror.UniqueViolation,
		`duplicate key value violates unique constraint "p_a_b_key"`, "Key (a, b)=(1, 2) already exists.")
	// NULLs never collide.
	for i := 0; i < 2; i++ {
		if err := insertRow(c, "p", int64(1), nil, "n"); err != nil {
			t.Fatal(err)
		}
	}
	if err := insertRow(c, "p", int64(1), int64(3), "z"); err != nil {
		t.Fatal(err)
	}
	// A rolled-back insert frees its key.
	txn := c.Begin()
	c.Lock()
	tb, _ := c.Table("p")
	if _, err := txn.Insert(tb, []any{int64(5), int64(5), "r"}); err != nil {
		t.Fatal(err)
	}
	c.Unlock()
	txn.Rollback()
	if err := insertRow(c, "p", int64(5), int64(5), "again"); err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	// Replayed from the WAL, then from a snapshot.
	for round := 0; round < 2; round++ {
		c = openMem(t, fs)
		c.RLock()
		tb, _ := c.Table("p")
		ix, ok := c.Index("p_a_b_key")
		c.RUnlock()
		if !ok || ix.Key == nil || len(tb.Uniques()) != 1 {
			t.Fatalf("round %d: unique key lost: %v %+v", round, ok, tb.Constraints)
		}
		wantCode(t, insertRow(c, "p", int64(1), int64(3), "dup"), pgerror.UniqueViolation,
			`duplicate key value violates unique constraint "p_a_b_key"`, "Key (a, b)=(1, 3) already exists.")
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestUniqueConstraintOnDuplicatesFails(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	c.Lock()
	tb, err := c.CreateTable("d", []Column{{Name: "a", Type: types.Int4}}, nil)
	c.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{int64(1), nil, nil, int64(1)} {
		if err := insertRow(c, "d", v); err != nil {
			t.Fatal(err)
		}
	}
	c.Lock()
	defer c.Unlock()
	err = c.AddConstraint(tb, &Constraint{Kind: ConUnique, Name: c.ConstraintName("d", []string{"a"}, "key"), Columns: []int{0}})
	wantCode(t, err, pgerror.UniqueViolation, `could not create unique index "d_a_key"`, "Key (a)=(1) is duplicated.")
	if len(tb.Constraints) != 0 || c.RelationExists("d_a_key") {
		t.Fatalf("failed constraint left behind: %+v", tb.Constraints)
	}
	// NULLS NOT DISTINCT: the two NULLs collide (met first, in slot order).
	err = c.AddConstraint(tb, &Constraint{Kind: ConUnique, Name: "nn", Columns: []int{0}, NullsNotDistinct: true, IndexOnly: true})
	wantCode(t, err, pgerror.UniqueViolation, `could not create unique index "nn"`, "Key (a)=(null) is duplicated.")
}

func TestConstraintNames(t *testing.T) {
	c := openMem(t, wal.NewMemFS())
	createPairs(t, c)
	c.Lock()
	defer c.Unlock()
	if got := c.ConstraintName("p", []string{"a", "b"}, "key"); got != "p_a_b_key1" {
		t.Fatalf("collision name %q", got)
	}
	long := "t234567890123456789012345678901234567890"
	if got := c.ConstraintName(long, []string{long}, "key"); len(got) != 63 || got[len(got)-4:] != "_key" {
		t.Fatalf("long name %q (%d)", got, len(got))
	}
}

// TestConstraintPayload: the constraint section round-trips through the
// CreateTable payload, and a payload written before it (ending after the
// layout) decodes with no constraints.
func TestConstraintPayload(t *testing.T) {
	tb := &Table{OID: 20000, Name: "t", Owner: BootstrapSuperuser,
		Columns: []Column{{Name: "a", Type: types.Int4}, {Name: "b", Type: types.Text}}}
	legacy := encodeCreateTable(tb)
	tb.Constraints = []*Constraint{
		{Kind: ConUnique, Name: "t_a_b_key", OID: 20002, IndexOID: 20001, Columns: []int{0, 1}, NullsNotDistinct: true},
		{Kind: ConCheck, Name: "t_a_check", OID: 20003, Columns: []int{0}, CheckExpr: "(a > 0)"},
		{Kind: ConForeign, Name: "t_a_fkey", OID: 20004, Columns: []int{0}, RefTable: 19999, RefColumns: []int{2},
			OnUpdate: FKCascade, OnDelete: FKSetNull, Deferrable: true, Deferred: true},
	}
	got, err := decodeCreateTable(encodeCreateTable(tb))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Constraints) != 3 {
		t.Fatalf("decoded %d constraints", len(got.Constraints))
	}
	for i, k := range got.Constraints {
		w := tb.Constraints[i]
		if k.Kind != w.Kind || k.Name != w.Name || k.OID != w.OID || k.IndexOID != w.IndexOID || k.CheckExpr != w.CheckExpr ||
			k.RefTable != w.RefTable || k.OnUpdate != w.OnUpdate || k.OnDelete != w.OnDelete || k.NullsNotDistinct != w.NullsNotDistinct ||
			k.Deferrable != w.Deferrable || k.Deferred != w.Deferred || len(k.Columns) != len(w.Columns) || len(k.RefColumns) != len(w.RefColumns) {
			t.Errorf("constraint %d: got %+v, want %+v", i, k, w)
		}
	}
	old, err := decodeCreateTable(legacy)
	if err != nil || len(old.Constraints) != 0 {
		t.Fatalf("legacy payload: %v, %d constraints", err, len(old.Constraints))
	}
}
