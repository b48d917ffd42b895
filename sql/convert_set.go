package sql

import (
	"strings"

	pg_query "github.com/pganalyze/pg_query_go/v6"
)

// setStmt converts SET, SET ... TO DEFAULT, SET TIME ZONE, RESET and RESET ALL.
func (c *conv) setStmt(s *pg_query.VariableSetStmt) (Statement, error) {
	name := strings.ToLower(s.GetName())
	if construct, ok := setForms[name]; ok {
		if s.GetKind() == pg_query.VariableSetKind_VAR_RESET {
			construct = "RE" + construct
		}
		return nil, c.unsupported(construct, -1)
	}
	switch s.GetKind() {
	case pg_query.VariableSetKind_VAR_SET_VALUE:
		if args := s.GetArgs(); name == "timezone" && len(args) == 1 {
			if v, ok, err := c.timeZoneValue(args[0]); ok || err != nil { // convert_set_timezone.go
				return &Set{Name: name, Value: v, Local: s.GetIsLocal()}, err
			}
		}
		v, err := c.setValue(s.GetArgs())
		if err != nil {
			return nil, err
		}
		return &Set{Name: name, Value: v, Local: s.GetIsLocal()}, nil
	case pg_query.VariableSetKind_VAR_SET_DEFAULT:
		return &Set{Name: name, Default: true, Local: s.GetIsLocal()}, nil
	case pg_query.VariableSetKind_VAR_RESET:
		return &Reset{Name: name}, nil
	case pg_query.VariableSetKind_VAR_RESET_ALL:
		return &Reset{Name: "all"}, nil
	case pg_query.VariableSetKind_VAR_SET_CURRENT:
		return nil, c.unsupported("SET ... FROM CURRENT", -1)
	}
	// VAR_SET_MULTI: SET TRANSACTION, SET SESSION CHARACTERISTICS, ...
	switch s.GetName() {
	case "TRANSACTION", "SESSION CHARACTERISTICS":
		m, err := c.txnModes(s.GetArgs())
		if err != nil {
			return nil, err
		}
		return &SetTransaction{Session: s.GetName() != "TRANSACTION", Modes: m}, nil
	}
	return nil, c.unsupported("SET "+strings.ToUpper(s.GetName()), -1)
}

// setForms are the SET forms whose parameter is no setting of vecgres's,
// by the name the grammar gives them: SET ROLE, SET SESSION
// AUTHORIZATION (a role switch, which vecgres lacks); 0A000 naming them
// rather than 42704 for the name. (SET XML OPTION sets xmloption.)
var setForms = map[string]string{
	"role":                  "SET ROLE",
	"session_authorization": "SET SESSION AUTHORIZATION",
}

// setValue joins the values of SET with ", ": numbers as written, strings
// and identifiers unquoted.
func (c *conv) setValue(args []*pg_query.Node) (string, error) {
	vals := make([]string, 0, len(args))
	for _, a := range args {
		v, ok := constText(a)
		if !ok || a.GetAConst().GetIsnull() {
			return "", c.unsupported("SET with a non-constant value", nodeLocation(a))
		}
		vals = append(vals, v)
	}
	return strings.Join(vals, ", "), nil
}
