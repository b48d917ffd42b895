package planner

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_get_viewdef's text (PostgreSQL 15's ruleutils.c, get_query_def
// with PRETTYFLAG_INDENT): " SELECT a.x,\n    a.y AS z\n   FROM s.a\n
// WHERE (a.x > 1)\n  ORDER BY a.x\n LIMIT 5;". Column references are
// qualified by their FROM item's name (alias, or table name without
// schema), a column is followed by AS only when its output name
// differs, any other expression always is ("AS \"?column?\"" when it
// has no name), * is spelled out, operators are parenthesised and
// relations outside search_path are schema-qualified. Made for the
// common shapes (one table, joins of tables, WHERE, GROUP BY, HAVING,
// ORDER BY, LIMIT, OFFSET; columns, literals, operators, function
// calls). In a view over one table, an expression that binds into a
// shape ruleDeparse knows prints with PostgreSQL's added casts
// ("(items.price * (2)::numeric)", viewDeparser.bound); other shapes
// print as written.

// viewDefinition returns q's pg_get_viewdef text, pretty as
// pg_get_viewdef(v, true) prints it (operators parenthesised only inside
// other operators). Latch held.
// names are the view's column names (CREATE VIEW v (names) AS).
func viewDefinition(s *Session, q *sql.Select, pretty bool, names []string) string {
	d := &viewDeparser{s: s, pretty: pretty, names: names}
	return d.query(q) + ";"
}

type viewDeparser struct {
	s      *Session
	pretty bool
	// outer is the precedence of the operator whose operand is being
	// printed (0: none).
	outer int
	// names rename the top query's output columns.
	names []string
	// rels are the FROM items: reference name and columns.
	rels []viewRel
	// deps, when set, are the view's relations (ViewDef.Deps): a FROM
	// name resolves among them, not through search_path, and is printed
	// schema-qualified (viewDefinitionQualified).
	deps []uint32
}

// viewDefinitionQualified is viewDefinition of view t's query for a
// session whose search_path shows none of its relations (pg_dump empties it):
// each relation schema-qualified, found among t's dependencies as the
// names resolved when the view was made. Latch held.
func viewDefinitionQualified(s *Session, t *catalog.Table, q *sql.Select, pretty bool, names []string) string {
	d := &viewDeparser{s: s, pretty: pretty, names: names, deps: t.View.Deps}
	return d.query(q) + ";"
}

// lookup resolves a FROM name: through search_path, or among deps.
func (d *viewDeparser) lookup(name string) (*catalog.Table, bool) {
	if d.deps == nil {
		return d.s.lookupTable(name)
	}
	for _, oid := range d.deps {
		t, ok := d.s.cat.TableByOID(oid)
		if !ok {
			continue
		}
		if _, base := d.s.cat.SplitName(t.Name); t.Name == name || base == name {
			return t, true
		}
	}
	return nil, false
}

type viewRel struct {
	ref   string
	cols  []catalog.Column
	table *catalog.Table
	alias string
}

func (d *viewDeparser) query(q *sql.Select) string {
	if q.SetOp != nil {
		op := q.SetOp.Op.String()
		if q.SetOp.All {
			op += " ALL"
		}
		left := d.query(q.SetOp.Left)
		d.names = nil
		return left + "\n" + op + "\n" + d.query(q.SetOp.Right)
	}
	from := d.from(q)
	var b strings.Builder
	b.WriteString(" SELECT ")
	if q.Distinct && len(q.DistinctOn) == 0 {
		b.WriteString("DISTINCT ")
	}
	for i, it := range d.targets(q) {
		if i > 0 {
			b.WriteString(",\n    ")
		}
		b.WriteString(it)
	}
	if from != "" {
		b.WriteString("\n   FROM " + from)
	}
	if q.Where != nil {
		b.WriteString("\n  WHERE " + d.expr(q.Where))
	}
	if len(q.GroupBy) > 0 {
		b.WriteString("\n  GROUP BY " + d.list(q.GroupBy))
	}
	if q.Having != nil {
		b.WriteString("\n HAVING " + d.expr(q.Having))
	}
	if len(q.OrderBy) > 0 {
		keys := make([]string, len(q.OrderBy))
		for i, o := range q.OrderBy {
			keys[i] = d.expr(o.Expr)
			if o.Desc {
				keys[i] += " DESC"
			}
		}
		b.WriteString("\n  ORDER BY " + strings.Join(keys, ", "))
	}
	if q.Offset != nil {
		b.WriteString("\n OFFSET " + d.expr(q.Offset))
	}
	if q.Limit != nil {
		b.WriteString("\n LIMIT " + d.expr(q.Limit))
	}
	return b.String()
}

