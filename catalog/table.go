package catalog

import (
	"sync"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/vecindex"
)

// Column is one column of a table.
type Column struct {
	Name    string
	Type    types.Type
	NotNull bool
	// Default is the value used when an INSERT omits the column; nil means
	// NULL. Serial columns take the next sequence value instead.
	Default any
	Serial  bool
	// DefaultExpr is the SQL text of a non-constant DEFAULT (now(),
	// gen_random_uuid()), evaluated per inserted row by the planner and
	// shown as written; "" when the default is the constant Default.
	DefaultExpr string
	// Comment is COMMENT ON COLUMN's text (comment.go); "" for none.
	Comment string
	// Identity is pg_attribute.attidentity: 'a' for GENERATED ALWAYS AS
	// IDENTITY, 'd' for BY DEFAULT, 0 for none. An identity column's
	// DefaultExpr is the nextval call on the sequence it owns, which
	// the catalogs do not show as a default (PostgreSQL keeps no
	// pg_attrdef row for it).
	Identity byte
}

// Table is a table's schema, rows and indexes. Fields are read-only for
// callers; all changes go through Txn methods (see package doc,
// Concurrency, for the locks each needs). Indexes changes only under the
// schema lock held exclusively plus the table's writer lock.
type Table struct {
	OID        uint32
	Name       string
	Columns    []Column
	PrimaryKey []int // column positions; empty when the table has none
	PKeyName   string
	// Constraints are the table's UNIQUE, CHECK and FOREIGN KEY
	// constraints and unique indexes (constraint.go), in creation order.
	// Replaced, never changed in place, under the schema lock held
	// exclusively and the writer lock.
	Constraints []*Constraint
	// Owner is the role that created the table, and owns its indexes
	// (owner.go). Set at creation, never changed.
	Owner string
	// View is set for a view (view.go): its query; nil for a table.
	View *ViewDef
	// Seq is set for a sequence (sequence.go): its definition; nil for a
	// table.
	Seq *SeqDef
	// Unlogged is set for CREATE UNLOGGED TABLE (unlogged.go): its rows
	// are never logged and an unclean start-up empties it.
	Unlogged bool
	// Temp is set for a table, view or sequence in a temporary schema
	// (temp.go): nothing of it is logged or checkpointed.
	Temp bool
	// Comment is COMMENT ON TABLE's (VIEW's, SEQUENCE's) text, "" for
	// none; indexComments the comments on its indexes by index OID
	// (comment.go). Replaced by ALTER, never changed in place.
	Comment       string
	indexComments map[uint32]string
	// PKeyComment is COMMENT ON CONSTRAINT's text for the primary key.
	PKeyComment string
	acl         map[string]Privilege // grantee -> granted privileges; schema lock (owner.go)
	aclSet      bool                 // a GRANT or REVOKE ran: relacl stays explicit (owner.go)
	// createdBy is the transaction that created the table inside a
	// transaction block (undo_tables.go); others may not write it until
	// that transaction ends. Schema lock.
	createdBy XID
	// droppedBy is the transaction whose DROP TABLE hid the table until it
	// ends (DropTableIn); no other transaction may take its name meanwhile.
	droppedBy XID
	// ddlBy is the last transaction that ran DDL on the table (holdForDDL);
	// while it is open, other writers wait for it (WaitTableDDL).
	ddlBy XID
	// exclBy is the last transaction whose DDL on the table takes
	// PostgreSQL's ACCESS EXCLUSIVE lock (CREATE, ALTER, RENAME, DROP
	// TABLE, DROP INDEX; holdExclusive); while it is open, other readers
	// wait for it too (WaitTableRead).
	exclBy XID
	// nameBefore is the table's name when exclBy's transaction first
	// altered it (RememberTable), "" otherwise: a RENAME's old name, on
	// which other transactions' statements wait too. Schema lock.
	nameBefore string
	// pendingACL holds, per grantee, the privileges before a GRANT or
	// REVOKE of a transaction still open: other transactions check those
	// (TablePrivilegesIn). Schema lock.
	pendingACL map[string]pendingGrant

	// wmu is the writer lock: held by a writing statement (or one COPY
	// batch), by rollback and by tombstone reaping; readers never take it.
	wmu    sync.Mutex
	chunks atomic.Pointer[[][]rowVersion] // rowstore.go
	nrows  atomic.Uint64
	seqMu  sync.Mutex          // guards seqs (checkpoints copy them)
	seqs   map[int]int64       // serial column position -> last value handed out
	seq    seqState            // a sequence's state (sequence.go); seqMu
	pkey   map[string][]uint64 // writer lock held (and keysMu to change)
	// rowLocks holds the row locks of SELECT ... FOR UPDATE and co by
	// slot (rowlock.go), under rowMu (a leaf lock).
	rowMu    sync.Mutex
	rowLocks map[uint64][]rowLockHolder
	// keysMu guards pkey and the constraints' key maps against readers
	// of other tables (foreign keys): held to change them (with the
	// writer lock) or to read them without the writer lock. A leaf lock.
	keysMu sync.RWMutex
	// refs is the foreign keys referencing the table (constraint_fk.go).
	refs    atomic.Pointer[[]fkLink]
	Indexes []*Index
	// layout maps columns to stored value positions once ALTER TABLE
	// added or dropped columns; nil: identity (alter_layout.go).
	layout atomic.Pointer[rowLayout]

	changes atomic.Int64          // row inserts and deletes, for automatic ANALYZE (stats.go)
	stats   atomic.Pointer[Stats] // last ANALYZE; nil before the first

	Access TableAccess // pg_stat_all_tables' counters since start-up (access_stats.go)
}

