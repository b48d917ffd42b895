package sql

import (
	"math"

	"github.com/vecgres/vecgres/sql/types"
)

// Statement is one parsed SQL statement of the vecgres dialect.
type Statement interface{ statement() }

// Expr is a scalar expression. Pos returns the 0-based byte offset of the
// expression in the query string given to Parse, or -1 when unknown; error
// positions sent to clients are Pos()+1.
type Expr interface{ Pos() int }

// ---- statements ----

// CreateExtension is CREATE EXTENSION [IF NOT EXISTS] name.
type CreateExtension struct {
	Name        string
	IfNotExists bool
}

// DropExtension is DROP EXTENSION [IF EXISTS] names [RESTRICT].
type DropExtension struct {
	Names    []string
	IfExists bool
}

// CreateTable is CREATE TABLE [IF NOT EXISTS] name (columns, PRIMARY KEY (...)).
type CreateTable struct {
	Name        string
	NameP       int // byte offset of the name (-1: unknown)
	IfNotExists bool
	Columns     []ColumnDef
	PrimaryKey  []string // from a table constraint or a column's PRIMARY KEY
	// PKeyName is CONSTRAINT name PRIMARY KEY's name ("" when not given).
	PKeyName string
	// Constraints are the UNIQUE, CHECK and FOREIGN KEY constraints, the
	// columns' and the table's, in the order written.
	Constraints []TableConstraint
	// Unlogged is CREATE UNLOGGED TABLE.
	Unlogged bool
	// Temp is CREATE TEMPORARY TABLE, OnCommit its ON COMMIT clause.
	Temp     bool
	OnCommit OnCommit
}

// ColumnDef is one column of CREATE TABLE. Serial is set for serial and
// bigserial (Type is then int4 or int8 and the column gets a sequence).
type ColumnDef struct {
	Name       string
	Type       types.Type
	Serial     bool
	NotNull    bool
	PrimaryKey bool
	Default    Expr // nil when absent
	// Identity is 'a' for GENERATED ALWAYS AS IDENTITY, 'd' for GENERATED
	// BY DEFAULT AS IDENTITY (NotNull is then set), 0 otherwise.
	// IdentityOpts are its sequence options; IdentitySeq its SEQUENCE
	// NAME option ("" when absent).
	Identity     byte
	IdentityOpts []SeqOption
	IdentitySeq  string
	// Constraints are the column's UNIQUE, CHECK and REFERENCES
	// constraints (Columns set to the column, except for a CHECK).
	Constraints []TableConstraint
}

// DropTable is DROP TABLE [IF EXISTS] names.
type DropTable struct {
	Names    []string
	IfExists bool
	Cascade  bool // DROP TABLE ... CASCADE: drops the foreign keys referencing the tables
}

// Insert is INSERT INTO table [(cols)] VALUES (...), ... [RETURNING ...].
// A DEFAULT keyword in VALUES is a *Default expression.
type Insert struct {
	Table     string
	TableP    int      // byte offset of the table name in the query; -1 unknown
	Alias     string   // INSERT INTO t AS a: "" when none (ON CONFLICT and RETURNING use a)
	Columns   []string // nil: all columns in table order
	ColumnsP  []int    // byte offset of each of Columns in the query
	Rows      [][]Expr
	Returning []SelectItem
	// Query is the SELECT of INSERT ... SELECT (Rows is then nil).
	Query *Select
	// OnConflict is the ON CONFLICT clause; nil when absent.
	OnConflict *OnConflict
	// Overriding is OVERRIDING SYSTEM VALUE ('s') or OVERRIDING USER
	// VALUE ('u'); 0 when absent.
	Overriding byte
}

