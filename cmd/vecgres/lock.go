package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// lockFileName is the file in the data directory that a running server
// holds an exclusive flock on, as PostgreSQL's postmaster.pid guards its
// data directory: two servers on one WAL would corrupt it.
const lockFileName = "vecgres.lock"

// holderPID reads the PID the lock's holder wrote into the lock file, as
// "PID 1234" ("PID unknown" if the holder has not written it yet).
func holderPID(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "PID unknown"
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil || pid <= 0 {
		return "PID unknown"
	}
	return fmt.Sprintf("PID %d", pid)
}

// lockDataDir creates dir if needed and takes the lock; the kernel drops
// it when the process ends, even by SIGKILL, so a crashed server never
// leaves a stale lock behind. The returned file must stay open.
func lockDataDir(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, lockFileName)
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("data directory %s is in use by another vecgres process (%s, lock file %s)",
				dir, holderPID(path), path)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	if err := f.Truncate(0); err == nil {
		fmt.Fprintf(f, "%d\n", os.Getpid()) // holderPID; on a full disk it stays empty
	}
	return f, nil
}
