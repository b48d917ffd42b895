package sql

// ---- privileges (convert_grant.go) ----

// Grant is GRANT or REVOKE (Revoke set) of privileges on tables, or of
// privileges on schemas (Schema set: Objects are schema names).
type Grant struct {
	Revoke bool
	// Privileges are the privilege names as written, lower case
	// ("select", "create"); empty for ALL [PRIVILEGES].
	Privileges []string
	Schema     bool
	// Sequence is set for ON SEQUENCE and ON ALL SEQUENCES IN SCHEMA.
	Sequence bool
	// Objects are the table, sequence or schema names; AllTablesIn is
	// set instead for ON ALL TABLES (SEQUENCES) IN SCHEMA (Objects then
	// hold the schema names).
	Objects     []string
	AllTablesIn bool
	Grantees    []Grantee
}

// Grantee is one role a privilege is granted to or revoked from: a role
// name, PUBLIC, or CURRENT_USER / CURRENT_ROLE / SESSION_USER (Current).
type Grantee struct {
	Name    string
	Public  bool
	Current bool
}

func (*Grant) statement() {}
