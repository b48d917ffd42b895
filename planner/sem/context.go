package sem

import (
	"math/rand/v2"
	"time"

	"github.com/vecgres/vecgres/sql/types"
)

// Context is what a function's implementation may ask of the session
// running it and of the catalog that session sees. planner's evaluation
// environment implements it.
type Context interface {
	// User is the session's role (current_user, session_user).
	User() string
	// Superuser reports whether User is a superuser (PostgreSQL's
	// superuser()), for functions only superusers may call.
	Superuser() bool
	// Database is the database the session connected to.
	Database() string
	// SearchPath is the schemas of search_path that exist, in order,
	// pg_catalog first when implicit and not named (current_schemas).
	SearchPath(implicit bool) []string
	// Setting returns a setting's value as SHOW prints it; for an unknown
	// name nil when missingOK, else 42704 `unrecognized configuration
	// parameter "x"`.
	Setting(name string, missingOK bool) (any, error)
	// SetSetting is SET name = value, or SET LOCAL when local; it returns
	// the value now in force. Errors: SET's.
	SetSetting(name, value string, local bool) (string, error)
	// Style is the session's TimeZone, IntervalStyle, extra_float_digits
	// and bytea_output (nil: PostgreSQL's defaults), for functions of
	// timestamptz and interval.
	Style() *types.Style
	// Rand is the session's random source (random()).
	Rand() *rand.Rand
	// Reseed makes the session's random source r (setseed()).
	Reseed(r *rand.Rand)
	// Sleep waits d, or until the statement is cancelled or times out
	// (57014).
	Sleep(d time.Duration) error
	// RelationSize is the bytes a table's rows (rows), its indexes
	// (indexes), or both hold; an index's own size when name is an index.
	// Errors: 42P01 for an unknown name.
	RelationSize(name string, rows, indexes bool) (int64, error)
	// DatabaseSize is the bytes every table's rows and indexes hold in
	// memory (pg_database_size).
	DatabaseSize() int64
	// IndexDef is pg_get_indexdef of an index OID; false for another OID.
	IndexDef(oid uint32) (string, bool)
	// Description is pg_description's comment on object oid of catalog
	// class ("pg_class"...; "" for any), sub-object sub (a column's
	// attnum, 0 for the object); false for none (obj_description,
	// col_description).
	Description(oid uint32, class string, sub int) (string, bool)
	// ConstraintDef is pg_get_constraintdef of a constraint OID (pretty:
	// its second argument); false for another OID.
	ConstraintDef(oid uint32, pretty bool) (string, bool)
	// RowTypeName is the name format_type and regtypeout print for the
	// row type with OID oid (its relation's, qualified unless
	// search_path shows it); false for another OID.
	RowTypeName(oid uint32) (string, bool)
	// HasPrivilege answers has_<on>_privilege([role,] object, privileges)
	// with args the call's arguments (object a name or, for tables, an
	// OID): true, false, or nil for an OID that names no table. Errors:
	// 42P01, 3F000, 3D000 for an unknown object, 42704 for an unknown
	// role, 22023 for an unknown privilege name.
	HasPrivilege(on Object, args []any) (any, error)
	// BackendPID is the session's process ID (pg_backend_pid), the one
	// its BackendKeyData and pg_stat_activity show.
	BackendPID() int64
	// SignalBackend cancels the running statement of backend pid or,
	// with terminate, ends its connection, waiting up to timeout (0: not
	// at all) for it to end (pg_cancel_backend, pg_terminate_backend).
	// False for a pid that is no backend, or a backend that did not end
	// within timeout. Errors: 42501 (PostgreSQL's permission rules).
	SignalBackend(pid int64, terminate bool, timeout time.Duration) (bool, error)
	// TransactionTimestamp and StatementTimestamp are the start of the
	// session's transaction and of its running statement, timestamptz
	// microseconds since 2000-01-01 UTC (now(), statement_timestamp()).
	TransactionTimestamp() int64
	StatementTimestamp() int64
	// CatalogContext is what pg_get_indexdef's and
	// pg_get_serial_sequence's other forms read (catalog_defs.go).
	CatalogContext
}

// Object is the kind of object a privilege function asks about.
type Object uint8

const (
	OnTable Object = iota
	OnSchema
	OnDatabase
	OnSequence
)
