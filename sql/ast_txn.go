package sql

// TxnModes are the transaction modes of BEGIN, START TRANSACTION, SET
// TRANSACTION and SET SESSION CHARACTERISTICS AS TRANSACTION (PostgreSQL
// docs, SET TRANSACTION). Empty or nil fields were not given.
type TxnModes struct {
	// Isolation is "read uncommitted", "read committed", "repeatable read"
	// or "serializable".
	Isolation  string
	ReadOnly   *bool
	Deferrable *bool
}

// SetTransaction is SET TRANSACTION modes (Session false) or SET SESSION
// CHARACTERISTICS AS TRANSACTION modes (Session true).
type SetTransaction struct {
	Session bool
	Modes   TxnModes
}

func (*SetTransaction) statement() {}
