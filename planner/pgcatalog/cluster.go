package pgcatalog

import "github.com/vecgres/vecgres/planner/sem"

// VectorVersion is the pgvector release whose behaviour vecgres follows
// (shared/pgvector-compat.md), shown as pg_extension.extversion.
const VectorVersion = "0.8.6"

// vectorDescription is the comment of pgvector's control file.
const vectorDescription = sem.VectorDescription

// listDatabases answers \l: the one database vecgres serves, the one the
// client connected to, owned by the session user. Strings compare
// byte-wise, so collation and ctype are C.
func listDatabases(env Env, _ consts) [][]any {
	return [][]any{{env.Database, env.User, "UTF8", "C", "C", nil, "libc", nil}}
}

var databaseListCols = textCols("Name", "Owner", "Encoding", "Collate", "Ctype", "ICU Locale", "Locale Provider", "Access privileges")

// listExtensions answers \dx: the vector extension, always available
// (CREATE EXTENSION vector only acknowledges it).
func listExtensions(Env, consts) [][]any {
	return [][]any{{"vector", VectorVersion, "public", vectorDescription}}
}

var extensionListCols = textCols("Name", "Version", "Schema", "Description")
