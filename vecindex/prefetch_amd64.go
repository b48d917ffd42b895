//go:build !noasm

package vecindex

import "unsafe"

// prefetchLines hints the CPU to load lines 64-byte lines from p into all
// cache levels (PREFETCHT0). Go has no prefetch intrinsic; this is a
// three-instruction assembly loop (prefetch_amd64.s). lines must be >= 1.
//
//go:noescape
func prefetchLines(p unsafe.Pointer, lines int)

const havePrefetch = true
