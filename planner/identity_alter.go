package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
	"github.com/vecgres/vecgres/wire/backend"
)

// ALTER TABLE ... ALTER COLUMN ... ADD GENERATED AS IDENTITY, SET
// GENERATED / SET option / RESTART and DROP IDENTITY (PostgreSQL 15's
// ATExecAddIdentity, ATExecSetIdentity and ATExecDropIdentity,
// commands/tablecmds.c). Each must be the only command of its ALTER
// TABLE (what pg_dump writes).

// isIdentityCmd reports whether cmd is one of the identity commands.
func isIdentityCmd(cmd sql.AlterCmd) bool {
	return cmd.Kind == sql.AlterAddIdentity || cmd.Kind == sql.AlterSetIdentity || cmd.Kind == sql.AlterDropIdentity
}

// alterIdentity runs identity command cmd on table t. Errors: 0A000 when
// cmds holds another command; 42703; 55000 with PostgreSQL's texts;
// those of the sequence's options. Latch held exclusively.
func (s *Session) alterIdentity(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, cmds []sql.AlterCmd, res *backend.Result) error {
	if len(cmds) != 1 {
		return pgerror.NotSupported("identity column commands combined with other ALTER TABLE commands")
	}
	cmd := cmds[0]
	col := t.ColumnIndex(cmd.Name)
	tab := bareRel(cat, t)
	if col < 0 {
		return pgerror.Errorf(pgerror.UndefinedColumn, "column \"%s\" of relation \"%s\" does not exist", cmd.Name, tab)
	}
	c := t.Columns[col]
	if cmd.Kind == sql.AlterAddIdentity {
		return s.addIdentity(cat, txn, t, col, cmd.Column)
	}
	if c.Identity == 0 {
		err := pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "column \"%s\" of relation \"%s\" is not an identity column", c.Name, tab)
		if cmd.Kind == sql.AlterDropIdentity && cmd.Missing {
			res.Notices = append(res.Notices, notice("00000", err.Message+", skipping"))
			return nil
		}
		return err
	}
	cat.RememberTable(txn, t) // catalog/undo_tables.go
	if cmd.Kind == sql.AlterDropIdentity {
		if err := cat.SetColumnIdentity(t, c.Name, 0); err != nil {
			return err
		}
		return s.dropOwnedSequences(cat, txn, t, c.Name) // sequence_ddl.go
	}
	return s.setIdentity(cat, txn, t, col, cmd.Column)
}

// addIdentity is ADD GENERATED ... AS IDENTITY on column col of t.
func (s *Session) addIdentity(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, col int, d sql.ColumnDef) error {
	c, tab := t.Columns[col], bareRel(cat, t)
	switch {
	case !c.NotNull:
		return pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "column \"%s\" of relation \"%s\" must be declared NOT NULL before identity can be added", c.Name, tab)
	case c.Identity != 0:
		return pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "column \"%s\" of relation \"%s\" is already an identity column", c.Name, tab)
	case c.Serial || c.Default != nil || c.DefaultExpr != "":
		return pgerror.Errorf(pgerror.ObjectNotInPrerequisiteState, "column \"%s\" of relation \"%s\" already has a default value", c.Name, tab)
	}
	d.Name, d.Type = c.Name, c.Type
	if k := c.Type.Kind; k != types.KindInt2 && k != types.KindInt4 && k != types.KindInt8 {
		return pgerror.New(pgerror.InvalidParameterValue, "identity column type must be smallint, integer, or bigint")
	}
	seqKey, def, err := s.newIdentitySeq(cat, t.Name, d, nil) // identity.go
	if err != nil {
		return err
	}
	cat.RememberTable(txn, t) // catalog/undo_tables.go
	if err := cat.SetColumnIdentity(t, c.Name, d.Identity); err != nil {
		return err
	}
	return s.createIdentitySeqs(cat, txn, t, []identitySeq{{col: col, key: seqKey, def: def}})
}

// setIdentity is SET GENERATED / SET option / RESTART on identity
// column col of t: the kind changes, the options alter its sequence.
func (s *Session) setIdentity(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, col int, d sql.ColumnDef) error {
	c := t.Columns[col]
	if len(d.IdentityOpts) > 0 {
		seqs := cat.SequencesOwnedBy(t.OID, c.Name)
		if len(seqs) == 0 {
			return pgerror.Errorf(pgerror.InternalError, "no owned sequence found")
		}
		def, restart, err := seqDefine(seqs[0].Seq, d.IdentityOpts) // sequence_ddl.go
		if err != nil {
			return err
		}
		if err := cat.AlterSequenceIn(txn, seqs[0], def, restart); err != nil {
			return err
		}
	}
	if d.Identity == 0 || d.Identity == c.Identity {
		return nil
	}
	return cat.SetColumnIdentity(t, c.Name, d.Identity)
}

// errIdentityColumn is 42601 for SET/DROP DEFAULT or DROP NOT NULL on
// an identity column, as PostgreSQL's ATExecColumnDefault and
// ATExecDropNotNull (DROP DEFAULT adds a hint).
func errIdentityColumn(t *catalog.Table, cmd sql.AlterCmd) error {
	err := pgerror.Errorf(pgerror.SyntaxError, "column \"%s\" of relation \"%s\" is an identity column", cmd.Name, t.Name)
	if cmd.Kind == sql.AlterDropDefault {
		return err.WithHint("Use ALTER TABLE ... ALTER COLUMN ... DROP IDENTITY instead.")
	}
	return err
}
