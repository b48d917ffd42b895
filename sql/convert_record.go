package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// rowExpr converts ROW(a, b) and (a, b).
func (c *conv) rowExpr(r *pg_query.RowExpr) (Expr, error) {
	args, err := c.exprs(r.GetArgs())
	if err != nil {
		return nil, err
	}
	return &RowExpr{Args: args, P: int(r.GetLocation())}, nil
}

// rowTypeCast converts X::record, and X::t where t is no built-in type
// (the binder resolves t as a relation's row type, or raises 42704); ok
// is false for any other cast.
func (c *conv) rowTypeCast(x Expr, t *pg_query.TypeCast) (Expr, bool) {
	tn := t.GetTypeName()
	if len(tn.GetTypmods()) > 0 || len(tn.GetArrayBounds()) > 0 || tn.GetSetof() || tn.GetPctType() {
		return nil, false
	}
	parts := strs(tn.GetNames())
	if len(parts) == 2 && parts[0] == "pg_catalog" || len(parts) == 1 {
		if parts[len(parts)-1] == "record" {
			return &Cast{X: x, Type: types.RecordType, P: int(t.GetLocation())}, true
		}
	}
	if len(parts) > 2 || len(parts) == 2 && parts[0] == "pg_catalog" {
		return nil, false
	}
	name, _, err := c.typeParts(tn)
	if _, serial := serialTypes[name]; err != nil || serial {
		return nil, false
	}
	if _, err := lookupType(name, nil); err == nil || pgerror.CodeOf(err) != pgerror.UndefinedObject {
		return nil, false
	}
	out := &Cast{X: x, Type: types.RecordType, P: int(t.GetLocation()), RowType: parts[len(parts)-1], RowTypeP: int(tn.GetLocation())}
	if len(parts) == 2 {
		out.RowSchema = parts[0]
	}
	return out, true
}

// fieldSelect converts the indirection n of X: (X).name and subscripts,
// one after the other ((X).a[1][2]), and a last (X).* (FieldSelect named
// "*", which a select list expands). Consecutive brackets are one
// Subscript, a slice when any of them has a colon.
func (c *conv) fieldSelect(x Expr, ind []*pg_query.Node, loc int32) (Expr, error) {
	for i, n := range ind {
		switch {
		case n.GetAStar() != nil && i == len(ind)-1:
			x = &FieldSelect{X: x, Name: "*", P: leftmost(x)}
		case n.GetString_() != nil:
			x = &FieldSelect{X: x, Name: n.GetString_().GetSval(), P: leftmost(x)}
		case n.GetAIndices() != nil:
			var err error
			if x, err = c.subscript(x, n.GetAIndices(), i > 0 && ind[i-1].GetAIndices() != nil); err != nil {
				return nil, err
			}
		default:
			return nil, c.unsupported("(X).* followed by more indirection", loc)
		}
	}
	return x, nil
}

// subscript adds bracket ai to X: to X's own Subscript when the bracket
// before was one too (more), else as a new Subscript of X.
func (c *conv) subscript(x Expr, ai *pg_query.A_Indices, more bool) (Expr, error) {
	ix := Index{Colon: ai.GetIsSlice()}
	var err error
	if ai.GetLidx() != nil {
		if ix.Lower, err = c.expr(ai.GetLidx()); err != nil {
			return nil, err
		}
	}
	if ai.GetUidx() != nil {
		if ix.Upper, err = c.expr(ai.GetUidx()); err != nil {
			return nil, err
		}
	}
	s, ok := x.(*Subscript)
	if !more || !ok {
		s = &Subscript{X: x, P: x.Pos()}
	}
	s.Indices = append(s.Indices, ix)
	s.Slice = s.Slice || ai.GetIsSlice()
	return s, nil
}

// colDefs converts a column definition list (f(...) AS x(a int, b text)).
func (c *conv) colDefs(list []*pg_query.Node) ([]ColumnDef, error) {
	var out []ColumnDef
	for _, n := range list {
		d := n.GetColumnDef()
		t, err := c.typeName(d.GetTypeName())
		if err != nil {
			return nil, err
		}
		out = append(out, ColumnDef{Name: d.GetColname(), Type: t})
	}
	return out, nil
}

// leftmost is where x begins, as PostgreSQL's exprLocation places a
// cast: at its argument when that comes first (NULL::t).
func leftmost(x Expr) int {
	if c, ok := x.(*Cast); ok && c.X != nil && c.X.Pos() >= 0 {
		return min(c.P, leftmost(c.X))
	}
	return x.Pos()
}
