package pgcatalog

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_constraint (PostgreSQL 15 docs 53.13) and pg_get_constraintdef: one
// row per primary key, unique, check and foreign-key constraint (NOT
// NULL is no pg_constraint row in PostgreSQL 15; nor is a unique index
// made by CREATE UNIQUE INDEX).

const oidPgConstraint = 2606

func init() {
	views["pg_constraint"] = view{oidPgConstraint, constraintCols, constraintRows}
}

var tInt2Array = types.Type{Kind: types.KindInt2Array, Typmod: types.NoTypmod}

var constraintCols = cols("oid", tOID, "conname", tName, "connamespace", tOID, "contype", tText,
	"condeferrable", tBool, "condeferred", tBool, "convalidated", tBool, "conrelid", tOID, "contypid", tOID,
	"conindid", tOID, "conparentid", tOID, "confrelid", tOID, "confupdtype", tText, "confdeltype", tText,
	"confmatchtype", tText, "conislocal", tBool, "coninhcount", tInt2, "connoinherit", tBool,
	"conkey", tInt2Array, "confkey", tInt2Array)

// constraintRows lists every table's constraints: the primary key first,
// then the others in creation order.
func constraintRows(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for _, c := range tableConstraints(t) {
			rows = append(rows, c.row(env.Cat, t))
		}
	}
	return rows
}

// pgConstraint is one pg_constraint row of a table: its primary key (k nil)
// or one of its Constraints.
type pgConstraint struct {
	k *catalog.Constraint
}

// tableConstraints returns t's pg_constraint rows.
func tableConstraints(t *catalog.Table) []pgConstraint {
	var out []pgConstraint
	if t.PKeyName != "" {
		out = append(out, pgConstraint{})
	}
	for _, k := range t.Constraints {
		if !k.IndexOnly {
			out = append(out, pgConstraint{k})
		}
	}
	return out
}

// oid is the constraint's OID; the primary key has a synthetic one
// (SyntheticOID part 15, beside its index's part 0).
func (c pgConstraint) oid(t *catalog.Table) uint32 {
	if c.k == nil {
		return SyntheticOID(t.OID, 15)
	}
	return c.k.OID
}

func (c pgConstraint) row(cat *catalog.Catalog, t *catalog.Table) []any {
	k := c.k
	if k == nil {
		return []any{int64(c.oid(t)), bareName(cat, t.PKeyName), namespaceOID(cat, schemaOf(cat, t)), "p", false, false, true, int64(t.OID), int64(0),
			int64(SyntheticOID(t.OID, 0)), int64(0), int64(0), " ", " ", " ", true, int64(0), true, attnums(t.PrimaryKey), nil}
	}
	var indid, frel int64
	upd, del, match := " ", " ", " "
	var fkey any
	switch k.Kind {
	case catalog.ConUnique:
		indid = int64(k.IndexOID)
	case catalog.ConForeign:
		frel = int64(k.RefTable)
		upd, del, match = string(k.OnUpdate), string(k.OnDelete), "s"
		fkey = attnums(k.RefColumns)
		if p, ok := tableByOID(cat, k.RefTable); ok {
			indid = int64(referencedIndex(cat, p, k.RefColumns))
		}
	}
	var key any
	if len(k.Columns) > 0 {
		key = attnums(k.Columns)
	}
	return []any{int64(k.OID), bareName(cat, k.Name), namespaceOID(cat, schemaOf(cat, t)), string(k.Kind), k.Deferrable, k.Deferred, true, int64(t.OID),
		int64(0), indid, int64(0), frel, upd, del, match, true, int64(0), k.Kind != catalog.ConCheck, key, fkey}
}

// attnums is an int2[] of 1-based column numbers.
func attnums(cols []int) types.Array {
	out := make(types.Array, len(cols))
	for i, c := range cols {
		out[i] = int64(c + 1)
	}
	return out
}

// referencedIndex is the OID of p's unique index on cols (conindid of a
// foreign key).
func referencedIndex(cat *catalog.Catalog, p *catalog.Table, cols []int) uint32 {
	if sameCols(p.PrimaryKey, cols) {
		return SyntheticOID(p.OID, 0)
	}
	for _, u := range p.Uniques() {
		if sameCols(u.Columns, cols) {
			return u.IndexOID
		}
	}
	return 0
}

