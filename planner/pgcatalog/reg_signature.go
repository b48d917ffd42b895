package pgcatalog

import (
	"github.com/vecgres/vecgres/planner/sem"
	"github.com/vecgres/vecgres/sql/types"
)

// Lookups of regprocedure, regoper and regoperator (PostgreSQL 15's
// regproc.c) in the one function and operator registry, with the OIDs
// pg_proc and pg_operator give its entries.

// ProcByArgs returns the OID pg_proc gives the function named name, of
// schema ("" for either), whose parameter types are exactly args.
func ProcByArgs(schema, name string, args []types.OID) (uint32, bool) {
	for _, oid := range ProcOIDs(schema, name) {
		f := sem.Builtins.All()[oid-oidProcBase]
		if sameOIDs(f.Args, args) {
			return oid, true
		}
	}
	return 0, false
}

// ProcArgs returns the names of the parameter types of the function
// pg_proc gives the OID (format_type's); false for none.
func ProcArgs(oid uint32) ([]string, bool) {
	if _, _, ok := ProcName(oid); !ok {
		return nil, false
	}
	return typeNames(sem.Builtins.All()[oid-oidProcBase].Args), true
}

// OperOIDs returns the OIDs pg_operator gives the operators named name,
// of schema ("" for either).
func OperOIDs(schema, name string) []uint32 {
	var out []uint32
	for i, f := range sem.Operators.All() {
		if f.Name == name && (schema == "" || schema == procSchema(f)) {
			out = append(out, uint32(oidOperatorBase+i))
		}
	}
	return out
}

// OperByArgs returns the OID of the operator named name, of schema (""
// for either), whose operands are left and right (left 0: a prefix
// operator).
func OperByArgs(schema, name string, left, right types.OID) (uint32, bool) {
	for _, oid := range OperOIDs(schema, name) {
		f := sem.Operators.All()[oid-oidOperatorBase]
		want := []types.OID{left, right}
		if left == 0 {
			want = want[1:]
		}
		if sameOIDs(f.Args, want) {
			return oid, true
		}
	}
	return 0, false
}

// OperName returns the name, schema and operand type names of the
// operator pg_operator gives the OID ("NONE" for a prefix operator's
// left operand); false for none.
func OperName(oid uint32) (name, schema string, operands []string, ok bool) {
	all := sem.Operators.All()
	if oid < oidOperatorBase || int(oid-oidOperatorBase) >= len(all) {
		return "", "", nil, false
	}
	f := all[oid-oidOperatorBase]
	operands = typeNames(f.Args)
	if len(operands) == 1 {
		operands = append([]string{"NONE"}, operands...)
	}
	return f.Name, procSchema(f), operands, true
}

// sameOIDs reports whether the types ts have the OIDs oids, in order.
func sameOIDs(ts []types.Type, oids []types.OID) bool {
	if len(ts) != len(oids) {
		return false
	}
	for i, t := range ts {
		if sem.TypeOID(t) != oids[i] {
			return false
		}
	}
	return true
}

// typeNames are format_type's names of ts (sem.TypeName).
func typeNames(ts []types.Type) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = sem.TypeName(t)
	}
	return out
}
