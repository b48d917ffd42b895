package planner

import (
	"fmt"
	"reflect"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// The statement traits table: one row per statement type of package sql
// (every type with the statement() marker method), saying what the
// session must know about a statement before it binds it. Every rule that
// depends on the kind of statement (its tag, its locks and the tables it
// waits on, its snapshot, whether it may run in a transaction block or a
// read-only transaction, whether it writes, whether its plan is
// revalidated) is a column here, not a type switch elsewhere. The rules
// follow PostgreSQL 15; golden statement_rules, which TestGoldenPG15 also
// runs against PostgreSQL, checks them statement by statement. TestStmtTraitsComplete fails when a statement type of
// package sql has no row; a statement without a row gets lockUndeclared,
// which every lock taker refuses with XX000 (errNoTraits), so it never
// runs silently without locks.
//
// What stays a type switch is behaviour, not a trait: binding
// (binder.plan, plan.go), dispatch of session statements (Session.Execute,
// runSetting), and the privileges a bound statement needs
// (checkStatement, privilege.go), which depend on the bound plan.

// lockMode says which catalog locks a statement holds while it binds and
// runs (session.go, runLocked; session_latch.go; catalog package doc,
// Concurrency). PostgreSQL's table lock levels are those of its docs,
// §13.3.1 "Table-Level Locks".
type lockMode uint8

const (
	// lockUndeclared is the zero value: no row gave the statement a mode.
	// Taking it fails with errNoTraits.
	lockUndeclared lockMode = iota
	// lockNone: binds and runs without the schema latch or any relation
	// lock; the statement touches only the session's state (SET, SHOW,
	// BEGIN, FETCH from a materialised cursor...).
	lockNone
	// lockShared: ACCESS SHARE on the tables it reads (PostgreSQL: SELECT),
	// the latch only to bind and lock them: queries.
	lockShared
	// lockWrite: as lockShared, with ROW EXCLUSIVE on the target
	// (PostgreSQL: INSERT, UPDATE, DELETE) and its writer lock while it
	// runs: DML.
	lockWrite
	// lockExclusive: ACCESS EXCLUSIVE on the relations it changes
	// (PostgreSQL: DROP TABLE, TRUNCATE, most ALTER TABLE forms) until its
	// transaction ends, and the latch exclusively while it runs: DDL.
	lockExclusive
	// lockSelf: bound under the latch shared, then run without it; the
	// statement takes its own locks as it runs: CREATE INDEX and REINDEX
	// (catalog.BuildIndexFor, catalog.ReindexFor), COPY FROM (ROW
	// EXCLUSIVE and the writer lock per batch, copy.go), VACUUM and
	// ANALYZE (SHARE UPDATE EXCLUSIVE, maintenanceTables), CHECKPOINT,
	// role statements and CREATE/DROP EXTENSION (the catalog's own locks),
	// PREPARE and EXECUTE (those of the statement they bind or run,
	// prepared_sql.go).
	lockSelf
)

// stmtTraits is one row of stmtTable: a statement type's traits. A zero
// field is the common case: no tag, no snapshot, allowed in a block and in
// a read-only transaction, writes no rows, not a planned query.
type stmtTraits struct {
	// tag is the CommandComplete tag without its row count (PostgreSQL's
	// CreateCommandTag, tcop/utility.c); "" when only running the
	// statement tells it: transaction statements (COMMIT of a failed block
	// is ROLLBACK) and EXECUTE (its statement's).
	tag string
	// lock is the catalog locks it holds (lockMode).
	lock lockMode
	// snapshot: it takes a statement snapshot (startStatement), which also
	// fixes the transaction's modes (25001 for SET TRANSACTION after it).
	// PostgreSQL 15's PlannedStmtRequiresSnapshot (tcop/pquery.c) exempts
	// transaction statements, SET (RESET, SET TRANSACTION), SHOW, FETCH
	// (MOVE) and CHECKPOINT; every other statement takes one.
	snapshot bool
	// planned: a query PostgreSQL's plan cache keeps with dependencies on
	// tables (SELECT and DML), bound again at Bind after a schema change
	// (Revalidate) and whose result columns must not change (checkResult).
	// PostgreSQL 15 revalidates EXPLAIN and DECLARE CURSOR at Bind too
	// (analyze_requires_snapshot); vecgres binds them again at Execute.
	planned bool
	// writes: it changes rows, so it needs a real transaction rather than
	// a read snapshot (Session.txnFor).
	writes bool
	// readOnly is the command name of 25006 "cannot execute %s in a
	// read-only transaction" for a statement a read-only transaction
	// refuses (PostgreSQL's PreventCommandIfReadOnly and
	// ExecCheckXactReadOnly); "" when it is allowed, as PostgreSQL 15's
	// ClassifyUtilityCommandAsReadOnly allows VACUUM, ANALYZE, REINDEX,
	// CHECKPOINT and the session, cursor and prepared-statement commands.
	readOnly string
	// blockOnly names a statement that runs only outside a transaction
	// block and first in a pipeline (PostgreSQL's PreventInTransactionBlock
	// callers; txn_block.go); "" for any other.
	blockOnly string
	// tables names the tables its lock mode applies to, before binding:
	// under lockShared those it reads (waited for as a reader,
	// catalog.WaitTableRead), under lockWrite and lockSelf those it writes
	// (waited for as a writer, catalog.WaitTableDDL), under lockExclusive
	// the relations it takes ACCESS EXCLUSIVE on (catalog.LockTables).
	// nil: none.
	tables func(sql.Statement) []string
	// vary fills in the traits that depend on the statement's fields
	// (COPY FROM or TO, EXPLAIN ANALYZE's statement, CONCURRENTLY...); nil
	// when none do.
	vary func(sql.Statement, *stmtTraits)
	// mon is the kind's statement metrics (metrics.go), set at init.
	mon *monitor.StmtKind
}

// of is the key of statement type T in stmtTable.
func of[T sql.Statement]() reflect.Type { return reflect.TypeFor[T]() }

// stmtTable has one row per statement type of package sql. It is set by
// init because a row looks up others (EXPLAIN ANALYZE takes its
// statement's traits), which a package variable's initializer cannot.
var stmtTable map[reflect.Type]stmtTraits

func init() {
	stmtTable = stmtRows()
	initStmtMetrics(map[string]*monitor.StmtKind{}) // metrics.go
	selectTraits = stmtTable[of[*sql.Select]()]
}

// selectTraits is stmtTable's row of SELECT, the statement most often
// run, which traitsOf returns without a map lookup.
var selectTraits stmtTraits

// stmtRows returns the rows of stmtTable.
func stmtRows() map[reflect.Type]stmtTraits {
	return map[reflect.Type]stmtTraits{
		// Queries and DML.
		of[*sql.Select]():        {tag: "SELECT", lock: lockShared, snapshot: true, planned: true, tables: selectTables},
		of[*sql.Insert]():        {tag: "INSERT", lock: lockWrite, snapshot: true, planned: true, writes: true, readOnly: "INSERT", tables: insertTables},
		of[*sql.Update]():        {tag: "UPDATE", lock: lockWrite, snapshot: true, planned: true, writes: true, readOnly: "UPDATE", tables: updateTables},
		of[*sql.Delete]():        {tag: "DELETE", lock: lockWrite, snapshot: true, planned: true, writes: true, readOnly: "DELETE", tables: deleteTables},
		of[*sql.WithModify]():    {lock: lockWrite, snapshot: true, planned: true, writes: true, tables: withModifyTables, vary: withModifyVaries},
		of[*sql.Copy]():          {tag: "COPY", lock: lockShared, snapshot: true, tables: copyTables, vary: copyVaries},
		of[*sql.Explain]():       {tag: "EXPLAIN", lock: lockShared, snapshot: true, tables: explainTables, vary: explainVaries},
		of[*sql.DeclareCursor](): {tag: "DECLARE CURSOR", lock: lockShared, snapshot: true, tables: cursorTables},
		of[*sql.Fetch]():         {tag: "FETCH", lock: lockNone, vary: fetchVaries},
		of[*sql.CloseCursor]():   {tag: "CLOSE CURSOR", lock: lockNone, snapshot: true},

		// DDL.
		of[*sql.CreateTable]():      {tag: "CREATE TABLE", lock: lockExclusive, snapshot: true, readOnly: "CREATE TABLE"},
		of[*sql.CreateTableAs]():    {tag: "SELECT", lock: lockExclusive, snapshot: true, readOnly: "CREATE TABLE AS"},
		of[*sql.DropTable]():        {tag: "DROP TABLE", lock: lockExclusive, snapshot: true, readOnly: "DROP TABLE", tables: dropTableTables},
		of[*sql.CreateView]():       {tag: "CREATE VIEW", lock: lockExclusive, snapshot: true, readOnly: "CREATE VIEW"},
		of[*sql.DropView]():         {tag: "DROP VIEW", lock: lockExclusive, snapshot: true, readOnly: "DROP VIEW", tables: dropViewTables},
		of[*sql.CreateSequence]():   {tag: "CREATE SEQUENCE", lock: lockExclusive, snapshot: true, readOnly: "CREATE SEQUENCE"},
		of[*sql.AlterSequence]():    {tag: "ALTER SEQUENCE", lock: lockExclusive, snapshot: true, readOnly: "ALTER SEQUENCE", tables: alterSequenceTables},
		of[*sql.DropSequence]():     {tag: "DROP SEQUENCE", lock: lockExclusive, snapshot: true, readOnly: "DROP SEQUENCE", tables: dropSequenceTables},
		of[*sql.AlterTable]():       {tag: "ALTER TABLE", lock: lockExclusive, snapshot: true, readOnly: "ALTER TABLE", tables: alterTables, vary: alterTableVaries},
		of[*sql.Rename]():           {tag: "ALTER TABLE", lock: lockExclusive, snapshot: true, readOnly: "ALTER TABLE", tables: renameTables, vary: renameVaries},
		of[*sql.Truncate]():         {tag: "TRUNCATE TABLE", lock: lockExclusive, snapshot: true, readOnly: "TRUNCATE TABLE", tables: truncateTables},
		of[*sql.CreateIndex]():      {tag: "CREATE INDEX", lock: lockSelf, snapshot: true, readOnly: "CREATE INDEX", vary: createIndexVaries},
		of[*sql.DropIndex]():        {tag: "DROP INDEX", lock: lockExclusive, snapshot: true, readOnly: "DROP INDEX", tables: dropIndexTables, vary: dropIndexVaries},
		of[*sql.Reindex]():          {tag: "REINDEX", lock: lockSelf, snapshot: true, vary: reindexVaries},
		of[*sql.Grant]():            {tag: "GRANT", lock: lockExclusive, snapshot: true, readOnly: "GRANT", vary: grantVaries},
		of[*sql.CreateSchema]():     {tag: "CREATE SCHEMA", lock: lockExclusive, snapshot: true, readOnly: "CREATE SCHEMA"},
		of[*sql.DropSchema]():       {tag: "DROP SCHEMA", lock: lockExclusive, snapshot: true, readOnly: "DROP SCHEMA"},
		of[*sql.AlterSchemaOwner](): {tag: "ALTER SCHEMA", lock: lockExclusive, snapshot: true, readOnly: "ALTER SCHEMA"},
		of[*sql.RenameSchema]():     {tag: "ALTER SCHEMA", lock: lockExclusive, snapshot: true, readOnly: "ALTER SCHEMA"},
		of[*sql.CreateExtension]():  {tag: "CREATE EXTENSION", lock: lockSelf, snapshot: true, readOnly: "CREATE EXTENSION"},
		of[*sql.DropExtension]():    {tag: "DROP EXTENSION", lock: lockSelf, snapshot: true, readOnly: "DROP EXTENSION"},
		of[*sql.CommentExtension](): {tag: "COMMENT", lock: lockSelf, snapshot: true, readOnly: "COMMENT"},
		of[*sql.Comment]():          {tag: "COMMENT", lock: lockExclusive, snapshot: true, readOnly: "COMMENT", tables: commentTables},
		of[*sql.CreateRole]():       {tag: "CREATE ROLE", lock: lockSelf, snapshot: true, readOnly: "CREATE ROLE"},
		of[*sql.AlterRole]():        {tag: "ALTER ROLE", lock: lockSelf, snapshot: true, readOnly: "ALTER ROLE"},
		of[*sql.DropRole]():         {tag: "DROP ROLE", lock: lockSelf, snapshot: true, readOnly: "DROP ROLE"},

		// Maintenance.
		of[*sql.Analyze]():    {tag: "ANALYZE", lock: lockSelf, snapshot: true},
		of[*sql.Vacuum]():     {tag: "VACUUM", lock: lockSelf, snapshot: true, blockOnly: "VACUUM"},
		of[*sql.Checkpoint](): {tag: "CHECKPOINT", lock: lockSelf},
		of[*sql.LockTable]():  {tag: "LOCK TABLE", lock: lockSelf, snapshot: true}, // any mode in a read-only transaction, as PostgreSQL 15

		// Server configuration (alter_system.go).
		of[*sql.AlterSystem](): {tag: "ALTER SYSTEM", lock: lockSelf, blockOnly: "ALTER SYSTEM"},

		// Session and transaction statements.
		of[*sql.Set]():            {tag: "SET", lock: lockNone},
		of[*sql.Show]():           {tag: "SHOW", lock: lockNone},
		of[*sql.Reset]():          {tag: "RESET", lock: lockNone},
		of[*sql.SetTransaction](): {tag: "SET", lock: lockNone},
		of[*sql.Txn]():            {lock: lockNone},
		of[*sql.Prepare]():        {tag: "PREPARE", lock: lockSelf, snapshot: true},
		of[*sql.Execute]():        {lock: lockSelf, snapshot: true},
		of[*sql.Deallocate]():     {tag: "DEALLOCATE", lock: lockNone, snapshot: true, vary: deallocateVaries},
		of[*sql.Discard]():        {tag: "DISCARD ALL", lock: lockNone, snapshot: true, blockOnly: "DISCARD ALL"},
	}
}

// undeclared are the traits of a statement type without a row: its lock
// mode is refused (errNoTraits) and a read-only transaction refuses it.
var undeclared = stmtTraits{lock: lockUndeclared, snapshot: true, readOnly: "this statement"}

// traitsOf returns st's row of stmtTable with its field-dependent traits
// filled in, or undeclared for a statement type without a row.
func traitsOf(st sql.Statement) stmtTraits {
	if s, ok := st.(*sql.Select); ok {
		if s.RowLocks {
			return lockingSelectTraits(s)
		}
		return selectTraits
	}
	t, ok := stmtTable[reflect.TypeOf(st)]
	if !ok {
		return undeclared
	}
	if t.vary != nil {
		return variedTraits(st, t)
	}
	return t
}

// variedTraits is t with vary's changes for st: a function of its own so
// that only these rows' copies escape to the heap (vary takes their
// address), not every statement's.
func variedTraits(st sql.Statement, t stmtTraits) stmtTraits {
	t.vary(st, &t)
	return t
}

// tablesOf returns the tables st's lock mode applies to (stmtTraits.tables),
// nil when it names none.
func tablesOf(st sql.Statement) []string {
	if t := traitsOf(st); t.tables != nil {
		return t.tables(st)
	}
	return nil
}

// errNoTraits is the internal error (XX000) of a statement whose type has
// no row in stmtTable, so no declared lock mode.
func errNoTraits(st sql.Statement) error {
	return pgerror.Internal(fmt.Errorf("statement %T has no row in the statement traits table", st))
}

// readTables returns the tables a statement run under lockShared reads
// (SELECT, DECLARE CURSOR, COPY TO, EXPLAIN), those of its subqueries in
// FROM included, or nil for any other statement. Tables that only scalar
// subqueries read are not included.
func readTables(st sql.Statement) []string {
	if traitsOf(st).lock != lockShared {
		return nil
	}
	return tablesOf(st)
}

// The tables column (stmtTraits.tables) of each row that has one. Every
// SELECT of a UNION or subquery in FROM reads its table (Select.ReadTables).

func selectTables(st sql.Statement) []string { return st.(*sql.Select).ReadTables() }
func cursorTables(st sql.Statement) []string { return st.(*sql.DeclareCursor).Query.ReadTables() }

// withModifyTables: the tables its data-modifying WITH queries and its
// main statement write.
func withModifyTables(st sql.Statement) []string {
	x := st.(*sql.WithModify)
	var out []string
	for _, c := range append(x.CTEs, &sql.ModifyingCTE{Stmt: x.Main}) {
		if f := traitsOf(c.Stmt).tables; f != nil && traitsOf(c.Stmt).lock == lockWrite {
			out = append(out, f(c.Stmt)...)
		}
	}
	return out
}

// withModifyVaries: the main statement's tag; read-only transactions
// refuse the first data-modifying WITH query.
func withModifyVaries(st sql.Statement, t *stmtTraits) {
	x := st.(*sql.WithModify)
	t.tag = traitsOf(x.Main).tag
	t.readOnly = traitsOf(x.CTEs[0].Stmt).tag
}

func insertTables(st sql.Statement) []string { return []string{st.(*sql.Insert).Table} }
func updateTables(st sql.Statement) []string { return []string{st.(*sql.Update).Table} }
func deleteTables(st sql.Statement) []string { return []string{st.(*sql.Delete).Table} }

// alterTables: ALTER TABLE's table, and the tables its new foreign keys
// reference (PostgreSQL takes SHARE ROW EXCLUSIVE on those; vecgres
// ACCESS EXCLUSIVE).
func alterTables(st sql.Statement) []string {
	x := st.(*sql.AlterTable)
	out := []string{x.Table}
	for _, c := range x.Cmds {
		if c.Kind == sql.AlterAddConstraint && c.Constraint.Kind == 'f' && c.Constraint.RefTable != x.Table {
			out = append(out, c.Constraint.RefTable)
		}
	}
	return out
}
func renameTables(st sql.Statement) []string { return []string{st.(*sql.Rename).Table} }

func dropTableTables(st sql.Statement) []string { return st.(*sql.DropTable).Names }
func dropViewTables(st sql.Statement) []string  { return st.(*sql.DropView).Names }

func alterSequenceTables(st sql.Statement) []string { return []string{st.(*sql.AlterSequence).Name} }
func dropSequenceTables(st sql.Statement) []string  { return st.(*sql.DropSequence).Names }

// alterTableVaries: ALTER VIEW|SEQUENCE|INDEX ... OWNER TO's tag.
func alterTableVaries(st sql.Statement, t *stmtTraits) {
	if o := st.(*sql.AlterTable).Object; o != "" && o != "TABLE" {
		t.tag, t.readOnly = "ALTER "+o, "ALTER "+o
	}
}

// renameVaries: ALTER VIEW and ALTER SEQUENCE ... RENAME's tag.
func renameVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Rename).View {
		t.tag, t.readOnly = "ALTER VIEW", "ALTER VIEW"
	}
	if st.(*sql.Rename).Sequence {
		t.tag, t.readOnly = "ALTER SEQUENCE", "ALTER SEQUENCE"
	}
}
func dropIndexTables(st sql.Statement) []string { return st.(*sql.DropIndex).Names }
func truncateTables(st sql.Statement) []string  { return st.(*sql.Truncate).Tables }