// from returns the FROM clause's text and notes its relations.
func (d *viewDeparser) from(q *sql.Select) string {
	switch {
	case q.Joins():
		parts := make([]string, len(q.FromItems))
		for i, it := range q.FromItems {
			parts[i] = d.fromItem(it)
		}
		return strings.Join(parts, ",\n    ")
	case q.From != "" && q.FromQuery == nil && q.FromFunc == nil:
		return d.fromItem(&sql.TableRef{Name: q.From, Alias: q.FromAlias})
	}
	return ""
}

func (d *viewDeparser) fromItem(it sql.FromItem) string {
	switch it := it.(type) {
	case *sql.TableRef:
		t, ok := d.lookup(it.Name)
		if !ok {
			return it.Name
		}
		schema, base := d.s.cat.SplitName(t.Name)
		ref, text := pgcatalog.QuoteIdent(base), pgcatalog.QuoteIdent(base)
		if d.deps != nil || d.s.visibleName(t.Name) != base {
			text = pgcatalog.QuoteIdent(schema) + "." + text
		}
		if it.Alias != "" {
			ref = pgcatalog.QuoteIdent(it.Alias)
			text += " " + ref
		}
		d.rels = append(d.rels, viewRel{ref: ref, cols: t.Columns, table: t, alias: it.Alias})
		return text
	case *sql.JoinExpr:
		kinds := map[sql.JoinKind]string{sql.JoinInner: "JOIN", sql.JoinLeft: "LEFT JOIN", sql.JoinRight: "RIGHT JOIN",
			sql.JoinFull: "FULL JOIN", sql.JoinCross: "CROSS JOIN"}
		l, r := d.fromItem(it.Left), d.fromItem(it.Right)
		kind := kinds[it.Kind]
		if it.Natural {
			kind = "NATURAL " + kind
		}
		out := l + "\n     " + kind + " " + r
		switch {
		case len(it.Using) > 0:
			cols := make([]string, len(it.Using))
			for i, c := range it.Using {
				cols[i] = pgcatalog.QuoteIdent(c)
			}
			out += " USING (" + strings.Join(cols, ", ") + ")"
		case it.On != nil:
			out += " ON " + d.operator(d.flat([]sql.Expr{it.On}), 0)
		}
		if d.pretty {
			return out
		}
		return "(" + out + ")"
	}
	return "?"
}

// targets returns the SELECT list's entries, * spelled out.
func (d *viewDeparser) targets(q *sql.Select) []string {
	var out []string
	rename := func(name string) string {
		if len(out) < len(d.names) {
			return d.names[len(out)]
		}
		return name
	}
	for _, it := range q.Items {
		if it.Star {
			for _, r := range d.rels {
				if it.Table == "" || it.Table == r.ref {
					for _, c := range r.cols {
						text := r.ref + "." + pgcatalog.QuoteIdent(c.Name)
						if n := rename(c.Name); n != c.Name {
							text += " AS " + pgcatalog.QuoteIdent(n)
						}
						out = append(out, text)
					}
				}
			}
			continue
		}
		text := d.expr(it.Expr)
		name := it.Alias
		if c, ok := it.Expr.(*sql.ColumnRef); ok && name == "" {
			name = c.Name
		}
		name = rename(name)
		if c, ok := it.Expr.(*sql.ColumnRef); ok && name == c.Name {
			out = append(out, text)
			continue
		}
		if name == "" {
			name = "?column?"
			if f, ok := it.Expr.(*sql.FuncCall); ok {
				name = f.Name
			}
		}
		out = append(out, text+" AS "+pgcatalog.QuoteIdent(name))
	}
	return out
}

func (d *viewDeparser) list(es []sql.Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = d.expr(e)
	}
	return strings.Join(parts, ", ")
}

func (d *viewDeparser) expr(e sql.Expr) string {
	if text, ok := d.bound(e); ok {
		return text
	}
	switch x := e.(type) {
	case *sql.ColumnRef:
		return d.column(x)
	case *sql.Const:
		switch x.Kind {
		case sql.ConstString:
			return "'" + strings.ReplaceAll(x.Text, "'", "''") + "'::text"
		case sql.ConstNull:
			return "NULL::text"
		case sql.ConstBool:
			return x.Text
		}
		if strings.HasPrefix(x.Text, "-") {
			return "(" + x.Text + ")"
		}
		return x.Text
	case *sql.BinaryExpr:
		p := opPrec(x.Op)
		return d.operator(d.operand(x.L, p)+" "+x.Op+" "+d.operand(x.R, p+1), p)
	case *sql.BoolExpr:
		switch x.Op {
		case sql.Not:
			return d.operator("NOT "+d.operand(x.Args[0], precNot), precNot)
		case sql.And:
			return d.operator(strings.Join(d.each(x.Args, precAnd), " AND "), precAnd)
		}
		return d.operator(strings.Join(d.each(x.Args, precOr), " OR "), precOr)
	case *sql.IsNull:
		if x.Not {
			return d.operator(d.operand(x.X, precIs)+" IS NOT NULL", precIs)
		}
		return d.operator(d.operand(x.X, precIs)+" IS NULL", precIs)
	case *sql.FuncCall:
		if x.Star {
			return x.Name + "(*)"
		}
		return x.Name + "(" + d.flat(x.Args) + ")"
	case *sql.Cast:
		if k, null := x.X.(*sql.Const); null && k.Kind == sql.ConstNull && x.RowType != "" {
			return "NULL::" + pgcatalog.QuoteIdent(x.RowType)
		}
		if x.RowType != "" {
			return "(" + d.flat([]sql.Expr{x.X}) + ")::" + pgcatalog.QuoteIdent(x.RowType)
		}
		return "(" + d.flat([]sql.Expr{x.X}) + ")::" + x.Type.Name()
	case *sql.RowExpr:
		return "ROW(" + d.flat(x.Args) + ")"
	case *sql.FieldSelect:
		if c, ok := x.X.(*sql.ColumnRef); ok && c.Table == "" && d.isRelRef(c.Name) { // (t).a is t.a
			return pgcatalog.QuoteIdent(c.Name) + "." + pgcatalog.QuoteIdent(x.Name)
		}
		return "(" + d.flat([]sql.Expr{x.X}) + ")." + pgcatalog.QuoteIdent(x.Name)
	}
	return "?"
}

