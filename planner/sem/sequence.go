package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Sequencer is what the sequence functions need of the session (planner
// implements it on the evaluation environment; sem reaches it by a type
// assertion on Context, as AdvisoryLocker). name is the regclass
// argument's text, resolved through search_path.
type Sequencer interface {
	// NextVal is nextval. Errors: 42P01, 42809 for a relation that is no
	// sequence, 42501, 2200H past the sequence's bound, 25006 in a
	// read-only transaction.
	NextVal(name string) (int64, error)
	// CurrVal is currval. Errors: 42P01, 42809, 42501, 55000 before the
	// session's first nextval of the sequence.
	CurrVal(name string) (int64, error)
	// SetVal is setval(name, v, called). Errors: 42P01, 42809, 42501,
	// 22003 for v outside the sequence's bounds, 25006.
	SetVal(name string, v int64, called bool) (int64, error)
	// LastVal is lastval. Errors: 55000 before the session's first
	// nextval.
	LastVal() (int64, error)
}

// sequenceFuncs are PostgreSQL 15's sequence manipulation functions
// (docs §9.17, Table 9.52).
var sequenceFuncs = []Func{
	{Name: "nextval", Args: []types.Type{Regclass}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) {
			return seqCall(c, func(s Sequencer) (int64, error) { return s.NextVal(a[0].(string)) })
		}},
	{Name: "currval", Args: []types.Type{Regclass}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) {
			return seqCall(c, func(s Sequencer) (int64, error) { return s.CurrVal(a[0].(string)) })
		}},
	{Name: "setval", Args: []types.Type{Regclass, types.Int8}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) {
			return seqCall(c, func(s Sequencer) (int64, error) { return s.SetVal(a[0].(string), a[1].(int64), true) })
		}},
	{Name: "setval", Args: []types.Type{Regclass, types.Int8, types.Bool}, Ret: types.Int8, Strict: true, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) {
			return seqCall(c, func(s Sequencer) (int64, error) { return s.SetVal(a[0].(string), a[1].(int64), a[2].(bool)) })
		}},
	{Name: "lastval", Args: []types.Type{}, Ret: types.Int8, Volatility: Volatile,
		Fn: func(c Context, a []any) (any, error) { return seqCall(c, Sequencer.LastVal) }},
}

// seqCall runs fn on c's Sequencer; XX000 when c has none (a
// programming error).
func seqCall(c Context, fn func(Sequencer) (int64, error)) (any, error) {
	s, ok := c.(Sequencer)
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "sequences are not available here")
	}
	v, err := fn(s)
	if err != nil {
		return nil, err
	}
	return v, nil
}
