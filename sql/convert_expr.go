package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// expr converts a scalar expression; nil in gives nil out.
func (c *conv) expr(n *pg_query.Node) (Expr, error) {
	if n == nil || n.Node == nil {
		return nil, nil
	}
	switch v := n.Node.(type) {
	case *pg_query.Node_AConst:
		return c.aConst(v.AConst)
	case *pg_query.Node_ParamRef:
		return &Param{N: int(v.ParamRef.GetNumber()), P: int(v.ParamRef.GetLocation())}, nil
	case *pg_query.Node_ColumnRef:
		return c.columnRef(v.ColumnRef)
	case *pg_query.Node_AExpr:
		return c.aExpr(v.AExpr)
	case *pg_query.Node_BoolExpr:
		return c.boolExpr(v.BoolExpr)
	case *pg_query.Node_NullTest:
		return c.nullTest(v.NullTest)
	case *pg_query.Node_BooleanTest:
		return c.booleanTest(v.BooleanTest) // expr_booltest.go
	case *pg_query.Node_FuncCall:
		return c.funcCall(v.FuncCall)
	case *pg_query.Node_TypeCast:
		return c.typeCast(v.TypeCast)
	case *pg_query.Node_SqlvalueFunction:
		return c.sqlValueFunction(v.SqlvalueFunction), nil
	case *pg_query.Node_CoalesceExpr:
		return c.callOf("coalesce", v.CoalesceExpr.GetArgs(), v.CoalesceExpr.GetLocation())
	case *pg_query.Node_MinMaxExpr:
		name := "greatest"
		if v.MinMaxExpr.GetOp() == pg_query.MinMaxOp_IS_LEAST {
			name = "least"
		}
		return c.callOf(name, v.MinMaxExpr.GetArgs(), v.MinMaxExpr.GetLocation())
	case *pg_query.Node_SetToDefault:
		return &Default{P: int(v.SetToDefault.GetLocation())}, nil
	case *pg_query.Node_AArrayExpr:
		return c.arrayExpr(v.AArrayExpr)
	case *pg_query.Node_SubLink:
		return c.subLink(v.SubLink)
	case *pg_query.Node_AIndirection:
		return c.indirection(v.AIndirection)
	case *pg_query.Node_CaseExpr:
		return c.caseExpr(v.CaseExpr) // expr_case.go
	case *pg_query.Node_CollateClause:
		return c.collate(v.CollateClause) // convert_collate.go
	case *pg_query.Node_RowExpr:
		return c.rowExpr(v.RowExpr) // convert_record.go
	}
	return nil, c.unsupported(exprConstruct(n), nodeLocation(n))
}