// copyTables: COPY FROM writes its table; COPY TO reads its table or its
// query's tables.
func copyTables(st sql.Statement) []string {
	x := st.(*sql.Copy)
	if x.From || x.Query == nil {
		return []string{x.Table}
	}
	return x.Query.ReadTables()
}

// explainTables: EXPLAIN waits as a reader for the tables its statement
// reads; under ANALYZE, which runs only queries (planExplain), it writes
// none.
func explainTables(st sql.Statement) []string { return readTables(st.(*sql.Explain).Stmt) }

// The vary column (stmtTraits.vary) of each row that has one.

// copyVaries: COPY FROM inserts its rows, in batches under their own
// locks (copy.go, lockCopyTarget), and a read-only transaction refuses it
// as "COPY FROM" (PostgreSQL's DoCopy).
func copyVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Copy).From {
		t.lock, t.writes, t.readOnly = lockSelf, true, "COPY FROM"
	}
}

// explainVaries: EXPLAIN ANALYZE runs its statement, with that
// statement's locks, transaction and read-only rule.
func explainVaries(st sql.Statement, t *stmtTraits) {
	x := st.(*sql.Explain)
	if !x.Analyze {
		return
	}
	inner := traitsOf(x.Stmt)
	t.lock, t.writes, t.readOnly = inner.lock, inner.writes, inner.readOnly
}

