package catalog

import (
	"fmt"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Comments on shared objects (PostgreSQL docs, COMMENT;
// pg_shdescription): a role's is Role.Comment, part of its record
// (roles.go); the database's is Catalog.dbComment, logged as a Database
// record (payload: the comment) and written as the last item of a
// snapshot's catalog file (absent in older snapshots).

// DatabaseComment returns COMMENT ON DATABASE's text ("" for none).
// Schema lock held.
func (c *Catalog) DatabaseComment() string { return c.dbComment }

// SetDatabaseComment sets the database's comment and logs it; a
// rollback of txn restores the old one. Schema lock held exclusively.
// Errors: WAL errors.
func (c *Catalog) SetDatabaseComment(txn *Txn, text string) error {
	prev := c.dbComment
	set := func(text string) error {
		if err := c.logDDL(recDatabase, appendString(nil, text)); err != nil {
			return err
		}
		c.dbComment = text
		c.version++
		return nil
	}
	if err := set(text); err != nil {
		return err
	}
	txn.addUndo(func() error { return set(prev) })
	return nil
}

// SetRoleComment sets role name's comment (COMMENT ON ROLE) and logs the
// role; a rollback of txn restores it. Errors: 42704.
func (c *Catalog) SetRoleComment(txn *Txn, name, text string) error {
	if _, ok := c.Role(name); !ok {
		return pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", name)
	}
	return c.AlterRoleIn(txn, name, func(r *Role) error { r.Comment = text; return nil })
}

func (c *Catalog) replayDatabase(p []byte) error {
	d := &decoder{b: p}
	text := d.str()
	if d.err != nil {
		return fmt.Errorf("database record: %w", d.err)
	}
	c.dbComment = text
	return nil
}
