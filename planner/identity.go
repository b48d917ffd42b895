package planner

import (
	"fmt"
	"slices"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Identity columns (PostgreSQL docs, CREATE TABLE "GENERATED { ALWAYS |
// BY DEFAULT } AS IDENTITY", and §5.3 "Identity Columns"). An identity
// column (catalog.Column.Identity 'a' or 'd') is NOT NULL and owns a
// real sequence, named as PostgreSQL's ChooseRelationName names it
// (table_column_seq, then table_column_seq1, ...), created with the
// column's type and the identity's options. A row that omits the
// column (or gives DEFAULT) takes nextval of that sequence, without the
// USAGE check nextval() makes (PostgreSQL's nextval_internal with
// check_permissions false); currval and lastval see the value.

// identitySeq is the sequence CREATE TABLE makes for one identity
// column: its catalog name and definition (OwnedBy set once the table
// exists).
type identitySeq struct {
	col    int
	key    string
	def    *catalog.SeqDef
	serial bool // a serial column's: its DEFAULT calls nextval on it
}

// identitySeqs picks the names and definitions of the sequences of x's
// identity and serial columns (serial.go), for the table key. Errors:
// 42P07 for a SEQUENCE NAME that is taken, 22023 from the sequence
// options. Latch held.
func (s *Session) identitySeqs(cat *catalog.Catalog, key string, x *sql.CreateTable) ([]identitySeq, error) {
	var out []identitySeq
	taken := map[string]bool{}
	for i, d := range x.Columns {
		if d.Identity == 0 && !d.Serial {
			continue
		}
		seqKey, def, err := s.newIdentitySeq(cat, key, d, taken)
		if err != nil {
			return nil, err
		}
		taken[seqKey] = true
		out = append(out, identitySeq{col: i, key: seqKey, def: def, serial: d.Serial})
	}
	return out, nil
}

// newIdentitySeq is the catalog name and definition of the sequence of
// identity column d of table key, avoiding the names in taken. Errors:
// 42P07 for a SEQUENCE NAME that is taken, 22023 from the options.
// Latch held.
func (s *Session) newIdentitySeq(cat *catalog.Catalog, key string, d sql.ColumnDef, taken map[string]bool) (string, *catalog.SeqDef, error) {
	opts := append([]sql.SeqOption{{Name: "as", Type: d.Type}}, d.IdentityOpts...)
	def, _, err := seqDefine(nil, opts) // sequence_ddl.go
	if err != nil {
		return "", nil, err
	}
	if d.IdentitySeq == "" {
		schema, table := cat.SplitName(key)
		return chooseSeqName(cat, schema, table, d.Name, taken), def, nil
	}
	seqKey, err := s.createKey(d.IdentitySeq, -1)
	if err != nil {
		return "", nil, err
	}
	if cat.RelationExists(seqKey) || serialSeqExists(cat, seqKey) || taken[seqKey] {
		_, base := cat.SplitName(seqKey)
		return "", nil, pgerror.Errorf(pgerror.DuplicateTable, "relation \"%s\" already exists", base)
	}
	return seqKey, def, nil
}

// chooseSeqName is PostgreSQL's ChooseRelationName(table, column,
// "seq"): table_column_seq, or with 1, 2, ... appended until the name
// is free in schema (names cut to 63 bytes, as makeObjectName cuts the
// longer of table and column).
func chooseSeqName(cat *catalog.Catalog, schema, table, column string, taken map[string]bool) string {
	for n := 0; ; n++ {
		suffix := "seq"
		if n > 0 {
			suffix = fmt.Sprintf("seq%d", n)
		}
		t, c := table, column
		for len(t)+len(c)+len(suffix)+2 > 63 {
			if len(t) > len(c) {
				t = t[:len(t)-1]
			} else {
				c = c[:len(c)-1]
			}
		}
		key := catalog.QualifiedName(schema, t+"_"+c+"_"+suffix)
		if !cat.RelationExists(key) && !serialSeqExists(cat, key) && !taken[key] {
			return key
		}
	}
}

// createIdentitySeqs creates seqs, owned by t's columns, in txn.
func (s *Session) createIdentitySeqs(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, seqs []identitySeq) error {
	for _, q := range seqs {
		q.def.OwnedBy, q.def.OwnedCol = t.OID, t.Columns[q.col].Name
		if _, err := cat.CreateSequenceIn(txn, s.user(), q.key, q.def); err != nil {
			return err
		}
	}
	return nil
}

// identityNext is the value of identity column col of t for a row that
// omits it: nextval of the sequence the column owns. Errors: those of
// nextval (2200H at the sequence's limit), 25006 in a read-only
// transaction.
func (e *env) identityNext(t *catalog.Table, col int) (any, error) {
	s := e.sess
	unlatch := s.catalogRead()
	seq := s.ownedSeq(t, col) // sequence_cache.go
	unlatch()
	if seq == nil {
		return nil, pgerror.Errorf(pgerror.InternalError, "no owned sequence found")
	}
	if err := e.errSeqReadOnly("nextval"); err != nil {
		return nil, err
	}
	v, err := e.seqTxn().NextVal(seq)
	if err != nil {
		return nil, err
	}
	s.noteNextVal(seq.OID, v)
	return v, nil
}

// identityExpr is SET col = DEFAULT on an identity column.
type identityExpr struct {
	t   *catalog.Table
	col int
}

func (d *identityExpr) Type() types.Type         { return d.t.Columns[d.col].Type }
func (d *identityExpr) Eval(e *env) (any, error) { return e.identityNext(d.t, d.col) }

// errIdentityInsert is PostgreSQL's 428C9 for a value given to a
// GENERATED ALWAYS identity column without OVERRIDING SYSTEM VALUE.
func errIdentityInsert(col string) error {
	return pgerror.Errorf(pgerror.GeneratedAlways, "cannot insert a non-DEFAULT value into column \"%s\"", col).
		WithDetail(fmt.Sprintf("Column \"%s\" is an identity column defined as GENERATED ALWAYS.", col)).
		WithHint("Use OVERRIDING SYSTEM VALUE to override.")
}

// errIdentityUpdate is PostgreSQL's 428C9 for UPDATE SET col = value on
// a GENERATED ALWAYS identity column.
func errIdentityUpdate(col string) error {
	return pgerror.Errorf(pgerror.GeneratedAlways, "column \"%s\" can only be updated to DEFAULT", col).
		WithDetail(fmt.Sprintf("Column \"%s\" is an identity column defined as GENERATED ALWAYS.", col))
}

// identityValue decides a value INSERT gives column c with OVERRIDING
// over (0, 's' or 'u', sql.Insert.Overriding), as PostgreSQL's rewriter
// (rewriteTargetListIU): skip when the column takes its identity value
// instead (OVERRIDING USER VALUE); 428C9 for a GENERATED ALWAYS column
// without OVERRIDING SYSTEM VALUE.
func identityValue(c catalog.Column, over byte) (skip bool, err error) {
	switch {
	case c.Identity == 0:
		return false, nil
	case over == 'u':
		return true, nil
	case c.Identity == 'a' && over != 's':
		return false, errIdentityInsert(c.Name)
	}
	return false, nil
}

// restartSeqs are the sequences TRUNCATE ... RESTART IDENTITY restarts
// at their START: those the columns of tables own (PostgreSQL's
// ExecuteTruncate); a rollback undoes the restart (catalog.RestartSeq). Errors:
// 42501 when the user does not own one. Latch held.
func (s *Session) restartSeqs(cat *catalog.Catalog, tables []*catalog.Table) ([]*catalog.Table, error) {
	var out []*catalog.Table
	for _, t := range tables {
		for _, seq := range cat.SequencesOwnedBy(t.OID, "") {
			if !cat.OwnsTable(seq, s.user()) {
				return nil, errNotOwner("sequence", bareRel(cat, seq))
			}
			out = append(out, seq)
		}
	}
	return out, nil
}

// identityOwner is the table whose identity column owns sequence seq;
// nil for another sequence. Latch held.
func identityOwner(cat *catalog.Catalog, seq *catalog.Table) *catalog.Table {
	if seq.Seq == nil || seq.Seq.OwnedBy == 0 {
		return nil
	}
	t, ok := cat.TableByOID(seq.Seq.OwnedBy)
	if !ok {
		return nil
	}
	if col := t.ColumnIndex(seq.Seq.OwnedCol); col < 0 || t.Columns[col].Identity == 0 {
		return nil
	}
	return t
}

// errIdentitySeqDrop refuses DROP SEQUENCE of an identity column's
// sequence, CASCADE or not (2BP01, PostgreSQL's internal dependency);
// nil for another sequence. Latch held.
func errIdentitySeqDrop(cat *catalog.Catalog, seq *catalog.Table) error {
	t := identityOwner(cat, seq)
	if t == nil {
		return nil
	}
	tab := bareRel(cat, t)
	return pgerror.Errorf(pgerror.DependentObjectsStillExist, "cannot drop sequence %s because column %s of table %s requires it",
		bareRel(cat, seq), seq.Seq.OwnedCol, tab).
		WithHint(fmt.Sprintf("You can drop column %s of table %s instead.", seq.Seq.OwnedCol, tab))
}

// errIdentityOwnedBy refuses ALTER SEQUENCE ... OWNED BY on an identity
// column's sequence (0A000, PostgreSQL's process_owned_by); nil when
// opts has no OWNED BY or seq is another sequence. Latch held.
func errIdentityOwnedBy(cat *catalog.Catalog, seq *catalog.Table, opts []sql.SeqOption) error {
	t := identityOwner(cat, seq)
	if t == nil || !slices.ContainsFunc(opts, func(o sql.SeqOption) bool { return o.Name == "owned_by" }) {
		return nil
	}
	return pgerror.New(pgerror.FeatureNotSupported, "cannot change ownership of identity sequence").
		WithDetail(fmt.Sprintf("Sequence \"%s\" is linked to table \"%s\".", bareRel(cat, seq), bareRel(cat, t)))
}

// renameOwnedBy makes the sequences owned by column old of t owned by
// its new name (PostgreSQL's pg_depend names the column by number, so
// OWNED BY and an identity column's sequence follow a rename). Latch
// held exclusively.
func renameOwnedBy(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, old, name string) error {
	for _, seq := range cat.SequencesOwnedBy(t.OID, old) {
		def := *seq.Seq
		def.OwnedCol = name
		if err := cat.AlterSequenceIn(txn, seq, &def, nil); err != nil {
			return err
		}
	}
	return nil
}
