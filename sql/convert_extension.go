package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// dropExtension converts DROP EXTENSION [IF EXISTS] name [, ...]
// [RESTRICT]. CASCADE is 0A000: in PostgreSQL it drops the columns of the
// extension's types, which vecgres does not do.
func (c *conv) dropExtension(s *pg_query.DropStmt) (Statement, error) {
	if s.GetBehavior() == pg_query.DropBehavior_DROP_CASCADE {
		return nil, c.unsupported("DROP EXTENSION ... CASCADE", -1)
	}
	names := make([]string, 0, len(s.GetObjects()))
	for _, o := range s.GetObjects() {
		names = append(names, o.GetString_().GetSval())
	}
	return &DropExtension{Names: names, IfExists: s.GetMissingOk()}, nil
}
