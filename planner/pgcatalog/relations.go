package pgcatalog

import (
	"sort"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
)

// Relation kinds (pg_class.relkind).
const (
	kindTable    = 'r'
	kindIndex    = 'i'
	kindSequence = 'S'
)

// Fixed OIDs of PostgreSQL's built-in objects (src/include/catalog/*.dat).
const (
	oidPgCatalog     = 11                  // namespace pg_catalog
	oidPublic        = sem.PublicSchemaOID // namespace public
	oidPgToast       = 99
	oidInfoSchema    = 13207 // namespace information_schema in PostgreSQL 15.20
	oidDatabaseOwner = 6171  // role pg_database_owner
	oidHeapAM        = 2
	oidBtreeAM       = 403
	oidVectorExt     = sem.VectorExtensionOID // pgvector's objects get OIDs below the catalog's first
	oidIvfflatAM     = 16387
	oidHNSWAM        = 16388
	oidDatabase      = 5
)

// relation is one pg_class row vecgres has: a table, an index (including a
// primary key's) or a serial column's sequence.
type relation struct {
	oid    uint32
	name   string // without its schema
	schema string // catalog.Catalog.SplitName of its catalog name
	kind   byte
	table  *catalog.Table // the table, or the table an index or sequence belongs to
	index  *catalog.Index // for kindIndex
}

// SyntheticOID is the OID of an object vecgres keeps no OID for: the
// primary-key index (part 0) or the sequence of the serial column at
// position part-1 of the table with OID table. It lies above 2^31, out of
// the range the catalog hands out, and is the same at every call.
func SyntheticOID(table uint32, part int) uint32 {
	return 1<<31 | (table&0x7ffffff)<<4 | uint32(part&0xf)
}

// relations returns every relation of the catalog, sorted by name.
func relations(cat *catalog.Catalog) []relation {
	var out []relation
	add := func(r relation, key string) {
		r.schema, r.name = cat.SplitName(key)
		out = append(out, r)
	}
	for _, t := range cat.Tables() {
		add(relation{oid: t.OID, kind: relKindOf(t), table: t}, t.Name) // views_user.go
		for _, ix := range tableIndexes(cat, t) {
			add(relation{oid: indexOID(ix), kind: kindIndex, table: t, index: ix}, ix.Name)
		}
		for i, c := range t.Columns {
			if c.Serial {
				add(relation{oid: SyntheticOID(t.OID, i+1), kind: kindSequence, table: t}, sequenceName(t, i))
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].name != out[j].name {
			return out[i].name < out[j].name
		}
		return out[i].schema < out[j].schema
	})
	return out
}

// key is the relation's catalog name (catalog.QualifiedName).
func (r relation) key() string { return catalog.QualifiedName(r.schema, r.name) }

// baseName is t's name without its schema.
func baseName(cat *catalog.Catalog, t *catalog.Table) string {
	_, b := cat.SplitName(t.Name)
	return b
}

// bareName is a catalog name without its schema (a constraint's).
func bareName(cat *catalog.Catalog, name string) string {
	_, b := cat.SplitName(name)
	return b
}

// schemaOf is the schema of t.
func schemaOf(cat *catalog.Catalog, t *catalog.Table) string {
	s, _ := cat.SplitName(t.Name)
	return s
}

// namespaceOID is the OID of the schema named name (public's when unknown).
func namespaceOID(cat *catalog.Catalog, name string) int64 {
	if s, ok := cat.LookupSchema(name); ok {
		return int64(s.OID)
	}
	return oidPublic
}

// tableIndexes returns the primary-key index (first), the unique keys'
// indexes and the other indexes of t, in creation order.
func tableIndexes(cat *catalog.Catalog, t *catalog.Table) []*catalog.Index {
	var out []*catalog.Index
	if t.PKeyName != "" {
		if ix, ok := cat.Index(t.PKeyName); ok {
			out = append(out, ix)
		}
	}
	for _, k := range t.Uniques() {
		if ix, ok := cat.Index(k.Name); ok && ix.Key == k {
			out = append(out, ix)
		}
	}
	for _, ix := range t.Indexes {
		if ix.Name != t.PKeyName {
			out = append(out, ix)
		}
	}
	return out
}

// IndexName is the name of the index with the OID as pg_class lists it
// (primary keys, unique constraints' and CREATE UNIQUE INDEX's indexes,
// other indexes); false when there is none. The caller holds cat's lock
// shared.
func IndexName(cat *catalog.Catalog, oid uint32) (string, bool) {
	for _, t := range cat.Tables() {
		for _, ix := range tableIndexes(cat, t) {
			if indexOID(ix) == oid {
				return ix.Name, true
			}
		}
	}
	return "", false
}

// indexOID is the index's OID, or the synthetic one of a primary key.
func indexOID(ix *catalog.Index) uint32 {
	if ix.OID != 0 {
		return ix.OID
	}
	return SyntheticOID(ix.Table.OID, 0)
}

// isPrimary reports whether ix is its table's primary-key index.
func isPrimary(ix *catalog.Index) bool { return ix.Name == ix.Table.PKeyName }

// isUnique reports whether ix is a unique index (primary key included).
func isUnique(ix *catalog.Index) bool { return isPrimary(ix) || ix.Key != nil }

// indexColumns returns the columns ix indexes, in order.
func indexColumns(ix *catalog.Index) []int {
	switch {
	case ix.Key != nil && ix.Key.KeyExpr == "": // a unique expression index's one key is its expression, on ix.Column
		return ix.Key.Columns
	case isPrimary(ix):
		return ix.Table.PrimaryKey
	}
	return []int{ix.Column}
}

// sequenceName is PostgreSQL's name for a serial column's sequence:
// table_column_seq.
func sequenceName(t *catalog.Table, col int) string {
	return t.Name + "_" + t.Columns[col].Name + "_seq"
}

// tableByOID returns the table with the OID, if any.
func tableByOID(cat *catalog.Catalog, oid uint32) (*catalog.Table, bool) {
	for _, t := range cat.Tables() {
		if t.OID == oid {
			return t, true
		}
	}
	return nil, false
}
