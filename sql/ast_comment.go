package sql

// CommentKind is the kind of object a COMMENT ON statement names.
type CommentKind uint8

// COMMENT ON object kinds (PostgreSQL docs, COMMENT).
const (
	CommentTable      CommentKind = iota // COMMENT ON TABLE name
	CommentView                          // COMMENT ON VIEW name
	CommentSequence                      // COMMENT ON SEQUENCE name
	CommentIndex                         // COMMENT ON INDEX name
	CommentColumn                        // COMMENT ON COLUMN relation.column
	CommentConstraint                    // COMMENT ON CONSTRAINT name ON table
	CommentSchema                        // COMMENT ON SCHEMA name
	CommentRole                          // COMMENT ON ROLE name (a shared object)
	CommentDatabase                      // COMMENT ON DATABASE name (a shared object)
)

// Comment is COMMENT ON kind object IS 'text' | NULL. Relation is the
// relation named (qualified as written: "s.t" or "t"; the schema's name
// for CommentSchema, CommentRole and CommentDatabase); Column the column (CommentColumn), Constraint the
// constraint (CommentConstraint). Text is "" for IS NULL and IS ”,
// which both drop the comment, as in PostgreSQL.
type Comment struct {
	Kind       CommentKind
	Relation   string
	Column     string
	Constraint string
	Text       string
}

func (*Comment) statement() {}
