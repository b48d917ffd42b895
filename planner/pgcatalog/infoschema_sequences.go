package pgcatalog

import "strconv"

// information_schema.sequences: the serial columns' sequences (the same
// list as pg_sequences), their bounds as character_data.

const oidInfoSequences = 13386

var infoSequencesCols = cols("sequence_catalog", tSQLID, "sequence_schema", tSQLID, "sequence_name", tSQLID,
	"data_type", tCharDat, "numeric_precision", tCard, "numeric_precision_radix", tCard, "numeric_scale", tCard,
	"start_value", tCharDat, "minimum_value", tCharDat, "maximum_value", tCharDat, "increment", tCharDat,
	"cycle_option", tYesNo)

func infoSequencesRows(env Env) [][]any {
	var rows [][]any
	for _, s := range serialSeqs(env) {
		if !canSee(env, s.rel.table, anyTablePriv) {
			continue // PostgreSQL: USAGE, SELECT or UPDATE on the sequence, which the table's owner has
		}
		ti := describeType(s.typ)
		rows = append(rows, []any{env.Database, s.rel.schema, s.rel.name, ti.dataType, ti.numPrec, ti.numRadix,
			ti.numScale, "1", "1", strconv.FormatInt(s.max, 10), "1", "NO"})
	}
	return rows
}
