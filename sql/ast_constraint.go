package sql

// TableConstraint is one UNIQUE, PRIMARY KEY, CHECK or FOREIGN KEY
// constraint of CREATE TABLE (a column's, with Columns its column, or a
// table constraint) or of ALTER TABLE ADD CONSTRAINT.
type TableConstraint struct {
	Kind byte   // 'u' unique, 'p' primary key, 'c' check, 'f' foreign key (pg_constraint.contype)
	Name string // "" when not given: the planner names it as PostgreSQL does
	// Columns are the key columns (unique, primary key) or the
	// referencing columns (foreign key); nil for a check.
	Columns          []string
	NullsNotDistinct bool
	Check            Expr // the CHECK expression
	// NoInherit is CHECK ... NO INHERIT; NotValid is NOT VALID.
	NoInherit, NotValid bool
	// RefTable and RefColumns are REFERENCES t (cols) (RefColumns nil:
	// the referenced table's primary key); OnUpdate and OnDelete the
	// actions as pg_constraint spells them ('a' NO ACTION, 'r' RESTRICT,
	// 'c' CASCADE, 'n' SET NULL, 'd' SET DEFAULT).
	RefTable             string
	RefColumns           []string
	OnUpdate, OnDelete   byte
	Deferrable, Deferred bool
	P                    int // byte offset of the constraint (-1: unknown)
}
