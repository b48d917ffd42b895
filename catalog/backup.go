package catalog

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/vecgres/vecgres/wal"
)

// BackupInfo says what Backup copied.
type BackupInfo struct {
	SnapshotLSN wal.LSN // the snapshot copied (0: none, the whole WAL)
	EndLSN      wal.LSN // the consistency point: the copy holds every commit whose record ends below it
	WALBytes    int64   // bytes of WAL from SnapshotLSN to EndLSN
}

// ErrBackupTargetNotEmpty is Backup's error for a target directory that
// holds files already.
var ErrBackupTargetNotEmpty = errors.New("backup target directory is not empty")

// Backup copies a consistent image of the running data directory into
// dst, which must be missing or empty: the live snapshot (its files never
// change once published) and CURRENT naming it, then the WAL from the
// snapshot's LSN to its end at that moment (wal.Log.CopyTo). Starting a
// server on dst recovers exactly the transactions whose commit records
// lie below EndLSN: each commit acknowledged before Backup was called is
// among them; later ones may or may not be, never in part. Checkpoints
// wait until Backup returns (they would remove the snapshot or WAL being
// copied); commits and queries go on. Files and directories are fsynced.
func (c *Catalog) Backup(dst string) (BackupInfo, error) {
	ck := &c.ckpt
	ck.mu.Lock()
	defer ck.mu.Unlock()
	if ck.closed || ck.fs == nil {
		return BackupInfo{}, errors.New("backup: the catalog is closed")
	}
	if err := emptyTarget(ck.fs, dst); err != nil {
		return BackupInfo{}, err
	}
	info := BackupInfo{SnapshotLSN: ck.lsn}
	if ck.lsn != 0 {
		if err := copySnapshot(ck.fs, ck.dir, dst, snapDirName(ck.lsn)); err != nil {
			return BackupInfo{}, fmt.Errorf("backup: %w", err)
		}
	}
	end, err := c.log.CopyTo(ck.fs, dst, ck.lsn)
	if err != nil {
		return BackupInfo{}, fmt.Errorf("backup: %w", err)
	}
	info.EndLSN, info.WALBytes = end, int64(end-ck.lsn)
	return info, nil
}

// emptyTarget creates dst, or checks that it holds nothing.
func emptyTarget(fsys wal.FS, dst string) error {
	if err := fsys.MkdirAll(dst, 0o755); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	names, err := fsys.List(dst)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if len(names) > 0 {
		return fmt.Errorf("%w: %s", ErrBackupTargetNotEmpty, dst)
	}
	return nil
}

// copySnapshot copies the snapshot directory name from dir into dst,
// then writes dst's CURRENT naming it.
func copySnapshot(fsys wal.FS, dir, dst, name string) error {
	from, to := filepath.Join(dir, name), filepath.Join(dst, name)
	if err := fsys.MkdirAll(to, 0o755); err != nil {
		return err
	}
	files, err := fsys.List(from)
	if err != nil {
		return err
	}
	for _, f := range files {
		if err := copyFile(fsys, filepath.Join(from, f), filepath.Join(to, f)); err != nil {
			return err
		}
	}
	if err := fsys.SyncDir(to); err != nil {
		return err
	}
	if err := fsys.SyncDir(dst); err != nil {
		return err
	}
	return writeCurrent(fsys, dst, name)
}

// copyFile copies the file src to dst and fsyncs dst.
func copyFile(fsys wal.FS, src, dst string) error {
	in, err := fsys.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	size, err := in.Size()
	if err != nil {
		return err
	}
	out, err := fsys.Create(dst)
	if err != nil {
		return err
	}
	defer out.Close()
	if _, err := io.Copy(out, io.NewSectionReader(in, 0, size)); err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	return out.Sync()
}
