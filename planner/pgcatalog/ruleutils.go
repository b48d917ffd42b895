package pgcatalog

import (
	"math"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// pgvector's HNSW defaults (hnsw.h HNSW_DEFAULT_M, HNSW_DEFAULT_EF_CONSTRUCTION).
const (
	hnswDefaultM   = 16
	hnswDefaultEfC = 64
)

// IndexDef is pg_get_indexdef(oid) for ix:
//
//	CREATE UNIQUE INDEX items_pkey ON public.items USING btree (id)
//	CREATE INDEX items_embedding_idx ON public.items USING hnsw (embedding vector_l2_ops) WITH (m='8', ef_construction='32')
//
// The operator class is printed because pgvector's HNSW classes are not
// defaults; reloptions are printed as PostgreSQL's flatten_reloptions does
// (values quoted), as CREATE INDEX spelt them (Index.Reloptions); for an
// index logged before those were kept, WITH lists the values that differ
// from pgvector's defaults.
func IndexDef(ix *catalog.Index) string { return indexDef(ix, "public.") }

// indexDef is IndexDef with the table's schema prefix given: "public."
// or, for pretty output of a table on the search path, "".
func indexDef(ix *catalog.Index, schema string) string {
	var b strings.Builder
	b.WriteString("CREATE ")
	if isUnique(ix) {
		b.WriteString("UNIQUE ")
	}
	name, table := ix.Name, ix.Table.Name
	if sc, base, ok := strings.Cut(table, "."); ok { // a user schema's (catalog/schema.go)
		name, table = strings.TrimPrefix(name, sc+"."), base
		if schema != "" {
			schema = QuoteIdent(sc) + "."
		}
	}
	b.WriteString("INDEX " + QuoteIdent(name) + " ON " + schema + QuoteIdent(table))
	b.WriteString(" USING " + string(ix.Method) + " (" + indexKeyText(ix))
	if ix.Opclass != "" && !defaultOpclass(ix) {
		b.WriteString(" " + ix.Opclass)
	}
	b.WriteString(")")
	if ix.Key != nil && ix.Key.NullsNotDistinct {
		b.WriteString(" NULLS NOT DISTINCT")
	}
	if opts := reloptions(ix); len(opts) > 0 {
		b.WriteString(" WITH (" + strings.Join(opts, ", ") + ")")
	}
	b.WriteString(indexPredText(ix))
	return b.String()
}

// defaultOpclass reports whether ix's operator class is its access
// method's default for the column type, which pg_get_indexdef leaves out:
// pgvector's only one among vecgres's is vector_l2_ops for ivfflat.
func defaultOpclass(ix *catalog.Index) bool {
	return ix.Method == catalog.MethodIVFFlat && ix.Opclass == "vector_l2_ops"
}

// reloptions lists an HNSW or ivfflat index's options as name='value'.
func reloptions(ix *catalog.Index) []string {
	if ix.Method != catalog.MethodHNSW && ix.Method != catalog.MethodIVFFlat {
		return nil
	}
	if ix.Reloptions != nil {
		out := make([]string, len(ix.Reloptions))
		for i, o := range ix.Reloptions {
			name, value, _ := strings.Cut(o, "=")
			out[i] = name + "='" + value + "'"
		}
		return out
	}
	var out []string
	if ix.Method == catalog.MethodIVFFlat {
		return nil // ivfflat records always keep their reloptions
	}
	if ix.M != 0 && ix.M != hnswDefaultM {
		out = append(out, "m='"+strconv.Itoa(ix.M)+"'")
	}
	if ix.EfConstruction != 0 && ix.EfConstruction != hnswDefaultEfC {
		out = append(out, "ef_construction='"+strconv.Itoa(ix.EfConstruction)+"'")
	}
	return out
}

// constraintDef is pg_get_constraintdef of a table's primary key:
// "PRIMARY KEY (id)".
func constraintDef(t *catalog.Table) string {
	cols := make([]string, len(t.PrimaryKey))
	for i, c := range t.PrimaryKey {
		cols[i] = QuoteIdent(t.Columns[c].Name)
	}
	return "PRIMARY KEY (" + strings.Join(cols, ", ") + ")"
}

// QuoteIdent is PostgreSQL's quote_identifier (sem.QuoteIdent).
func QuoteIdent(name string) string { return sem.QuoteIdent(name) }

// DefaultExpr is pg_get_expr of a column's default, "" for none: the
// sequence call of a serial column, nextval('items_id_seq'::regclass), or
// the constant as PostgreSQL prints a literal of the column's type: 5,
// 1.5, true, 'x”y'::text, '[1,2,3]'::vector. Negative numbers are quoted
// and cast ('-1'::integer), as PostgreSQL prints them; a negative float
// shows ::numeric since that is how PostgreSQL types the literal -2.5.
func DefaultExpr(t *catalog.Table, col int) string {
	c := t.Columns[col]
	if c.Serial {
		return "nextval('" + sequenceName(t, col) + "'::regclass)"
	}
	if c.DefaultExpr != "" {
		return c.DefaultExpr // now(), CURRENT_TIMESTAMP, gen_random_uuid() (planner/defaults.go)
	}
	if c.Default == nil {
		return ""
	}
	text := string(types.AppendText(nil, c.Type, c.Default))
	switch c.Type.Kind {
	case types.KindBool:
		if text == "t" {
			return "true"
		}
		return "false"
	case types.KindInt2, types.KindInt4, types.KindInt8:
		v, _ := c.Default.(int64)
		return signed(text, literalIntType(v))
	case types.KindFloat4, types.KindFloat8, types.KindNumeric:
		if c.Type.Kind == types.KindNumeric && c.Type.Typmod != types.NoTypmod {
			// numeric(p,s) stores DEFAULT 0 as 0.00; PostgreSQL prints the
			// literal (an integer, most often)
			if whole, frac, ok := strings.Cut(text, "."); ok && strings.Trim(frac, "0") == "" {
				text = whole
			}
		}
		return signed(text, types.Numeric)
	}
	return quoteLiteral(text) + "::" + castName(c.Type)
}

// literalIntType is the type PostgreSQL gives an integer literal: integer
// when it fits, else bigint; a column's default keeps the literal's type
// under an implicit cast, which pg_get_expr does not print.
func literalIntType(v int64) types.Type {
	if v >= math.MinInt32 && v <= math.MaxInt32 {
		return types.Int4
	}
	return types.Int8
}

// signed prints a numeric constant: bare when positive, quoted and cast
// when negative.
func signed(text string, t types.Type) string {
	if strings.HasPrefix(text, "-") {
		return quoteLiteral(text) + "::" + castName(t)
	}
	return text
}

// castName is the type name in a cast: format_type without modifiers for
// types whose modifier PostgreSQL does not show in a constant's cast
// (character varying), with them otherwise (vector has none on literals).
func castName(t types.Type) string {
	switch t.Kind {
	case types.KindVarchar, types.KindVector, types.KindHalfvec:
		return types.Type{Kind: t.Kind, Typmod: types.NoTypmod}.Name()
	case types.KindBpchar:
		return "bpchar" // the literal's type before the length coercion
	}
	return t.Name()
}

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// storage is pg_attribute.attstorage as the type's default: 'p' (plain)
// for fixed-size types, 'e' (external) for pgvector's vector (since
// pgvector 0.6.0), 'm' (main) for numeric, 'x' (extended) for other
// variable-size types.
func storage(t types.Type) string {
	switch {
	case t.Kind == types.KindVector, t.Kind == types.KindHalfvec, t.Kind == types.KindSparsevec:
		return "e" // pgvector's typstorage: external
	case t.Kind == types.KindNumeric:
		return "m" // numeric's typstorage is main
	case t.Size() > 0:
		return "p"
	}
	return "x"
}

// IndexDefByOID is pg_get_indexdef(oid): the definition of the index with
// the OID (synthetic for primary keys); false when there is none. The
// caller holds cat's lock shared.
func IndexDefByOID(cat *catalog.Catalog, oid uint32) (string, bool) {
	return IndexDefColumn(cat, oid, 0, false, nil)
}

// IndexDefSearchPath is IndexDefByOID for a session whose search_path
// shows schema public or not (publicVisible): when not, pgvector's
// operator class is schema-qualified (public.vector_l2_ops), as
// PostgreSQL's generate_opclass_name (pg_dump empties search_path).
func IndexDefSearchPath(cat *catalog.Catalog, oid uint32, publicVisible bool) (string, bool) {
	def, ok := IndexDefByOID(cat, oid)
	if !ok || publicVisible {
		return def, ok
	}
	for _, t := range cat.Tables() {
		for _, ix := range tableIndexes(cat, t) {
			if indexOID(ix) == oid && ix.Opclass != "" && !defaultOpclass(ix) {
				return strings.Replace(def, " "+ix.Opclass+")", " public."+ix.Opclass+")", 1), true
			}
		}
	}
	return def, true
}

// IndexDefColumn is pg_get_indexdef(oid, col, pretty): the whole
// definition for col 0, else the name of key column col (from 1), ""
// past the last; false when no index has the OID. Pretty output, as
// PostgreSQL's PRETTYFLAG_SCHEMA and PRETTYFLAG_PAREN, leaves out the
// schema of a table that visible (search_path finds it by its bare name;
// nil: every table) reports, and the parentheses around a partial index's
// predicate. The caller holds cat's lock shared.
func IndexDefColumn(cat *catalog.Catalog, oid uint32, col int, pretty bool, visible func(key string) bool) (string, bool) {
	for _, t := range cat.Tables() {
		for _, ix := range tableIndexes(cat, t) {
			if indexOID(ix) != oid {
				continue
			}
			key := indexColumns(ix)
			switch {
			case col == 0 && pretty && (visible == nil || visible(t.Name)):
				return prettyPred(indexDef(ix, ""), ix), true
			case col == 0 && pretty:
				return prettyPred(IndexDef(ix), ix), true
			case col == 0:
				return IndexDef(ix), true
			case col < 0 || col > len(key):
				return "", true
			case ix.Expr != "":
				return ix.Expr, true
			}
			return QuoteIdent(t.Columns[key[col-1]].Name), true
		}
	}
	return "", false
}

// prettyPred drops the parentheses around the predicate at the end of
// def, ix's definition, when the whole predicate is one parenthesised
// expression: WHERE (n > 5) is pretty WHERE n > 5.
func prettyPred(def string, ix *catalog.Index) string {
	pred := strings.TrimPrefix(indexPredText(ix), " WHERE ")
	if pred == "" || !strings.HasSuffix(def, pred) {
		return def
	}
	return strings.TrimSuffix(def, pred) + sem.StripOuterParens(pred)
}
