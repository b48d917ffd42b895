package sql

import pg_query "github.com/pganalyze/pg_query_go/v6"

// analyzeStmt converts ANALYZE [VERBOSE] [table [, ...]] and VACUUM
// (convert_alter.go). ANALYZE of a column list stays 0A000.
func (c *conv) analyzeStmt(s *pg_query.VacuumStmt) (Statement, error) {
	if s.GetIsVacuumcmd() {
		return c.vacuumStmt(s)
	}
	out := &Analyze{}
	for _, n := range s.GetRels() {
		rel := n.GetVacuumRelation()
		if len(rel.GetVaCols()) > 0 {
			return nil, c.unsupported("ANALYZE of a column list", rel.GetRelation().GetLocation())
		}
		name, err := c.relName(rel.GetRelation())
		if err != nil {
			return nil, err
		}
		out.Tables = append(out.Tables, name)
	}
	return out, nil
}
