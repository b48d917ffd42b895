//go:build !linux || !cgo

package sql

// releaseCHeap does nothing where glibc's malloc_trim is not known to
// exist.
func releaseCHeap() {}
