package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// grant converts GRANT | REVOKE privileges ON [TABLE] names | ON ALL
// TABLES IN SCHEMA names | ON SEQUENCE names | ON ALL SEQUENCES IN
// SCHEMA names | ON SCHEMA names TO | FROM grantees. Column
// privileges, WITH GRANT OPTION, GRANT OPTION FOR, GRANTED BY and other
// object kinds are outside the dialect (0A000). CASCADE and RESTRICT are
// accepted: vecgres has no grant options, so nothing depends on a grant.
func (c *conv) grant(s *pg_query.GrantStmt) (*Grant, error) {
	verb := "GRANT"
	if !s.GetIsGrant() {
		verb = "REVOKE"
	}
	g := &Grant{Revoke: !s.GetIsGrant()}
	switch {
	case s.GetGrantOption():
		return nil, c.unsupported(verb+" ... GRANT OPTION", -1)
	case s.GetGrantor() != nil:
		return nil, c.unsupported(verb+" ... GRANTED BY", s.GetGrantor().GetLocation())
	case s.GetTargtype() == pg_query.GrantTargetType_ACL_TARGET_ALL_IN_SCHEMA:
		g.AllTablesIn = true
		if t := s.GetObjtype(); t != pg_query.ObjectType_OBJECT_TABLE && t != pg_query.ObjectType_OBJECT_SEQUENCE {
			return nil, c.unsupported(verb+" ON ALL FUNCTIONS or PROCEDURES or ROUTINES", -1)
		}
	case s.GetTargtype() != pg_query.GrantTargetType_ACL_TARGET_OBJECT:
		return nil, c.unsupported(verb+" ON default privileges", -1)
	}
	switch s.GetObjtype() {
	case pg_query.ObjectType_OBJECT_TABLE:
	case pg_query.ObjectType_OBJECT_SEQUENCE:
		g.Sequence = true
	case pg_query.ObjectType_OBJECT_SCHEMA:
		g.Schema = true
	default:
		return nil, c.unsupported(verb+" on objects other than tables, sequences and schemas", -1)
	}
	for _, n := range s.GetPrivileges() {
		p := n.GetAccessPriv()
		if len(p.GetCols()) > 0 {
			return nil, c.unsupported("column privileges", -1)
		}
		g.Privileges = append(g.Privileges, strings.ToLower(p.GetPrivName()))
	}
	for _, n := range s.GetObjects() {
		if rv := n.GetRangeVar(); rv != nil {
			name, err := c.relName(rv)
			if err != nil {
				return nil, err
			}
			g.Objects = append(g.Objects, name)
			continue
		}
		g.Objects = append(g.Objects, n.GetString_().GetSval())
	}
	for _, n := range s.GetGrantees() {
		r := n.GetRoleSpec()
		switch r.GetRoletype() {
		case pg_query.RoleSpecType_ROLESPEC_CSTRING:
			g.Grantees = append(g.Grantees, Grantee{Name: r.GetRolename()})
		case pg_query.RoleSpecType_ROLESPEC_PUBLIC:
			g.Grantees = append(g.Grantees, Grantee{Public: true})
		default:
			g.Grantees = append(g.Grantees, Grantee{Current: true})
		}
	}
	return g, nil
}
