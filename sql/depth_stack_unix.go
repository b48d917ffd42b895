//go:build unix

package sql

import "syscall"

// defaultThreadStack is the C thread stack assumed when the limit says
// nothing: the usual RLIMIT_STACK of 8 MiB.
const defaultThreadStack = 8 << 20

// threadStackBytes is the stack of the threads cgo calls run on: glibc
// gives new threads the soft RLIMIT_STACK of the process start (8 MiB
// usually); unlimited or unknown counts as defaultThreadStack.
func threadStackBytes() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_STACK, &rl); err != nil || rl.Cur >= 1<<40 {
		return defaultThreadStack
	}
	return int64(rl.Cur)
}
