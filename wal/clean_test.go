package wal

import "testing"

// TestCleanShutdown: CleanShutdown is true only for a log whose last run
// ended with RecordEnd(true); a crash after that run's start, or a run
// that ended without it, reads false.
func TestCleanShutdown(t *testing.T) {
	fs := NewMemFS()
	l, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize})
	if l.CleanShutdown() {
		t.Fatal("a new log reports a clean shutdown")
	}
	appendN(t, l, 0, 3, sizes(100))
	if _, err := l.RecordEnd(true); err != nil {
		t.Fatal(err)
	}
	l.Close()
	l, _ = mustReplay(t, fs, Options{SegmentSize: recSegSize})
	if !l.CleanShutdown() {
		t.Fatal("after RecordEnd(true): not clean")
	}
	crashed := fs.CrashClone() // this run started, then crashed
	l.Close()
	if l2, _ := mustReplay(t, crashed, Options{SegmentSize: recSegSize}); l2.CleanShutdown() {
		t.Fatal("after a crash: clean")
	}
	if l3, _ := mustReplay(t, fs, Options{SegmentSize: recSegSize}); l3.CleanShutdown() {
		t.Fatal("after a run closed without RecordEnd(true): clean")
	}
}
