package sem

import (
	"sync/atomic"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/sql/types"
)

// BackupFunc takes an online backup of the server into dir (a directory
// on the server's host) for the role user, and returns the backup's
// consistency point as an LSN in PostgreSQL's pg_lsn spelling (X/X).
type BackupFunc func(user, dir string) (string, error)

// backupHook is what vecgres_backup() calls; cmd/vecgres sets it.
var backupHook atomic.Pointer[BackupFunc]

// SetBackupHook sets what vecgres_backup() calls.
func SetBackupHook(fn BackupFunc) { backupHook.Store(&fn) }

// backupFuncs is vecgres_backup(dir text) returns text, vecgres's own
// (PostgreSQL has pg_backup_start/pg_backup_stop and the replication
// protocol's BASE_BACKUP instead): it copies a consistent image of the
// data directory into dir, which must be missing or empty, and returns
// its consistency point. Without a server (an embedded engine) it is
// 0A000.
var backupFuncs = []Func{
	{Name: "vecgres_backup", Args: []types.Type{types.Text}, Ret: types.Text, Strict: true, Volatility: Volatile,
		Fn: func(c Context, args []any) (any, error) {
			fn := backupHook.Load()
			if fn == nil {
				return nil, pgerror.NotSupported("vecgres_backup without a server")
			}
			return (*fn)(c.User(), args[0].(string))
		}},
}
