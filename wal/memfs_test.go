package wal

import (
	"bytes"
	"errors"
	"os"
	"syscall"
	"testing"
)

func TestMemFSCrashClone(t *testing.T) {
	fs := NewMemFS()
	fs.MkdirAll("/d", 0o755)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	a, err := fs.Create("/d/a")
	must(err)
	a.Write([]byte("hello"))
	must(a.Sync())
	a.Write([]byte(" world")) // unsynced data
	must(fs.SyncDir("/d"))
	b, _ := fs.Create("/d/b") // entry never synced
	b.Write([]byte("b"))
	must(b.Sync())
	c, _ := fs.Create("/d/c")
	c.Write([]byte("c"))
	must(c.Sync())
	must(fs.Rename("/d/c", "/d/c2")) // rename not synced
	crash := fs.CrashClone()
	tests := []struct {
		name string
		want []byte // nil: must not exist
	}{
		{"/d/a", []byte("hello")},
		{"/d/b", nil},
		{"/d/c", nil}, // c was created after the last SyncDir
		{"/d/c2", nil},
	}
	for _, tc := range tests {
		got, err := crash.ReadFile(tc.name)
		if tc.want == nil {
			if !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s after crash: %q, %v; want not exist", tc.name, got, err)
			}
		} else if !bytes.Equal(got, tc.want) {
			t.Errorf("%s after crash = %q, want %q", tc.name, got, tc.want)
		}
	}
	// A removal without SyncDir is undone by a crash.
	must(fs.Remove("/d/a"))
	if got, _ := fs.CrashClone().ReadFile("/d/a"); string(got) != "hello" {
		t.Errorf("unsynced remove: %q survives, want %q", got, "hello")
	}
	must(fs.SyncDir("/d"))
	if _, err := fs.CrashClone().ReadFile("/d/a"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("synced remove: file still there (%v)", err)
	}
}

func TestMemFSInjection(t *testing.T) {
	fs := NewMemFS()
	fs.MkdirAll("/d", 0o755)
	f, _ := fs.Create("/d/f")
	fs.SetHook(FailNth(OpWrite, 2, &ShortWrite{N: 3, Err: syscall.ENOSPC}))
	if n, err := f.WriteAt([]byte("abcdef"), 0); n != 6 || err != nil {
		t.Fatalf("first write = %d, %v", n, err)
	}
	n, err := f.WriteAt([]byte("XYZW"), 6)
	if n != 3 || !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("short write = %d, %v; want 3, ENOSPC", n, err)
	}
	if got, _ := fs.ReadFile("/d/f"); string(got) != "abcdefXYZ" {
		t.Fatalf("after short write: %q", got)
	}
	fs.SetHook(FailNth(OpSync, 1, syscall.EIO))
	if err := f.Sync(); !errors.Is(err, syscall.EIO) {
		t.Fatalf("Sync = %v, want EIO", err)
	}
	if err := f.Sync(); err != nil {
		t.Fatalf("second Sync = %v (FailNth fails only the n-th)", err)
	}
}
