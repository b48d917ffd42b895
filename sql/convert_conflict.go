package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// isQuery reports whether the source of an INSERT is a query (INSERT ...
// SELECT) rather than a plain VALUES list.
func isQuery(sel *pg_query.SelectStmt) bool {
	return len(sel.GetValuesLists()) == 0 || len(sel.GetSortClause()) > 0 || sel.GetLimitCount() != nil ||
		sel.GetLimitOffset() != nil || sel.GetWithClause() != nil || sel.GetOp() != pg_query.SetOperation_SETOP_NONE
}

// onConflict converts ON CONFLICT [(cols) | ON CONSTRAINT name] DO
// NOTHING | DO UPDATE SET ... [WHERE]; nil in gives nil out. Conflict
// targets with opclasses or collations are 0A000.
func (c *conv) onConflict(oc *pg_query.OnConflictClause) (*OnConflict, error) {
	if oc == nil {
		return nil, nil
	}
	out := &OnConflict{P: int(oc.GetLocation())}
	if inf := oc.GetInfer(); inf != nil {
		out.Constraint = inf.GetConname()
		out.TargetP = int(inf.GetLocation())
		var err error
		if out.TargetWhere, err = c.expr(inf.GetWhereClause()); err != nil {
			return nil, err
		}
		for _, n := range inf.GetIndexElems() {
			ie := n.GetIndexElem()
			if ie == nil || len(ie.GetOpclass()) > 0 || len(ie.GetCollation()) > 0 {
				return nil, c.unsupported("opclasses and collations in an ON CONFLICT target", inf.GetLocation())
			}
			if ie.GetExpr() != nil {
				x, err := c.expr(ie.GetExpr())
				if err != nil {
					return nil, err
				}
				out.TargetExprs = append(out.TargetExprs, x)
				continue
			}
			out.Columns = append(out.Columns, ie.GetName())
		}
	}
	if oc.GetAction() != pg_query.OnConflictAction_ONCONFLICT_UPDATE {
		return out, nil
	}
	out.Update = true
	for _, n := range oc.GetTargetList() {
		rt := n.GetResTarget()
		if rt == nil {
			return nil, c.unsupported(exprConstruct(n), nodeLocation(n))
		}
		if len(rt.GetIndirection()) > 0 {
			return nil, c.unsupported("UPDATE of array elements or fields", rt.GetLocation())
		}
		if rt.GetVal().GetMultiAssignRef() != nil {
			return nil, c.unsupported("multiple-column assignment", rt.GetLocation())
		}
		v, err := c.expr(rt.GetVal())
		if err != nil {
			return nil, err
		}
		out.Set = append(out.Set, Assignment{Column: rt.GetName(), Value: v})
	}
	var err error
	out.Where, err = c.expr(oc.GetWhereClause())
	return out, err
}
