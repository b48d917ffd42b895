package sem

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// sessionFuncs are functions of the session's state (PostgreSQL docs
// 9.3 "Random Functions", 9.26 "System Information Functions", 9.27.1
// "Configuration Settings Functions", 9.27.4 "Recovery Control
// Functions", 9.27.5 pg_sleep).
var sessionFuncs = []Func{
	{Name: "version", Ret: types.Text, Fn: func(Context, []any) (any, error) { return VersionString, nil }},
	{Name: "current_database", Ret: types.Name, Volatility: Stable, Fn: database},
	{Name: "current_catalog", Ret: types.Name, Volatility: Stable, Fn: database},
	{Name: "current_schema", Ret: types.Name, Volatility: Stable, Fn: currentSchema},
	{Name: "current_schemas", Args: []types.Type{types.Bool}, Ret: NameArray, Strict: true, Volatility: Stable, Fn: currentSchemas},
	{Name: "current_role", Ret: types.Name, Volatility: Stable, Fn: user},
	{Name: "current_user", Ret: types.Name, Volatility: Stable, Fn: user},
	{Name: "session_user", Ret: types.Name, Volatility: Stable, Fn: user},
	{Name: "user", Ret: types.Name, Volatility: Stable, Fn: user},
	{Name: "pg_backend_pid", Ret: types.Int4, Volatility: Stable, Fn: func(c Context, _ []any) (any, error) { return c.BackendPID(), nil }},
	{Name: "pg_cancel_backend", Args: []types.Type{types.Int4}, Ret: types.Bool, Strict: true, Volatility: Volatile, Fn: cancelBackend},
	{Name: "pg_terminate_backend", Args: []types.Type{types.Int4}, Ret: types.Bool, Strict: true, Volatility: Volatile, Fn: terminateBackend},
	{Name: "pg_terminate_backend", Args: []types.Type{types.Int4, types.Int8}, Ret: types.Bool, Strict: true, Volatility: Volatile, Fn: terminateBackend},
	{Name: "pg_is_in_recovery", Ret: types.Bool, Volatility: Volatile, Fn: func(Context, []any) (any, error) { return false, nil }},
	{Name: "current_setting", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return c.Setting(strings.ToLower(a[0].(string)), false) }},
	{Name: "current_setting", Args: []types.Type{types.Text, types.Bool}, Ret: types.Text, Strict: true, Volatility: Stable,
		Fn: func(c Context, a []any) (any, error) { return c.Setting(strings.ToLower(a[0].(string)), a[1].(bool)) }},
	{Name: "set_config", Args: []types.Type{types.Text, types.Text, types.Bool}, Ret: types.Text, Strict: true,
		Volatility: Volatile, Fn: setConfig},
	{Name: "random", Ret: types.Float8, Volatility: Volatile, Fn: func(c Context, _ []any) (any, error) { return c.Rand().Float64(), nil }},
	{Name: "setseed", Args: []types.Type{types.Float8}, Ret: types.Void, Strict: true, Volatility: Volatile, Fn: setSeed},
	{Name: "pg_sleep", Args: []types.Type{types.Float8}, Ret: types.Void, Strict: true, Volatility: Volatile, Fn: pgSleep},
}

// VersionString is what version() returns: PostgreSQL's shape, so that
// tools that parse it keep working, naming vecgres. Its number is
// backend.ServerVersion (sem may not import wire/backend;
// planner's TestVersionStringMatchesServerVersion keeps them equal).
const VersionString = "PostgreSQL 15.20 (vecgres 0.1.0) on x86_64-pc-linux-gnu, compiled by Go, 64-bit"

// TextArray is text[].
var TextArray = types.Type{Kind: types.KindTextArray, Typmod: types.NoTypmod}

// NameArray is name[], the type current_schemas returns.
var NameArray = types.Type{Kind: types.KindNameArray, Typmod: types.NoTypmod}

func user(c Context, _ []any) (any, error)     { return c.User(), nil }
func database(c Context, _ []any) (any, error) { return c.Database(), nil }

// currentSchemas is current_schemas(include_implicit): the existing
// schemas of search_path, with pg_catalog first when include_implicit is
// true and the path does not name it.
func currentSchemas(c Context, a []any) (any, error) {
	out := types.Array{}
	for _, s := range c.SearchPath(a[0].(bool)) {
		out = append(out, s)
	}
	return out, nil
}

// currentSchema is current_schema(): the first existing schema of
// search_path, NULL when none exists.
func currentSchema(c Context, _ []any) (any, error) {
	if p := c.SearchPath(false); len(p) > 0 {
		return p[0], nil
	}
	return nil, nil
}

// setConfig is set_config(name, value, is_local): SET, or SET LOCAL when
// is_local is true (undone when the transaction ends, committed or not,
// as PostgreSQL's). It returns the value set.
func setConfig(c Context, a []any) (any, error) {
	return c.SetSetting(strings.ToLower(a[0].(string)), a[1].(string), a[2].(bool))
}

// setSeed is setseed(seed): seed in [-1, 1] fixes the session's sequence
// of random(); otherwise 22023 "setseed parameter 2 is out of allowed
// range [-1,1]". The sequence is vecgres's own, not PostgreSQL's.
func setSeed(c Context, a []any) (any, error) {
	seed := a[0].(float64)
	if math.IsNaN(seed) || seed < -1 || seed > 1 {
		return nil, pgerror.Errorf(pgerror.InvalidParameterValue, "setseed parameter %s is out of allowed range [-1,1]",
			strconv.FormatFloat(seed, 'g', -1, 64))
	}
	bits := math.Float64bits(seed)
	c.Reseed(rand.New(rand.NewPCG(bits, bits^0x9e3779b97f4a7c15)))
	return "", nil
}

// pgSleep waits the given seconds, or until the statement is cancelled
// (57014), as PostgreSQL's pg_sleep.
func pgSleep(c Context, a []any) (any, error) {
	d := time.Duration(a[0].(float64) * float64(time.Second))
	if d <= 0 {
		return "", nil
	}
	if err := c.Sleep(d); err != nil {
		return nil, err
	}
	return "", nil
}

// cancelBackend is pg_cancel_backend(pid) (PostgreSQL docs 9.27.2,
// "Server Signaling Functions").
func cancelBackend(c Context, a []any) (any, error) {
	return c.SignalBackend(a[0].(int64), false, 0)
}

// terminateBackend is pg_terminate_backend(pid [, timeout]): timeout in
// milliseconds, 22003 when negative (PostgreSQL 15's signalfuncs.c).
func terminateBackend(c Context, a []any) (any, error) {
	var ms int64
	if len(a) > 1 {
		ms = a[1].(int64)
	}
	if ms < 0 {
		return nil, pgerror.New(pgerror.NumericValueOutOfRange, "\"timeout\" must not be negative")
	}
	return c.SignalBackend(a[0].(int64), true, time.Duration(ms)*time.Millisecond)
}
