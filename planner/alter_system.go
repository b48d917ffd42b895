package planner

import (
	"context"
	"sync/atomic"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// AlterSystemFunc records a server-wide setting in the server's automatic
// configuration file: value for name (checked already), or with reset its
// removal (name "all": every entry). It takes effect at the next reload
// (pg_reload_conf(), SIGHUP) or, for a restart-only setting, restart.
type AlterSystemFunc func(name, value string, reset bool) error

// alterSystemHook is what ALTER SYSTEM calls; cmd/vecgres sets it.
var alterSystemHook atomic.Pointer[AlterSystemFunc]

// SetAlterSystemHook sets what ALTER SYSTEM calls.
func SetAlterSystemHook(fn AlterSystemFunc) { alterSystemHook.Store(&fn) }

// planAlterSystem runs ALTER SYSTEM as PostgreSQL 15 does: superusers
// only (42501; vecgres has no GRANT ALTER SYSTEM ON PARAMETER), outside a transaction block (25001, from the traits), the
// value checked as SET checks it (42704 unknown, 22023 invalid, 55P02
// read-only); without a server it is 0A000.
func (b *binder) planAlterSystem(x *sql.AlterSystem) plan {
	user := b.s.user()
	return &funcPlan{fn: func(_ context.Context, ex *execCtx) (*backend.Result, error) {
		if !ex.s.cat.IsSuperuser(user) {
			if x.Name == "all" {
				return nil, pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to execute ALTER SYSTEM RESET ALL")
			}
			return nil, pgerror.Errorf(pgerror.InsufficientPrivilege, "permission denied to set parameter %q", x.Name)
		}
		value := x.Value
		if x.Name != "all" {
			if _, known := knownSettings[x.Name]; !known {
				return nil, unrecognized(x.Name)
			}
			if !x.Reset {
				v, err := normalizeServerSetting(x.Name, x.Value)
				if err != nil {
					return nil, err
				}
				value = v
			} else if knownSettings[x.Name].internal {
				return nil, errCannotChange(x.Name)
			}
		}
		fn := alterSystemHook.Load()
		if fn == nil {
			return nil, pgerror.NotSupported("ALTER SYSTEM without a server")
		}
		if err := (*fn)(x.Name, value, x.Reset); err != nil {
			return nil, pgerror.Errorf(pgerror.IOError, "could not write the automatic configuration file: %v", err)
		}
		return &backend.Result{Tag: "ALTER SYSTEM"}, nil
	}}
}
