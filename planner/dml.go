package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// returning is a bound RETURNING list.
type returning struct {
	items []expr
	cols  []backend.Column
}

func (b *binder) bindReturning(items []sql.SelectItem) (*returning, error) {
	if len(items) == 0 {
		return nil, nil
	}
	p := &selectPlan{table: b.table}
	for _, it := range items {
		if it.Star {
			if err := b.expandStar(p, it); err != nil {
				return nil, err
			}
			continue
		}
		x, err := b.bind(it.Expr, types.Unknown)
		if err != nil {
			return nil, err
		}
		name := it.Alias
		if name == "" {
			name = outputName(it.Expr)
		}
		p.addItem(x, name)
	}
	return &returning{items: p.items, cols: p.cols}, nil
}

func (r *returning) columns() []backend.Column {
	if r == nil {
		return nil
	}
	return r.cols
}

// targetTable resolves the table of INSERT, UPDATE, DELETE and COPY;
// pos is the byte offset of its name for the error's position (-1: none).
func (b *binder) targetTable(name string, pos int) (*catalog.Table, error) {
	t, ok := b.s.lookupTable(name)
	if !ok {
		return nil, errNoRelation(name, pos)
	}
	if err := b.s.checkUsageAt(t, pos); err != nil { // schema_priv.go
		return nil, err
	}
	if t.IsSequence() {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "cannot change sequence \"%s\"", bareRel(b.s.cat, t))
	}
	b.table = t
	b.s.noteRelation(t) // locked before the statement runs (session_latch.go)
	return t, nil
}

// insertPlan is INSERT ... VALUES: per row, one bound expression per
// table column (nil: use the column's default); or INSERT ... SELECT
// (query set, dml_query.go). conflict is its ON CONFLICT clause
// (dml_conflict.go).
type insertPlan struct {
	table    *catalog.Table
	rows     [][]expr
	query    *insertQuery
	conflict *conflictPlan
	// view is the view written through (view_update.go); nil for none.
	view *catalog.Table
	ret  *returning
	// alias is INSERT INTO t AS alias's (EXPLAIN prints it); "" for none.
	alias string
}

func (p *insertPlan) columns() []backend.Column { return p.ret.columns() }

func (b *binder) planInsert(x *sql.Insert) (plan, error) {
	t, err := b.targetTable(x.Table, x.TableP)
	if err != nil {
		return nil, err
	}
	var view *catalog.Table
	var targets []int
	if t.IsView() {
		view = t
		if x.OnConflict != nil {
			return nil, pgerror.NotSupported("INSERT ... ON CONFLICT through a view")
		}
		if t, err = b.viewTarget(view, "INSERT"); err != nil { // view_update.go
			return nil, err
		}
		targets, err = b.viewTargetColumns(view, x.Columns, x.ColumnsP)
	} else {
		targets, err = targetColumns(t, x.Columns, x.ColumnsP)
	}
	if err != nil {
		return nil, err
	}
	p := &insertPlan{table: t, view: view, alias: x.Alias}
	if x.Query != nil {
		if p.query, err = b.bindInsertQuery(t, x, targets); err != nil {
			return nil, err
		}
	}
	for _, row := range x.Rows {
		if err := checkInsertRow(x, row, targets); err != nil {
			return nil, err
		}
		bound := make([]expr, len(t.Columns))
		for i, e := range row {
			if _, isDefault := e.(*sql.Default); isDefault {
				continue
			}
			if skip, err := identityValue(t.Columns[targets[i]], x.Overriding); err != nil || skip { // identity.go
				if err != nil {
					return nil, err
				}
				continue
			}
			if bound[targets[i]], err = b.bindValue(e, t.Columns[targets[i]]); err != nil {
				return nil, err
			}
		}
		p.rows = append(p.rows, bound)
	}
	b.table, b.alias = t, x.Alias
	if p.conflict, err = b.bindConflict(t, x.OnConflict); err != nil {
		return nil, err
	}
	if p.ret, err = b.bindReturning(x.Returning); err != nil {
		return nil, err
	}
	return p, nil
}

// checkInsertRow checks the length of one VALUES row of x against the
// first row and the target columns as PostgreSQL's transformInsertStmt
// does (all 42601): rows of different lengths; more values than targets
// (positioned at the first extra value); fewer values than an explicit
// column list (positioned at the first column without a value). Without
// a column list, a short row leaves the remaining columns to their
// defaults.
func checkInsertRow(x *sql.Insert, row []sql.Expr, targets []int) error {
	if len(row) != len(x.Rows[0]) {
		return pgerror.New(pgerror.SyntaxError, "VALUES lists must all be the same length").WithPosition(row[0].Pos() + 1)
	}
	return checkInsertWidth(x, len(row), targets, func(i int) int { return row[i].Pos() + 1 })
}

