package pgcatalog

import (
	"hash/fnv"
	"strconv"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/types"
)

// pg_description (descriptions.go), pg_roles and pg_user
// (the catalog's roles), pg_attrdef (column defaults) and pg_views
// (empty), with PostgreSQL 15's columns. pg_node_tree columns hold the
// expression's text, which pg_get_expr returns as it is.

var descriptionCols = cols("objoid", tOID, "classoid", tOID, "objsubid", tInt4, "description", tText)

// pg_class's OIDs of pg_extension and pg_namespace, the classoid of
// their comments.
const (
	oidPgExtensionClass = 3079
	oidPgNamespaceClass = 2615
)

func noRows(Env) [][]any { return nil }

var rolesCols = cols("rolname", tName, "rolsuper", tBool, "rolinherit", tBool, "rolcreaterole", tBool,
	"rolcreatedb", tBool, "rolcanlogin", tBool, "rolreplication", tBool, "rolconnlimit", tInt4, "rolpassword", tText,
	"rolvaliduntil", types.Timestamptz, "rolbypassrls", tBool, "rolconfig", tTextList, "oid", tOID)

// rolesRows lists the roles as \du does (roles.go): a superuser also has
// replication and bypass RLS; the password is masked. PostgreSQL's
// predefined role pg_database_owner, which owns schema public, comes
// first.
func rolesRows(env Env) [][]any {
	rows := [][]any{{"pg_database_owner", false, true, false, false, false, false, int64(-1), "********", nil, false,
		nil, int64(oidDatabaseOwner)}}
	for _, r := range env.Cat.Roles() {
		su := r.Superuser
		rows = append(rows, []any{r.Name, su, true, r.CreateRole, r.CreateDB, r.Login, su, int64(-1), "********",
			nil, su, nil, int64(roleOID(r.Name))})
	}
	return rows
}

var authidCols = cols("oid", tOID, "rolname", tName, "rolsuper", tBool, "rolinherit", tBool, "rolcreaterole", tBool,
	"rolcreatedb", tBool, "rolcanlogin", tBool, "rolreplication", tBool, "rolbypassrls", tBool, "rolconnlimit", tInt4,
	"rolpassword", tText, "rolvaliduntil", types.Timestamptz)

// authidRows is pg_authid, which pg_dumpall reads: the roles with their
// password verifiers, for a superuser only (PostgreSQL refuses others
// with 42501; vecgres shows them no rows).
func authidRows(env Env) [][]any {
	if !env.Cat.IsSuperuser(env.User) {
		return nil
	}
	var rows [][]any
	for _, r := range env.Cat.Roles() {
		su := r.Superuser
		var pw any
		if r.Verifier != "" {
			pw = r.Verifier
		}
		rows = append(rows, []any{int64(roleOID(r.Name)), r.Name, su, true, r.CreateRole, r.CreateDB, r.Login, su, su,
			int64(-1), pw, nil})
	}
	return rows
}

var userCols = cols("usename", tName, "usesysid", tOID, "usecreatedb", tBool, "usesuper", tBool, "userepl", tBool,
	"usebypassrls", tBool, "passwd", tText, "valuntil", types.Timestamptz, "useconfig", tTextList)

// userRows lists the roles that may log in.
func userRows(env Env) [][]any {
	var rows [][]any
	for _, r := range env.Cat.Roles() {
		if r.Login {
			su := r.Superuser
			rows = append(rows, []any{r.Name, int64(roleOID(r.Name)), r.CreateDB, su, su, su, "********", nil, nil})
		}
	}
	return rows
}

var attrdefCols = cols("oid", tOID, "adrelid", tOID, "adnum", tInt2, "adbin", tText)

// attrdefRows lists the columns' defaults; adbin is the default's text
// (DefaultExpr).
func attrdefRows(env Env) [][]any {
	var rows [][]any
	for _, t := range env.Cat.Tables() {
		for i := range t.Columns {
			if d := DefaultExpr(t, i); d != "" {
				d = qualifiedDefault(env.Cat, t, i, d, env.Visible) // default_seq.go
				rows = append(rows, []any{int64(attrdefOID(t.OID, i)), int64(t.OID), int64(i + 1), d})
			}
		}
	}
	return rows
}

// attrdefOID is the synthetic OID of column col's default in table: in
// its own range, from the table's OID and the column's position.
func attrdefOID(table uint32, col int) uint32 {
	return oidAttrdefBase | (table&0xfffff)<<8 | uint32(col&0xff)
}

// roleOID is a role's OID: 10 for the bootstrap superuser, as in
// PostgreSQL, else a synthetic OID from the role's name (FNV-1a), the
// same at every call.
func roleOID(name string) uint32 {
	if name == catalog.BootstrapSuperuser {
		return 10
	}
	h := fnv.New32a()
	h.Write([]byte(name))
	return oidRoleBase | h.Sum32()&0xfffff
}

// RoleName is pg_get_userbyid(oid): the name of the role with the OID
// pg_roles gives it, "unknown (OID=n)" for another OID, as PostgreSQL's.
func RoleName(cat *catalog.Catalog, oid uint32) string {
	if oid == oidDatabaseOwner {
		return "pg_database_owner"
	}
	for _, r := range cat.Roles() {
		if roleOID(r.Name) == oid {
			return r.Name
		}
	}
	return "unknown (OID=" + strconv.FormatUint(uint64(oid), 10) + ")"
}

var viewsCols = cols("schemaname", tName, "viewname", tName, "viewowner", tName, "definition", tText)