// Operator precedences for pretty printing (PostgreSQL docs 4.1.6,
// lowest first).
const (
	precOr = iota + 1
	precAnd
	precNot
	precIs
	precCompare
	precOther
	precAdd
	precMul
)

// opPrec is binary operator op's precedence.
func opPrec(op string) int {
	switch op {
	case "=", "<>", "<", ">", "<=", ">=":
		return precCompare
	case "+", "-":
		return precAdd
	case "*", "/", "%":
		return precMul
	}
	return precOther
}

// operator parenthesises the text of an operator of precedence prec:
// always, or when pretty only where the enclosing operator binds
// tighter (PRETTYFLAG_PAREN).
func (d *viewDeparser) operator(text string, prec int) string {
	if d.pretty && d.outer <= prec {
		return text
	}
	return "(" + text + ")"
}

// operand prints e as an operand of an operator of precedence prec.
func (d *viewDeparser) operand(e sql.Expr, prec int) string {
	saved := d.outer
	d.outer = prec
	defer func() { d.outer = saved }()
	return d.expr(e)
}

// flat prints es (a function's arguments) outside any operator.
func (d *viewDeparser) flat(es []sql.Expr) string {
	saved := d.outer
	d.outer = 0
	defer func() { d.outer = saved }()
	return d.list(es)
}

func (d *viewDeparser) each(es []sql.Expr, prec int) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = d.operand(e, prec)
	}
	return out
}

// column qualifies c by the FROM item holding it.
func (d *viewDeparser) column(c *sql.ColumnRef) string {
	if c.Name == "*" { // t.*, a whole row
		return pgcatalog.QuoteIdent(c.Table) + ".*"
	}
	if c.Table != "" {
		return pgcatalog.QuoteIdent(c.Table) + "." + pgcatalog.QuoteIdent(c.Name)
	}
	for _, r := range d.rels {
		for _, col := range r.cols {
			if col.Name == c.Name {
				return r.ref + "." + pgcatalog.QuoteIdent(c.Name)
			}
		}
	}
	return pgcatalog.QuoteIdent(c.Name)
}

// bound prints e as PostgreSQL does when the view reads one table and e
// binds over it into a shape ruleDeparse knows (ruledef.go): with the
// casts PostgreSQL's operator resolution adds ("(items.price *
// (2)::numeric)"). In pretty mode only outside any operator, whose
// parentheses the caller decides.
func (d *viewDeparser) bound(e sql.Expr) (text string, ok bool) {
	if len(d.rels) != 1 || d.rels[0].table == nil || d.pretty && d.outer != 0 {
		return "", false
	}
	if _, isCol := e.(*sql.ColumnRef); isCol {
		return "", false
	}
	defer func() {
		if recover() != nil { // a shape the lone binder does not expect: print as written
			text, ok = "", false
		}
	}()
	r := d.rels[0]
	b := &binder{s: d.s, table: r.table, alias: r.alias, qualify: r.ref}
	b.aggDenied = "aggregate functions are not deparsed here"
	x, err := b.bind(e, types.Unknown)
	if err != nil {
		return "", false
	}
	if k := x.Type().Kind; k == types.KindRecord || k == types.KindRecordArray { // a row type prints by its relation's name: as written
		return "", false
	}
	if hasCase(x) {
		return "", false // a view's CASE indents by its place in the query
	}
	return ruleDeparse(x, d.pretty)
}

// isRelRef reports whether name is a FROM item's name and no column's.
func (d *viewDeparser) isRelRef(name string) bool {
	found := false
	for _, r := range d.rels {
		for _, col := range r.cols {
			if col.Name == name {
				return false
			}
		}
		found = found || r.ref == name
	}
	return found
}