// Select is SELECT items [FROM table] [WHERE] [ORDER BY] [LIMIT] [OFFSET].
type Select struct {
	Items []SelectItem
	From  string // "" when there is no FROM clause
	// FromP is the byte offset of the FROM table's name in the query
	// (-1 when unknown), for the position of 42P01.
	FromP int
	// FromAlias is the alias of the FROM table ("" when none): ColumnRef.Table
	// and SelectItem.Table may use it instead of From. (added by the parser)
	FromAlias string
	Where     Expr // nil when absent
	OrderBy   []OrderItem
	Limit     Expr // nil when absent; LIMIT ALL is nil
	Offset    Expr // nil when absent
	// FromFunc is a set-returning function in FROM (generate_series);
	// From is then its alias, or the function's name (ast_query.go).
	FromFunc *FromFunction
	GroupBy  []Expr // GROUP BY keys; nil when absent
	Having   Expr   // nil when absent
	// Windows is the WINDOW clause (ast_window.go); nil when absent.
	Windows []*WindowSpec
	// Distinct is SELECT DISTINCT; DistinctOn the expressions of
	// DISTINCT ON (...), which sets Distinct too (ast_alter.go).
	Distinct   bool
	DistinctOn []Expr
	// SetOp makes the Select a set operation between two queries
	// (ast_setop.go): Items, From, Where, GroupBy, Having and Distinct
	// are then empty, and OrderBy, Limit and Offset apply to its result.
	SetOp *SetOperation
	// FromQuery is a subquery in FROM (ast_derived.go); From is then its
	// alias and FromP the position of its opening parenthesis.
	FromQuery *DerivedTable
	// FromItems is a FROM clause that joins (ast_from.go): more than one
	// item, or a JOIN (or one table with column aliases, which the join
	// binder names). A FROM of one table, function or subquery is in
	// From, FromAlias, FromFunc and FromQuery instead, and FromItems is
	// nil.
	FromItems []FromItem
	// WithChecks are the WITH queries of the statement's WITH clause
	// that no reference reads (convert_with.go): bound for their errors,
	// never run.
	WithChecks []*DerivedTable
	// Locks are its locking clauses, FOR UPDATE and co (ast_rowlock.go);
	// nil when none. RowLocks is set on a statement's outermost SELECT
	// when it or any query inside it has one: the statement then needs
	// a transaction as a write does.
	Locks    []RowLock
	RowLocks bool
}

// SelectItem is one projected expression; Star is SELECT * (Expr nil).
type SelectItem struct {
	Expr  Expr
	Alias string // "" when none was written
	Star  bool
	// Table is the qualifier of t.* when Star is set; "" for a bare *.
	// (added by the parser)
	Table string
	// Schema is s of s.t.*; P the byte offset of a qualified * (for the
	// 42P01 of a qualifier naming no FROM entry).
	Schema string
	P      int
}

// Nulls is the NULLS FIRST/LAST option of ORDER BY.
type Nulls uint8

// NullsDefault is PostgreSQL's default: NULLS LAST for ASC, FIRST for DESC.
const (
	NullsDefault Nulls = iota
	NullsFirst
	NullsLast
)

// OrderItem is one ORDER BY key.
type OrderItem struct {
	Expr  Expr
	Desc  bool
	Nulls Nulls
}

// Update is UPDATE table SET col = expr, ... [WHERE] [RETURNING].
type Update struct {
	Table  string
	TableP int    // byte offset of the table name in the query; -1 unknown
	Alias  string // UPDATE t AS a: "" when none (columns then answer to a only)
	Set    []Assignment
	// From is UPDATE ... FROM's items, Target the target as a FROM item
	// (the first relation of the join); both nil without FROM.
	From      []FromItem
	Target    *TableRef
	Where     Expr
	Returning []SelectItem
}

// Assignment is one SET col = expr of UPDATE.
type Assignment struct {
	Column string
	Value  Expr
	P      int // byte offset of Column in the query
	// Indirect is set for SET c.f = or SET c[i] = (UPDATE only): 0A000
	// once c is found, 42703 when it is not a column (SET alias.c =).
	Indirect bool
}

// Delete is DELETE FROM table [WHERE] [RETURNING].
type Delete struct {
	Table  string
	TableP int    // byte offset of the table name in the query; -1 unknown
	Alias  string // DELETE FROM t AS a: "" when none
	// From is DELETE ... USING's items, Target the target as a FROM item
	// (the first relation of the join); both nil without USING.
	From      []FromItem
	Target    *TableRef
	Where     Expr
	Returning []SelectItem
}

// CopyFormat is the FORMAT option of COPY.
type CopyFormat uint8

// COPY formats (PostgreSQL docs, COPY "File Formats").
const (
	CopyText CopyFormat = iota
	CopyCSV
	CopyBinary
)

