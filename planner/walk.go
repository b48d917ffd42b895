package planner

// children returns the direct sub-expressions of e.
func children(e expr) []expr {
	switch x := e.(type) {
	case *castExpr:
		return []expr{x.x}
	case *funcExpr:
		return x.args
	case *andExpr:
		return x.args
	case *orExpr:
		return x.args
	case *notExpr:
		return []expr{x.x}
	case *isNullExpr:
		return []expr{x.x}
	case *boolTestExpr:
		return []expr{x.x}
	case *inExpr:
		return append([]expr{x.x}, x.list...)
	case *cmpExpr:
		return []expr{x.l, x.r}
	case *distExpr:
		return []expr{x.l, x.r}
	case *arithExpr:
		return []expr{x.l, x.r}
	case *likeExpr:
		return []expr{x.l, x.r}
	case *negExpr:
		return []expr{x.x}
	case *anyExpr:
		return []expr{x.x, x.arr}
	case *subscriptExpr:
		return x.children()
	case *rowExpr:
		return x.args
	case *fieldExpr:
		return []expr{x.x}
	case *rowCmpExpr:
		return append(append([]expr(nil), x.l...), x.r...)
	case *caseExpr:
		return caseChildren(x) // expr_case.go
	case *subqueryExpr:
		if x.test != nil {
			return []expr{x.test}
		}
		return x.row
	}
	return nil
}

// findColumn returns the first column reference in e outside aggregates,
// or nil.
func findColumn(e expr) *colExpr {
	if c, ok := e.(*colExpr); ok {
		return c
	}
	for _, ch := range children(e) {
		if c := findColumn(ch); c != nil {
			return c
		}
	}
	return nil
}
