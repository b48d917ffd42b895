package sem

import (
	"strings"

	"github.com/vecgres/vecgres/sql/types"
)

// CompareFunc orders two non-NULL values of a comparison entry's
// parameter types: -1, 0 or 1.
type CompareFunc func(a, b any) int

// compareOps are PostgreSQL's six comparison operators; every
// comparison entry below is listed once under each.
var compareOps = []string{"=", "<>", "<", "<=", ">", ">="}

// comparisonOperators lists = <> < <= > >= as PostgreSQL 15's
// pg_operator has them for the kinds vecgres serves (checked against
// PostgreSQL 15): each pair of integer types (int24eq ...) and of float
// types (float48eq ...), numeric, oid (regtype reaches it by its
// implicit cast), boolean, text (varchar reaches it), character(n)
// (bpchareq: both sides without trailing spaces), name and name against
// text either way (nameeqtext, texteqname), bytea, date,
// timestamp and timestamp with time zone with the date-timestamp pairs
// (date_lt_timestamp ...: the date as its midnight), uuid, jsonb,
// pgvector's vector, and anyarray (element-wise, both of one array
// type). Other pairs reach these through implicit casts (integer against
// numeric is numeric's; integer or numeric against a float is double
// precision's; character(n) against text is text's), and none is 42883
// as PostgreSQL's: oid = double precision does not exist.
func comparisonOperators() []Func {
	type pair struct {
		l, r types.Type
		cmp  CompareFunc
	}
	var pairs []pair
	same := func(t types.Type, cmp CompareFunc) { pairs = append(pairs, pair{t, t, cmp}) }
	for _, l := range intKinds {
		for _, r := range intKinds {
			pairs = append(pairs, pair{l, r, types.Compare})
		}
	}
	for _, l := range floatKinds {
		for _, r := range floatKinds {
			pairs = append(pairs, pair{l, r, types.Compare})
		}
	}
	for _, t := range []types.Type{types.Numeric, types.OIDType, types.Bool, types.Text, types.Bytea, types.UUIDType, types.JSONBType, Vector, AnyArray} {
		same(t, types.Compare)
	}
	same(types.Type{Kind: types.KindBpchar, Typmod: types.NoTypmod}, compareBpchar)
	same(types.Name, types.Compare) // nameeq ... (C collation: bytewise)
	pairs = append(pairs, pair{types.Name, types.Text, types.Compare}, pair{types.Text, types.Name, types.Compare})
	same(Halfvec, compareHalfvecs)     // halfvec.go
	same(OIDVector, compareOIDVectors) // oidvector.go
	dt := []types.Type{types.Date, types.Timestamp, types.Timestamptz}
	for _, l := range dt {
		for _, r := range dt {
			pairs = append(pairs, pair{l, r, compareDateTimes(l, r)})
		}
	}
	same(types.IntervalType, types.Compare) // interval_eq ... (spans: '1 mon' = '30 days')
	same(types.Time, types.Compare)
	same(Bit, types.Compare) // biteq ... (bit.go)
	same(Varbit, types.Compare)
	same(Sparsevec, types.Compare)        // sparsevec_eq ... (sparsevec.go)
	same(types.RecordType, types.Compare) // record_eq ... (record.go: NULL fields equal, after values)
	var ops []Func
	for _, op := range compareOps {
		for _, p := range pairs {
			ops = append(ops, comparison(op, p.l, p.r, p.cmp))
		}
	}
	return ops
}

// comparison is the entry of op on l and r ordered by cmp.
func comparison(op string, l, r types.Type, cmp CompareFunc) Func {
	f := Func{Name: op, Args: []types.Type{l, r}, Ret: types.Bool, Strict: true, Cmp: cmp}
	if l.Kind == types.KindVector || l.Kind == types.KindHalfvec || l.Kind == types.KindSparsevec {
		f.Schema = "public"
	}
	f.Fn = func(_ Context, a []any) (any, error) { return CompareResult(op, cmp(a[0], a[1])), nil }
	return f
}

