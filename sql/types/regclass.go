package types

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Reg is a value of type regclass: the relation's OID and Name, the text
// regclassout prints for it (unqualified when the relation is visible on
// the session's search_path, else schema-qualified; "" for an OID that
// names no relation, which prints as the number). The planner resolves
// both when the value is made (planner/funcs_regclass.go), as only the
// session knows its search_path; = and ordering are the OID's, as
// regclass's operators are oid's.
type Reg struct {
	OID  int64
	Name string
}

// parseRegclass is regclassin for what needs no catalog: a decimal OID
// (its name unknown here, so it prints as the number). A relation name
// needs the planner, which reads regclass input itself; here it is 0A000.
func parseRegclass(s string) (any, error) {
	t := trimCSpace(s)
	if t != "" && strings.IndexFunc(t, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		oid, err := parseOID(t)
		if err != nil {
			return nil, err
		}
		return Reg{OID: oid.(int64)}, nil
	}
	return nil, pgerror.NotSupported("regclass input of a relation name outside a query")
}

// appendReg is regclassout: the name, or the OID's digits when the value
// has none (an OID that names no relation, as PostgreSQL prints it).
func appendReg(buf []byte, d any) []byte {
	if r, ok := d.(Reg); ok && r.Name != "" {
		return append(buf, r.Name...)
	}
	i, _ := asInt(d)
	return strconv.AppendInt(buf, i, 10)
}