func sameCols(a, b []int) bool {
	if len(a) != len(b) || len(a) == 0 {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// ConstraintDef is pg_get_constraintdef(oid, pretty) as PostgreSQL 15
// prints it (ruleutils.c pg_get_constraintdef_worker):
//
//	PRIMARY KEY (id)
//	UNIQUE (a, b)
//	UNIQUE NULLS NOT DISTINCT (a)
//	CHECK ((a > 0))                      pretty: CHECK (a > 0)
//	FOREIGN KEY (p) REFERENCES p(id) ON UPDATE CASCADE ON DELETE SET NULL
//
// false when no constraint has the OID. The caller holds cat's lock
// shared.
func ConstraintDef(cat *catalog.Catalog, oid uint32, pretty bool) (string, bool) {
	for _, t := range cat.Tables() {
		for _, c := range tableConstraints(t) {
			if c.oid(t) == oid {
				return c.def(cat, t, pretty), true
			}
		}
	}
	return "", false
}

// CheckByOID returns the CHECK constraint with OID oid and its table.
// The caller holds cat's lock shared.
func CheckByOID(cat *catalog.Catalog, oid uint32) (*catalog.Table, *catalog.Constraint, bool) {
	for _, t := range cat.Tables() {
		for _, k := range t.Constraints {
			if k.OID == oid && k.Kind == catalog.ConCheck && !k.IndexOnly {
				return t, k, true
			}
		}
	}
	return nil, nil, false
}

// ConstraintDefVisible is ConstraintDef for a session whose search_path
// finds a relation by its bare name when visible says so: a foreign key's
// referenced table that it does not find is schema-qualified
// (REFERENCES public.items(id)), as PostgreSQL's generate_relation_name.
func ConstraintDefVisible(cat *catalog.Catalog, oid uint32, pretty bool, visible func(key string) bool) (string, bool) {
	for _, t := range cat.Tables() {
		for _, c := range tableConstraints(t) {
			if c.oid(t) != oid {
				continue
			}
			def := c.def(cat, t, pretty)
			if c.k == nil || c.k.Kind != catalog.ConForeign || visible == nil {
				return def, true
			}
			if p, ok := tableByOID(cat, c.k.RefTable); ok && !visible(p.Name) {
				schema, base, found := strings.Cut(p.Name, ".")
				if !found {
					schema, base = "public", p.Name
				}
				def = strings.Replace(def, " REFERENCES "+QuoteIdent(p.Name)+"(",
					" REFERENCES "+QuoteIdent(schema)+"."+QuoteIdent(base)+"(", 1)
			}
			return def, true
		}
	}
	return "", false
}

func (c pgConstraint) def(cat *catalog.Catalog, t *catalog.Table, pretty bool) string {
	k := c.k
	if k == nil {
		return constraintDef(t)
	}
	var s string
	switch k.Kind {
	case catalog.ConUnique:
		s = "UNIQUE "
		if k.NullsNotDistinct {
			s += "NULLS NOT DISTINCT "
		}
		s += "(" + quotedColumns(t, k.Columns) + ")"
	case catalog.ConCheck:
		expr := k.CheckExpr
		if pretty {
			expr = prettyCheck(expr)
		}
		s = "CHECK (" + expr + ")"
	case catalog.ConForeign:
		ref := "???"
		refCols := ""
		if p, ok := tableByOID(cat, k.RefTable); ok {
			ref, refCols = QuoteIdent(p.Name), quotedColumns(p, k.RefColumns)
		}
		s = "FOREIGN KEY (" + quotedColumns(t, k.Columns) + ") REFERENCES " + ref + "(" + refCols + ")"
		if a := actionName(k.OnUpdate); a != "" {
			s += " ON UPDATE " + a
		}
		if a := actionName(k.OnDelete); a != "" {
			s += " ON DELETE " + a
		}
	}
	if k.Deferrable {
		s += " DEFERRABLE"
	}
	if k.Deferred {
		s += " INITIALLY DEFERRED"
	}
	return s
}

// prettyCheck prints a CHECK expression's text (sql.FormatExpr's, fully
// parenthesised) as pg_get_constraintdef(oid, true) does for the common
// forms: no parentheses around the whole, around operators under AND,
// OR and NOT, around AND under AND or OR, OR under OR and NOT under
// either (ruleutils.c isSimpleNode); other nodes keep sql.FormatExpr's
// (a string constant prints as written, without PostgreSQL's ::text).
func prettyCheck(text string) string {
	stmts, err := sql.Parse("SELECT " + text)
	if err != nil || len(stmts) != 1 {
		return text
	}
	sel, ok := stmts[0].(*sql.Select)
	if !ok || len(sel.Items) != 1 {
		return text
	}
	return unwrap(prettyExpr(sel.Items[0].Expr))
}

// prettyExpr prints e with the parentheses its parent must add when e
// is not simple under it (see simpleUnder).
func prettyExpr(e sql.Expr) string {
	b, ok := e.(*sql.BoolExpr)
	if !ok {
		return sql.FormatExpr(e)
	}
	parts := make([]string, len(b.Args))
	for i, a := range b.Args {
		parts[i] = prettyExpr(a)
		if simpleUnder(a, b.Op) {
			parts[i] = unwrap(parts[i])
		}
	}
	if b.Op == sql.Not {
		return "(NOT " + parts[0] + ")"
	}
	return "(" + strings.Join(parts, map[sql.BoolOp]string{sql.And: " AND ", sql.Or: " OR "}[b.Op]) + ")"
}

// simpleUnder reports whether e needs no parentheses as an argument of
// a parent AND, OR or NOT.
func simpleUnder(e sql.Expr, parent sql.BoolOp) bool {
	switch x := e.(type) {
	case *sql.BinaryExpr:
		return true
	case *sql.BoolExpr:
		switch x.Op {
		case sql.Not, sql.And:
			return parent == sql.And || parent == sql.Or
		case sql.Or:
			return parent == sql.Or
		}
	}
	return false
}

// unwrap drops one pair of parentheses around the whole of s.
func unwrap(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") && balanced(s[1:len(s)-1]) {
		return s[1 : len(s)-1]
	}
	return s
}

// balanced reports whether s's parentheses (outside quotes) never close
// more than they opened: "(a) AND (b)" is not wrapped by its outer pair.
func balanced(s string) bool {
	depth, quoted := 0, false
	for _, r := range s {
		switch {
		case r == '\'':
			quoted = !quoted
		case quoted:
		case r == '(':
			depth++
		case r == ')':
			depth--
			if depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

func quotedColumns(t *catalog.Table, cols []int) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		if c < len(t.Columns) {
			names[i] = QuoteIdent(t.Columns[c].Name)
		}
	}
	return strings.Join(names, ", ")
}

// actionName is a referential action as pg_get_constraintdef spells it;
// "" for NO ACTION, which it leaves out.
func actionName(a byte) string {
	switch a {
	case catalog.FKRestrict:
		return "RESTRICT"
	case catalog.FKCascade:
		return "CASCADE"
	case catalog.FKSetNull:
		return "SET NULL"
	case catalog.FKSetDefault:
		return "SET DEFAULT"
	}
	return ""
}
