package sql

// AST of FROM clauses (convert_from.go): a list of FROM items, each a
// table, a function, a subquery or a join of two items (PostgreSQL docs,
// 7.2.1 "The FROM Clause"). A comma list is a cross join of its items.

// FromItem is one item of a FROM clause: *TableRef, *FromFunc,
// *FromSubquery or *JoinExpr.
type FromItem interface{ fromItem() }

// TableRef is a table (or view of pg_catalog) named in FROM:
// [schema.]name [[AS] alias [(col, ...)]].
type TableRef struct {
	// Schema is the schema as written ("" when unqualified). Name is the
	// name the catalog looks up: "public." is dropped, so "public.items"
	// is "items", while "pg_catalog.pg_type" keeps its prefix (names.go's
	// qualified).
	Schema string
	Name   string
	// Rel is the relation's own name without schema ("pg_type").
	Rel     string
	Alias   string   // "" when none
	Columns []string // column aliases; nil when none
	P       int      // byte offset of the name; -1 unknown
}

// FromFunc is a function in FROM: f(args) [AS alias [(col)]]; Name is
// the alias, or the function's name.
type FromFunc struct {
	Func *FromFunction
	Name string
	P    int
}

// FromSubquery is a subquery in FROM, [LATERAL] (SELECT ...) alias.
// A LATERAL subquery may read the columns of the FROM items left of it
// (PostgreSQL docs, 7.2.1.5 "LATERAL Subqueries").
type FromSubquery struct {
	Derived *DerivedTable
	Lateral bool
	P       int // byte offset of the opening parenthesis; -1 unknown
}

// JoinKind is the kind of a JoinExpr.
type JoinKind uint8

const (
	JoinInner JoinKind = iota
	JoinLeft
	JoinRight
	JoinFull
	JoinCross // CROSS JOIN and the comma of a FROM list
)

// JoinExpr is Left [NATURAL] kind JOIN Right [ON On | USING (Using)]
// [AS Alias]. Natural joins get their USING list from the binder (the
// column names both sides share).
type JoinExpr struct {
	Kind        JoinKind
	Left, Right FromItem
	On          Expr     // nil for CROSS, USING and NATURAL
	Using       []string // USING (cols); nil when none
	Natural     bool
	Alias       string // JOIN ... AS alias; "" when none
	P           int    // byte offset of the left item; -1 unknown
}

func (*TableRef) fromItem()     {}
func (*FromFunc) fromItem()     {}
func (*FromSubquery) fromItem() {}
func (*JoinExpr) fromItem()     {}

// Joins reports whether q's FROM clause joins relations (a JOIN or a
// list of more than one item; also one table with column aliases):
// FromItems holds it, and the
// single-relation fields of Select (From, FromAlias, FromFunc,
// FromQuery) are empty.
func (q *Select) Joins() bool { return len(q.FromItems) > 0 }

// readFromItem adds the tables item reads (its tables, those of its
// subqueries) to walk.
func readFromItem(item FromItem, table func(string), query func(*Select)) {
	switch it := item.(type) {
	case *TableRef:
		table(it.Name)
	case *FromSubquery:
		query(it.Derived.Query)
		if it.Derived.Step != nil {
			query(it.Derived.Step)
		}
	case *JoinExpr:
		readFromItem(it.Left, table, query)
		readFromItem(it.Right, table, query)
	}
}
