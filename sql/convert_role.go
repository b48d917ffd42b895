package sql

import (
	pg_query "github.com/pganalyze/pg_query_go/v6"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// ignoredRoleOptions are role attributes accepted and dropped: vecgres has
// no role membership, replication or row security.
var ignoredRoleOptions = map[string]bool{
	"inherit": true, "isreplication": true, "bypassrls": true,
}

// unsupportedRoleOptions names the role options outside the dialect.
var unsupportedRoleOptions = map[string]string{
	"connectionlimit": "CONNECTION LIMIT",
	"validUntil":      "VALID UNTIL",
	"addroleto":       "IN ROLE",
	"rolemembers":     "ROLE and USER role members",
	"adminmembers":    "ADMIN role members",
	"sysid":           "SYSID",
}

// createRole converts CREATE ROLE | USER | GROUP name [WITH] options.
func (c *conv) createRole(s *pg_query.CreateRoleStmt) (*CreateRole, error) {
	opts, err := c.roleOptions(s.GetOptions())
	if err != nil {
		return nil, err
	}
	return &CreateRole{Name: s.GetRole(), User: s.GetStmtType() == pg_query.RoleStmtType_ROLESTMT_USER,
		Options: opts}, nil
}

// alterRole converts ALTER ROLE | USER name [WITH] options.
func (c *conv) alterRole(s *pg_query.AlterRoleStmt) (*AlterRole, error) {
	opts, err := c.roleOptions(s.GetOptions())
	if err != nil {
		return nil, err
	}
	name, current, err := c.roleSpec(s.GetRole())
	if err != nil {
		return nil, err
	}
	return &AlterRole{Name: name, CurrentUser: current, Options: opts}, nil
}

// dropRole converts DROP ROLE | USER | GROUP [IF EXISTS] names.
func (c *conv) dropRole(s *pg_query.DropRoleStmt) (*DropRole, error) {
	d := &DropRole{IfExists: s.GetMissingOk()}
	for _, n := range s.GetRoles() {
		name, current, err := c.roleSpec(n.GetRoleSpec())
		if err != nil {
			return nil, err
		}
		if current {
			return nil, c.unsupported("DROP ROLE CURRENT_USER", n.GetRoleSpec().GetLocation())
		}
		d.Names = append(d.Names, name)
	}
	return d, nil
}

// roleSpec reads a role name; current is set for CURRENT_USER,
// CURRENT_ROLE and SESSION_USER. PUBLIC is not a role (42704).
func (c *conv) roleSpec(r *pg_query.RoleSpec) (name string, current bool, err error) {
	switch r.GetRoletype() {
	case pg_query.RoleSpecType_ROLESPEC_CSTRING:
		return r.GetRolename(), false, nil
	case pg_query.RoleSpecType_ROLESPEC_CURRENT_USER, pg_query.RoleSpecType_ROLESPEC_CURRENT_ROLE,
		pg_query.RoleSpecType_ROLESPEC_SESSION_USER:
		return "", true, nil
	}
	return "", false, c.at(pgerror.New(pgerror.UndefinedObject, `role "public" does not exist`), r.GetLocation())
}

// roleOptions reads the options list of CREATE/ALTER ROLE. A repeated
// option is 42601 "conflicting or redundant options", as PostgreSQL.
func (c *conv) roleOptions(list []*pg_query.Node) (RoleOptions, error) {
	var o RoleOptions
	seen := map[string]bool{}
	for _, n := range list {
		d := n.GetDefElem()
		name := d.GetDefname()
		if seen[name] {
			return o, c.duplicateOption(d.GetLocation())
		}
		seen[name] = true
		switch {
		case name == "password":
			if d.GetArg() == nil {
				o.PasswordNull = true
				continue
			}
			v, ok := defValue(d)
			if !ok {
				return o, c.unsupported("a non-constant PASSWORD", d.GetLocation())
			}
			o.Password = &v
		case roleFlags(&o)[name] != nil:
			v, ok := defBool(d)
			if !ok {
				return o, c.unsupported("role option "+name, d.GetLocation())
			}
			*roleFlags(&o)[name] = &v
		case ignoredRoleOptions[name]:
		case unsupportedRoleOptions[name] != "":
			return o, c.unsupported(unsupportedRoleOptions[name], d.GetLocation())
		default:
			return o, c.unsupported("role option "+name, d.GetLocation())
		}
	}
	return o, nil
}

// roleFlags maps the boolean role options vecgres keeps (pg_query's
// DefElem names) to their fields in o.
func roleFlags(o *RoleOptions) map[string]**bool {
	return map[string]**bool{"canlogin": &o.Login, "superuser": &o.Superuser,
		"createrole": &o.CreateRole, "createdb": &o.CreateDB}
}
