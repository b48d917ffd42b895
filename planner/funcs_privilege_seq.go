package planner

import (
	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// has_sequence_privilege([user,] sequence, privilege), PostgreSQL 15's
// acl.c (docs 9.26, Table 9.68): true when the role (the session's, else
// user) holds any privilege of the list (USAGE, SELECT, UPDATE) on the
// sequence, named or numbered. Errors, in PostgreSQL's order: 42704 for
// an unknown role, 22023 `unrecognized privilege type: "x"`, 42P01 for
// an unknown name (an unknown OID gives NULL), 42809 `"t" is not a
// sequence`. WITH GRANT OPTION holds for the owner and superusers only.

// sequencePrivilegeWords are the privilege names has_sequence_privilege
// takes, upper case.
var sequencePrivilegeWords = map[string]catalog.Privilege{
	"USAGE": catalog.PrivUsage, "SELECT": catalog.PrivSelect, "UPDATE": catalog.PrivUpdate,
}

func hasSequencePrivilege(e *env, a []any) (any, error) {
	s := e.sess
	role, a, err := s.privilegeRole(a)
	if err != nil {
		return nil, err
	}
	want, grant, err := parsePrivileges(a[1].(string), sequencePrivilegeWords)
	if err != nil {
		return nil, err
	}
	defer s.catalogRead()() // session_latch.go
	t, err := s.privilegeSequence(a[0])
	if t == nil || err != nil {
		return nil, err
	}
	if !s.cat.OwnsTable(t, role) {
		grant = 0
	}
	return s.cat.TablePrivilegesIn(s.txn, t, role)&want != 0 || grant != 0, nil
}

// privilegeSequence resolves has_sequence_privilege's sequence: a name
// (42P01 when unknown) or an OID (nil when unknown). Latch held.
func (s *Session) privilegeSequence(rel any) (*catalog.Table, error) {
	var t *catalog.Table
	shown := ""
	if oid, ok := rel.(int64); ok {
		tb, ok := s.cat.TableByOID(uint32(oid))
		if !ok || oid < 0 {
			return nil, nil
		}
		t, shown = tb, bareName(tb.Name)
	} else {
		name, err := s.parseRelationName(rel.(string))
		if err != nil {
			return nil, err
		}
		tb, ok := s.lookupTable(name)
		if !ok {
			return nil, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", rel.(string))
		}
		t, shown = tb, rel.(string)
	}
	if !t.IsSequence() {
		return nil, pgerror.Errorf(pgerror.WrongObjectType, "\"%s\" is not a sequence", shown)
	}
	return t, nil
}
