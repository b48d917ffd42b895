package planner

import (
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
)

// Serial columns (PostgreSQL docs §8.1.4 "Serial Types"). CREATE TABLE
// and ALTER TABLE ... ADD COLUMN make a smallserial, serial or bigserial
// column what PostgreSQL makes of it: a smallint, integer or bigint
// column, NOT NULL, whose DEFAULT is nextval('t_col_seq'::regclass) on a
// real sequence (catalog.SeqDef, AS the column's type) OWNED BY the
// column, named as an identity column's (identity.go, chooseSeqName).
// ALTER SEQUENCE, DROP SEQUENCE, setval, TRUNCATE ... RESTART IDENTITY
// and the catalog views treat it as any other owned sequence. Data
// directories written before kept a counter with the column instead
// (catalog.Column.Serial); catalog.Open turns those into such sequences
// (catalog/serial_migrate.go).

// serialColumns is cols with the DEFAULT of each serial column among
// seqs set to nextval on its sequence. cols is not changed (a prepared
// CREATE TABLE runs again with its sequences' new names).
func serialColumns(cat *catalog.Catalog, cols []catalog.Column, seqs []identitySeq) []catalog.Column {
	out := slices.Clone(cols)
	for _, q := range seqs {
		if q.serial {
			out[q.col].DefaultExpr = nextvalOf(cat, q.key) // sequence_ddl.go
		}
	}
	return out
}

// addSerialSeq creates, in txn, the sequence of col, a serial column
// ALTER TABLE ... ADD COLUMN adds to t (owned by t's owner, as
// PostgreSQL's), and returns col with its DEFAULT calling it. Latch held
// exclusively.
func (s *Session) addSerialSeq(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, col catalog.Column) (catalog.Column, error) {
	def, _, err := seqDefine(nil, []sql.SeqOption{{Name: "as", Type: col.Type}}) // sequence_ddl.go
	if err != nil {
		return col, err
	}
	schema, base := cat.SplitName(t.Name)
	key := chooseSeqName(cat, schema, base, col.Name, nil) // identity.go
	def.OwnedBy, def.OwnedCol = t.OID, col.Name
	if _, err := cat.CreateSequenceIn(txn, t.Owner, key, def); err != nil {
		return col, err
	}
	col.DefaultExpr = nextvalOf(cat, key)
	return col, nil
}