// ColumnIndex returns the position of the named column, or -1.
func (t *Table) ColumnIndex(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// LockWrites takes the table's writer lock: a statement that inserts,
// updates or deletes rows holds it for its length (a COPY for one batch),
// with the schema lock shared. Readers never take it.
func (t *Table) LockWrites() { t.wmu.Lock() }

// UnlockWrites releases LockWrites.
func (t *Table) UnlockWrites() { t.wmu.Unlock() }

// IndexMethod names an index access method.
type IndexMethod string

// Index access methods.
const (
	MethodHNSW  IndexMethod = "hnsw"
	MethodBTree IndexMethod = "btree"
	// MethodIVFFlat is pgvector's ivfflat: IVF holds the inverted lists
	// (ivf.go) and M the number of lists.
	MethodIVFFlat IndexMethod = "ivfflat"
)

// Index is a secondary index of a table. For HNSW, Column is the indexed
// vector column and Graph holds the graph keyed by row slot; for btree,
// BTree holds (value, slot) entries of Column (btree.go).
type Index struct {
	OID            uint32
	Name           string
	Table          *Table
	Method         IndexMethod
	Column         int
	Opclass        string
	Metric         vecindex.Metric
	M              int
	EfConstruction int
	// Reloptions are the WITH options as CREATE INDEX spelt them
	// ("m=16"), in order, for pg_get_indexdef; nil for an index whose WAL
	// record predates them.
	Reloptions []string
	// Expr is the key expression's SQL text ("" for a plain column,
	// which Column names; else Column is the first column it reads) and
	// Pred the partial index's predicate text ("" for none); BoundExpr and
	// BoundPred are the planner's bound forms (index_expr.go).
	Expr, Pred           string
	BoundExpr, BoundPred any
	keyFn, predFn        func(vals []any) (any, error)
	keyType              types.Type
	exprCols             []int // the columns Expr and Pred read
	// Composite is true for a multi-column index: Expr lists its key
	// columns ("a, lower(b)") and its keys are CompositeKeys.
	Composite bool
	Graph     *vecindex.HNSW
	// IVF holds an ivfflat index's lists (nil for other methods); its
	// lists count is M.
	IVF *vecindex.IVFFlat
	// phys is Column's stored value position, fixed at creation
	// (alter_layout.go); Column shifts when an earlier column is dropped.
	phys  int
	BTree *BTree
	// Key is the unique key a unique constraint's or CREATE UNIQUE
	// INDEX's index stands for (constraint.go); such an index is in the
	// catalog's name map only, not in Table.Indexes, as a primary key's.
	Key *Constraint
	// pending is the rows replay left for the background catch-up to
	// insert into Graph (nil: none; catchup.go, PendingSlots).
	pending atomic.Pointer[pendingSet]

	Access IndexAccess // pg_stat_all_indexes' counters since start-up (access_stats.go)
}

// IndexDef is what CREATE INDEX asks for; the planner validates options
// before calling CreateIndex.
type IndexDef struct {
	Name           string
	Table          string
	Method         IndexMethod
	Column         string
	Opclass        string
	Metric         vecindex.Metric
	M              int
	EfConstruction int
	Reloptions     []string // as Index.Reloptions
	// Expr and Pred are as Index's (Column is then the first column Expr
	// reads).
	Expr, Pred string
	// NameColumn, when not "", stands for Column in an unnamed index's
	// name (an expression's name, as PostgreSQL's FigureIndexColname).
	// Not stored.
	NameColumn string
	// IfNotExists makes BuildIndex skip, returning nil, when the name is
	// taken.
	IfNotExists bool
	// Concurrently (CREATE INDEX CONCURRENTLY) makes BuildIndexFor
	// attach under SHARE UPDATE EXCLUSIVE, after the transactions writing
	// the table ended, instead of SHARE: new writers never wait. Not
	// stored.
	Concurrently bool
}
