package wal

import (
	"io"
	"os"
)

// FS is the filesystem the log uses. Paths are slash- or OS-separated as
// produced by path/filepath. Implementations: OSFS, MemFS.
type FS interface {
	// Create creates or truncates the named file, opened read-write.
	Create(name string) (File, error)
	// Open opens an existing file read-write; a missing file yields an error
	// matching os.ErrNotExist.
	Open(name string) (File, error)
	// Remove deletes a file. The removal is durable only after SyncDir.
	Remove(name string) error
	// Rename atomically replaces newname with oldname. Durable after SyncDir.
	// oldname may be a directory (newname must then not exist).
	Rename(oldname, newname string) error
	// RemoveAll deletes path and, for a directory, everything under it. A
	// missing path is not an error. Durable after SyncDir of the parent.
	RemoveAll(path string) error
	// List returns the names (not paths) of the files in dir.
	List(dir string) ([]string, error)
	// MkdirAll creates dir and any missing parents.
	MkdirAll(dir string, perm os.FileMode) error
	// SyncDir makes dir's entries (creates, renames, removes) durable.
	SyncDir(dir string) error
}

// File is an open file of an FS.
type File interface {
	io.Writer   // at the current offset
	io.WriterAt // a short write returns a non-nil error
	io.ReaderAt
	// Sync makes the file's data and size durable (fsync).
	Sync() error
	// Truncate sets the file size; growing it adds zero bytes.
	Truncate(size int64) error
	// Size returns the current file size in bytes.
	Size() (int64, error)
	Close() error
}

// Preallocator is implemented by files that can reserve disk blocks for
// size bytes of zeros (fallocate). Optional: without it the log extends
// segments with Truncate.
type Preallocator interface {
	Preallocate(size int64) error
}

// OSFS is the operating system's filesystem.
type OSFS struct{}

var _ FS = OSFS{}

func (OSFS) Create(name string) (File, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (OSFS) Open(name string) (File, error) {
	f, err := os.OpenFile(name, os.O_RDWR, 0)
	if err != nil {
		return nil, err
	}
	return osFile{f}, nil
}

func (OSFS) Remove(name string) error                 { return os.Remove(name) }
func (OSFS) Rename(oldname, newname string) error     { return os.Rename(oldname, newname) }
func (OSFS) RemoveAll(path string) error              { return os.RemoveAll(path) }
func (OSFS) MkdirAll(dir string, p os.FileMode) error { return os.MkdirAll(dir, p) }

func (OSFS) List(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	return names, nil
}

func (OSFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		d.Close()
		return err
	}
	return d.Close()
}

// osFile adapts *os.File to File.
type osFile struct{ *os.File }

func (f osFile) Size() (int64, error) {
	st, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return st.Size(), nil
}
