package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// alterSystem converts ALTER SYSTEM: its SET or RESET is read as the
// session's (setStmt), then kept as the server-wide change.
func (c *conv) alterSystem(s *pg_query.AlterSystemStmt) (Statement, error) {
	st, err := c.setStmt(s.GetSetstmt())
	if err != nil {
		return nil, err
	}
	switch x := st.(type) {
	case *Set:
		return &AlterSystem{Name: x.Name, Value: x.Value, Reset: x.Default}, nil
	case *Reset:
		return &AlterSystem{Name: x.Name, Reset: true}, nil
	}
	return nil, c.unsupported("this form of ALTER SYSTEM", -1)
}
