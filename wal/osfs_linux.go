package wal

import "syscall"

// Preallocate reserves blocks for size bytes with fallocate(2) (mode 0: the
// file size grows and the new range reads as zeros).
func (f osFile) Preallocate(size int64) error {
	return syscall.Fallocate(int(f.Fd()), 0, 0, size)
}
