package plan

// LockRows locks each input row for SELECT ... FOR UPDATE and co
// (PostgreSQL's LockRows node): it sits below the query's Limit and
// above its Sort, so rows skipped (SKIP LOCKED) or gone do not count
// toward LIMIT and only rows passed on are locked. Locker does the
// locking; nil when only described (EXPLAIN).
type LockRows struct {
	Info
	Unary
	Locker RowLocker
}

// RowLocker locks one row of a LockRows node: row is the relation's
// columns followed by the row's identity; it returns the row to pass on
// (the newest version when a concurrent transaction updated it and it
// still qualifies) or nil to leave it out.
type RowLocker interface {
	LockRow(row []any) ([]any, error)
}

func (n *LockRows) Columns() []Column { return n.inputColumns() }
func (n *LockRows) Label() string     { return "LockRows" }
func (n *LockRows) Props() []string   { return nil }
