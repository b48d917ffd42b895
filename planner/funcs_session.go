package planner

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// Functions of the session's state (PostgreSQL docs 9.3 "Random
// Functions", 9.26 "System Information Functions", 9.27.1
// "Configuration Settings Functions", 9.27.4 "Recovery Control
// Functions"): random, setseed, pg_typeof, current_setting(name,
// missing_ok), current_schemas and pg_is_in_recovery.

func init() {
	funcs["random"] = funcDef{ret: types.Float8, fn: func(e *env, _ []any) (any, error) { return e.sess.rand().Float64(), nil }}
	funcs["setseed"] = funcDef{args: []types.Type{types.Float8}, ret: types.Void, strict: true, fn: setSeed}
	overloads["current_setting"] = []funcDef{
		{args: []types.Type{types.Text}, ret: types.Text, strict: true, fn: currentSetting},
		{args: []types.Type{types.Text, types.Bool}, ret: types.Text, strict: true, fn: currentSettingMissingOK},
	}
	funcs["current_schemas"] = funcDef{args: []types.Type{types.Bool}, ret: textArray, strict: true, fn: currentSchemas}
	funcs["pg_is_in_recovery"] = funcDef{ret: types.Bool, fn: func(*env, []any) (any, error) { return false, nil }}
}

// textArray is text[], the type current_schemas returns here (name[] in
// PostgreSQL; both print the same).
var textArray = types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}

// currentSchemas is current_schemas(include_implicit): the search path
// vecgres resolves names in, {public}, with pg_catalog first when
// include_implicit is true.
func currentSchemas(_ *env, a []any) (any, error) {
	if a[0].(bool) {
		return types.Array{"pg_catalog", "public"}, nil
	}
	return types.Array{"public"}, nil
}

// rand returns the session's random source: seeded from the operating
// system until setseed fixes the sequence, as PostgreSQL's per-backend
// PRNG.
func (s *Session) rand() *rand.Rand {
	if s.rng == nil {
		s.rng = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	return s.rng
}

// setSeed is setseed(seed): seed in [-1, 1] fixes the session's sequence
// of random(); otherwise 22023 "setseed parameter 2 is out of allowed
// range [-1,1]". The sequence is vecgres's own, not PostgreSQL's.
func setSeed(e *env, a []any) (any, error) {
	seed := a[0].(float64)
	if math.IsNaN(seed) || seed < -1 || seed > 1 {
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "setseed parameter %s is out of allowed range [-1,1]",
			strconv.FormatFloat(seed, 'g', -1, 64))
	}
	bits := math.Float64bits(seed)
	e.sess.rng = rand.New(rand.NewPCG(bits, bits^0x9e3779b97f4a7c15))
	return "", nil
}

// currentSettingMissingOK is current_setting(name, missing_ok): NULL
// instead of 42704 for an unknown name when missing_ok is true.
func currentSettingMissingOK(e *env, a []any) (any, error) {
	if _, ok := e.sess.settings.get(strings.ToLower(a[0].(string))); !ok && a[1].(bool) {
		return nil, nil
	}
	return currentSetting(e, a[:1])
}

// bindTypeof binds pg_typeof(any): the regtype of its argument's type
// without modifiers (vector for a vector(3) column; unknown for an
// untyped literal or NULL). Not strict: pg_typeof(NULL) is unknown.
func (b *binder) bindTypeof(f *sql.FuncCall) (expr, error) {
	if len(f.Args) != 1 || f.Star {
		return nil, b.noFunction(f)
	}
	x, err := b.bind(f.Args[0], types.Unknown)
	if err != nil {
		return nil, err
	}
	return &funcExpr{name: f.Name, args: []expr{x}, t: types.Regtype,
		fn: func(*env, []any) (any, error) { return int64(x.Type().OID()), nil }}, nil
}
