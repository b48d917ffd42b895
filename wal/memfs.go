package wal

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Op names a MemFS operation for error injection.
type Op uint8

// MemFS operations passed to a Hook.
const (
	OpCreate Op = iota + 1
	OpOpen
	OpWrite // Write and WriteAt
	OpRead
	OpSync
	OpTruncate
	OpRemove
	OpRename
	OpSyncDir
)

var opNames = [...]string{"?", "create", "open", "write", "read", "sync", "truncate", "remove", "rename", "syncdir"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", o)
}

// Hook is called by MemFS before each operation (without MemFS's lock held,
// so it may call CrashClone). A non-nil result makes the operation fail with
// that error; a *ShortWrite result on OpWrite writes N bytes first.
type Hook func(op Op, path string) error

// ShortWrite, returned by a Hook for OpWrite, makes the write store only its
// first N bytes and then fail with Err (for example syscall.ENOSPC).
type ShortWrite struct {
	N   int
	Err error
}

func (s *ShortWrite) Error() string { return fmt.Sprintf("short write (%d bytes): %v", s.N, s.Err) }
func (s *ShortWrite) Unwrap() error { return s.Err }

// FailNth returns a Hook that fails the n-th (1-based) operation of kind op
// with err (use a *ShortWrite for a short write) and lets all others pass.
func FailNth(op Op, n int64, err error) Hook {
	var count atomic.Int64
	return func(o Op, _ string) error {
		if o == op && count.Add(1) == n {
			return err
		}
		return nil
	}
}

// MemFS is an in-memory FS that tracks what has been made durable: file data
// as of each file's last Sync, and directory entries as of each directory's
// last SyncDir. CrashClone returns what a power loss would leave. Directories
// made by MkdirAll, directory renames and RemoveAll are durable at once (a
// simplification: callers still SyncDir the parent as on a real disk). Safe
// for concurrent use.
type MemFS struct {
	mu      sync.Mutex
	dirs    map[string]bool
	files   map[string]*memNode // live namespace
	durable map[string]*memNode // entries as of the parent's last SyncDir
	hook    Hook
	syncs   atomic.Int64
}

// memNode is a file's contents: live and as of the last Sync.
type memNode struct {
	data   []byte
	synced []byte
}

var _ FS = (*MemFS)(nil)

// NewMemFS returns an empty MemFS.
func NewMemFS() *MemFS {
	return &MemFS{dirs: map[string]bool{}, files: map[string]*memNode{}, durable: map[string]*memNode{}}
}

// SetHook installs h (nil removes it).
func (m *MemFS) SetHook(h Hook) {
	m.mu.Lock()
	m.hook = h
	m.mu.Unlock()
}

// SyncCount is the number of successful file Syncs so far.
func (m *MemFS) SyncCount() int64 { return m.syncs.Load() }

// CrashClone returns a new MemFS holding only durable state: the directory
// entries present at each directory's last SyncDir, each with the file data
// present at that file's last Sync. The clone has no hook.
func (m *MemFS) CrashClone() *MemFS {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := NewMemFS()
	for d := range m.dirs {
		c.dirs[d] = true
	}
	for p, n := range m.durable {
		nn := &memNode{data: slices.Clone(n.synced), synced: slices.Clone(n.synced)}
		c.files[p] = nn
		c.durable[p] = nn
	}
	return c
}

// ReadFile returns a copy of a file's live contents (for tests).
func (m *MemFS) ReadFile(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	n, ok := m.files[filepath.Clean(name)]
	if !ok {
		return nil, &os.PathError{Op: "read", Path: name, Err: os.ErrNotExist}
	}
	return slices.Clone(n.data), nil
}

// WriteFile creates a file with data, durable including its directory entry
// (for tests that build a log directory by hand).
func (m *MemFS) WriteFile(name string, data []byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := filepath.Clean(name)
	n := &memNode{data: slices.Clone(data), synced: slices.Clone(data)}
	m.files[p] = n
	m.durable[p] = n
	m.mkdirLocked(filepath.Dir(p))
}

