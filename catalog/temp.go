package catalog

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// Temporary tables (PostgreSQL docs, CREATE TABLE "TEMPORARY"). A
// temporary table lives in a temporary schema (Schema.Temp, pg_temp_N,
// made by the planner for one session with CreateTempSchema); a table,
// index or sequence whose catalog name is in such a schema is temporary
// (Table.Temp, set when it is added). Nothing of it reaches the WAL or a
// snapshot: its DDL records are dropped (logRelDDL), its rows and
// sequence values are left out of TxnData and TxnCommit records
// (walrec_txn.go), and checkpoints skip it and its schema
// (snapshot_write.go). So a start-up after a crash, or any start-up,
// has none; the planner drops a session's temporary tables when the
// session ends. pg_class.relpersistence shows 't'.

// CreateTempSchema adds the temporary schema name owned by owner, in
// memory only (never logged), and returns it. Lock held exclusively.
func (c *Catalog) CreateTempSchema(name, owner string) Schema {
	if s, ok := c.schemas[name]; ok {
		return *s
	}
	s := &Schema{Name: name, OID: c.allocOID(), Owner: owner, Grants: map[string]SchemaPriv{}, Temp: true}
	c.putSchema(s)
	c.version++
	return *s
}

// DropTempSchema removes the temporary schema name, which the caller has
// emptied. Lock held exclusively.
func (c *Catalog) DropTempSchema(name string) {
	if s, ok := c.schemas[name]; ok && s.Temp {
		delete(c.schemas, name)
		c.version++
	}
}

// IsTempName reports whether catalog name names a relation in a
// temporary schema. Lock held.
func (c *Catalog) IsTempName(name string) bool {
	schema, _ := c.SplitName(name)
	s, ok := c.schemas[schema]
	return ok && s.Temp
}

// TablesIn returns the tables, views and sequences of schema (a user or
// temporary one), in no particular order. Lock held.
func (c *Catalog) TablesIn(schema string) []*Table {
	var out []*Table
	for name, t := range c.tables {
		if sc, _ := c.SplitName(name); sc == schema {
			out = append(out, t)
		}
	}
	return out
}

// logRelDDL is logDDL for a record about the relation with catalog name
// rel: dropped when rel is temporary.
func (c *Catalog) logRelDDL(rel string, typ wal.RecordType, payload []byte) error {
	if c.IsTempName(rel) {
		return nil
	}
	return c.logDDL(typ, payload)
}

// logIndexIn keeps CREATE INDEX's record of ix in txn (logDDLIn), unless
// its table is temporary.
func (c *Catalog) logIndexIn(txn *Txn, ix *Index) error {
	if ix.Table.Temp {
		return nil
	}
	return c.logDDLIn(txn, recCreateIndex, encodeCreateIndex(ix))
}

// onlyTemp reports whether t changed temporary tables and sequences only
// and logged no DDL: its commit writes nothing to the WAL.
func (t *Txn) onlyTemp() bool {
	if len(t.ddl) > 0 {
		return false
	}
	for _, o := range t.ops {
		if !o.table.Temp {
			return false
		}
	}
	for tb := range t.seqs {
		if !tb.Temp {
			return false
		}
	}
	return true
}

// errTempSchema refuses DDL on a temporary schema itself (DROP, ALTER,
// GRANT, COMMENT ON SCHEMA pg_temp_N): it is never logged.
func errTempSchema() error {
	return pgerror.NotSupported("changing a temporary schema")
}
