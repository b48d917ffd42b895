package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// BoolTest is X IS [NOT] TRUE, X IS [NOT] FALSE or X IS [NOT] UNKNOWN
// (PostgreSQL's BooleanTest): never NULL, X must be boolean.
type BoolTest struct {
	X Expr
	// Value is the truth value tested for: true, false, or nil for
	// UNKNOWN (NULL).
	Value any
	Not   bool
	P     int
}

// Name is the test as written, "IS NOT TRUE", for messages and EXPLAIN.
func (t *BoolTest) Name() string {
	s := "IS "
	if t.Not {
		s += "NOT "
	}
	switch t.Value {
	case true:
		return s + "TRUE"
	case false:
		return s + "FALSE"
	}
	return s + "UNKNOWN"
}

// booleanTest converts a BooleanTest node.
func (c *conv) booleanTest(t *pg_query.BooleanTest) (Expr, error) {
	x, err := c.expr(t.GetArg())
	if err != nil {
		return nil, err
	}
	bt := &BoolTest{X: x, P: int(t.GetLocation())}
	switch t.GetBooltesttype() {
	case pg_query.BoolTestType_IS_TRUE:
		bt.Value = true
	case pg_query.BoolTestType_IS_NOT_TRUE:
		bt.Value, bt.Not = true, true
	case pg_query.BoolTestType_IS_FALSE:
		bt.Value = false
	case pg_query.BoolTestType_IS_NOT_FALSE:
		bt.Value, bt.Not = false, true
	case pg_query.BoolTestType_IS_NOT_UNKNOWN:
		bt.Not = true
	}
	return bt, nil
}

func (t *BoolTest) Pos() int { return t.P }
