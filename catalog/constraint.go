package catalog

import (
	"errors"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/types"
)

// Table constraints other than the primary key and NOT NULL (PostgreSQL
// 15 docs, 5.4 "Constraints"): UNIQUE (also a bare CREATE UNIQUE INDEX),
// CHECK and FOREIGN KEY. They are part of the table's definition: kept in
// Table.Constraints, written in the CreateTable payload (so CreateTable,
// AlterTable records and snapshots carry them), and changed as any ALTER
// TABLE is (a new definition logged whole and applied by applyAlter).
//
// A unique key keeps, as the primary key does, a map from the key's
// canonical bytes (types.AppendKey of its columns) to the slots of the
// versions holding it, under the table's writer lock. Rows whose key has
// a NULL are not entered unless NULLS NOT DISTINCT.

// ConstraintKind is pg_constraint.contype.
type ConstraintKind byte

// Constraint kinds (pg_constraint.contype; 'p' is Table.PrimaryKey).
const (
	ConUnique  ConstraintKind = 'u'
	ConCheck   ConstraintKind = 'c'
	ConForeign ConstraintKind = 'f'
)

// Referential actions (pg_constraint.confupdtype, confdeltype).
const (
	FKNoAction   byte = 'a'
	FKRestrict   byte = 'r'
	FKCascade    byte = 'c'
	FKSetNull    byte = 'n'
	FKSetDefault byte = 'd'
)

// Constraint is one UNIQUE, CHECK or FOREIGN KEY constraint of a table,
// or a unique index created by CREATE UNIQUE INDEX (IndexOnly).
type Constraint struct {
	Kind ConstraintKind
	Name string
	// OID is the pg_constraint row's OID (0 for IndexOnly); IndexOID the
	// unique index's OID (unique keys only).
	OID, IndexOID uint32
	// Columns are the key columns (unique), the referencing columns
	// (foreign key), or the columns a check reads, as column positions
	// of the table (pg_constraint.conkey).
	Columns []int
	// IndexOnly marks a CREATE UNIQUE INDEX: an index without a
	// pg_constraint row, dropped by DROP INDEX.
	IndexOnly        bool
	NullsNotDistinct bool
	// CheckExpr is a CHECK constraint's expression as the planner prints
	// it (pg_get_constraintdef's text inside CHECK (...)); for a unique
	// index (IndexOnly) it is its partial-index predicate ("" for none):
	// only rows it is true for take part in the key (index_expr.go).
	CheckExpr string
	// predFn evaluates a unique index's predicate (bindUniquePred),
	// which reads columns predCols.
	predFn   func(vals []any) (any, error)
	predCols []int
	// KeyExpr is a unique index's key expression as SQL text
	// (CREATE UNIQUE INDEX ON t ((lower(email))): "lower(email)"); ""
	// for a key of columns. Columns is then empty; keyFn computes the
	// key (bindUniquePred), of type keyType, reading columns keyCols.
	KeyExpr string
	keyFn   func(vals []any) (any, error)
	keyType types.Type
	keyCols []int
	// RefTable is the referenced table's OID, RefColumns its columns
	// (positions) and OnUpdate, OnDelete the actions (FKNoAction...).
	RefTable             uint32
	RefColumns           []int
	OnUpdate, OnDelete   byte
	Deferrable, Deferred bool
	// Comment is COMMENT ON CONSTRAINT's text (comment.go); "" for none.
	Comment string

	// keys maps a unique key's or a foreign key's column values (key
	// bytes) to the slots holding them: changed under the table's
	// writer lock and keysMu, read under either.
	keys   map[string][]uint64
	parent atomic.Pointer[Table] // foreign key: the referenced table (constraint_fk.go)
}

// IsUnique reports whether k is a unique key (constraint or index).
func (k *Constraint) IsUnique() bool { return k.Kind == ConUnique }

// clone returns a copy of k's definition (no key map).
func (k *Constraint) clone() *Constraint {
	return &Constraint{Kind: k.Kind, Name: k.Name, OID: k.OID, IndexOID: k.IndexOID, Columns: slices.Clone(k.Columns),
		IndexOnly: k.IndexOnly, NullsNotDistinct: k.NullsNotDistinct, CheckExpr: k.CheckExpr, KeyExpr: k.KeyExpr, RefTable: k.RefTable,
		RefColumns: slices.Clone(k.RefColumns), OnUpdate: k.OnUpdate, OnDelete: k.OnDelete,
		Deferrable: k.Deferrable, Deferred: k.Deferred, Comment: k.Comment}
}

// sameKey reports whether k and o are the same unique key of a table,
// so o can keep k's key map.
func (k *Constraint) sameKey(o *Constraint) bool {
	return k.hasKeys() && k.Kind == o.Kind && k.Name == o.Name && k.OID == o.OID &&
		k.NullsNotDistinct == o.NullsNotDistinct && k.IndexOID == o.IndexOID && k.KeyExpr == o.KeyExpr
}

// hasKeys reports whether k keeps a key map: unique and foreign keys.
func (k *Constraint) hasKeys() bool { return k.Kind == ConUnique || k.Kind == ConForeign }

