package sem

import "github.com/vecgres/vecgres/sql/types"

// implicitCasts are the implicit casts (pg_cast castcontext 'i' in
// PostgreSQL 15) between the kinds vecgres serves, checked against
// pg_cast: integers widen and become numeric, float, oid or an OID alias
// type (regtype, regclass, regnamespace, regrole, regproc, regprocedure,
// regoper, regoperator); numeric and
// real become double precision (numeric also real); oid converts to each
// OID alias type and they to oid (not to integers: that cast is
// assignment only); text, varchar and character(n) convert to each other
// (character(n) losing its trailing spaces), name converts to text and
// each of them to name; date and timestamp become timestamp with time
// zone, date also timestamp.
var implicitCasts = map[types.Kind][]types.Kind{
	types.KindInt2: {types.KindInt4, types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8,
		types.KindOID, types.KindRegtype, types.KindRegclass, types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator},
	types.KindInt4: {types.KindInt8, types.KindNumeric, types.KindFloat4, types.KindFloat8, types.KindOID, types.KindRegtype,
		types.KindRegclass, types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator},
	types.KindInt8: {types.KindNumeric, types.KindFloat4, types.KindFloat8, types.KindOID, types.KindRegtype, types.KindRegclass,
		types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator},
	types.KindNumeric: {types.KindFloat4, types.KindFloat8},
	types.KindFloat4:  {types.KindFloat8},
	types.KindOID: {types.KindRegtype, types.KindRegclass, types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator},
	types.KindRegtype:      {types.KindOID},
	types.KindRegclass:     {types.KindOID},
	types.KindRegnamespace: {types.KindOID},
	types.KindRegrole:      {types.KindOID},
	types.KindRegproc:      {types.KindOID},
	types.KindRegprocedure: {types.KindOID},
	types.KindRegoper:      {types.KindOID},
	types.KindRegoperator:  {types.KindOID},
	types.KindText:         {types.KindVarchar, types.KindBpchar, types.KindName},
	types.KindVarchar:      {types.KindText, types.KindBpchar, types.KindName},
	types.KindBpchar:       {types.KindText, types.KindVarchar, types.KindName},
	types.KindName:         {types.KindText},
	types.KindDate:         {types.KindTimestamp, types.KindTimestamptz},
	types.KindTimestamp:    {types.KindTimestamptz},
	types.KindVector:       {types.KindHalfvec, types.KindSparsevec}, // pgvector: CREATE CAST (vector AS halfvec / sparsevec) AS IMPLICIT
	types.KindHalfvec:      {types.KindSparsevec},                    // CREATE CAST (halfvec AS sparsevec) AS IMPLICIT
	types.KindBit:          {types.KindVarbit},
	types.KindVarbit:       {types.KindBit},
}

// ImplicitCast reports whether PostgreSQL converts a value of kind from
// to kind to implicitly, in a function or operator argument.
func ImplicitCast(from, to types.Kind) bool {
	for _, k := range implicitCasts[from] {
		if k == to {
			return true
		}
	}
	return false
}
