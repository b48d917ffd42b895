package planner

import (
	"strconv"

	ir "github.com/vecgres/vecgres/planner/plan"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// GROUP BY and HAVING (PostgreSQL docs, 7.2.3 "The GROUP BY and HAVING
// Clauses"). A key is an input column or expression, an output column
// position (GROUP BY 1) or an output column name that is not an input
// column. Rows are grouped by hashing the keys' text forms (NULLs form one
// group); groups come out in the order of their first row.

// bindGrouping binds GROUP BY and HAVING once the SELECT list is bound,
// and checks that the list reads columns only through group keys or
// aggregates (42803).
func (b *binder) bindGrouping(p *selectPlan, x *sql.Select) error {
	if (len(x.GroupBy) > 0 || x.Having != nil) && p.aggs == nil {
		p.aggs = &aggState{}
	}
	if len(x.GroupBy) > 0 {
		p.group = make([]expr, 0, len(x.GroupBy)) // non-nil: the query groups
	}
	if p.aggs == nil {
		return nil
	}
	for _, k := range x.GroupBy {
		kx, err := b.groupKey(p, x, k)
		if err != nil {
			return err
		}
		p.group = append(p.group, kx)
	}
	if x.Having != nil {
		b.aggs = p.aggs
		h, err := b.bindCondition(x.Having, "HAVING")
		b.aggs = nil
		if err != nil {
			return err
		}
		p.having = h
		if err := b.checkUngrouped(p, h); err != nil {
			return err
		}
	}
	for _, it := range p.items {
		if err := b.checkUngrouped(p, it); err != nil {
			return err
		}
	}
	return nil
}

// groupKey binds one GROUP BY key.
func (b *binder) groupKey(p *selectPlan, x *sql.Select, k sql.Expr) (expr, error) {
	if c, ok := k.(*sql.Const); ok && c.Kind == sql.ConstInt {
		n, err := strconv.Atoi(c.Text)
		if err != nil || n < 1 || n > len(p.items) {
			return nil, pgerror.Errorf(pgerror.InvalidColumnReference, "GROUP BY position %s is not in select list", c.Text).WithPosition(c.P + 1)
		}
		if findAggregate(p.items[n-1]) {
			return nil, pgerror.New(pgerror.GroupingError, "aggregate functions are not allowed in GROUP BY").WithPosition(x.Items[n-1].Expr.Pos() + 1)
		}
		return p.items[n-1], nil
	}
	if c, ok := k.(*sql.ColumnRef); ok && c.Table == "" && !b.resolves(c, false) {
		for i, col := range p.cols {
			if col.Name == c.Name && !findAggregate(p.items[i]) {
				return p.items[i], nil
			}
		}
	}
	b.winDenied = "window functions are not allowed in GROUP BY" // bind_window.go
	kx, err := b.bind(k, types.Unknown)                          // b.aggs is nil: aggregates are refused
	b.winDenied = ""
	if err != nil {
		if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.GroupingError {
			return nil, pgerror.New(pgerror.GroupingError, "aggregate functions are not allowed in GROUP BY").WithPosition(pe.Position)
		}
		return nil, err
	}
	if kx.Type().Kind == types.KindUnknown {
		kx = retype(kx, types.Text)
	}
	if _, ok := comparerFor(kx.Type(), kx.Type()); !ok {
		return nil, pgerror.Errorf(pgerror.UndefinedFunction, "could not identify an equality operator for type %s", kx.Type().Name()).WithPosition(k.Pos() + 1)
	}
	return kx, nil
}

// checkGrouped checks ORDER BY keys of a grouped or aggregate query.
func (b *binder) checkGrouped(p *selectPlan, order []orderKey) error {
	if p.aggs == nil {
		return nil
	}
	for _, k := range order {
		if err := b.checkUngrouped(p, k.x); err != nil {
			return err
		}
	}
	return nil
}

// checkUngrouped returns 42803 when x reads a column outside the group
// keys and aggregates. Grouping by the whole primary key makes every column
// of the table usable (PostgreSQL's functional dependency rule).
func (b *binder) checkUngrouped(p *selectPlan, x expr) error {
	if groupsByPrimaryKey(p) {
		return nil
	}
	if c := ungroupedColumn(x, p.group); c != nil {
		name := c.qual
		if name == "" {
			name = b.table.Name
		}
		if b.alias != "" {
			name = b.alias
		}
		return pgerror.Errorf(pgerror.GroupingError,
			"column %q must appear in the GROUP BY clause or be used in an aggregate function", name+"."+c.name).WithPosition(c.pos)
	}
	return nil
}

// groupsByPrimaryKey reports whether every primary-key column of the FROM
// table is a group key.
func groupsByPrimaryKey(p *selectPlan) bool {
	if p.table == nil || len(p.table.PrimaryKey) == 0 || len(p.group) == 0 {
		return false
	}
	for _, c := range p.table.PrimaryKey {
		if !isGroupKey(&colExpr{idx: c}, p.group) {
			return false
		}
	}
	return true
}

// ungroupedColumn returns the first column x reads other than through a
// group key (aggregate arguments are not visited), or nil.
func ungroupedColumn(x expr, keys []expr) *colExpr {
	if isGroupKey(x, keys) {
		return nil
	}
	if c, ok := x.(*colExpr); ok {
		return c
	}
	for _, ch := range children(x) {
		if c := ungroupedColumn(ch, keys); c != nil {
			return c
		}
	}
	return nil
}

// isGroupKey reports whether x computes one of the keys: the same bound
// expression, the same column, or an expression printing the same.
func isGroupKey(x expr, keys []expr) bool {
	for _, k := range keys {
		if x == k {
			return true
		}
		if c, ok := x.(*colExpr); ok {
			if kc, ok := k.(*colExpr); ok && kc.idx == c.idx {
				return true
			}
			continue
		}
		if _, isCol := k.(*colExpr); !isCol && formatBound(x) == formatBound(k) && !containsUnknown(x) {
			return true
		}
	}
	return false
}

// containsUnknown reports whether EXPLAIN's printer cannot show x (it
// prints "?"), so that printed forms cannot tell expressions apart.
func containsUnknown(x expr) bool {
	s := formatBound(x)
	for i := 0; i < len(s); i++ {
		if s[i] == '?' {
			return true
		}
	}
	return false
}

// findAggregate reports whether x contains an aggregate's value.
func findAggregate(x expr) bool {
	if _, ok := x.(*aggRef); ok {
		return true
	}
	for _, ch := range children(x) {
		if findAggregate(ch) {
			return true
		}
	}
	return false
}

// aggregateNode is the plan IR's node for the aggregation over in, whose
// estimate is rows: Aggregate (one row), or HashAggregate with its keys,
// estimated at one row per input row. Its columns are the group keys,
// then one per aggregate call, named by the function.
func (p *selectPlan) aggregateNode(rows float64, in ir.Node) *ir.Aggregate {
	n := &ir.Aggregate{Info: ir.Info{Est: ir.Rows(1)}, Unary: ir.Unary{Input: in}}
	if p.group != nil {
		n.Est = ir.Rows(max(rows, 1))
		n.GroupKeys = make([]string, len(p.group))
	}
	for i, k := range p.group {
		n.GroupKeys[i] = formatBound(k)
		n.Out = append(n.Out, ir.Column{Name: n.GroupKeys[i], Type: k.Type()})
	}
	for _, c := range p.aggs.calls {
		n.Out = append(n.Out, ir.Column{Name: c.name, Type: c.t})
	}
	return n
}
