package sem

import (
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/pgerror"

	"github.com/vecgres/vecgres/sql/types"
)

// reloadHook is what pg_reload_conf() calls: the server's request to read
// its configuration files again (cmd/vecgres sets it); nil: no server.
var reloadHook atomic.Pointer[func()]

// SetReloadHook sets what pg_reload_conf() calls.
func SetReloadHook(fn func()) { reloadHook.Store(&fn) }

// reloadFuncs is pg_reload_conf() (PostgreSQL docs 9.27.2 "Server
// Signaling Functions"): it asks the server to reload its configuration
// files, as SIGHUP does, and returns true; false when nothing serves the
// request (an embedded engine). Only superusers may call it (42501
// "permission denied for function pg_reload_conf": PostgreSQL revokes
// EXECUTE from PUBLIC).
var reloadFuncs = []Func{
	{Name: "pg_reload_conf", Ret: types.Bool, Volatility: Volatile, Fn: func(c Context, _ []any) (any, error) {
		if !c.Superuser() {
			return nil, pgerror.New(pgerror.InsufficientPrivilege, "permission denied for function pg_reload_conf")
		}
		fn := reloadHook.Load()
		if fn == nil {
			return false, nil
		}
		(*fn)()
		return true, nil
	}},
}
