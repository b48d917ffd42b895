package wal

import (
	"errors"
	"fmt"
	"syscall"
)

// Preallocate reserves blocks for size bytes with fallocate(2) (mode 0: the
// file size grows and the new range reads as zeros). A filesystem without
// fallocate gives an error matching errors.ErrUnsupported; ENOSPC is
// returned as is.
func (f osFile) Preallocate(size int64) error {
	err := syscall.Fallocate(int(f.Fd()), 0, 0, size)
	if errors.Is(err, syscall.EOPNOTSUPP) || errors.Is(err, syscall.ENOSYS) {
		return fmt.Errorf("fallocate %s: %w (%w)", f.Name(), errors.ErrUnsupported, err)
	}
	return err
}
