package planner

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// OWNER TO of relations (PostgreSQL docs, ALTER TABLE; tablecmds.c
// ATExecChangeOwner). A table's indexes follow it (vecgres keeps their
// owner with the table), and so do the sequences its columns own.

// ownerOnly reports whether every command of an ALTER TABLE is OWNER TO
// (the form that applies to views, sequences and indexes too).
func ownerOnly(cmds []sql.AlterCmd) bool {
	for _, c := range cmds {
		if c.Kind != sql.AlterOwner {
			return false
		}
	}
	return len(cmds) > 0
}

// alterRelOwner runs ALTER TABLE|VIEW|SEQUENCE|INDEX name OWNER TO role,
// checking as PostgreSQL's RangeVarCallbackForAlterRelation: 42P01 for a
// missing relation (a NOTICE under IF EXISTS), 42501 unless the user owns
// it, 42809 when it is of another kind than the statement names. An
// index's owner is its table's: OWNER TO another role is a WARNING that
// changes nothing, as PostgreSQL's.
func (s *Session) alterRelOwner(cat *catalog.Catalog, txn *catalog.Txn, x *sql.AlterTable, res *backend.Result) error {
	name := s.relKey(x.Table)
	if x.Object != "" && x.Object != "TABLE" {
		res.Tag = "ALTER " + x.Object
	}
	if ix, ok := cat.Index(name); ok {
		return s.alterIndexOwner(cat, ix, x, res)
	}
	t, ok := cat.Table(name)
	switch {
	case !ok && x.IfExists:
		res.Notices = append(res.Notices, notice("00000", "relation \""+x.Table+"\" does not exist, skipping"))
		return nil
	case !ok:
		return pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", x.Table)
	case !cat.OwnsTable(t, s.user()):
		return errNotOwner(relKind(t), x.Table)
	case x.Object == "INDEX":
		return pgerror.Errorf(pgerror.WrongObjectType, "%q is not an index", x.Table)
	case (x.Object == "VIEW" || x.Object == "SEQUENCE") && relKind(t) != strings.ToLower(x.Object):
		return pgerror.Errorf(pgerror.WrongObjectType, "%q is not a %s", x.Table, strings.ToLower(x.Object))
	}
	return s.alterOwner(cat, txn, t, x.Cmds...)
}

// alterIndexOwner is OWNER TO of index ix: 42809 under ALTER VIEW or
// SEQUENCE, 42501 unless the user owns its table, then a WARNING when
// the role is not the table's owner.
func (s *Session) alterIndexOwner(cat *catalog.Catalog, ix *catalog.Index, x *sql.AlterTable, res *backend.Result) error {
	switch {
	case !cat.OwnsTable(ix.Table, s.user()):
		return errNotOwner("index", x.Table)
	case x.Object == "VIEW" || x.Object == "SEQUENCE":
		return pgerror.Errorf(pgerror.WrongObjectType, "%q is not a %s", x.Table, strings.ToLower(x.Object))
	}
	for _, c := range x.Cmds {
		role, err := s.ownerRole(cat, c)
		if err != nil {
			return err
		}
		if role != ix.Table.Owner {
			n := notice(string(pgerror.WrongObjectType), "cannot change owner of index \""+bareName(ix.Name)+"\"")
			n.Severity = "WARNING"
			n.Hint = "Change the ownership of the index's table, instead."
			res.Notices = append(res.Notices, n)
		}
	}
	return nil
}

// ownerRole is the role an OWNER TO command names. Errors: 42704 for an
// unknown role.
func (s *Session) ownerRole(cat *catalog.Catalog, c sql.AlterCmd) (string, error) {
	role := c.Name
	if c.Current {
		role = s.user()
	}
	if _, ok := cat.Role(role); !ok {
		return "", pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", role)
	}
	return role, nil
}

// alterOwner gives t (owned by the user, or the user a superuser) to the
// role each OWNER TO command names, with the sequences t's columns own;
// the new owner holds every privilege, and the grants t had go on,
// granted by it (catalog.SetTableOwner). OWNER TO the current owner
// changes nothing. Errors: 42704 for an unknown role; 42501 "must be
// member of role" for a user other than a superuser (vecgres has no
// role membership, so only a superuser gives a relation away); 0A000 for
// a sequence a column owns, as PostgreSQL (its table's owner is its
// owner).
func (s *Session) alterOwner(cat *catalog.Catalog, txn *catalog.Txn, t *catalog.Table, cmds ...sql.AlterCmd) error {
	for _, c := range cmds {
		role, err := s.ownerRole(cat, c)
		if err != nil {
			return err
		}
		if role == t.Owner {
			continue
		}
		if t.IsSequence() && t.Seq.OwnedBy != 0 {
			if tb, ok := cat.TableByOID(t.Seq.OwnedBy); ok {
				return pgerror.Errorf(pgerror.FeatureNotSupported, "cannot change owner of sequence %q", bareName(t.Name)).
					WithDetail("Sequence \"" + bareName(t.Name) + "\" is linked to table \"" + bareName(tb.Name) + "\".")
			}
		}
		if !cat.IsSuperuser(s.user()) {
			return pgerror.Errorf(pgerror.InsufficientPrivilege, "must be member of role %q", role)
		}
		for _, r := range append([]*catalog.Table{t}, cat.SequencesOwnedBy(t.OID, "")...) {
			cat.RememberTable(txn, r) // catalog/undo_tables.go
			if err := cat.SetTableOwner(r, role); err != nil {
				return err
			}
		}
	}
	return nil
}