// checkInsertWidth compares n values (of VALUES or of INSERT's SELECT)
// with the target columns; valuePos gives the 1-based position of value i.
func checkInsertWidth(x *sql.Insert, n int, targets []int, valuePos func(i int) int) error {
	if n > len(targets) {
		return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns").WithPosition(valuePos(len(targets)))
	}
	if len(x.Columns) > 0 && n < len(targets) {
		e := pgerror.New(pgerror.SyntaxError, "INSERT has more target columns than expressions")
		if n < len(x.ColumnsP) {
			e = atOffset(e, x.ColumnsP[n])
		}
		return e
	}
	return nil
}

// bindValue binds a value stored into column c, converting it to the
// column's type (assignment cast).
func (b *binder) bindValue(e sql.Expr, c catalog.Column) (expr, error) {
	saved := b.table
	b.table = nil // VALUES cannot reference columns
	defer func() { b.table = saved }()
	hint := c.Type
	if classOf(hint) == classBits || hint.Kind == types.KindSparsevec {
		// bit_in reads a literal at typmod -1; the length coercion
		// follows, without position (PostgreSQL's coerce_type).
		hint = noTypmod(hint)
	}
	x, err := b.bind(e, hint)
	if err != nil {
		return nil, err
	}
	if x.Type().Kind == types.KindUnknown {
		x = retype(x, noTypmod(c.Type))
	}
	if !castable(x.Type(), c.Type) {
		return nil, pgerror.Errorf(pgerror.DatatypeMismatch, "column %q is of type %s but expression is of type %s", c.Name, noTypmod(c.Type).Name(), x.Type().Name()).
			WithHint("You will need to rewrite or cast the expression.").WithPosition(e.Pos() + 1)
	}
	return coerce(x, c.Type, e.Pos())
}

// castable reports whether an assignment cast from -> to exists.
func castable(from, to types.Type) bool {
	if isJSONKind(from.Kind) && isJSONKind(to.Kind) {
		return true // json and jsonb, each way (pg_cast 'a')
	}
	fc, tc := classOf(from), classOf(to)
	if fc == tc && fc != classOther || from.Kind == to.Kind && !types.IsArray(from.Kind) {
		return true
	}
	if to.Kind == types.KindTime && (fc == classTimestamp || from.Kind == types.KindInterval) ||
		from.Kind == types.KindTime && to.Kind == types.KindInterval {
		return true // timestamp, timestamptz and interval to time ('a'), time to interval ('i')
	}
	if tc == classString {
		return true
	}
	if (fc == classDate && tc == classTimestamp) || (fc == classTimestamp && tc == classDate) {
		return true // date and the timestamps, each way (pg_cast 'i' up, 'a' down)
	}
	if fe, ok := types.ElemType(from); ok {
		if te, ok := types.ElemType(to); ok {
			return fe.Kind == te.Kind || castable(fe, te)
		}
		return (to.Kind == types.KindVector || to.Kind == types.KindHalfvec || to.Kind == types.KindSparsevec) && classOf(fe) == classNumeric
	}
	return false
}

// targetColumns resolves the column list of INSERT and COPY (all columns
// when names is empty); pos holds the byte offset of each name for the
// position of 42703, or is nil (COPY, which PostgreSQL does not position).
func targetColumns(t *catalog.Table, names []string, pos []int) ([]int, error) {
	if len(names) == 0 {
		out := make([]int, len(t.Columns))
		for i := range out {
			out[i] = i
		}
		return out, nil
	}
	out := make([]int, len(names))
	seen := map[int]bool{}
	for i, n := range names {
		c := t.ColumnIndex(n)
		if c < 0 {
			e := pgerror.Errorf(pgerror.UndefinedColumn, "column %q of relation %q does not exist", n, t.Name)
			if i < len(pos) {
				e = atOffset(e, pos[i])
			}
			return nil, e
		}
		if seen[c] {
			return nil, pgerror.Errorf(pgerror.DuplicateColumn, "column %q specified more than once", n)
		}
		seen[c] = true
		out[i] = c
	}
	return out, nil
}

// columnValue evaluates ex, or the column's default when ex is nil.
func columnValue(e *env, txn *catalog.Txn, t *catalog.Table, col int, ex expr) (any, error) {
	if ex != nil {
		return ex.Eval(e)
	}
	c := t.Columns[col]
	if c.Identity != 0 {
		return e.identityNext(t, col) // identity.go
	}
	if c.Serial {
		v := txn.NextSerial(t, col)
		e.sess.noteSerialCurr(t, col, v) // sequence_funcs.go
		return v, nil
	}
	if c.DefaultExpr != "" {
		return defaultExprValue(e, c) // defaults.go
	}
	return c.Default, nil
}
