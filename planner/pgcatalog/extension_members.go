package pgcatalog

import (
	"strings"
	"sync"

	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// The objects of the vector extension that vecgres serves — its access
// methods, types, functions, operators, operator classes and families and
// casts — as pg_depend lists an extension's members (deptype 'e' on the
// pg_extension row) and pg_describe_object names them; psql's \dx+ vector
// reads both. Objects pgvector has that vecgres does not serve (vector_in
// and the other support functions, bit and sparsevec index classes...)
// are not listed.

// PostgreSQL's pg_class OIDs of the catalogs the members live in.
const (
	oidPgAmClass       = 2601
	oidPgTypeClass     = 1247
	oidPgProcClass     = 1255
	oidPgOperatorClass = 2617
	oidPgOpclassClass  = 2616
	oidPgOpfamilyClass = 2753
	oidPgCastClass     = 2605
)

// member is one object of the extension: its catalog's OID, its OID and
// its pg_describe_object text.
type member struct {
	class, oid int64
	desc       string
}

var vectorMembersOnce = sync.OnceValue(vectorMembers)

func init() { sem.ObjectDescriber = describeMember }

// describeMember is pg_describe_object(class, oid, 0) for a member.
func describeMember(class, oid int64) (string, bool) {
	for _, m := range vectorMembersOnce() {
		if m.class == class && m.oid == oid {
			return m.desc, true
		}
	}
	return "", false
}

// vectorMembers lists the members, in no particular order.
func vectorMembers() []member {
	out := []member{{oidPgAmClass, oidHNSWAM, "access method hnsw"}, {oidPgAmClass, oidIvfflatAM, "access method ivfflat"}}
	for _, oid := range []types.OID{types.OIDVector, types.OIDHalfvec, types.OIDSparsevec} {
		out = append(out, member{oidPgTypeClass, int64(oid), "type " + typeNameOf(oid)})
	}
	for i, f := range sem.Builtins.All() {
		if f.Schema == "public" {
			out = append(out, member{oidPgProcClass, int64(oidProcBase + i), "function " + f.Name + "(" + argList(f.Args) + ")"})
		}
	}
	for i, f := range sem.Operators.All() {
		if f.Schema == "public" {
			out = append(out, member{oidPgOperatorClass, int64(oidOperatorBase + i), "operator " + f.Name + "(" + argList(f.Args) + ")"})
		}
	}
	for _, r := range opfamilyRows(Env{}) {
		if r[3].(int64) == oidPublic {
			out = append(out, member{oidPgOpfamilyClass, r[0].(int64), "operator family " + r[2].(string) + " for access method " + amName(r[1].(int64))})
		}
	}
	for _, o := range opclasses {
		if o.ns == oidPublic {
			out = append(out, member{oidPgOpclassClass, int64(o.oid), "operator class " + o.name + " for access method " + amName(int64(o.am))})
		}
	}
	for _, r := range castRows(Env{}) {
		from, to := types.OID(r[1].(int64)), types.OID(r[2].(int64))
		if isVectorType(from) || isVectorType(to) {
			out = append(out, member{oidPgCastClass, r[0].(int64), "cast from " + typeNameOf(from) + " to " + typeNameOf(to)})
		}
	}
	return out
}

// extensionDependRows are pg_depend's rows of the members.
func extensionDependRows() [][]any {
	var rows [][]any
	for _, m := range vectorMembersOnce() {
		rows = append(rows, []any{m.class, m.oid, int64(0), int64(oidPgExtensionClass), int64(oidVectorExt), int64(0), "e"})
	}
	return rows
}

func isVectorType(oid types.OID) bool {
	return oid == types.OIDVector || oid == types.OIDHalfvec || oid == types.OIDSparsevec
}

// typeNameOf is format_type(oid, NULL).
func typeNameOf(oid types.OID) string {
	if t, ok := types.TypeByOID(oid); ok {
		return sem.TypeName(types.Type{Kind: t.Kind, Typmod: types.NoTypmod})
	}
	return "???"
}

// argList is the argument types as pg_describe_object prints them:
// comma-separated without spaces.
func argList(args []types.Type) string {
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = sem.TypeName(a)
	}
	return strings.Join(names, ",")
}

// amName is pg_am.amname of an access method OID.
func amName(oid int64) string {
	for _, r := range amRows(Env{}) {
		if r[0].(int64) == oid {
			return r[1].(string)
		}
	}
	return "???"
}