// exprs converts a list of expressions.
func (c *conv) exprs(list []*pg_query.Node) ([]Expr, error) {
	out := make([]Expr, 0, len(list))
	for _, n := range list {
		e, err := c.expr(n)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, nil
}

// columnRef converts name or table.name; t.* here (f(t.*)) is the
// whole-row reference ColumnRef{Table: t, Name: "*"}, a bare * 0A000.
func (c *conv) columnRef(r *pg_query.ColumnRef) (Expr, error) {
	f := r.GetFields()
	loc := r.GetLocation()
	for i, x := range f {
		if x.GetAStar() != nil && (i != len(f)-1 || len(f) < 2 || len(f) > 3) {
			return nil, c.unsupported("whole-row references (*)", loc)
		}
	}
	if len(f) > 1 && f[len(f)-1].GetAStar() != nil {
		ref := &ColumnRef{Table: f[len(f)-2].GetString_().GetSval(), Name: "*", P: int(loc)}
		if len(f) == 3 {
			ref.Schema = f[0].GetString_().GetSval()
		}
		return ref, nil
	}
	switch len(f) {
	case 1:
		return &ColumnRef{Name: f[0].GetString_().GetSval(), P: int(loc)}, nil
	case 2:
		return &ColumnRef{Table: f[0].GetString_().GetSval(), Name: f[1].GetString_().GetSval(), P: int(loc)}, nil
	case 3:
		return &ColumnRef{Schema: f[0].GetString_().GetSval(), Table: f[1].GetString_().GetSval(),
			Name: f[2].GetString_().GetSval(), P: int(loc)}, nil
	}
	return nil, c.unsupported("cross-database references", loc)
}

// opName is the last part of an operator name (OPERATOR(pg_catalog.+) is +);
// "!=" is normalised to "<>".
func opName(name []*pg_query.Node) string {
	if len(name) == 0 {
		return ""
	}
	op := name[len(name)-1].GetString_().GetSval()
	if op == "!=" {
		op = "<>"
	}
	return op
}

// aExpr converts operator expressions and IN, BETWEEN, LIKE and NULLIF.
func (c *conv) aExpr(a *pg_query.A_Expr) (Expr, error) {
	loc := a.GetLocation()
	switch a.GetKind() {
	case pg_query.A_Expr_Kind_AEXPR_OP, pg_query.A_Expr_Kind_AEXPR_LIKE, pg_query.A_Expr_Kind_AEXPR_ILIKE:
		return c.operator(opName(a.GetName()), a.GetLexpr(), a.GetRexpr(), loc)
	case pg_query.A_Expr_Kind_AEXPR_NULLIF:
		return c.callOf("nullif", []*pg_query.Node{a.GetLexpr(), a.GetRexpr()}, loc)
	case pg_query.A_Expr_Kind_AEXPR_IN:
		return c.inList(a)
	case pg_query.A_Expr_Kind_AEXPR_BETWEEN, pg_query.A_Expr_Kind_AEXPR_NOT_BETWEEN:
		return c.between(a)
	case pg_query.A_Expr_Kind_AEXPR_OP_ANY, pg_query.A_Expr_Kind_AEXPR_OP_ALL:
		return c.arrayCompare(a)
	case pg_query.A_Expr_Kind_AEXPR_DISTINCT, pg_query.A_Expr_Kind_AEXPR_NOT_DISTINCT:
		return c.distinctFrom(a) // expr_distinct.go
	}
	return nil, c.unsupported(aExprConstructs[a.GetKind()], loc)
}

// aExprConstructs names the A_Expr kinds outside the dialect.
var aExprConstructs = map[pg_query.A_Expr_Kind]string{
	pg_query.A_Expr_Kind_AEXPR_SIMILAR:         "SIMILAR TO",
	pg_query.A_Expr_Kind_AEXPR_BETWEEN_SYM:     "BETWEEN SYMMETRIC",
	pg_query.A_Expr_Kind_AEXPR_NOT_BETWEEN_SYM: "BETWEEN SYMMETRIC",
	pg_query.A_Expr_Kind_A_EXPR_KIND_UNDEFINED: "operator expression",
}

// operator converts a binary or prefix operator; "-" on a numeric constant
// folds into the constant.
func (c *conv) operator(op string, l, r *pg_query.Node, loc int32) (Expr, error) {
	right, err := c.expr(r)
	if err != nil {
		return nil, err
	}
	if l == nil {
		if k, ok := right.(*Const); ok && op == "-" && (k.Kind == ConstInt || k.Kind == ConstFloat) {
			return negate(k, int(loc)), nil
		}
		return &UnaryExpr{Op: op, X: right, P: int(loc)}, nil
	}
	left, err := c.expr(l)
	if err != nil {
		return nil, err
	}
	return &BinaryExpr{Op: op, L: left, R: right, P: int(loc)}, nil
}

// inList converts X [NOT] IN (list); IN (subquery) is a SubLink instead.
func (c *conv) inList(a *pg_query.A_Expr) (Expr, error) {
	x, err := c.expr(a.GetLexpr())
	if err != nil {
		return nil, err
	}
	list, err := c.exprs(a.GetRexpr().GetList().GetItems())
	if err != nil {
		return nil, err
	}
	return &InList{X: x, List: list, Not: opName(a.GetName()) == "<>", P: int(a.GetLocation())}, nil
}

// between converts X [NOT] BETWEEN lo AND hi.
func (c *conv) between(a *pg_query.A_Expr) (Expr, error) {
	x, err := c.expr(a.GetLexpr())
	if err != nil {
		return nil, err
	}
	bounds, err := c.exprs(a.GetRexpr().GetList().GetItems())
	if err != nil {
		return nil, err
	}
	if len(bounds) != 2 {
		return nil, c.syntaxErr("BETWEEN needs two bounds", a.GetLocation())
	}
	not := a.GetKind() == pg_query.A_Expr_Kind_AEXPR_NOT_BETWEEN
	return &Between{X: x, Lo: bounds[0], Hi: bounds[1], Not: not, P: int(a.GetLocation())}, nil
}

// boolExpr converts AND/OR/NOT, flattening nested ANDs (and ORs) into one
// BoolExpr: a AND (b AND c) has three arguments.
func (c *conv) boolExpr(b *pg_query.BoolExpr) (Expr, error) {
	var op BoolOp
	switch b.GetBoolop() {
	case pg_query.BoolExprType_AND_EXPR:
		op = And
	case pg_query.BoolExprType_OR_EXPR:
		op = Or
	case pg_query.BoolExprType_NOT_EXPR:
		op = Not
	default:
		return nil, c.unsupported("boolean expression", b.GetLocation())
	}
	args, err := c.exprs(b.GetArgs())
	if err != nil {
		return nil, err
	}
	if op != Not {
		args = flatten(op, args)
	}
	return &BoolExpr{Op: op, Args: args, P: int(b.GetLocation())}, nil
}

// flatten splices the arguments of nested BoolExprs with the same op.
func flatten(op BoolOp, args []Expr) []Expr {
	out := make([]Expr, 0, len(args))
	for _, a := range args {
		if inner, ok := a.(*BoolExpr); ok && inner.Op == op {
			out = append(out, inner.Args...)
			continue
		}
		out = append(out, a)
	}
	return out
}

// nullTest converts X IS [NOT] NULL.
func (c *conv) nullTest(t *pg_query.NullTest) (Expr, error) {
	x, err := c.expr(t.GetArg())
	if err != nil {
		return nil, err
	}
	not := t.GetNulltesttype() == pg_query.NullTestType_IS_NOT_NULL
	return &IsNull{X: x, Not: not, P: int(t.GetLocation())}, nil
}

// typeCast converts X::type, CAST(X AS type) and typed literals (vector '[1]').
func (c *conv) typeCast(t *pg_query.TypeCast) (Expr, error) {
	x, err := c.expr(t.GetArg())
	if err != nil {
		return nil, err
	}
	if name, _, err := c.typeParts(t.GetTypeName()); err == nil && name == "regclass" {
		return &FuncCall{Name: RegclassFunc, Args: []Expr{x}, P: int(t.GetLocation())}, nil // convert_alter.go
	}
	if rt, ok := c.rowTypeCast(x, t); ok { // convert_record.go
		return rt, nil
	}
	typ, err := c.typeName(t.GetTypeName())
	if err != nil {
		return nil, err
	}
	return &Cast{X: x, Type: typ, P: int(t.GetLocation())}, nil
}

// arrayExpr converts ARRAY[...]; a nested constructor (ARRAY[[1,2],[3,4]]
// or ARRAY[ARRAY[1]]) is an element that is itself an ArrayExpr.
func (c *conv) arrayExpr(a *pg_query.A_ArrayExpr) (Expr, error) {
	out := &ArrayExpr{Elems: []Expr{}, P: int(a.GetLocation())}
	for _, n := range a.GetElements() {
		e, err := c.expr(n)
		if err != nil {
			return nil, err
		}
		out.Elems = append(out.Elems, e)
	}
	return out, nil
}