func (m *MemFS) inject(op Op, path string) error {
	m.mu.Lock()
	h := m.hook
	m.mu.Unlock()
	if h == nil {
		return nil
	}
	return h(op, path)
}

func (m *MemFS) Create(name string) (File, error) {
	if err := m.inject(OpCreate, name); err != nil {
		return nil, &os.PathError{Op: "create", Path: name, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	p := filepath.Clean(name)
	if !m.dirs[filepath.Dir(p)] {
		return nil, &os.PathError{Op: "create", Path: name, Err: os.ErrNotExist}
	}
	n := &memNode{}
	m.files[p] = n
	return &memFile{fs: m, node: n, path: p}, nil
}

func (m *MemFS) Open(name string) (File, error) {
	if err := m.inject(OpOpen, name); err != nil {
		return nil, &os.PathError{Op: "open", Path: name, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	p := filepath.Clean(name)
	n, ok := m.files[p]
	if !ok {
		return nil, &os.PathError{Op: "open", Path: name, Err: os.ErrNotExist}
	}
	return &memFile{fs: m, node: n, path: p}, nil
}

func (m *MemFS) Remove(name string) error {
	if err := m.inject(OpRemove, name); err != nil {
		return &os.PathError{Op: "remove", Path: name, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	p := filepath.Clean(name)
	if _, ok := m.files[p]; !ok {
		return &os.PathError{Op: "remove", Path: name, Err: os.ErrNotExist}
	}
	delete(m.files, p)
	return nil
}

func (m *MemFS) Rename(oldname, newname string) error {
	if err := m.inject(OpRename, oldname); err != nil {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	o, n := filepath.Clean(oldname), filepath.Clean(newname)
	if m.dirs[o] {
		return m.renameDirLocked(o, n)
	}
	node, ok := m.files[o]
	if !ok {
		return &os.LinkError{Op: "rename", Old: oldname, New: newname, Err: os.ErrNotExist}
	}
	delete(m.files, o)
	m.files[n] = node
	return nil
}

// renameDirLocked moves directory o and everything under it to n. The
// files keep their synced state (it belongs to the files, not the entry);
// the directory entry itself is durable at once, like MkdirAll's.
func (m *MemFS) renameDirLocked(o, n string) error {
	if m.dirs[n] || m.files[n] != nil {
		return &os.LinkError{Op: "rename", Old: o, New: n, Err: os.ErrExist}
	}
	move := func(p string) (string, bool) {
		if rest, ok := strings.CutPrefix(p, o+string(filepath.Separator)); ok {
			return filepath.Join(n, rest), true
		}
		if p == o {
			return n, true
		}
		return p, false
	}
	for d := range m.dirs {
		if q, ok := move(d); ok {
			delete(m.dirs, d)
			m.dirs[q] = true
		}
	}
	for _, tab := range []map[string]*memNode{m.files, m.durable} {
		moved := map[string]*memNode{}
		for p, node := range tab {
			if q, ok := move(p); ok {
				delete(tab, p)
				moved[q] = node
			}
		}
		maps.Copy(tab, moved)
	}
	return nil
}

// RemoveAll deletes path and everything under it, at once durably (as
// MkdirAll creates directories durably).
func (m *MemFS) RemoveAll(path string) error {
	if err := m.inject(OpRemove, path); err != nil {
		return &os.PathError{Op: "removeall", Path: path, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	p := filepath.Clean(path)
	under := func(q string) bool { return q == p || strings.HasPrefix(q, p+string(filepath.Separator)) }
	for d := range m.dirs {
		if under(d) {
			delete(m.dirs, d)
		}
	}
	for q := range m.files {
		if under(q) {
			delete(m.files, q)
			delete(m.durable, q)
		}
	}
	for q := range m.durable {
		if under(q) {
			delete(m.durable, q)
		}
	}
	return nil
}

func (m *MemFS) List(dir string) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d := filepath.Clean(dir)
	if !m.dirs[d] {
		return nil, &os.PathError{Op: "list", Path: dir, Err: os.ErrNotExist}
	}
	var names []string
	for p := range m.files {
		if filepath.Dir(p) == d {
			names = append(names, filepath.Base(p))
		}
	}
	for p := range m.dirs {
		if p != d && filepath.Dir(p) == d {
			names = append(names, filepath.Base(p))
		}
	}
	slices.Sort(names)
	return names, nil
}

func (m *MemFS) MkdirAll(dir string, _ os.FileMode) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.mkdirLocked(filepath.Clean(dir))
	return nil
}

func (m *MemFS) mkdirLocked(d string) {
	for !m.dirs[d] {
		m.dirs[d] = true
		parent := filepath.Dir(d)
		if parent == d {
			return
		}
		d = parent
	}
}

func (m *MemFS) SyncDir(dir string) error {
	if err := m.inject(OpSyncDir, dir); err != nil {
		return &os.PathError{Op: "syncdir", Path: dir, Err: err}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	d := filepath.Clean(dir)
	for p := range m.durable {
		if filepath.Dir(p) == d {
			delete(m.durable, p)
		}
	}
	for p, n := range m.files {
		if filepath.Dir(p) == d {
			m.durable[p] = n
		}
	}
	return nil
}

// memFile is an open MemFS file.
type memFile struct {
	fs     *MemFS
	node   *memNode
	path   string
	off    int64 // for Write
	closed bool
}

func (f *memFile) check(op string) error {
	if f.closed {
		return &os.PathError{Op: op, Path: f.path, Err: os.ErrClosed}
	}
	return nil
}

func (f *memFile) Write(p []byte) (int, error) {
	n, err := f.WriteAt(p, f.off)
	f.off += int64(n)
	return n, err
}

func (f *memFile) WriteAt(p []byte, off int64) (int, error) {
	var fail error
	if err := f.fs.inject(OpWrite, f.path); err != nil {
		fail = err
		if sw, ok := err.(*ShortWrite); ok && sw.N < len(p) {
			p = p[:sw.N]
		} else {
			p = nil
		}
	}
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("write"); err != nil {
		return 0, err
	}
	if end := off + int64(len(p)); end > int64(len(f.node.data)) {
		f.node.data = append(f.node.data, make([]byte, end-int64(len(f.node.data)))...)
	}
	copy(f.node.data[off:], p)
	if fail != nil {
		return len(p), &os.PathError{Op: "write", Path: f.path, Err: fail}
	}
	return len(p), nil
}

func (f *memFile) ReadAt(p []byte, off int64) (int, error) {
	if err := f.fs.inject(OpRead, f.path); err != nil {
		return 0, &os.PathError{Op: "read", Path: f.path, Err: err}
	}
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("read"); err != nil {
		return 0, err
	}
	if off >= int64(len(f.node.data)) {
		return 0, io.EOF
	}
	n := copy(p, f.node.data[off:])
	if n < len(p) {
		return n, io.EOF
	}
	return n, nil
}

func (f *memFile) Sync() error {
	if err := f.fs.inject(OpSync, f.path); err != nil {
		return &os.PathError{Op: "sync", Path: f.path, Err: err}
	}
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("sync"); err != nil {
		return err
	}
	f.node.synced = slices.Clone(f.node.data)
	f.fs.syncs.Add(1)
	return nil
}

func (f *memFile) Truncate(size int64) error {
	if err := f.fs.inject(OpTruncate, f.path); err != nil {
		return &os.PathError{Op: "truncate", Path: f.path, Err: err}
	}
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("truncate"); err != nil {
		return err
	}
	if size <= int64(len(f.node.data)) {
		f.node.data = f.node.data[:size:size]
	} else {
		f.node.data = append(f.node.data, make([]byte, size-int64(len(f.node.data)))...)
	}
	return nil
}

func (f *memFile) Size() (int64, error) {
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("stat"); err != nil {
		return 0, err
	}
	return int64(len(f.node.data)), nil
}

func (f *memFile) Close() error {
	f.fs.mu.Lock()
	defer f.fs.mu.Unlock()
	if err := f.check("close"); err != nil {
		return err
	}
	f.closed = true
	return nil
}
