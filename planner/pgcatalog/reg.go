package pgcatalog

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/sem"
)

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

// ProcOIDs returns the OIDs pg_proc gives the functions named name, of
// schema ("pg_catalog", or "public" for pgvector's; "" for either).
func ProcOIDs(schema, name string) []uint32 {
	var out []uint32
	for i, f := range sem.Builtins.All() {
		if f.Name != name || sqlValueFunctions[f.Name] {
			continue
		}
		if schema != "" && schema != procSchema(f) {
			continue
		}
		out = append(out, uint32(oidProcBase+i))
	}
	return out
}

// ProcName returns the name and schema of the function pg_proc gives
// the OID; false for none.
func ProcName(oid uint32) (name, schema string, ok bool) {
	all := sem.Builtins.All()
	if oid < oidProcBase || int(oid-oidProcBase) >= len(all) {
		return "", "", false
	}
	f := all[oid-oidProcBase]
	if sqlValueFunctions[f.Name] {
		return "", "", false
	}
	return f.Name, procSchema(f), true
}

// procSchema is the schema of a registry function's pg_proc row.
func procSchema(f *sem.Func) string {
	if f.Schema == "public" {
		return "public"
	}
	return schemaPgCatalog
}
