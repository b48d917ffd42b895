package sql

// AlterTable is ALTER TABLE [IF EXISTS] name cmd [, ...] with ADD COLUMN,
// DROP COLUMN and ALTER COLUMN ... SET/DROP DEFAULT and NOT NULL
// commands, run in order.
type AlterTable struct {
	Table    string
	TableP   int // byte offset of the table name (-1: unknown)
	IfExists bool
	Cmds     []AlterCmd
	// Object is "" for ALTER TABLE, "VIEW", "SEQUENCE" or "INDEX" for
	// ALTER VIEW|SEQUENCE|INDEX ... OWNER TO.
	Object string
}

// AlterCmdKind is the kind of one ALTER TABLE command.
type AlterCmdKind uint8

// ALTER TABLE commands.
const (
	AlterAddColumn      AlterCmdKind = iota // ADD [COLUMN] [IF NOT EXISTS] column definition
	AlterDropColumn                         // DROP [COLUMN] [IF EXISTS] name [CASCADE | RESTRICT]
	AlterSetDefault                         // ALTER [COLUMN] name SET DEFAULT expr (Column.Default)
	AlterDropDefault                        // ALTER [COLUMN] name DROP DEFAULT
	AlterSetNotNull                         // ALTER [COLUMN] name SET NOT NULL
	AlterDropNotNull                        // ALTER [COLUMN] name DROP NOT NULL
	AlterSetStorage                         // ALTER [COLUMN] name SET STORAGE Storage (no effect in vecgres)
	AlterAddConstraint                      // ADD table constraint (Constraint)
	AlterDropConstraint                     // DROP CONSTRAINT [IF EXISTS] name [CASCADE | RESTRICT] (Cascade)
	AlterOwner                              // OWNER TO Name (Current: CURRENT_USER, CURRENT_ROLE or SESSION_USER)
	// ALTER [COLUMN] name ADD GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY
	// [(options)]: Column.Identity, IdentityOpts and IdentitySeq.
	AlterAddIdentity
	// ALTER [COLUMN] name {SET GENERATED {ALWAYS | BY DEFAULT} | SET
	// sequence option | RESTART [[WITH] n]}...: Column.Identity (0 when
	// unchanged) and Column.IdentityOpts.
	AlterSetIdentity
	AlterDropIdentity // ALTER [COLUMN] name DROP IDENTITY [IF EXISTS] (Missing)
)

// AlterCmd is one ALTER TABLE command. Column is the new column of
// AlterAddColumn; Name the column the other commands change (and
// Column.Default the expression of AlterSetDefault). Missing is IF NOT
// EXISTS for ADD and IF EXISTS for DROP.
type AlterCmd struct {
	Kind    AlterCmdKind
	Column  ColumnDef
	Name    string
	Missing bool
	Storage string // AlterSetStorage: plain, external, extended or main (lower case)
	// Constraint is AlterAddConstraint's constraint.
	Constraint *TableConstraint
	// Cascade is DROP CONSTRAINT ... CASCADE and DROP COLUMN ... CASCADE.
	Cascade bool
	// Current is OWNER TO CURRENT_USER (or CURRENT_ROLE, SESSION_USER).
	Current bool
}

// Rename is ALTER TABLE [IF EXISTS] name RENAME TO new (Column "") or
// RENAME [COLUMN] column TO new.
type Rename struct {
	Table    string
	IfExists bool
	Column   string
	NewName  string
	// NewSchema is set for ALTER TABLE ... SET SCHEMA (NewName is then "").
	NewSchema string
	// View is set for ALTER VIEW name RENAME TO new_name.
	View bool
	// Sequence is set for ALTER SEQUENCE name RENAME TO new_name or SET
	// SCHEMA s.
	Sequence bool
}

// Truncate is TRUNCATE [TABLE] name [, ...] [RESTART IDENTITY | CONTINUE IDENTITY] [RESTRICT].
type Truncate struct {
	Tables []string
	// RestartIdentity is TRUNCATE ... RESTART IDENTITY: the sequences
	// the tables' columns own restart.
	RestartIdentity bool
}

// Reindex is REINDEX [(options)] INDEX name (Table false) or REINDEX
// TABLE name; CONCURRENTLY sets Concurrently.
type Reindex struct {
	Table        bool
	Name         string
	Concurrently bool
}

// Checkpoint is CHECKPOINT.
type Checkpoint struct{}

// Vacuum is VACUUM [ANALYZE] [name [, ...]]: other options are accepted
// and have no effect.
type Vacuum struct {
	Analyze bool
	Tables  []string
}

func (*AlterTable) statement() {}
func (*Rename) statement()     {}
func (*Truncate) statement()   {}
func (*Reindex) statement()    {}
func (*Checkpoint) statement() {}
func (*Vacuum) statement()     {}
