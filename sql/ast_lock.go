package sql

// LockTable is LOCK [TABLE] [ONLY] name [, ...] [IN mode MODE] [NOWAIT].
// Mode is PostgreSQL's lock mode number (1 ACCESS SHARE ... 8 ACCESS
// EXCLUSIVE, lockdefs.h), ACCESS EXCLUSIVE when the statement names none.
type LockTable struct {
	Tables []string
	Mode   int
	NoWait bool
}

func (*LockTable) statement() {}
