package pgcatalog

import (
	"math"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// Sequences in the catalogs (PostgreSQL 15's pg_sequence, pg_sequences,
// information_schema.sequences and pg_depend): the sequences of CREATE
// SEQUENCE (catalog/sequence.go), whose pg_class rows have relkind 'S'
// (relKindOf), and the sequences of serial columns (relations.go,
// SyntheticOID), which count from 1 by 1 up to their column type's
// maximum.

var sequenceCols = cols("seqrelid", tOID, "seqtypid", tOID, "seqstart", tInt8, "seqincrement", tInt8,
	"seqmax", tInt8, "seqmin", tInt8, "seqcache", tInt8, "seqcycle", tBool)

var sequencesCols = cols("schemaname", tName, "sequencename", tName, "sequenceowner", tName, "data_type", tText,
	"start_value", tInt8, "min_value", tInt8, "max_value", tInt8, "increment_by", tInt8, "cycle", tBool,
	"cache_size", tInt8, "last_value", tInt8)

// seqInfo is one sequence as the catalogs show it; last is the last
// value handed out, nil before the first (and after setval(s, v, false)).
type seqInfo struct {
	rel                         relation
	typ                         types.Type
	start, inc, min, max, cache int64
	cycle                       bool
	last                        any
}

// seqInfos lists the sequences, by name.
func seqInfos(env Env) []seqInfo {
	var out []seqInfo
	for _, r := range relations(env.Cat) {
		if r.kind != kindSequence {
			continue
		}
		if d := r.table.Seq; d != nil {
			s := seqInfo{rel: r, typ: d.Type, start: d.Start, inc: d.Increment, min: d.Min, max: d.Max, cache: d.Cache,
				cycle: d.Cycle}
			if v, called := r.table.SeqValue(); called {
				s.last = v
			}
			out = append(out, s)
			continue
		}
		for i, c := range r.table.Columns {
			if c.Serial && sequenceName(r.table, i) == r.key() {
				s := seqInfo{rel: r, typ: c.Type, start: 1, inc: 1, min: 1, max: maxOf(c.Type), cache: 1}
				if v, ok := r.table.SerialLast(i); ok {
					s.last = v
				}
				out = append(out, s)
			}
		}
	}
	return out
}

// maxOf is the largest value of an integer type (a serial's sequence's
// maximum).
func maxOf(t types.Type) int64 {
	switch t.Kind {
	case types.KindInt2:
		return math.MaxInt16
	case types.KindInt4:
		return math.MaxInt32
	}
	return math.MaxInt64
}

func sequenceRows(env Env) [][]any {
	var rows [][]any
	for _, s := range seqInfos(env) {
		rows = append(rows, []any{int64(s.rel.oid), int64(s.typ.OID()), s.start, s.inc, s.max, s.min, s.cache, s.cycle})
	}
	return rows
}

// sequencesRows lists the sequences with their owner and last value
// handed out; PostgreSQL lists only those the user may read.
func sequencesRows(env Env) [][]any {
	var rows [][]any
	for _, s := range seqInfos(env) {
		rows = append(rows, []any{s.rel.schema, s.rel.name, s.rel.table.Owner, s.typ.Name(), s.start, s.min, s.max,
			s.inc, s.cycle, s.cache, s.last})
	}
	return rows
}

// sequenceDependRows are pg_depend's rows of CREATE SEQUENCE's
// sequences: in their schema (n) and, when OWNED BY, on the owning
// column (a), which pg_dump and pg_get_serial_sequence read.
func sequenceDependRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		d := r.table.Seq
		if r.kind != kindSequence || d == nil {
			continue
		}
		rows = append(rows, []any{int64(oidPgClass), int64(r.oid), int64(0), int64(oidPgNamespace),
			namespaceOID(env.Cat, r.schema), int64(0), "n"})
		if t, ok := tableByOID(env.Cat, d.OwnedBy); ok && d.OwnedBy != 0 {
			if col := t.ColumnIndex(d.OwnedCol); col >= 0 {
				kind := "a" // an identity column's sequence is internal (PostgreSQL's DEPENDENCY_INTERNAL)
				if t.Columns[col].Identity != 0 {
					kind = "i"
				}
				rows = append(rows, []any{int64(oidPgClass), int64(r.oid), int64(0), int64(oidPgClass), int64(t.OID),
					int64(col + 1), kind})
			}
		}
	}
	return rows
}

// ownedSequence is the CREATE SEQUENCE sequence owned by column col of
// t, for pg_get_serial_sequence; nil for none.
func ownedSequence(cat *catalog.Catalog, t *catalog.Table, col int) *catalog.Table {
	if owned := cat.SequencesOwnedBy(t.OID, t.Columns[col].Name); len(owned) > 0 {
		return owned[0]
	}
	return nil
}
