package pgcatalog

import (
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// information_schema.columns: PostgreSQL 15's 44 columns, one row per
// column of schema public's tables. The type columns follow
// information_schema.sql's _pg_* functions: character lengths, numeric
// precision (binary for integers and floats, decimal for numeric),
// datetime precision; pgvector's vector is USER-DEFINED with udt_name
// vector in schema public, as PostgreSQL with pgvector shows it.

var infoColumnsCols = cols("table_catalog", tSQLID, "table_schema", tSQLID, "table_name", tSQLID,
	"column_name", tSQLID, "ordinal_position", tCard, "column_default", tCharDat, "is_nullable", tYesNo,
	"data_type", tCharDat, "character_maximum_length", tCard, "character_octet_length", tCard,
	"numeric_precision", tCard, "numeric_precision_radix", tCard, "numeric_scale", tCard,
	"datetime_precision", tCard, "interval_type", tCharDat, "interval_precision", tCard,
	"character_set_catalog", tSQLID, "character_set_schema", tSQLID, "character_set_name", tSQLID,
	"collation_catalog", tSQLID, "collation_schema", tSQLID, "collation_name", tSQLID,
	"domain_catalog", tSQLID, "domain_schema", tSQLID, "domain_name", tSQLID,
	"udt_catalog", tSQLID, "udt_schema", tSQLID, "udt_name", tSQLID,
	"scope_catalog", tSQLID, "scope_schema", tSQLID, "scope_name", tSQLID,
	"maximum_cardinality", tCard, "dtd_identifier", tSQLID, "is_self_referencing", tYesNo,
	"is_identity", tYesNo, "identity_generation", tCharDat, "identity_start", tCharDat,
	"identity_increment", tCharDat, "identity_maximum", tCharDat, "identity_minimum", tCharDat,
	"identity_cycle", tYesNo, "is_generated", tCharDat, "generation_expression", tCharDat,
	"is_updatable", tYesNo)

// infoColumnsRows lists every column of every table, tables by name.
func infoColumnsRows(env Env) [][]any {
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind != kindTable && r.kind != kindView || !canSee(env, r.table, keyColumnPriv) {
			continue
		}
		for i := range r.table.Columns {
			rows = append(rows, infoColumnRow(env, r.table, i))
		}
	}
	return rows
}

// infoColumnRow is column i of table t.
func infoColumnRow(env Env, t *catalog.Table, i int) []any {
	c := t.Columns[i]
	ti := describeType(c.Type)
	nullable := "YES"
	if c.NotNull {
		nullable = "NO"
	}
	var def any
	if d := DefaultExpr(t, i); d != "" {
		def = d
	}
	return append([]any{env.Database, schemaOf(env.Cat, t), baseName(env.Cat, t), c.Name, int64(i + 1), def, nullable,
		ti.dataType, ti.charMax, ti.charOctet, ti.numPrec, ti.numRadix, ti.numScale, ti.dtPrec, nil, nil,
		nil, nil, nil, nil, nil, nil, nil, nil, nil,
		env.Database, ti.udtSchema, ti.udtName, nil, nil, nil, nil, strconv.Itoa(i + 1), "NO"},
		append(identityInfo(env, t, i), "NEVER", nil, "YES")...)
}

// identityInfo is information_schema.columns' is_identity through
// identity_cycle for column i of t: "NO" and NULLs for a column that is
// no identity column; the generation ("ALWAYS" or "BY DEFAULT") and its
// sequence's options as text otherwise.
func identityInfo(env Env, t *catalog.Table, i int) []any {
	c := t.Columns[i]
	var seq *catalog.Table
	if c.Identity != 0 {
		seq = ownedSequence(env.Cat, t, i) // sequences.go
	}
	if seq == nil {
		return []any{"NO", nil, nil, nil, nil, nil, "NO"}
	}
	gen, d := "ALWAYS", seq.Seq
	if c.Identity == 'd' {
		gen = "BY DEFAULT"
	}
	cycle := "NO"
	if d.Cycle {
		cycle = "YES"
	}
	return []any{"YES", gen, strconv.FormatInt(d.Start, 10), strconv.FormatInt(d.Increment, 10),
		strconv.FormatInt(d.Max, 10), strconv.FormatInt(d.Min, 10), cycle}
}

// typeInfo is what information_schema says of a column's type; nil
// fields are NULL.
type typeInfo struct {
	dataType, udtSchema, udtName        string
	charMax, charOctet                  any
	numPrec, numRadix, numScale, dtPrec any
}

// Character lengths information_schema reports: a character counts 4
// octets in UTF8 (pg_encoding_max_length), and a type without a length
// limit has 1 GB octets (_pg_char_octet_length).
const (
	utf8MaxOctets   = 4
	unlimitedOctets = 1 << 30
)

// describeType is typeInfo for t (information_schema.sql's
// _pg_char_max_length, _pg_numeric_precision and friends).
func describeType(t types.Type) typeInfo {
	ti := typeInfo{dataType: infoDataType(t), udtSchema: schemaPgCatalog, udtName: typname(t)}
	if p, ok := typeOf(t.OID()); ok && p.ext {
		ti.udtSchema = "public"
	}
	switch t.Kind {
	case types.KindText:
		ti.charOctet = int64(unlimitedOctets)
	case types.KindVarchar, types.KindBpchar:
		ti.charOctet = int64(unlimitedOctets)
		if t.Typmod >= 0 {
			ti.charMax, ti.charOctet = int64(t.Typmod), int64(t.Typmod*utf8MaxOctets)
		}
	case types.KindInt2, types.KindInt4, types.KindInt8:
		ti.numPrec, ti.numRadix, ti.numScale = int64(8*t.Size()), int64(2), int64(0)
	case types.KindFloat4:
		ti.numPrec, ti.numRadix = int64(24), int64(2)
	case types.KindFloat8:
		ti.numPrec, ti.numRadix = int64(53), int64(2)
	case types.KindNumeric:
		ti.numRadix = int64(10)
		if t.Typmod >= 0 {
			// atttypmod is ((precision << 16) | scale) + 4 (types.NumericTypmod).
			m := t.Typmod - 4
			ti.numPrec, ti.numScale = int64(m>>16&0xffff), int64(m&0x7ff)
		}
	case types.KindDate:
		ti.dtPrec = int64(0)
	case types.KindTimestamp, types.KindTimestamptz:
		ti.dtPrec = int64(6)
		if t.Typmod >= 0 {
			ti.dtPrec = int64(t.Typmod)
		}
	}
	return ti
}

// infoDataType is data_type: the SQL name without modifiers
// (format_type(oid, NULL)), ARRAY for
// arrays, USER-DEFINED for pgvector's types.
func infoDataType(t types.Type) string {
	switch p, _ := typeOf(t.OID()); {
	case types.IsArray(t.Kind):
		return "ARRAY"
	case p.ext:
		return "USER-DEFINED"
	case t.Kind == types.KindBpchar:
		return "character" // format_type's bpchar without a length
	}
	return types.Type{Kind: t.Kind, Typmod: types.NoTypmod}.Name()
}

// typname is the pg_type name of t's type: int4, _text, vector.
func typname(t types.Type) string {
	p, ok := typeOf(t.OID())
	switch {
	case !ok:
		return ""
	case p.array == t.OID():
		return "_" + p.name
	}
	return p.name
}
