package planner

import (
	"github.com/vecgres/vecgres/sql/types"
)

// Record expressions (PostgreSQL docs 4.2.13 and 8.16): a row
// constructor or whole-row reference builds a types.Record, field
// selection reads one of its values (record_bind.go binds them).

// rowExpr is ROW(a, b), (a, b), or the whole row t of a FROM item: a
// record of its values. t is the relation's row type or record; named
// reports that the fields have names a field selection may use (a
// whole-row reference's; ROW(...)'s are f1, f2 ... for JSON only).
type rowExpr struct {
	args  []expr
	names []string
	types []types.Type
	t     types.Type
	named bool
	// anon marks ROW(...): a field it lacks is "could not identify".
	anon bool
	// nullable marks the whole row of a relation an outer join may
	// null-extend: NULL when every column is (so also for a real row of
	// NULLs there, where PostgreSQL gives (,)).
	nullable bool
}

func (r *rowExpr) Type() types.Type { return r.t }
func (r *rowExpr) Eval(e *env) (any, error) {
	vals := make([]any, len(r.args))
	for i, a := range r.args {
		v, err := a.Eval(e)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	if r.nullable && allNull(vals) {
		return nil, nil
	}
	return types.Record{Names: r.names, Types: r.types, Values: vals}, nil
}

func allNull(vals []any) bool {
	for _, v := range vals {
		if v != nil {
			return false
		}
	}
	return true
}

// fieldExpr is (x).name: field idx of record x, NULL when x is.
type fieldExpr struct {
	x    expr
	idx  int
	name string
	t    types.Type
}

func (f *fieldExpr) Type() types.Type { return f.t }
func (f *fieldExpr) Eval(e *env) (any, error) {
	v, err := f.x.Eval(e)
	if err != nil || v == nil {
		return nil, err
	}
	r, _ := v.(types.Record)
	if f.idx >= len(r.Values) {
		return nil, nil
	}
	return r.Values[f.idx], nil
}

// rowCmpExpr compares two row constructors field by field (PostgreSQL
// docs 9.24.5): = is true when every pair is equal, false when one pair
// is not, else NULL; <> its negation; < <= > >= decide at the first
// pair that is not equal (NULL when a pair before it has a NULL), and
// all pairs equal give <= and >= true.
type rowCmpExpr struct {
	op   string
	l, r []expr
	cmps []compareFunc
}

func (*rowCmpExpr) Type() types.Type { return types.Bool }
func (c *rowCmpExpr) Eval(e *env) (any, error) {
	sawNull := false
	for i := range c.l {
		a, err := c.l[i].Eval(e)
		if err != nil {
			return nil, err
		}
		b, err := c.r[i].Eval(e)
		if err != nil {
			return nil, err
		}
		if a == nil || b == nil {
			if c.op != "=" && c.op != "<>" {
				return nil, nil
			}
			sawNull = true
			continue
		}
		if d := c.cmps[i](a, b); d != 0 {
			return cmpResult(c.op, d), nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return cmpResult(c.op, 0), nil
}
