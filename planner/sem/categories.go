package sem

import "github.com/vecgres/vecgres/sql/types"

// category is PostgreSQL's pg_type.typcategory, which function and
// operator resolution use to choose among candidates (docs §10.2, §10.3;
// parse_func.c, func_select_candidate).
type category byte

const (
	catNumeric  category = 'N'
	catString   category = 'S'
	catBool     category = 'B'
	catDateTime category = 'D'
	catArray    category = 'A'
	catUser     category = 'U' // bytea, uuid, jsonb, vector
	catPseudo   category = 'P'
	catUnknown  category = 'X'
	catBitStr   category = 'V' // bit, bit varying (preferred)
	catTimespan category = 'T' // interval (preferred)
)

// categoryOf returns t's category and whether t is its category's
// preferred type (pg_type.typispreferred: double precision and oid for
// numbers, text for strings, boolean, timestamp with time zone).
func categoryOf(t types.Type) (category, bool) {
	switch t.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8, types.KindFloat4, types.KindNumeric, types.KindRegtype,
		types.KindRegclass, types.KindRegnamespace, types.KindRegrole, types.KindRegproc,
		types.KindRegprocedure, types.KindRegoper, types.KindRegoperator:
		return catNumeric, false
	case types.KindFloat8, types.KindOID:
		return catNumeric, true
	case types.KindText:
		return catString, true
	case types.KindVarchar, types.KindBpchar, types.KindName:
		return catString, false
	case types.KindBool:
		return catBool, true
	case types.KindDate, types.KindTimestamp, types.KindTime:
		return catDateTime, false
	case types.KindInterval:
		return catTimespan, true
	case types.KindTimestamptz:
		return catDateTime, true
	case types.KindBit:
		return catBitStr, false
	case types.KindVarbit:
		return catBitStr, true
	case types.KindUnknown:
		return catUnknown, false
	case kindAny, kindAnyArray, kindAnyElement, kindRegclass, kindInternal, kindIndexAmHandler, kindTableAmHandler, types.KindCstring:
		return catPseudo, false
	}
	if types.IsArray(t.Kind) {
		return catArray, false
	}
	return catUser, false
}
