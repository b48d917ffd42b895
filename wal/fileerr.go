package wal

import (
	"errors"
	"fmt"
	"syscall"
)

// FileError names the file and the operation of a failed I/O call, so that
// callers can report it as PostgreSQL does ("could not extend file ...").
// Op is "create", "extend" (preallocation), "write" or "fsync"; Path is
// the file's path as the log uses it; Err is the cause (an
// *os.PathError or a syscall.Errno such as ENOSPC).
type FileError struct {
	Op   string
	Path string
	Err  error
}

func (e *FileError) Error() string {
	return fmt.Sprintf("could not %s file %q: %v", e.Op, e.Path, e.Err)
}
func (e *FileError) Unwrap() error { return e.Err }

// IsDiskFull reports whether err is a full disk or an exhausted quota
// (ENOSPC, EDQUOT): space an operator can free, after which writing works
// again.
func IsDiskFull(err error) bool {
	return errors.Is(err, syscall.ENOSPC) || errors.Is(err, syscall.EDQUOT)
}