// Constraint returns t's constraint (or unique index) named name.
func (t *Table) Constraint(name string) (*Constraint, bool) {
	for _, k := range t.Constraints {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// Uniques returns t's unique keys (constraints and unique indexes), in
// creation order.
func (t *Table) Uniques() []*Constraint {
	var out []*Constraint
	for _, k := range t.Constraints {
		if k.Kind == ConUnique {
			out = append(out, k)
		}
	}
	return out
}

// keyOf returns the key-map key of row vals (logical order) for k, and
// false when the row takes no part (a NULL key column, unless NULLS NOT
// DISTINCT).
func (k *Constraint) keyOf(vals []any) (string, bool) {
	if k.predFn != nil {
		if p, err := k.predFn(vals); err != nil || p != true {
			return "", false
		}
	}
	if k.keyFn != nil {
		v, err := k.keyFn(vals)
		if err != nil || (v == nil && !k.NullsNotDistinct) {
			return "", false // checkUniques raises the error
		}
		return string(types.AppendKey(nil, v)), true
	}
	var b []byte
	for _, c := range k.Columns {
		if vals[c] == nil && !k.NullsNotDistinct {
			return "", false
		}
		b = types.AppendKey(b, vals[c])
	}
	return string(b), true
}

// keyValuesText is the key of row vals (logical order) as PostgreSQL's
// DETAIL prints it: keyText of its columns, or its expression's value.
func (k *Constraint) keyValuesText(t *Table, vals []any) string {
	if k.keyFn == nil {
		return keyText(t, k.Columns, vals)
	}
	v, err := k.keyFn(vals)
	if err != nil || v == nil {
		return "null"
	}
	return string(types.AppendText(nil, k.keyType, v))
}

// ColumnNames returns the names of k's columns in t, joined by ", ".
func (k *Constraint) ColumnNames(t *Table) string {
	if k.KeyExpr != "" {
		return k.KeyExpr
	}
	return columnNames(t, k.Columns)
}

func columnNames(t *Table, cols []int) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = t.Columns[c].Name
	}
	return strings.Join(names, ", ")
}

// keyText is the values of cols in vals as PostgreSQL's DETAIL prints a
// key: text forms joined by ", ", NULL as "null".
func keyText(t *Table, cols []int, vals []any) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		if vals[c] == nil {
			parts[i] = "null"
		} else {
			parts[i] = string(types.AppendText(nil, t.Columns[c].Type, vals[c]))
		}
	}
	return strings.Join(parts, ", ")
}

// constraintsFormat versions the constraint section of the CreateTable
// payload. Part of the on-disk format.
const constraintsFormat = 1

var errBadConstraint = errors.New("catalog: bad constraint section")

// appendConstraints appends t's constraints to a CreateTable payload,
// after the layout: format byte, n, {kind byte, name, oid, index oid,
// ncols, {col}..., flags byte (1 index only, 2 nulls not distinct,
// 4 deferrable, 8 deferred, 16 key expression), check expression, [key
// expression when flag 16,] referenced table oid,
// nref, {col}..., on update byte, on delete byte}... Records and
// snapshots written before constraints existed end before it.
func appendConstraints(b []byte, t *Table) []byte {
	if len(t.Constraints) == 0 {
		return b
	}
	b = append(b, constraintsFormat)
	b = appendUvarint(b, uint64(len(t.Constraints)))
	for _, k := range t.Constraints {
		b = appendString(append(b, byte(k.Kind)), k.Name)
		b = appendUvarint(appendUvarint(b, uint64(k.OID)), uint64(k.IndexOID))
		b = appendInts(b, k.Columns)
		flags := boolByte(k.IndexOnly) | boolByte(k.NullsNotDistinct)<<1 | boolByte(k.Deferrable)<<2 | boolByte(k.Deferred)<<3 |
			boolByte(k.KeyExpr != "")<<4
		b = appendString(append(b, flags), k.CheckExpr)
		if k.KeyExpr != "" {
			b = appendString(b, k.KeyExpr)
		}
		b = appendInts(appendUvarint(b, uint64(k.RefTable)), k.RefColumns)
		b = append(b, k.OnUpdate, k.OnDelete)
	}
	return b
}

func appendInts(b []byte, v []int) []byte {
	b = appendUvarint(b, uint64(len(v)))
	for _, x := range v {
		b = appendUvarint(b, uint64(x))
	}
	return b
}

// readConstraints reads what appendConstraints wrote, if anything is
// left in d.
func readConstraints(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil || d.b[0] == viewFormat || d.b[0] == seqFormat || d.b[0] == commentFormat || d.b[0] == persistenceFormat {
		return
	}
	if d.byte1() != constraintsFormat {
		d.fail(errBadConstraint)
		return
	}
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		k := &Constraint{Kind: ConstraintKind(d.byte1()), Name: d.str()}
		k.OID, k.IndexOID = uint32(d.uvarint()), uint32(d.uvarint())
		k.Columns = readInts(d, len(t.Columns))
		flags := d.byte1()
		k.IndexOnly, k.NullsNotDistinct = flags&1 != 0, flags&2 != 0
		k.Deferrable, k.Deferred = flags&4 != 0, flags&8 != 0
		k.CheckExpr = d.str()
		if flags&16 != 0 {
			k.KeyExpr = d.str()
		}
		k.RefTable = uint32(d.uvarint())
		k.RefColumns = readInts(d, MaxColumns)
		k.OnUpdate, k.OnDelete = d.byte1(), d.byte1()
		t.Constraints = append(t.Constraints, k)
	}
}

// readInts reads appendInts' list, each value below limit.
func readInts(d *decoder, limit int) []int {
	n := d.uvarint()
	if n > MaxColumns {
		d.fail(errBadConstraint)
		return nil
	}
	var out []int
	for i := uint64(0); i < n && d.err == nil; i++ {
		x := d.uvarint()
		if x >= uint64(limit) {
			d.fail(errBadConstraint)
			return nil
		}
		out = append(out, int(x))
	}
	return out
}
