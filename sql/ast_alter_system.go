package sql

// AlterSystem is ALTER SYSTEM SET name = value (or TO DEFAULT, Reset),
// ALTER SYSTEM RESET name and ALTER SYSTEM RESET ALL (Name "all").
type AlterSystem struct {
	Name  string
	Value string
	Reset bool
}

func (*AlterSystem) statement() {}
