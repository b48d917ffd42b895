package planner

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql"
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
// calls); PostgreSQL's added casts ((2)::numeric) and other shapes
// differ.

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
	// nested is set while printing an operator's operands.
	nested bool
	// names rename the top query's output columns.
	names []string
	// rels are the FROM items: reference name and columns.
	rels []viewRel
}

type viewRel struct {
	ref  string
	cols []catalog.Column
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
		t, ok := d.s.lookupTable(it.Name)
		if !ok {
			return it.Name
		}
		_, base := d.s.cat.SplitName(t.Name)
		ref, text := base, d.s.visibleName(t.Name)
		if it.Alias != "" {
			ref, text = it.Alias, text+" "+it.Alias
		}
		d.rels = append(d.rels, viewRel{ref: ref, cols: t.Columns})
		return text
	case *sql.JoinExpr:
		kinds := map[sql.JoinKind]string{sql.JoinInner: "JOIN", sql.JoinLeft: "LEFT JOIN", sql.JoinRight: "RIGHT JOIN",
			sql.JoinFull: "FULL JOIN", sql.JoinCross: "CROSS JOIN"}
		l, r := d.fromItem(it.Left), d.fromItem(it.Right)
		out := "(" + l + "\n     " + kinds[it.Kind] + " " + r
		if it.On != nil {
			out += " ON (" + d.expr(it.On) + ")"
		}
		return out + ")"
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
		return d.operator(d.operand(x.L) + " " + x.Op + " " + d.operand(x.R))
	case *sql.BoolExpr:
		switch x.Op {
		case sql.Not:
			return d.operator("NOT " + d.operand(x.Args[0]))
		case sql.And:
			return d.operator(strings.Join(d.each(x.Args), " AND "))
		}
		return d.operator(strings.Join(d.each(x.Args), " OR "))
	case *sql.IsNull:
		if x.Not {
			return d.operator(d.operand(x.X) + " IS NOT NULL")
		}
		return d.operator(d.operand(x.X) + " IS NULL")
	case *sql.FuncCall:
		if x.Star {
			return x.Name + "(*)"
		}
		return x.Name + "(" + d.flat(x.Args) + ")"
	case *sql.Cast:
		return "(" + d.flat([]sql.Expr{x.X}) + ")::" + x.Type.Name()
	}
	return "?"
}

// operator parenthesises an operator's text: always, or when pretty
// only inside another operator.
func (d *viewDeparser) operator(text string) string {
	if d.pretty && !d.nested {
		return text
	}
	return "(" + text + ")"
}

// operand prints e as an operand of an operator.
func (d *viewDeparser) operand(e sql.Expr) string {
	saved := d.nested
	d.nested = true
	defer func() { d.nested = saved }()
	return d.expr(e)
}

// flat prints es (a function's arguments) outside any operator.
func (d *viewDeparser) flat(es []sql.Expr) string {
	saved := d.nested
	d.nested = false
	defer func() { d.nested = saved }()
	return d.list(es)
}

func (d *viewDeparser) each(es []sql.Expr) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = d.operand(e)
	}
	return out
}

// column qualifies c by the FROM item holding it.
func (d *viewDeparser) column(c *sql.ColumnRef) string {
	if c.Table != "" {
		return c.Table + "." + pgcatalog.QuoteIdent(c.Name)
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
