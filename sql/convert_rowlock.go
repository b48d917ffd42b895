package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// lockStrengths maps pg_query's locking strengths to ours.
var lockStrengths = map[pg_query.LockClauseStrength]LockStrength{
	pg_query.LockClauseStrength_LCS_FORKEYSHARE:    LockForKeyShare,
	pg_query.LockClauseStrength_LCS_FORSHARE:       LockForShare,
	pg_query.LockClauseStrength_LCS_FORNOKEYUPDATE: LockForNoKeyUpdate,
	pg_query.LockClauseStrength_LCS_FORUPDATE:      LockForUpdate,
}

// lockingClauses converts a SELECT's locking clauses (ast_rowlock.go). On a
// set operation they are PostgreSQL's 0A000 "FOR UPDATE is not allowed
// with UNION/INTERSECT/EXCEPT" (transformSetOperationStmt).
func (c *conv) lockingClauses(s *pg_query.SelectStmt, setOp bool) ([]RowLock, error) {
	var out []RowLock
	for _, n := range s.GetLockingClause() {
		lc := n.GetLockingClause()
		st, ok := lockStrengths[lc.GetStrength()]
		if !ok {
			return nil, c.unsupported("locking clause", -1)
		}
		if setOp {
			return nil, pgerror.Errorf(pgerror.FeatureNotSupported, "%s is not allowed with UNION/INTERSECT/EXCEPT", st)
		}
		l := RowLock{Strength: st, NoWait: lc.GetWaitPolicy() == pg_query.LockWaitPolicy_LockWaitError,
			SkipLocked: lc.GetWaitPolicy() == pg_query.LockWaitPolicy_LockWaitSkip}
		for _, r := range lc.GetLockedRels() {
			rv := r.GetRangeVar()
			if rv == nil {
				return nil, c.unsupported("FOR UPDATE OF "+exprConstruct(r), nodeLocation(r))
			}
			name := rv.GetRelname()
			if rv.GetSchemaname() != "" {
				name = rv.GetSchemaname() + "." + name
			}
			l.Of = append(l.Of, name)
			l.OfP = append(l.OfP, charPos(c.q, rv.GetLocation()))
		}
		out = append(out, l)
	}
	return out, nil
}
