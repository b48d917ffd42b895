package pgcatalog

import (
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// listRoles answers \du and \du+ (with or without a name pattern): one
// row per role of the catalog, sorted by name, with the columns of
// pg_roles that psql 15 reads to print "Attributes" (describeRoles in
// describe.c). vecgres keeps LOGIN, SUPERUSER, CREATEROLE and CREATEDB;
// a superuser also shows Replication and Bypass RLS, as PostgreSQL's
// bootstrap superuser; every
// role inherits, has no connection limit, no password expiry, no
// memberships ({}) and no comment.
func listRoles(verbose bool) func(Env, consts) [][]any {
	return func(env Env, c consts) [][]any {
		re := namePattern(c.pattern())
		var rows [][]any
		for _, r := range env.Cat.Roles() {
			if re != nil && !re.MatchString(r.Name) {
				continue
			}
			su := r.Superuser
			row := []any{r.Name, su, true, r.CreateRole, r.CreateDB, r.Login, int64(-1), nil, "{}"}
			if verbose {
				row = append(row, nil)
			}
			rows = append(rows, append(row, su, su))
		}
		return rows
	}
}

// roleCols are the columns of psql's \du query; roleVerboseCols add the
// description of \du+ after memberof.
var (
	roleCols        = roleColumns(false)
	roleVerboseCols = roleColumns(true)
)

func roleColumns(verbose bool) []backend.Column {
	cols := []backend.Column{textCol("rolname"), boolCol("rolsuper"), boolCol("rolinherit"),
		boolCol("rolcreaterole"), boolCol("rolcreatedb"), boolCol("rolcanlogin"),
		int4Col("rolconnlimit"), {Name: "rolvaliduntil", Type: types.Timestamptz}, textCol("memberof")}
	if verbose {
		cols = append(cols, textCol("description"))
	}
	return append(cols, boolCol("rolreplication"), boolCol("rolbypassrls"))
}
