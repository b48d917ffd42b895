package pgcatalog

import "github.com/vecgres/vecgres/catalog"

// Which tables information_schema shows the session's user, as
// information_schema.sql's WHERE clauses decide: tables and columns to a
// role holding any privilege on the table (its owner and superusers hold
// all), table_constraints and key_column_usage to one holding a
// privilege other than SELECT (key_column_usage: any but TRUNCATE and
// TRIGGER), check_constraints and constraint_column_usage to the owner
// only. vecgres has no column privileges, so a table's stand for its
// columns'.

// Privilege masks of information_schema's checks.
const (
	anyTablePriv   = catalog.PrivAll
	constraintPriv = catalog.PrivAll &^ catalog.PrivSelect
	keyColumnPriv  = catalog.PrivSelect | catalog.PrivInsert | catalog.PrivUpdate | catalog.PrivReferences
)

// canSee reports whether env's user holds a privilege of mask on t.
func canSee(env Env, t *catalog.Table, mask catalog.Privilege) bool {
	return env.Cat.TablePrivileges(t, env.User)&mask != 0
}

// owns reports whether env's user owns t or is a superuser.
func owns(env Env, t *catalog.Table) bool { return env.Cat.OwnsTable(t, env.User) }
