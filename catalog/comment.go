package catalog

import (
	"errors"
	"maps"
	"slices"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Comments (PostgreSQL docs, COMMENT; pg_description). A relation's
// comment is Table.Comment, a column's Column.Comment, a constraint's
// Constraint.Comment, and the comments of the relation's indexes are kept
// by index OID in the table (IndexComment), so each follows its object
// through RENAME and goes with it at DROP. They are part of the table's
// definition: COMMENT logs an AlterTable record of it (the comment
// section below) and ROLLBACK undoes it as any ALTER (RememberTable).
// "" is no comment. A user schema's comment is Schema.Comment, logged as
// a schema record (SetSchemaComment).

// commentFormat marks the comment section of a CreateTable payload,
// after the sequence section (part of the format):
//
//	'D', comment, ncols, {column position, comment}...,
//	nconstraints, {name, comment}..., nindexes, {index oid, comment}...
//
// (the primary key's comment among the constraints', by its name)
//
// Absent when the table has no comment of any kind, as in every record
// written before comments were kept.
const commentFormat = 'D'

var errBadComment = errors.New("bad comment section")

// IndexComment returns the comment on ix ("" for none). Schema lock held.
func (ix *Index) IndexComment() string { return ix.Table.indexComments[ix.OID] }

// SetComment sets the comment on t itself (table, view or sequence) and
// logs t's definition. Schema lock held exclusively; the caller calls
// RememberTable first so a rollback restores the old comment.
func (c *Catalog) SetComment(t *Table, text string) error {
	nt := c.proposal(t)
	nt.Comment = text
	return c.alter(t, nt)
}

// SetColumnComment sets the comment on column col of t, as SetComment.
func (c *Catalog) SetColumnComment(t *Table, col int, text string) error {
	nt := c.proposal(t)
	nt.Columns[col].Comment = text
	return c.alter(t, nt)
}

// SetConstraintComment sets the comment on t's constraint k (one of
// t.Constraints), as SetComment.
func (c *Catalog) SetConstraintComment(t *Table, k *Constraint, text string) error {
	nt := c.proposal(t)
	for i, o := range t.Constraints {
		if o == k {
			nt.Constraints[i].Comment = text
		}
	}
	return c.alter(t, nt)
}

// SetIndexComment sets the comment on ix, kept in its table, as
// SetComment. Comments of indexes dropped since are forgotten.
func (c *Catalog) SetIndexComment(ix *Index, text string) error {
	t := ix.Table
	nt := c.proposal(t)
	nt.indexComments = map[uint32]string{}
	for _, o := range t.Indexes {
		if s := t.indexComments[o.OID]; s != "" && o != ix {
			nt.indexComments[o.OID] = s
		}
	}
	if text != "" {
		nt.indexComments[ix.OID] = text
	}
	return c.alter(t, nt)
}

// SetPKeyComment sets the comment on t's primary-key constraint, as
// SetComment.
func (c *Catalog) SetPKeyComment(t *Table, text string) error {
	nt := c.proposal(t)
	nt.PKeyComment = text
	return c.alter(t, nt)
}

// SetSchemaComment sets the comment on user schema name and logs it; a
// rollback of txn restores the old one. Lock held exclusively. Errors:
// 3F000, WAL errors.
func (c *Catalog) SetSchemaComment(txn *Txn, name, text string) error {
	s, ok := c.schemas[name]
	if !ok {
		return pgerror.Errorf(pgerror.InvalidSchemaName, "schema \"%s\" does not exist", name)
	}
	if s.Temp {
		return errTempSchema() // temp.go
	}
	prev := s.Comment
	set := func(text string) error {
		if err := c.logDDL(recSchema, encodeSchemaOp(schemaNote, &Schema{Name: s.Name, OID: s.OID, Owner: text}, "")); err != nil {
			return err
		}
		s.Comment = text
		c.version++
		return nil
	}
	if err := set(text); err != nil {
		return err
	}
	txn.addUndo(func() error { return set(prev) })
	return nil
}

func hasComments(t *Table) bool {
	if t.Comment != "" || t.PKeyComment != "" || len(t.indexComments) > 0 {
		return true
	}
	for _, col := range t.Columns {
		if col.Comment != "" {
			return true
		}
	}
	for _, k := range t.Constraints {
		if k.Comment != "" {
			return true
		}
	}
	return false
}

// appendComments appends t's comment section, when t has a comment.
func appendComments(b []byte, t *Table) []byte {
	if !hasComments(t) {
		return b
	}
	b = appendString(append(b, commentFormat), t.Comment)
	var cols []int
	for i, col := range t.Columns {
		if col.Comment != "" {
			cols = append(cols, i)
		}
	}
	b = appendUvarint(b, uint64(len(cols)))
	for _, i := range cols {
		b = appendString(appendUvarint(b, uint64(i)), t.Columns[i].Comment)
	}
	var cons []*Constraint
	for _, k := range t.Constraints {
		if k.Comment != "" {
			cons = append(cons, k)
		}
	}
	n := len(cons)
	if t.PKeyComment != "" {
		n++
	}
	b = appendUvarint(b, uint64(n))
	for _, k := range cons {
		b = appendString(appendString(b, k.Name), k.Comment)
	}
	if t.PKeyComment != "" {
		b = appendString(appendString(b, t.PKeyName), t.PKeyComment)
	}
	oids := slices.Sorted(maps.Keys(t.indexComments))
	b = appendUvarint(b, uint64(len(oids)))
	for _, o := range oids {
		b = appendString(appendUvarint(b, uint64(o)), t.indexComments[o])
	}
	return b
}

// readComments restores appendComments' section, when present.
func readComments(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil || d.b[0] != commentFormat {
		return
	}
	d.byte1()
	t.Comment = d.str()
	n := d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		col, s := d.uvarint(), d.str()
		if col >= uint64(len(t.Columns)) {
			d.fail(errBadComment)
			return
		}
		t.Columns[col].Comment = s
	}
	n = d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		name, s := d.str(), d.str()
		if name == t.PKeyName {
			t.PKeyComment = s
		}
		for _, k := range t.Constraints {
			if k.Name == name {
				k.Comment = s
			}
		}
	}
	n = d.uvarint()
	for i := uint64(0); i < n && d.err == nil; i++ {
		oid, s := uint32(d.uvarint()), d.str()
		if t.indexComments == nil {
			t.indexComments = map[uint32]string{}
		}
		t.indexComments[oid] = s
	}
}
