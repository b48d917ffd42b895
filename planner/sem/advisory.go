package sem

import (
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// AdvisoryKey names an advisory lock: one bigint, or two integers (Pair),
// which PostgreSQL keeps apart (pg_locks' objsubid 1 and 2).
type AdvisoryKey struct {
	Hi, Lo int64
	Pair   bool
}

// AdvisoryLocker is what the advisory lock functions need of the session
// (planner/advisory.go implements it on the evaluation environment; sem
// reaches it by a type assertion on Context).
type AdvisoryLocker interface {
	// AdvisoryLock takes key, shared or exclusive, until the transaction
	// ends (xact) or for the session; it waits for conflicting holders
	// when wait, else reports false at once. Errors while waiting: 57014
	// (cancel, statement_timeout), 55P03 (lock_timeout), 40P01.
	AdvisoryLock(key AdvisoryKey, shared, xact, wait bool) (bool, error)
	// AdvisoryUnlock releases one session-level hold of key in the mode;
	// false when there is none.
	AdvisoryUnlock(key AdvisoryKey, shared bool) bool
	// AdvisoryUnlockAll releases the session-level holds.
	AdvisoryUnlockAll()
}

// advisoryFuncs are PostgreSQL 15's advisory lock functions (docs 9.27.10,
// Table 9.101), of a bigint key or of two integer keys:
// pg_advisory_lock[_shared] and pg_advisory_xact_lock[_shared] wait;
// pg_try_advisory_[xact_]lock[_shared] report whether they got it;
// pg_advisory_unlock[_shared] release a session-level hold (false when
// none is held); pg_advisory_unlock_all releases every session-level
// hold. Transaction-level locks end with their transaction, session
// locks with the session.
var advisoryFuncs = func() []Func {
	var fs []Func
	for _, shared := range []bool{false, true} {
		suffix := map[bool]string{false: "", true: "_shared"}[shared]
		for _, xact := range []bool{false, true} {
			scope := map[bool]string{false: "", true: "xact_"}[xact]
			fs = append(fs, advisoryPair("pg_advisory_"+scope+"lock"+suffix, types.Void, func(l AdvisoryLocker, k AdvisoryKey) (any, error) {
				_, err := l.AdvisoryLock(k, shared, xact, true)
				return "", err
			})...)
			fs = append(fs, advisoryPair("pg_try_advisory_"+scope+"lock"+suffix, types.Bool, func(l AdvisoryLocker, k AdvisoryKey) (any, error) {
				return l.AdvisoryLock(k, shared, xact, false)
			})...)
		}
		fs = append(fs, advisoryPair("pg_advisory_unlock"+suffix, types.Bool, func(l AdvisoryLocker, k AdvisoryKey) (any, error) {
			return l.AdvisoryUnlock(k, shared), nil
		})...)
	}
	return append(fs, Func{Name: "pg_advisory_unlock_all", Args: []types.Type{}, Ret: types.Void, Volatility: Volatile,
		Fn: func(c Context, _ []any) (any, error) {
			l, err := locker(c)
			if err != nil {
				return nil, err
			}
			l.AdvisoryUnlockAll()
			return "", nil
		}})
}()

// advisoryPair is name(bigint) and name(integer, integer) running fn.
func advisoryPair(name string, ret types.Type, fn func(AdvisoryLocker, AdvisoryKey) (any, error)) []Func {
	run := func(c Context, k AdvisoryKey) (any, error) {
		l, err := locker(c)
		if err != nil {
			return nil, err
		}
		return fn(l, k)
	}
	return []Func{
		{Name: name, Args: []types.Type{types.Int8}, Ret: ret, Strict: true, Volatility: Volatile,
			Fn: func(c Context, a []any) (any, error) { return run(c, AdvisoryKey{Lo: a[0].(int64)}) }},
		{Name: name, Args: []types.Type{types.Int4, types.Int4}, Ret: ret, Strict: true, Volatility: Volatile,
			Fn: func(c Context, a []any) (any, error) {
				return run(c, AdvisoryKey{Hi: a[0].(int64), Lo: a[1].(int64), Pair: true})
			}},
	}
}

// locker is c's AdvisoryLocker; XX000 when c has none (a programming
// error).
func locker(c Context) (AdvisoryLocker, error) {
	l, ok := c.(AdvisoryLocker)
	if !ok {
		return nil, pgerror.New(pgerror.InternalError, "advisory locks are not available here")
	}
	return l, nil
}
