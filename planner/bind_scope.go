package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Names of a FROM clause that joins relations (PostgreSQL's namespace,
// parse_relation.c): the range table of relations, each with its
// columns at an offset of the joined row, the columns unqualified names
// and * see, and the names a qualified reference may use. A JOIN hides
// its sides' columns from unqualified names behind its own columns (the
// USING or NATURAL columns once, first, then the rest of the left
// side's, then the right side's); a JOIN with an alias hides its sides'
// names too.

// rangeRel is one relation of a joined FROM clause: a table, a function
// or a subquery.
type rangeRel struct {
	id      int
	ref     string // the name it answers to: its alias, else its own name
	rel     string // its own name without schema; "" when only its alias names it
	schema  string // the schema its name is in ("" for functions and subqueries)
	aliased bool
	cols    []catalog.Column // its columns, renamed by column aliases
	off     int              // offset of its first column in the joined row
	item    sql.FromItem
	// origin is the table whose columns a reference reports in
	// RowDescription (nil for functions and subqueries).
	origin *catalog.Table
	// plan reads the relation's rows with the conditions pushed to it
	// (join_plan.go); pushed are those conditions, as written.
	plan   *selectPlan
	pushed []sql.Expr
	// lateral is set for a LATERAL subquery; outer is the binder of the
	// FROM items left of it, whose row its query reads (for a subquery
	// that is not LATERAL, only to word the error of a reference to them).
	lateral bool
	outer   *binder
	// nullable is set when an outer join may null-extend the relation
	// (its whole-row reference is then NULL for such rows).
	nullable bool
	// slots is set for a table whose rows the statement changes or locks
	// (dml_join.go): its plans' rows carry their slot after its columns,
	// a hidden last column of cols that no name reaches.
	slots bool
}

// relSet is a set of rangeRel ids (at most maxJoinRels relations).
type relSet uint64

// maxJoinRels is the most relations one FROM clause joins.
const maxJoinRels = 64

func (s relSet) has(id int) bool          { return s&(1<<uint(id)) != 0 }
func (s relSet) within(o relSet) bool     { return s&^o == 0 }
func relBit(id int) relSet                { return 1 << uint(id) }
func (s relSet) intersects(o relSet) bool { return s&o != 0 }

// nsCol is a column a FROM item shows: to unqualified names and to *, or
// to references qualified by its entry's name.
type nsCol struct {
	name string
	x    expr
	rels relSet
}

// nsEntry is a name qualified references use: a relation, or a JOIN with
// an alias (rel nil).
type nsEntry struct {
	ref  string
	rel  *rangeRel
	cols []nsCol
}

// nsItem is what one FROM item adds to the names: its columns as
// unqualified names and * see them, and its qualified names.
type nsItem struct {
	cols    []nsCol
	entries []*nsEntry
	rels    relSet
}

// fromScope is the names a binder resolves column references with in a
// joined FROM clause: the columns and names of the items visible here,
// and all relations of the clause bound so far (for errors' hints).
type fromScope struct {
	all     []*rangeRel
	cols    []nsCol
	entries []*nsEntry
	// touched collects the relations the references bound since it was
	// last reset read (join_plan.go places conditions by it).
	touched relSet
	// hidden are relations of all that a LATERAL item may not read
	// (joinBinder.hideFirst).
	hidden relSet
}

// scopeOf is the scope of the items.
func scopeOf(all []*rangeRel, items ...*nsItem) *fromScope {
	s := &fromScope{all: all}
	for _, it := range items {
		s.cols = append(s.cols, it.cols...)
		s.entries = append(s.entries, it.entries...)
	}
	return s
}

// lookup resolves c in the scope: found is false when no column of the
// scope answers to it, err the error to report then if no enclosing
// query resolves it either (42703, or 42P01 for a qualifier naming no
// relation here); when found, err is 42702 for an ambiguous reference.
func (s *fromScope) lookup(c *sql.ColumnRef) (x expr, found bool, err error) {
	if c.Table == "" {
		return s.unqualified(c)
	}
	var hits []*nsEntry
	for _, e := range s.entries {
		if e.ref == c.Table && (c.Schema == "" || e.rel != nil && !e.rel.aliased && e.rel.schema == c.Schema) {
			hits = append(hits, e)
		}
	}
	if len(hits) == 0 {
		return nil, false, s.missingEntry(c)
	}
	var match *nsCol
	for i, col := range hits[0].cols {
		if col.name != c.Name {
			continue
		}
		if match != nil {
			return nil, true, errAmbiguous(c)
		}
		match = &hits[0].cols[i]
	}
	if match == nil {
		if hits[0].rel != nil {
			if x, ok := tableOIDColumn(c, hits[0].rel.origin); ok { // bind_syscol.go
				return x, true, nil
			}
		}
		return nil, false, errNoColumn(c)
	}
	s.touched |= match.rels
	return positioned(match.x, c), true, nil
}

// unqualified resolves a column name without qualifier.
func (s *fromScope) unqualified(c *sql.ColumnRef) (expr, bool, error) {
	var match *nsCol
	for i, col := range s.cols {
		if col.name != c.Name {
			continue
		}
		if match != nil {
			return nil, true, errAmbiguous(c)
		}
		match = &s.cols[i]
	}
	if match == nil {
		return nil, false, errNoColumn(c)
	}
	s.touched |= match.rels
	return positioned(match.x, c), true, nil
}

// missingEntry is PostgreSQL's errorMissingRTE for a qualifier no name
// of the scope answers to: a relation of the clause it names that is
// not visible here (an aliased table, or a name out of reach) gets the
// hint, any other qualifier is `missing FROM-clause entry`.
//
// As PostgreSQL's searchRangeTableForRel, the first relation of the
// clause so far whose name or table is the qualifier decides: when it
// has another alias that is visible here, the hint names the alias.
func (s *fromScope) missingEntry(c *sql.ColumnRef) error {
	for _, r := range s.all {
		if r.ref != c.Table && (r.rel != c.Table || r.origin == nil) {
			continue
		}
		err := pgerror.Errorf(pgerror.UndefinedTable, "invalid reference to FROM-clause entry for table %q", c.Table).WithPosition(c.P + 1)
		if r.aliased && r.ref != c.Table && c.Schema == "" && s.visible(r) {
			return err.WithHint("Perhaps you meant to reference the table alias \"" + r.ref + "\".")
		}
		return err.WithHint("There is an entry for table \"" + r.ref + "\", but it cannot be referenced from this part of the query.")
	}
	return pgerror.Errorf(pgerror.UndefinedTable, "missing FROM-clause entry for table %q", c.Table).WithPosition(c.P + 1)
}

// hiddenEntry is PostgreSQL's 42P10 for a qualifier naming a relation
// the scope hides (UPDATE ... FROM's target from a LATERAL item of its
// FROM clause, which PostgreSQL adds to the namespace for the query
// only); nil otherwise.
func (s *fromScope) hiddenEntry(c *sql.ColumnRef) error {
	for _, r := range s.all {
		if s.hidden.has(r.id) && r.ref == c.Table && c.Schema == "" {
			return pgerror.Errorf(pgerror.InvalidColumnReference, "invalid reference to FROM-clause entry for table %q", c.Table).
				WithHint("There is an entry for table \"" + r.ref + "\", but it cannot be referenced from this part of the query.").WithPosition(c.P + 1)
		}
	}
	return nil
}

// visible reports whether r's own name is in the scope's names.
func (s *fromScope) visible(r *rangeRel) bool {
	for _, e := range s.entries {
		if e.rel == r {
			return true
		}
	}
	return false
}

// star is the columns of * (c.Table "") or [schema.]t.* (c.Name is
// "*"); 42P01 at c when t names no relation here, as lookup's.
func (s *fromScope) star(c *sql.ColumnRef) ([]nsCol, error) {
	if c.Table == "" {
		return s.cols, nil
	}
	for _, e := range s.entries {
		if e.ref == c.Table && (c.Schema == "" || e.rel != nil && !e.rel.aliased && e.rel.schema == c.Schema) {
			for _, c := range e.cols {
				s.touched |= c.rels
			}
			return e.cols, nil
		}
	}
	return nil, s.missingEntry(c)
}

// positioned is x, a column of the scope, carrying the position of the
// reference c (for errors that point at it, as 42803).
func positioned(x expr, c *sql.ColumnRef) expr {
	if col, ok := x.(*colExpr); ok {
		cp := *col
		cp.pos = c.P + 1
		return &cp
	}
	return x
}

// errAmbiguous is 42702 for a reference several columns answer to,
// naming the column only, as PostgreSQL does.
func errAmbiguous(c *sql.ColumnRef) error {
	return pgerror.Errorf(pgerror.AmbiguousColumn, "column reference %q is ambiguous", c.Name).WithPosition(c.P + 1)
}

// checkNameConflicts is PostgreSQL's checkNameSpaceConflicts: two names
// of one FROM clause that are the same are 42712 (no position, as
// PostgreSQL 15 gives none). Two tables without aliases in different
// schemas (s.t and public.t) do not conflict, as in PostgreSQL.
func checkNameConflicts(a, b []*nsEntry) error {
	for _, x := range a {
		for _, y := range b {
			if x.ref == y.ref && !distinctTables(x.rel, y.rel) {
				return pgerror.Errorf(pgerror.DuplicateAlias, "table name %q specified more than once", x.ref)
			}
		}
	}
	return nil
}

// distinctTables reports whether a and b are tables named without
// aliases from different schemas.
func distinctTables(a, b *rangeRel) bool {
	return a != nil && b != nil && !a.aliased && !b.aliased && a.origin != nil && b.origin != nil &&
		a.schema != b.schema && a.schema != "" && b.schema != ""
}