// lockingSelectTraits are a SELECT's traits when it or a query inside it
// has a locking clause (FOR UPDATE and co): its row locks need a
// transaction of its own, as a write does, and a read-only transaction
// refuses it (PostgreSQL: "cannot execute SELECT FOR UPDATE in a
// read-only transaction", named after the first clause's mode).
func lockingSelectTraits(s *sql.Select) stmtTraits {
	t := selectTraits
	t.writes = true
	t.readOnly = "SELECT FOR UPDATE"
	if len(s.Locks) > 0 {
		t.readOnly = "SELECT " + s.Locks[0].Strength.String()
	}
	return t
}

func deallocateVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Deallocate).All {
		t.tag = "DEALLOCATE ALL"
	}
}

func fetchVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Fetch).Move {
		t.tag = "MOVE"
	}
}

func grantVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Grant).Revoke {
		t.tag, t.readOnly = "REVOKE", "REVOKE"
	}
}

// createIndexVaries, dropIndexVaries, reindexVaries: the CONCURRENTLY forms
// run only outside a transaction block (PostgreSQL's DefineIndex,
// RemoveRelations, ExecReindex).
// A unique index is built as an ALTER TABLE is, under ACCESS
// EXCLUSIVE (PostgreSQL: SHARE), so its duplicate check and key map see
// every row (constraint.go).
func createIndexVaries(st sql.Statement, t *stmtTraits) {
	x := st.(*sql.CreateIndex)
	if x.Concurrently {
		t.blockOnly = "CREATE INDEX CONCURRENTLY"
	}
	if x.Unique {
		t.lock, t.tables = lockExclusive, func(st sql.Statement) []string { return []string{st.(*sql.CreateIndex).Table} }
	}
}

func dropIndexVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.DropIndex).Concurrently {
		t.blockOnly = "DROP INDEX CONCURRENTLY"
	}
}

func reindexVaries(st sql.Statement, t *stmtTraits) {
	if st.(*sql.Reindex).Concurrently {
		t.blockOnly = "REINDEX CONCURRENTLY"
	}
}
