package pgcatalog

import "strconv"

// information_schema.sequences: the sequences (the same list as
// pg_sequences, sequences.go), their bounds as character_data.

const oidInfoSequences = 13386

var infoSequencesCols = cols("sequence_catalog", tSQLID, "sequence_schema", tSQLID, "sequence_name", tSQLID,
	"data_type", tCharDat, "numeric_precision", tCard, "numeric_precision_radix", tCard, "numeric_scale", tCard,
	"start_value", tCharDat, "minimum_value", tCharDat, "maximum_value", tCharDat, "increment", tCharDat,
	"cycle_option", tYesNo)

func infoSequencesRows(env Env) [][]any {
	var rows [][]any
	for _, s := range seqInfos(env) {
		if !canSee(env, s.rel.table, anyTablePriv) {
			continue // PostgreSQL: USAGE, SELECT or UPDATE on the sequence, which the table's owner has
		}
		ti := describeType(s.typ)
		cycle := "NO"
		if s.cycle {
			cycle = "YES"
		}
		rows = append(rows, []any{env.Database, s.rel.schema, s.rel.name, ti.dataType, ti.numPrec, ti.numRadix,
			ti.numScale, strconv.FormatInt(s.start, 10), strconv.FormatInt(s.min, 10), strconv.FormatInt(s.max, 10),
			strconv.FormatInt(s.inc, 10), cycle})
	}
	return rows
}
