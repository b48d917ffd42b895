package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonbOps are the jsonb operators vecgres serves (entries of
// sem.Operators, planner/sem/jsonb.go): -> and ->> (object field by text
// key or array element by integer index), @> and <@ (containment, of
// arrays too), ? (key exists).
var jsonbOps = map[string]bool{"->": true, "->>": true, "@>": true, "<@": true, "?": true}

// bindJSONB binds a jsonb operator. An untyped left operand reads as
// jsonb; an untyped right operand as text for ->, ->> and ? (PostgreSQL
// resolves unknown to its preferred string type) and as jsonb for @> and
// <@ (bound by bindContainment, which serves arrays too). Other operand
// types: 42883 operator does not exist.
func (b *binder) bindJSONB(x *sql.BinaryExpr) (expr, error) {
	if x.Op == "@>" || x.Op == "<@" {
		return b.bindContainment(x) // ops_array.go: arrays or jsonb
	}
	lhint, rhint := types.JSONBType, types.Text
	l, err := b.bind(x.L, lhint)
	if err != nil {
		return nil, err
	}
	r, err := b.bind(x.R, rhint)
	if err != nil {
		return nil, err
	}
	if e := b.makeBinary(x.Op, l, r); e != nil { // sem.Operators' jsonb entries
		return e, nil
	}
	return nil, noOperator(noTypmod(l.Type()), x.Op, noTypmod(r.Type())).WithPosition(x.P + 1)
}
