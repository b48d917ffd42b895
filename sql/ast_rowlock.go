package sql

// RowLock is a SELECT's locking clause, FOR UPDATE | FOR NO KEY UPDATE |
// FOR SHARE | FOR KEY SHARE [OF t, ...] [NOWAIT | SKIP LOCKED]
// (PostgreSQL 15 docs, SELECT, "The Locking Clause"). A SELECT may carry
// several; each applies to the FROM items it names, or to all of them.
type RowLock struct {
	// Strength is the mode, weakest first: LockForKeyShare ...
	// LockForUpdate.
	Strength LockStrength
	// Of names the relations of OF (as written, qualified or not), with
	// OfP their byte offsets; nil: every relation of the FROM clause.
	Of  []string
	OfP []int
	// NoWait and SkipLocked are the wait policy (neither: wait).
	NoWait, SkipLocked bool
}

// LockStrength is a locking clause's mode.
type LockStrength uint8

// Locking clause modes, weakest first (PostgreSQL's LockClauseStrength).
const (
	LockForKeyShare LockStrength = iota
	LockForShare
	LockForNoKeyUpdate
	LockForUpdate
)

// String is the clause as PostgreSQL's messages spell it ("FOR UPDATE").
func (s LockStrength) String() string {
	return [...]string{"FOR KEY SHARE", "FOR SHARE", "FOR NO KEY UPDATE", "FOR UPDATE"}[s]
}
