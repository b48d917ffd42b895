package planner

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/types"
)

// jsonbOps are the jsonb operators vecgres serves (entries of
// sem.Operators, planner/sem/jsonb.go): -> and ->> (object field by text
// key or array element by integer index), @> and <@ (containment, of
// arrays too), ? (key exists), ?| and ?& (some or every key of a text[]
// exists), #> and #>> (value at a text[] path), #- (delete at a path).
// jsonb - and || bind as the other binary operators do (bind_ops.go).
var jsonbOps = map[string]bool{"->": true, "->>": true, "@>": true, "<@": true, "?": true,
	"?|": true, "?&": true, "#>": true, "#>>": true, "#-": true}

// pathOps are the jsonb operators whose right operand is text[].
var pathOps = map[string]bool{"?|": true, "?&": true, "#>": true, "#>>": true, "#-": true}

// bindJSONB binds a jsonb operator. An untyped left operand reads as
// jsonb; an untyped right operand as text for ->, ->> and ? (PostgreSQL
// resolves unknown to its preferred string type), as text[] for the
// operators whose one entry takes text[] (pathOps), and as jsonb for @> and
// <@ (bound by bindContainment, which serves arrays too). Other operand
// types: 42883 operator does not exist.
func (b *binder) bindJSONB(x *sql.BinaryExpr) (expr, error) {
	if x.Op == "@>" || x.Op == "<@" {
		return b.bindContainment(x) // ops_array.go: arrays or jsonb
	}
	lhint, rhint := types.JSONBType, types.Text
	if pathOps[x.Op] {
		rhint = sem.TextArray
	}
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
	rt := noTypmod(r.Type())
	if b.untyped(x.R) && l.Type().Kind == types.KindJSON {
		rt = types.Unknown // json has none of jsonb's operators taking it
	}
	return nil, noOperator(noTypmod(l.Type()), x.Op, rt).WithPosition(x.P + 1)
}
