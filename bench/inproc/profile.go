package main

import (
	"log"
	"os"
	"runtime/pprof"
)

// startProfile starts a CPU profile written to path (none if path is
// empty) and returns the function that stops it and closes the file.
func startProfile(path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		log.Fatalf("cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		log.Fatalf("cpuprofile %s: %v", path, err)
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			log.Fatalf("cpuprofile %s: %v", path, err)
		}
	}
}
