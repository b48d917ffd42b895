package sql

// AST of a subquery in FROM, a derived table (convert_derived.go).

// DerivedTable is FROM (SELECT ...) [AS] alias [(col, ...)]: the inner
// query, a plain SELECT or a set operation, read by the outer SELECT as
// a table named Alias. Columns renames the first len(Columns) output
// columns of Query (PostgreSQL docs, 7.2.1.3 "Subqueries").
//
// A reference to a WITH query is one too (convert_with.go): CTE is then
// the WITH query's name, CTEP the byte offset of its definition and
// CTEColumns its column list, whose names Columns ends with.
type DerivedTable struct {
	Query      *Select
	Alias      string
	Columns    []string
	CTE        string
	CTEP       int
	CTEColumns []string
	// Step is a recursive WITH query's recursive term (convert_recursive.go),
	// Query then its non-recursive term, combined by UNION ALL when
	// UnionAll, else UNION. Step reads the rows of the previous step
	// through a DerivedTable whose WorkTable is the WITH query's name
	// (and Query nil).
	Step      *Select
	UnionAll  bool
	WorkTable string
	// Shared is the WITH query's, the same for all its references in
	// the statement: when Shared.Materialized, its rows are computed
	// once and read by each reference.
	Shared *CTEShare
	// Modify is set (and Query nil) for a reference to a data-modifying
	// WITH query (ast_with_modify.go): it reads that query's RETURNING
	// rows.
	Modify *ModifyingCTE
}

// CTEShare is one WITH query's materialization (convert_with.go):
// PostgreSQL 15 computes the rows once (a CTE Scan reads them) when it is
// MATERIALIZED, recursive, or referenced more than once without NOT
// MATERIALIZED, and inlines it otherwise.
type CTEShare struct {
	Name         string
	Materialized bool
}

// ReadTables returns the tables q reads through its FROM clauses: its
// own table, each SELECT's of a set operation and those of subqueries in
// FROM, each once, in order. Functions in FROM and tables that only
// scalar subqueries read are left out.
func (q *Select) ReadTables() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(q *Select)
	walk = func(q *Select) {
		if q != nil {
			for _, d := range q.WithChecks {
				walk(d.Query)
				walk(d.Step)
			}
		}
		switch {
		case q == nil:
		case q.SetOp != nil:
			walk(q.SetOp.Left)
			walk(q.SetOp.Right)
		case q.FromQuery != nil:
			walk(q.FromQuery.Query)
			walk(q.FromQuery.Step)
		case q.Joins():
			for _, it := range q.FromItems {
				readFromItem(it, func(name string) {
					if !seen[name] {
						seen[name] = true
						out = append(out, name)
					}
				}, walk)
			}
		case q.From != "" && q.FromFunc == nil && !seen[q.From]:
			seen[q.From] = true
			out = append(out, q.From)
		}
	}
	walk(q)
	return out
}
