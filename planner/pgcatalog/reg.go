package pgcatalog

import "github.com/vecgres/vecgres/catalog"

// RoleOID is the OID pg_roles gives the role named name (roleOID); ok is
// false when no role has that name. The caller holds cat's lock shared.
func RoleOID(cat *catalog.Catalog, name string) (uint32, bool) {
	if name == "pg_database_owner" {
		return oidDatabaseOwner, true
	}
	if _, ok := cat.Role(name); !ok {
		return 0, false
	}
	return roleOID(name), true
}

// RoleByOID is the name of the role pg_roles gives the OID; false for
// an OID that is no role's.
func RoleByOID(cat *catalog.Catalog, oid uint32) (string, bool) {
	if oid == oidDatabaseOwner {
		return "pg_database_owner", true
	}
	for _, r := range cat.Roles() {
		if roleOID(r.Name) == oid {
			return r.Name, true
		}
	}
	return "", false
}
