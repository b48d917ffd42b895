package sql

import (
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// funcCall converts name(args), name(*) and name(DISTINCT args), with an
// aggregate's ORDER BY and FILTER, and an OVER clause (convert_window.go).
// WITHIN GROUP and VARIADIC are outside the dialect.
func (c *conv) funcCall(f *pg_query.FuncCall) (Expr, error) {
	loc := f.GetLocation()
	switch {
	case f.GetOver() != nil && len(f.GetAggOrder()) > 0: // PostgreSQL's own refusal
		return nil, c.at(pgerror.New(pgerror.FeatureNotSupported, "aggregate ORDER BY is not implemented for window functions"), loc)
	case f.GetOver() != nil && f.GetAggFilter() != nil: // the planner's window aggregates take no FILTER yet
		return nil, c.unsupported("FILTER in window function calls", loc)
	case f.GetAggWithinGroup():
		return nil, c.unsupported("WITHIN GROUP", loc)
	case f.GetFuncVariadic():
		return nil, c.unsupported("VARIADIC", loc)
	}
	parts := strs(f.GetFuncname())
	if len(parts) > 1 && parts[0] == "pg_catalog" {
		parts = parts[1:]
	}
	name := strings.ToLower(strings.Join(parts, "."))
	var over *WindowSpec
	if f.GetOver() != nil {
		var err error
		if over, err = c.overClause(f.GetOver()); err != nil { // convert_window.go
			return nil, err
		}
	}
	var call *FuncCall
	if f.GetAggStar() {
		call = &FuncCall{Name: name, Star: true, P: int(loc)}
	} else {
		x, err := c.callOf(name, f.GetArgs(), loc)
		if err != nil {
			return nil, err
		}
		call = x.(*FuncCall)
		call.Distinct = f.GetAggDistinct()
	}
	call.Over = over
	return call, c.aggDecorations(call, f)
}

// aggDecorations converts an aggregate call's ORDER BY and FILTER (WHERE
// ...) into call; the planner refuses them on a function that is no
// aggregate.
func (c *conv) aggDecorations(call *FuncCall, f *pg_query.FuncCall) error {
	var err error
	if call.Order, err = c.orderBy(f.GetAggOrder()); err != nil {
		return err
	}
	call.Filter, err = c.expr(f.GetAggFilter())
	return err
}

// callOf is a FuncCall of name over the converted args.
func (c *conv) callOf(name string, args []*pg_query.Node, loc int32) (Expr, error) {
	xs, err := c.exprs(args)
	if err != nil {
		return nil, err
	}
	return &FuncCall{Name: name, Args: xs, P: int(loc)}, nil
}

// sqlValueFunctions names the SQL value functions by their keyword.
var sqlValueFunctions = map[pg_query.SQLValueFunctionOp]string{
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_DATE:        "current_date",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIME:        "current_time",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIME_N:      "current_time",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP:   "current_timestamp",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N: "current_timestamp",
	pg_query.SQLValueFunctionOp_SVFOP_LOCALTIME:           "localtime",
	pg_query.SQLValueFunctionOp_SVFOP_LOCALTIME_N:         "localtime",
	pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP:      "localtimestamp",
	pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:    "localtimestamp",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_ROLE:        "current_role",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_USER:        "current_user",
	pg_query.SQLValueFunctionOp_SVFOP_USER:                "user",
	pg_query.SQLValueFunctionOp_SVFOP_SESSION_USER:        "session_user",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_CATALOG:     "current_catalog",
	pg_query.SQLValueFunctionOp_SVFOP_CURRENT_SCHEMA:      "current_schema",
}

// sqlValueFunction converts current_user, current_schema, ... to a FuncCall
// named by the keyword; the precision of current_time(3) is its argument.
func (c *conv) sqlValueFunction(s *pg_query.SQLValueFunction) Expr {
	f := &FuncCall{Name: sqlValueFunctions[s.GetOp()], P: int(s.GetLocation())}
	switch s.GetOp() {
	case pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIME_N, pg_query.SQLValueFunctionOp_SVFOP_CURRENT_TIMESTAMP_N,
		pg_query.SQLValueFunctionOp_SVFOP_LOCALTIME_N, pg_query.SQLValueFunctionOp_SVFOP_LOCALTIMESTAMP_N:
		f.Args = []Expr{numConst(itoa32(s.GetTypmod()), -1)}
	}
	return f
}
