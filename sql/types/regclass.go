package types

import (
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// Reg is a value of type regclass, regnamespace, regrole or regproc
// (IsReg): the
// object's OID and Name, the text the type's output function prints for
// it (regclassout: unqualified when the relation is visible on the
// session's search_path, else schema-qualified; "" for an OID that names
// no object, which prints as the number). The planner resolves both when
// the value is made (planner/funcs_regclass.go, funcs_regnames.go), as
// only the session knows its catalog and search_path; = and ordering are
// the OID's, as these types' operators are oid's.
type Reg struct {
	OID  int64
	Name string
}

// IsReg reports whether k is one of the types of Reg values.
func IsReg(k Kind) bool {
	return k == KindRegclass || k == KindRegnamespace || k == KindRegrole || k == KindRegproc ||
		k == KindRegprocedure || k == KindRegoper || k == KindRegoperator
}

// parseReg is the input function of reg type t for what needs no
// catalog: a decimal OID (its name unknown here, so it prints as the
// number). A name needs the planner, which reads these types' input
// itself; here it is 0A000.
func parseReg(t Type, s string) (any, error) {
	digits := trimCSpace(s)
	if digits != "" && strings.IndexFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		oid, err := parseOID(digits)
		if err != nil {
			return nil, err
		}
		return Reg{OID: oid.(int64)}, nil
	}
	return nil, pgerror.NotSupported(t.Name() + " input of a name outside a query")
}

// appendReg is regclassout, regnamespaceout and regroleout: the name, or
// the OID's digits when the value has none (an OID that names no object,
// as PostgreSQL prints it).
func appendReg(buf []byte, d any) []byte {
	if r, ok := d.(Reg); ok && r.Name != "" {
		return append(buf, r.Name...)
	}
	i, _ := asInt(d)
	return strconv.AppendInt(buf, i, 10)
}
