//go:build !unix

package sql

// threadStackBytes is the stack of the threads cgo calls run on, assumed
// to be the usual 8 MiB where it cannot be read.
func threadStackBytes() int64 { return 8 << 20 }
