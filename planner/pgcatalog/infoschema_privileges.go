package pgcatalog

import (
	"sort"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// information_schema.table_privileges, role_table_grants and
// usage_privileges, and pg_class.relacl: the owner's privileges (all,
// grantable; a sequence's are USAGE, SELECT and UPDATE) and those GRANT
// gave, as PostgreSQL 15 lists them. Grants are listed by
// grantee name, PUBLIC last (PostgreSQL keeps the order of the GRANTs).

const (
	oidInfoTablePrivileges = 13421
	oidInfoRoleTableGrants = 13416
	oidInfoUsagePrivileges = 13454
)

// tableACL is one grantee's privileges on a table.
type tableACL struct {
	grantee string // a role name, or catalog.PublicGrantee
	privs   catalog.Privilege
	owner   bool // the owner's implicit privileges, grantable
}

// tableACLs lists t's privileges: the owner's, then the grants.
func tableACLs(env Env, t *catalog.Table) []tableACL {
	out := []tableACL{{grantee: t.Owner, privs: t.AllPrivileges(), owner: true}}
	grants := env.Cat.TableGrants(t)
	names := make([]string, 0, len(grants))
	for g := range grants {
		names = append(names, g)
	}
	sort.Slice(names, func(i, j int) bool {
		if pi, pj := names[i] == catalog.PublicGrantee, names[j] == catalog.PublicGrantee; pi != pj {
			return pj
		}
		return names[i] < names[j]
	})
	for _, g := range names {
		out = append(out, tableACL{grantee: g, privs: grants[g]})
	}
	return out
}

// relACL is pg_class.relacl of table t: NULL while no GRANT or REVOKE
// ran on it (PostgreSQL's default ACL), else aclitems
// "grantee=privs/owner", the owner's first.
func relACL(env Env, t *catalog.Table) any {
	acls := tableACLs(env, t)
	if len(acls) == 1 && !t.ACLSet() {
		return nil
	}
	out := make(types.Array, len(acls))
	for i, a := range acls {
		grantee := a.grantee
		if grantee == catalog.PublicGrantee {
			grantee = ""
		}
		out[i] = grantee + "=" + a.privs.String() + "/" + t.Owner
	}
	return out
}

// privilegeTypes are the privilege bits with information_schema's names,
// in catalog.Privilege's order.
var privilegeTypes = []struct {
	p    catalog.Privilege
	name string
}{{catalog.PrivInsert, "INSERT"}, {catalog.PrivSelect, "SELECT"}, {catalog.PrivUpdate, "UPDATE"},
	{catalog.PrivDelete, "DELETE"}, {catalog.PrivTruncate, "TRUNCATE"}, {catalog.PrivReferences, "REFERENCES"},
	{catalog.PrivTrigger, "TRIGGER"}}

var tablePrivilegesCols = cols("grantor", tSQLID, "grantee", tSQLID, "table_catalog", tSQLID, "table_schema", tSQLID,
	"table_name", tSQLID, "privilege_type", tCharDat, "is_grantable", tYesNo, "with_hierarchy", tYesNo)

// tablePrivilegesRows lists one row per table, grantee and privilege that
// the session's user grants, receives, or (withPublic) PUBLIC receives;
// a superuser sees them all.
func tablePrivilegesRows(withPublic bool) func(Env) [][]any {
	return func(env Env) [][]any {
		su := env.Cat.IsSuperuser(env.User)
		var rows [][]any
		for _, r := range relations(env.Cat) {
			if r.kind != kindTable {
				continue
			}
			for _, a := range tableACLs(env, r.table) {
				public := a.grantee == catalog.PublicGrantee
				if !su && r.table.Owner != env.User && a.grantee != env.User && !(withPublic && public) {
					continue
				}
				grantee := a.grantee
				if public {
					grantee = "PUBLIC"
				}
				for _, pt := range privilegeTypes {
					if a.privs&pt.p != 0 {
						rows = append(rows, []any{r.table.Owner, grantee, env.Database, r.schema, r.name, pt.name,
							yesNo(a.owner), yesNo(pt.p == catalog.PrivSelect)})
					}
				}
			}
		}
		return rows
	}
}

var usagePrivilegesCols = cols("grantor", tSQLID, "grantee", tSQLID, "object_catalog", tSQLID, "object_schema", tSQLID,
	"object_name", tSQLID, "object_type", tCharDat, "privilege_type", tCharDat, "is_grantable", tYesNo)

// usagePrivilegesRows lists USAGE on sequences, as PostgreSQL 15 lists it
// from relacl: nothing for a sequence never granted on (a NULL relacl's
// default, read as a table's, holds no USAGE), else one row per grantee
// holding USAGE, for the grants the session's user makes or receives (a
// superuser sees all). PostgreSQL also lists collations and domains,
// which vecgres does not.
func usagePrivilegesRows(env Env) [][]any {
	su := env.Cat.IsSuperuser(env.User)
	var rows [][]any
	for _, r := range relations(env.Cat) {
		if r.kind != kindSequence || r.table.Seq == nil || relACL(env, r.table) == nil {
			continue
		}
		for _, a := range tableACLs(env, r.table) {
			public := a.grantee == catalog.PublicGrantee
			if a.privs&catalog.PrivUsage == 0 || !su && r.table.Owner != env.User && a.grantee != env.User && !public {
				continue
			}
			grantee := a.grantee
			if public {
				grantee = "PUBLIC"
			}
			rows = append(rows, []any{r.table.Owner, grantee, env.Database, r.schema, r.name, "SEQUENCE", "USAGE", yesNo(a.owner)})
		}
	}
	return rows
}
