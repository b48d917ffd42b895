//go:build noasm || !amd64

package vecindex

import "unsafe"

// prefetchLines is a no-op without assembly.
func prefetchLines(p unsafe.Pointer, lines int) {}

const havePrefetch = false
