package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Writing through views. PostgreSQL 15 rewrites INSERT, UPDATE and
// DELETE on an automatically updatable view (one table, plain columns,
// no aggregates...; rewriteHandler.c's view_query_is_auto_updatable)
// into the same statement on its table. vecgres does not yet: a view
// PostgreSQL would write through is 0A000, any other gets PostgreSQL's
// 55000 with the DETAIL naming why it is not updatable. COPY to or from
// a view is 42809 as in PostgreSQL.

// viewVerbs are, per statement, the words of PostgreSQL's message and
// hint.
var viewVerbs = map[string][2]string{
	"INSERT": {"cannot insert into view", "inserting into"},
	"UPDATE": {"cannot update view", "updating"},
	"DELETE": {"cannot delete from view", "deleting from"},
}

// errViewWrite is the error of statement stmt ("INSERT", "UPDATE",
// "DELETE") naming view v as its target.
func errViewWrite(cat *catalog.Catalog, v *catalog.Table, stmt string) error {
	q, err := viewQuery(v)
	if err != nil {
		return err
	}
	why := notUpdatable(q)
	if why == "" {
		return pgerror.NotSupported(stmt + " on an automatically updatable view")
	}
	w := viewVerbs[stmt]
	return pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "%s \"%s\"", w[0], bareRel(cat, v)).WithDetail(why).
		WithHint("To enable " + w[1] + " the view, provide an INSTEAD OF " + stmt +
			" trigger or an unconditional ON " + stmt + " DO INSTEAD rule.")
}

// notUpdatable returns PostgreSQL's reason why a view of query q is not
// automatically updatable, in view_query_is_auto_updatable's order, or
// "" when it is.
func notUpdatable(q *sql.Select) string {
	switch {
	case q.SetOp != nil:
		return "Views containing UNION, INTERSECT, or EXCEPT are not automatically updatable."
	case q.Distinct:
		return "Views containing DISTINCT are not automatically updatable."
	case len(q.GroupBy) > 0:
		return "Views containing GROUP BY are not automatically updatable."
	case q.Having != nil:
		return "Views containing HAVING are not automatically updatable."
	case q.Limit != nil || q.Offset != nil:
		return "Views containing LIMIT or OFFSET are not automatically updatable."
	}
	for _, it := range q.Items {
		if f, ok := it.Expr.(*sql.FuncCall); ok && f.Over != nil {
			return "Views that return window functions are not automatically updatable."
		} else if ok && aggregateNames[f.Name] {
			return "Views that return aggregate functions are not automatically updatable."
		}
	}
	if q.From == "" || q.FromQuery != nil || q.FromFunc != nil || q.Joins() {
		return "Views that do not select from a single table or view are not automatically updatable."
	}
	return ""
}

// aggregateNames are the common aggregates a view's SELECT list may
// call, for notUpdatable.
var aggregateNames = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "array_agg": true, "string_agg": true,
	"bool_and": true, "bool_or": true, "every": true, "json_agg": true, "jsonb_agg": true, "stddev": true, "variance": true,
}

// errCopyView is COPY's 42809 for view v (from: COPY v FROM).
func errCopyView(cat *catalog.Catalog, v *catalog.Table, from bool) error {
	if from {
		return pgerror.Errorf(pgerror.WrongObjectType, "cannot copy to view \"%s\"", bareRel(cat, v)).
			WithHint("To enable copying to a view, provide an INSTEAD OF INSERT trigger.")
	}
	return pgerror.Errorf(pgerror.WrongObjectType, "cannot copy from view \"%s\"", bareRel(cat, v)).
		WithHint("Try the COPY (SELECT ...) TO variant.")
}
