package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// lockStmt converts LOCK TABLE. Inheritance does not exist here, so ONLY
// changes nothing.
func (c *conv) lockStmt(s *pg_query.LockStmt) (Statement, error) {
	out := &LockTable{Mode: int(s.GetMode()), NoWait: s.GetNowait()}
	for _, n := range s.GetRelations() {
		name, err := c.relName(n.GetRangeVar())
		if err != nil {
			return nil, err
		}
		out.Tables = append(out.Tables, name)
	}
	return out, nil
}
