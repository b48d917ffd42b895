package sql

// CreateSchema is CREATE SCHEMA [IF NOT EXISTS] [name] [AUTHORIZATION
// role]. Without a name the schema is named after the role; Current is
// set for AUTHORIZATION CURRENT_USER / CURRENT_ROLE / SESSION_USER.
type CreateSchema struct {
	Name          string
	IfNotExists   bool
	Authorization string
	Current       bool
}

// DropSchema is DROP SCHEMA [IF EXISTS] names [CASCADE | RESTRICT].
type DropSchema struct {
	Names    []string
	IfExists bool
	Cascade  bool
}

// AlterSchemaOwner is ALTER SCHEMA name OWNER TO role (Current for
// CURRENT_USER and its synonyms).
type AlterSchemaOwner struct {
	Name    string
	Owner   string
	Current bool
}

// RenameSchema is ALTER SCHEMA name RENAME TO new_name.
type RenameSchema struct {
	Name    string
	NewName string
}

func (*RenameSchema) statement()     {}
func (*CreateSchema) statement()     {}
func (*DropSchema) statement()       {}
func (*AlterSchemaOwner) statement() {}
