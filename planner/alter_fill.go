package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// ALTER TABLE ... ADD COLUMN c serial and ADD COLUMN c int GENERATED
// ... AS IDENTITY: the column's sequence is made in the DDL's
// transaction and, when the table has rows, each row gets its own value
// of it, drawn in slot order (PostgreSQL's table rewrite evaluates the
// default once per row in heap order): the column is added as nullable,
// every row the transaction sees is updated through MVCC with the
// value, then NOT NULL is set. The rows' new versions reach the WAL with
// the transaction, after its DDL records, so a crash before COMMIT
// leaves neither, and rollback undoes both.

// perRow reports whether a's value for existing rows is drawn per row.
func (a *boundAdd) perRow() bool { return a.serial || a.identity != nil }

// bindAddIdentity checks ADD COLUMN ... GENERATED AS IDENTITY's column d
// (22023 for a type other than smallint, integer or bigint; 42601 for a
// DEFAULT beside it, as PostgreSQL's "both default and identity").
func bindAddIdentity(a *boundAdd, d sql.ColumnDef) (*boundAdd, error) {
	if k := d.Type.Kind; k != types.KindInt2 && k != types.KindInt4 && k != types.KindInt8 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "identity column type must be smallint, integer, or bigint")
	}
	if d.Default != nil {
		return nil, pgerror.Errorf(pgerror.SyntaxError, "both default and identity specified for column \"%s\" of table", d.Name)
	}
	a.col.NotNull, a.col.Identity, a.identity = true, d.Identity, &d
	return a, nil
}

// addColumn applies ADD COLUMN a to t in txn: its sequence first (serial
// or identity), then the column, then, for a column drawn per row on a
// table with rows, each row's value (fillColumn). Latch held exclusively.
func (s *Session) addColumn(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, a *boundAdd) error {
	col, err := a.col, error(nil)
	if a.serial {
		if col, err = s.addSerialSeq(cat, txn, t, col); err != nil { // serial.go
			return err
		}
	}
	fill := a.perRow() && cat.HasRows(t)
	notNull := col.NotNull
	col.NotNull = col.NotNull && !fill
	if err := cat.AddColumn(t, col, a.missing); err != nil {
		return err
	}
	idx := len(t.Columns) - 1
	if a.identity != nil {
		seqKey, def, err := s.newIdentitySeq(cat, t.Name, *a.identity, nil) // identity.go
		if err != nil {
			return err
		}
		if err := s.createIdentitySeqs(cat, txn, t, []identitySeq{{col: idx, key: seqKey, def: def}}); err != nil {
			return err
		}
	}
	if !fill {
		return nil
	}
	if err := s.fillColumn(txn, t, idx); err != nil {
		return err
	}
	return cat.SetColumnNotNull(t, col.Name, notNull)
}

// fillColumn gives column col of each row of t that txn sees the value
// columnValue draws for a row that omits it (nextval of its sequence),
// in slot order.
func (s *Session) fillColumn(txn *catalog.Txn, t *catalog.Table, col int) error {
	if err := txn.LockTable(t); err != nil {
		return err
	}
	var slots []uint64
	var rows [][]any
	txn.Scan(t, func(slot uint64, vals []any) bool {
		slots, rows = append(slots, slot), append(rows, append(make([]any, 0, len(t.Columns)), vals...))
		return true
	})
	e := &env{sess: s}
	for i, slot := range slots {
		v, err := columnValue(e, txn, t, col, nil) // dml.go
		if err != nil {
			return err
		}
		row := rows[i][:len(t.Columns)]
		row[col] = v
		if _, err := txn.Update(t, slot, row); err != nil {
			return err
		}
	}
	return nil
}