// Copy is COPY table [(cols)] FROM STDIN or TO STDOUT [WITH (options)].
// Also accepts the old syntax (COPY t FROM STDIN CSV HEADER, BINARY).
// Delimiter, Null, Quote and Escape hold the defaults for Format when not
// given (text: tab and \N; csv: comma, empty string, '"' and '"').
type Copy struct {
	Table     string
	Columns   []string
	From      bool // true: FROM STDIN; false: TO STDOUT
	Format    CopyFormat
	Delimiter byte
	Null      string
	Header    bool
	Quote     byte
	Escape    byte
	// ForceNotNull and ForceNull are the columns of FORCE_NOT_NULL and
	// FORCE_NULL (CSV COPY FROM only).
	ForceNotNull []string
	ForceNull    []string
	// Query is the SELECT of COPY (query) TO STDOUT; Table is then "".
	Query *Select
}

// CreateIndex is CREATE INDEX [CONCURRENTLY] [IF NOT EXISTS] [name] ON table
// [USING method] (columns) [WITH (options)]. Method is lower case ("hnsw",
// "btree"). Concurrently builds as a plain CREATE INDEX does, but is
// refused inside a transaction block, as in PostgreSQL.
type CreateIndex struct {
	Name         string // "" when not given: the planner names it as PostgreSQL does
	Table        string
	IfNotExists  bool
	Concurrently bool
	// Unique is CREATE UNIQUE INDEX, NullsNotDistinct its NULLS NOT
	// DISTINCT.
	Unique, NullsNotDistinct bool
	Method                   string
	Columns                  []IndexColumn
	Options                  []IndexOption // WITH (m = 16, ef_construction = 64), in order
	// Where is a partial index's predicate (CREATE INDEX ... WHERE pred);
	// nil for none.
	Where Expr
}

// IndexColumn is one indexed column, or an expression ((lower(name)))
// when Expr is not nil (Column is then ""), and its operator class (""
// if none).
type IndexColumn struct {
	Column  string
	Expr    Expr
	Opclass string
}

// IndexOption is one WITH (name = value) storage parameter; Value is the
// constant as written ("16").
type IndexOption struct {
	Name  string
	Value string
}

// DropIndex is DROP INDEX [CONCURRENTLY] [IF EXISTS] names. Concurrently
// drops as a plain DROP INDEX does, but is refused inside a transaction
// block and with more than one name, as in PostgreSQL.
type DropIndex struct {
	Names        []string
	IfExists     bool
	Concurrently bool
}

// Set is SET [SESSION|LOCAL] name {TO|=} value[, ...] or SET name TO DEFAULT.
// Name is lower case; Value is the constant as PostgreSQL shows it
// (numbers as written, strings unquoted, lists joined with ", ").
type Set struct {
	Name    string
	Value   string
	Default bool
	Local   bool
}

// Show is SHOW name (SHOW ALL has Name "all").
type Show struct{ Name string }

// Reset is RESET name or RESET ALL (Name "all").
type Reset struct{ Name string }

// TxnKind tells which transaction statement a Txn is.
type TxnKind uint8

// Transaction statements. START TRANSACTION is TxnBegin; END is TxnCommit;
// ABORT is TxnRollback; SAVEPOINT, RELEASE [SAVEPOINT] and ROLLBACK TO
// [SAVEPOINT] are TxnSavepoint, TxnRelease and TxnRollbackTo.
const (
	TxnBegin TxnKind = iota
	TxnCommit
	TxnRollback
	TxnSavepoint
	TxnRelease
	TxnRollbackTo
)

// Txn is BEGIN, COMMIT, ROLLBACK or a savepoint statement; Modes are
// BEGIN's transaction modes, Savepoint the savepoint's name.
type Txn struct {
	Kind      TxnKind
	Modes     TxnModes
	Chain     bool // COMMIT AND CHAIN, ROLLBACK AND CHAIN
	Start     bool // spelt START TRANSACTION (its command tag), not BEGIN
	Savepoint string
}

// Explain is EXPLAIN [ANALYZE] statement; NoCosts is EXPLAIN (COSTS
// OFF), which prints no estimates.
type Explain struct {
	Stmt    Statement
	Analyze bool
	NoCosts bool
}

// Analyze is ANALYZE [table, ...]: gather the planner's statistics of the
// named tables, or of every table when Tables is empty.
type Analyze struct{ Tables []string }

func (*CreateExtension) statement() {}