// IsComparison reports whether op is one of = <> < <= > >=.
func IsComparison(op string) bool {
	for _, c := range compareOps {
		if c == op {
			return true
		}
	}
	return false
}

// CompareResult is comparison op's answer for an order c (-1, 0, 1).
func CompareResult(op string, c int) bool {
	switch op {
	case "=":
		return c == 0
	case "<>":
		return c != 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0 // ">="
}

// compareBpchar is bpchar's order (bpcharcmp): both values without
// their trailing spaces, which are insignificant in character(n)
// (PostgreSQL docs 8.3).
func compareBpchar(a, b any) int {
	return strings.Compare(strings.TrimRight(a.(string), " "), strings.TrimRight(b.(string), " "))
}

// compareDateTimes orders a value of l against one of r, the dates as
// their midnights (timestamp and timestamp with time zone are both
// microseconds, UTC).
func compareDateTimes(l, r types.Type) CompareFunc {
	if l.Kind != types.KindDate && r.Kind != types.KindDate || l.Kind == r.Kind {
		return types.Compare
	}
	return func(a, b any) int {
		if l.Kind == types.KindDate {
			a = dateAsTimestamp(a)
		}
		if r.Kind == types.KindDate {
			b = dateAsTimestamp(b)
		}
		return types.Compare(a, b)
	}
}

// dateAsTimestamp widens a date (days) to its midnight (microseconds),
// as PostgreSQL's date_cmp_timestamp: a date past the timestamp range
// compares as infinity.
func dateAsTimestamp(d any) any {
	days, _ := d.(int64)
	us, err := types.DateToTimestamp(days)
	if err != nil {
		return int64(types.TimestampInfinity)
	}
	return us
}

// Comparer resolves comparison op for operands of types l and r
// (KindUnknown for untyped ones: two untyped operands compare as text,
// as PostgreSQL resolves 'a' = 'b') and returns the entry's order with
// each operand first converted to the entry's parameter type
// (ConvertArg: character(n) to text loses its trailing spaces, a date
// becomes a timestamp). Errors: ErrNoMatch when PostgreSQL has no such
// operator (an anyarray entry takes two arrays of one type only),
// ErrAmbiguous.
func Comparer(op string, l, r types.Type) (CompareFunc, *Func, error) {
	if l.Kind == types.KindUnknown && r.Kind == types.KindUnknown {
		l, r = types.Text, types.Text
	}
	f, err := ResolveOperator(op, l, r)
	if err != nil {
		return nil, nil, err
	}
	if f.Cmp == nil {
		return nil, nil, ErrNoMatch
	}
	cl, cr := argConverter(l, f.Args[0]), argConverter(r, f.Args[1])
	cmp := f.Cmp
	if cl == nil && cr == nil {
		return cmp, f, nil
	}
	return func(a, b any) int {
		if cl != nil {
			a = cl(a)
		}
		if cr != nil {
			b = cr(b)
		}
		return cmp(a, b)
	}, f, nil
}

// argConverter returns the conversion of an argument of type from to
// parameter type to where the implicit cast changes the value (nil when
// it does not): character(n) to text or varchar drops trailing spaces
// (PostgreSQL's rtrim1), a date becomes its midnight, a regclass (regnamespace, regrole) its OID.
func argConverter(from, to types.Type) func(any) any {
	switch {
	case from.Kind == types.KindBpchar && (to.Kind == types.KindText || to.Kind == types.KindVarchar):
		return func(v any) any { return strings.TrimRight(v.(string), " ") }
	case from.Kind == types.KindDate && (to.Kind == types.KindTimestamp || to.Kind == types.KindTimestamptz):
		return dateAsTimestamp
	case types.IsReg(from.Kind) && to.Kind == types.KindOID:
		return func(v any) any { r, _ := v.(types.Reg); return r.OID }
	case (from.Kind == types.KindVector || from.Kind == types.KindHalfvec) && to.Kind == types.KindSparsevec:
		return func(v any) any { s, _ := SparseArg(v); return s } // at most 16000 non-zeros: never fails
	}
	return nil
}
