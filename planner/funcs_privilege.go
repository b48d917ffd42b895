package planner

import (
	"strings"

	"github.com/vecgres/vecgres/catalog"
	"github.com/vecgres/vecgres/planner/pgcatalog"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// has_table_privilege([user,] table, privilege), PostgreSQL 15's acl.c
// (docs 9.26, Table 9.68): true when the role (the session's, else user)
// holds any privilege of the comma-separated list on the table, per the
// GRANTs the session's transaction sees. Errors: 42P01 for an unknown
// table name (an unknown OID gives NULL), 42704 `role "x" does not exist`,
// 22023 `unrecognized privilege type: "x"`. vecgres has no grant options:
// "SELECT WITH GRANT OPTION" holds for the owner and superusers only.
// pg_catalog views are readable by everyone and writable by superusers.

// privilegeWords are the privilege names has_table_privilege takes, upper
// case; RULE is accepted and never held, as in PostgreSQL 15.
var privilegeWords = map[string]catalog.Privilege{
	"SELECT": catalog.PrivSelect, "INSERT": catalog.PrivInsert, "UPDATE": catalog.PrivUpdate,
	"DELETE": catalog.PrivDelete, "TRUNCATE": catalog.PrivTruncate, "REFERENCES": catalog.PrivReferences,
	"TRIGGER": catalog.PrivTrigger, "RULE": 0,
}

const withGrantOption = " WITH GRANT OPTION"

// hasTablePrivilege serves every signature: a[0] is the role when there
// are three arguments; the table is a name (text) or an OID (int64).
func hasTablePrivilege(e *env, a []any) (any, error) {
	s := e.sess
	role, a, err := s.privilegeRole(a)
	if err != nil {
		return nil, err
	}
	want, grant, err := parsePrivileges(a[1].(string), privilegeWords)
	if err != nil {
		return nil, err
	}
	held, found, err := s.heldOn(a[0], role)
	if err != nil || !found {
		return nil, err
	}
	if grant != 0 && (held != catalog.PrivAll || !s.isOwnerOrSuper(a[0], role)) {
		grant = 0
	}
	return held&want != 0 || grant != 0, nil
}

// parsePrivileges splits a privilege list ("SELECT, insert") of the
// names in words (upper case): want are the plain privileges, grant those
// asked WITH GRANT OPTION; 22023 `unrecognized privilege type: "x"`.
func parsePrivileges[P ~uint8](list string, words map[string]P) (want, grant P, err error) {
	for _, item := range strings.Split(list, ",") {
		word := strings.ToUpper(strings.TrimSpace(item))
		base, withGrant := strings.CutSuffix(word, withGrantOption)
		p, ok := words[base]
		if !ok {
			return 0, 0, pgerror.Errorf(pgerror.InvalidParameterValue, "unrecognized privilege type: %q", strings.TrimSpace(item))
		}
		if withGrant {
			grant |= p
		} else {
			want |= p
		}
	}
	return want, grant, nil
}

// privilegeRole returns the role a has_*_privilege call asks about and
// the remaining arguments: a[0] when there are three (42704 `role "x"
// does not exist`; public is PUBLIC), else the session's role.
func (s *Session) privilegeRole(a []any) (string, []any, error) {
	if len(a) < 3 {
		return s.user(), a, nil
	}
	role := a[0].(string)
	if _, ok := s.cat.Role(role); !ok && role != catalog.PublicGrantee {
		return "", nil, pgerror.Errorf(pgerror.UndefinedObject, "role %q does not exist", role)
	}
	return role, a[1:], nil
}

// heldOn returns the privileges role holds on the table named or
// numbered by rel; found is false for an OID that is no table.
func (s *Session) heldOn(rel any, role string) (held catalog.Privilege, found bool, err error) {
	defer s.catalogRead()() // session_latch.go
	if oid, ok := rel.(int64); ok {
		for _, t := range s.cat.Tables() {
			if int64(t.OID) == oid {
				return s.cat.TablePrivilegesIn(s.txn, t, role), true, nil
			}
		}
		return 0, false, nil
	}
	name, err := s.parseRelationName(rel.(string))
	if err != nil {
		return 0, false, err
	}
	if t, ok := s.lookupTable(name); ok {
		return s.cat.TablePrivilegesIn(s.txn, t, role), true, nil
	}
	if _, ok := pgcatalog.VirtualTable(s.pgEnv(), name); ok {
		if s.cat.IsSuperuser(role) {
			return catalog.PrivAll, true, nil
		}
		return catalog.PrivSelect, true, nil
	}
	return 0, false, pgerror.Errorf(pgerror.UndefinedTable, "relation %q does not exist", strings.TrimPrefix(name, "public."))
}

// isOwnerOrSuper reports whether role owns the table rel or is a superuser.
func (s *Session) isOwnerOrSuper(rel any, role string) bool {
	defer s.catalogRead()() // session_latch.go
	if s.cat.IsSuperuser(role) {
		return true
	}
	name, _ := rel.(string)
	name, _ = s.parseRelationName(name)
	key := s.relKey(name)
	for _, t := range s.cat.Tables() {
		if oid, ok := rel.(int64); ok && int64(t.OID) == oid || t.Name == key {
			return t.Owner == role
		}
	}
	return false
}

// parseRelationName reads a possibly qualified, possibly quoted table name as
// PostgreSQL's textToQualifiedNameList: unquoted parts fold to lower
// case; a qualified name keeps its schema (3F000 when unknown). Latch
// held.
func (s *Session) parseRelationName(text string) (string, error) {
	parts, ok := splitIdentifiers(text)
	if !ok || len(parts) == 0 || len(parts) > 3 {
		return "", pgerror.New(pgerror.InvalidName, "invalid name syntax")
	}
	name := parts[len(parts)-1]
	if len(parts) == 1 {
		return name, nil
	}
	schema := parts[len(parts)-2]
	if _, ok := s.cat.LookupSchema(schema); !ok {
		return "", pgerror.Errorf(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
	}
	return schema + "." + name, nil
}

// splitIdentifiers splits a.b."C" on dots outside double quotes ("" is a
// quote inside quotes); false on empty parts or unbalanced quotes.
func splitIdentifiers(text string) ([]string, bool) {
	var parts []string
	text = strings.TrimSpace(text)
	for {
		var part string
		if strings.HasPrefix(text, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(text); i++ {
				if text[i] == '"' {
					if i+1 < len(text) && text[i+1] == '"' {
						b.WriteByte('"')
						i++
						continue
					}
					break
				}
				b.WriteByte(text[i])
			}
			if i >= len(text) || b.Len() == 0 {
				return nil, false
			}
			part, text = b.String(), strings.TrimSpace(text[i+1:])
		} else {
			end := strings.IndexAny(text, `."`)
			if end < 0 {
				end = len(text)
			}
			part, text = strings.ToLower(strings.TrimSpace(text[:end])), text[end:]
			if part == "" || strings.ContainsAny(part, " \t\n") {
				return nil, false
			}
		}
		parts = append(parts, part)
		if text == "" {
			return parts, true
		}
		if text[0] != '.' {
			return nil, false
		}
		text = strings.TrimSpace(text[1:])
	}
}
