package catalog

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// Serial columns of older data directories. vecgres used to keep a
// serial column's counter with the column (Column.Serial, Table.seqs,
// logged in the TxnCommit record's sequence list under the column's
// position). A serial column is now an integer column whose DEFAULT
// calls nextval on a real sequence OWNED BY it (planner/serial.go), so
// Open turns every such column into one (migrateSerials): a sequence
// named as the old one showed (t_col_seq; t_col_seq1, ... when the name
// is taken), AS the column's type, going on after the counter's value,
// and the column's DEFAULT nextval('t_col_seq'::regclass). One
// transaction does it all: its DDL records and the sequences' values
// reach the WAL with its commit record, or none of it does (a crash
// before leaves the old columns, which the next Open migrates again).

// migrateSerials migrates the serial columns of every table (see
// above). Called by Open, before anything else runs. Errors: WAL errors.
func (c *Catalog) migrateSerials() error {
	var todo []*Table
	for _, t := range c.tables {
		if slices.ContainsFunc(t.Columns, func(col Column) bool { return col.Serial }) {
			todo = append(todo, t)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	slices.SortFunc(todo, func(a, b *Table) int { return strings.Compare(a.Name, b.Name) })
	txn := c.Begin()
	c.mu.Lock()
	restore := c.RouteDDL(txn)
	var err error
	for _, t := range todo {
		if err = c.migrateSerialTable(txn, t); err != nil {
			break
		}
	}
	restore()
	c.mu.Unlock()
	if err != nil {
		txn.Rollback()
		return fmt.Errorf("migrate serial columns: %w", err)
	}
	return txn.Commit()
}

// migrateSerialTable gives each serial column of t its sequence, in txn.
// Schema lock held exclusively.
func (c *Catalog) migrateSerialTable(txn *Txn, t *Table) error {
	c.RememberTable(txn, t)
	nt := c.proposal(t)
	schema, base := c.SplitName(t.Name)
	for i, col := range t.Columns {
		if !col.Serial {
			continue
		}
		_, hi := IntBounds(col.Type)
		def := &SeqDef{Type: types.Type{Kind: col.Type.Kind, Typmod: types.NoTypmod}, Start: 1, Increment: 1,
			Min: 1, Max: hi, Cache: 1, OwnedBy: t.OID, OwnedCol: col.Name}
		seq := &Table{Name: c.freeRelName(schema, base+"_"+col.Name+"_seq"), Columns: SeqColumns(),
			OID: c.allocOID(), Owner: t.Owner, Seq: def}
		t.seqMu.Lock()
		last := t.seqs[i]
		t.seqMu.Unlock()
		seq.seq = seqState{last: 1}
		if last > 0 {
			seq.seq = seqState{last: last, called: true}
		}
		if err := c.createLogged(seq, txn); err != nil {
			return err
		}
		if err := txn.noteSeq(seq); err != nil {
			return err
		}
		nt.Columns[i].Serial = false
		nt.Columns[i].DefaultExpr = nextvalText(schema, bareName(seq.Name))
	}
	return c.alter(t, nt)
}

// freeRelName is the catalog name of name in schema, or with 1, 2, ...
// appended until no relation has it.
func (c *Catalog) freeRelName(schema, name string) string {
	for n := 0; ; n++ {
		key := QualifiedName(schema, name)
		if n > 0 {
			key = QualifiedName(schema, fmt.Sprintf("%s%d", name, n))
		}
		if !c.RelationExists(key) {
			return key
		}
	}
}

// nextvalText is the DEFAULT text of a serial column of a table in
// schema whose sequence is seq, as pg_get_expr prints it (the planner's
// nextvalOf, for names quote_ident leaves alone or quotes for their
// characters).
func nextvalText(schema, seq string) string {
	name := quoteName(seq)
	if schema != "public" {
		name = quoteName(schema) + "." + name
	}
	return "nextval('" + strings.ReplaceAll(name, "'", "''") + "'::regclass)"
}

// quoteName is name, double-quoted unless it is lower case letters,
// digits, _ and $ not starting with a digit or $.
func quoteName(name string) string {
	plain := name != ""
	for i, r := range name {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && (r >= '0' && r <= '9' || r == '$')) {
			plain = false
		}
	}
	if plain {
		return name
	}
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
