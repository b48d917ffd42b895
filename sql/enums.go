package sql

// String methods for the AST's enumerations, for debugging and test output.

func (k ConstKind) String() string {
	return [...]string{"ConstNull", "ConstBool", "ConstInt", "ConstFloat", "ConstString"}[k]
}

func (n Nulls) String() string { return [...]string{"NullsDefault", "NullsFirst", "NullsLast"}[n] }

func (o BoolOp) String() string { return [...]string{"AND", "OR", "NOT"}[o] }

func (f CopyFormat) String() string { return [...]string{"text", "csv", "binary"}[f] }

func (k TxnKind) String() string {
	return [...]string{"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "ROLLBACK TO"}[k]
}
