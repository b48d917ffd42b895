package wal

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// countingFS counts file fsyncs of an underlying FS.
type countingFS struct {
	FS
	syncs atomic.Int64
}

type countingFile struct {
	File
	fs *countingFS
}

func (c *countingFS) Create(name string) (File, error) {
	f, err := c.FS.Create(name)
	if err != nil {
		return nil, err
	}
	return countingFile{f, c}, nil
}

func (c *countingFS) Open(name string) (File, error) {
	f, err := c.FS.Open(name)
	if err != nil {
		return nil, err
	}
	return countingFile{f, c}, nil
}

func (f countingFile) Sync() error {
	f.fs.syncs.Add(1)
	return f.File.Sync()
}

func (f countingFile) Preallocate(size int64) error {
	if p, ok := f.File.(Preallocator); ok {
		return p.Preallocate(size)
	}
	return f.File.Truncate(size)
}

// BenchmarkAppendParallel appends 128-byte records from 8 goroutines on the
// OS filesystem and reports fsyncs per record (group commit keeps it < 1).
func BenchmarkAppendParallel(b *testing.B) {
	fs := &countingFS{FS: OSFS{}}
	l, err := Open(b.TempDir(), Options{FS: fs, SegmentSize: 16 << 20})
	if err != nil {
		b.Fatal(err)
	}
	if err := l.Replay(nil); err != nil {
		b.Fatal(err)
	}
	payload := make([]byte, 128)
	b.SetParallelism((8 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.SetBytes(HeaderSize + 128)
	start := fs.syncs.Load()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := l.Append(1, payload); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.StopTimer()
	b.ReportMetric(float64(fs.syncs.Load()-start)/float64(b.N), "fsyncs/op")
	if err := l.Close(); err != nil {
		b.Fatal(err)
	}
}
