package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// collate converts x COLLATE name. vecgres has one collation, the
// database default (C, as pg_database.datcollate reports), so COLLATE
// "default" or pg_catalog."default" — which psql writes after every name
// pattern (`relname OPERATOR(pg_catalog.~) '^(items)$' COLLATE
// pg_catalog.default`) — leaves x as it is; another collation name is
// refused with 0A000 naming COLLATE.
func (c *conv) collate(cc *pg_query.CollateClause) (Expr, error) {
	if !isDefaultCollation(cc.GetCollname()) {
		return nil, c.unsupported("COLLATE", cc.GetLocation())
	}
	return c.expr(cc.GetArg())
}

// isDefaultCollation reports whether the collation name list is default
// or pg_catalog.default.
func isDefaultCollation(names []*pg_query.Node) bool {
	switch len(names) {
	case 1:
		return names[0].GetString_().GetSval() == "default"
	case 2:
		return names[0].GetString_().GetSval() == "pg_catalog" && names[1].GetString_().GetSval() == "default"
	}
	return false
}