// CommentExtension is COMMENT ON EXTENSION name IS 'text' (Comment nil
// for IS NULL): the one COMMENT form vecgres takes (pg_dump writes it).
type CommentExtension struct {
	Name    string
	Comment *string
}

func (*CommentExtension) statement() {}
func (*DropExtension) statement()    {}
func (*CreateTable) statement()      {}
func (*DropTable) statement()        {}
func (*Insert) statement()           {}
func (*Select) statement()           {}
func (*Update) statement()           {}
func (*Delete) statement()           {}
func (*Copy) statement()             {}
func (*CreateIndex) statement()      {}
func (*DropIndex) statement()        {}
func (*Set) statement()              {}
func (*Show) statement()             {}
func (*Reset) statement()            {}
func (*Txn) statement()              {}
func (*Explain) statement()          {}
func (*Analyze) statement()          {}

// ---- roles (convert_role.go) ----

// RoleOptions are the options of CREATE and ALTER ROLE that vecgres keeps;
// a nil field was not given. INHERIT, REPLICATION, BYPASSRLS and their NO
// forms are accepted and dropped.
type RoleOptions struct {
	Login      *bool
	Superuser  *bool
	CreateRole *bool
	CreateDB   *bool
	// Password is PASSWORD '...' as written (plaintext or a verifier);
	// the planner hashes it. PasswordNull is PASSWORD NULL.
	Password     *string
	PasswordNull bool
}

// CreateRole is CREATE ROLE | USER | GROUP name [WITH] options. User is set
// for CREATE USER, whose roles get LOGIN unless NOLOGIN is written.
type CreateRole struct {
	Name    string
	User    bool
	Options RoleOptions
}

// AlterRole is ALTER ROLE | USER name [WITH] options. CurrentUser is set
// for CURRENT_USER, CURRENT_ROLE and SESSION_USER (Name is then "").
type AlterRole struct {
	Name        string
	CurrentUser bool
	Options     RoleOptions
}

// DropRole is DROP ROLE | USER | GROUP [IF EXISTS] names.
type DropRole struct {
	Names    []string
	IfExists bool
}

func (*CreateRole) statement() {}
func (*AlterRole) statement()  {}
func (*DropRole) statement()   {}

// ---- session statements (convert_session.go) ----

// Deallocate is DEALLOCATE [PREPARE] name or DEALLOCATE [PREPARE] ALL:
// drop one prepared statement of the session, or all of them (Name "").
type Deallocate struct {
	Name string
	All  bool
}

// Discard is DISCARD ALL: reset the session to its state after connecting
// (settings, prepared statements, portals). DISCARD PLANS, SEQUENCES and
// TEMP are 0A000.
type Discard struct{}

func (*Deallocate) statement() {}
func (*Discard) statement()    {}

// ---- cursors (convert_cursor.go) ----

// DeclareCursor is DECLARE name [BINARY] [ASENSITIVE | INSENSITIVE]
// [[NO] SCROLL] CURSOR [WITH HOLD | WITHOUT HOLD] FOR query.
type DeclareCursor struct {
	Name     string
	Query    *Select
	Binary   bool // FETCH through the simple protocol sends binary values
	Scroll   bool // SCROLL was written
	NoScroll bool // NO SCROLL was written: backward moves are refused
	Hold     bool // WITH HOLD: the cursor outlives its transaction
}

// FetchDirection is the direction of FETCH and MOVE.
type FetchDirection uint8

// FETCH directions, as PostgreSQL's FetchStmt: NEXT is FetchForward 1,
// PRIOR FetchBackward 1, FIRST FetchAbsolute 1, LAST FetchAbsolute -1.
const (
	FetchForward FetchDirection = iota
	FetchBackward
	FetchAbsolute
	FetchRelative
)

// FetchAll is the Count of FETCH ALL, FORWARD ALL and BACKWARD ALL.
const FetchAll int64 = math.MaxInt64

// Fetch is FETCH [direction] [FROM | IN] name, or MOVE when Move is set.
// Count may be negative (FETCH -2 is FetchForward -2) or FetchAll.
type Fetch struct {
	Name      string
	Direction FetchDirection
	Count     int64
	Move      bool
}

// CloseCursor is CLOSE name, or CLOSE ALL (Name "").
type CloseCursor struct {
	Name string
	All  bool
}

func (*DeclareCursor) statement() {}
func (*Fetch) statement()         {}
func (*CloseCursor) statement()   {}
