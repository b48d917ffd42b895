package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestLockDataDirRefusesSecondHolder(t *testing.T) {
	dir := t.TempDir()
	first, err := lockDataDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lockDataDir(dir); err == nil || !strings.Contains(err.Error(), "in use by another vecgres process") {
		t.Fatalf("second lock: %v, want in-use error", err)
	}
	want := fmt.Sprintf("in use by another vecgres process (PID %d, lock file ", os.Getpid())
	if _, err := lockDataDir(dir); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("second lock: %v, want it to name the holder: %q", err, want)
	}
	first.Close()
	again, err := lockDataDir(dir)
	if err != nil {
		t.Fatalf("lock after release: %v", err)
	}
	again.Close()
}
