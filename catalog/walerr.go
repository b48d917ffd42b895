package catalog

import (
	"errors"
	"fmt"
	"path/filepath"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wal"
)

// walWriteError logs a failed WAL append and returns the error the client
// gets. A full disk (ENOSPC, EDQUOT) is 53100 with PostgreSQL 15's wording
// for the file operation that failed (md.c's `could not extend file "%s":
// %m`, HINT "Check free disk space."); anything else is 58030. When the log
// failed for good (wal.ErrFailed: a failed fsync), DETAIL says that writes
// stay refused until a restart; otherwise the WAL takes writes again as
// soon as space is freed.
func (c *Catalog) walWriteError(err error) *pgerror.Error {
	final := errors.Is(err, wal.ErrFailed)
	full := wal.IsDiskFull(err)
	c.logger().Error("could not write to the write-ahead log", "err", err,
		"disk_full", full, "writes_refused_until_restart", final)
	if full && !final {
		c.walFull.Store(true)
	}
	var pe *pgerror.Error
	var fe *wal.FileError
	if errors.As(err, &fe) {
		pe = pgerror.Errorf(pgerror.IOError, "could not %s file \"%s\": %s", fileVerb(fe.Op), c.relPath(fe.Path), strerror(fe.Err))
	} else {
		pe = pgerror.Errorf(pgerror.IOError, "could not write to the write-ahead log: %v", err)
	}
	if full {
		pe.Code = pgerror.DiskFull
		pe = pe.WithHint("Check free disk space.")
	}
	if final {
		pe = pe.WithDetail("The write-ahead log refuses writes until the server is restarted.")
	}
	return pe
}

// walWritable notes a successful WAL append, logging once that writes
// work again after a full disk.
func (c *Catalog) walWritable() {
	if c.walFull.Load() && c.walFull.CompareAndSwap(true, false) {
		c.logger().Info("the write-ahead log takes writes again (disk space was freed)")
	}
}

// fileVerb is the verb of PostgreSQL's message for a wal.FileError op:
// creating or preallocating a segment extends it, as md.c's mdextend.
func fileVerb(op string) string {
	switch op {
	case "create", "extend":
		return "extend"
	case "write":
		return "write to"
	}
	return op
}

// relPath is path relative to the data directory, as PostgreSQL names
// files ("pg_wal/..."), or path itself outside it.
func (c *Catalog) relPath(path string) string {
	if rel, err := filepath.Rel(c.ckpt.dir, path); err == nil && filepath.IsLocal(rel) {
		return rel
	}
	return path
}

// strerror is the C library's text of the errno inside err ("No space left
// on device", as PostgreSQL's %m), else err's own text.
func strerror(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	s := errno.Error()
	r, n := utf8.DecodeRuneInString(s)
	return fmt.Sprintf("%c%s", unicode.ToUpper(r), s[n:])
}
