package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// clockTicks is the kernel's USER_HZ, the unit of /proc/<pid>/stat's
// utime and stime (100 on every Linux this runs on).
const clockTicks = 100

// serverPIDs are the processes whose CPU time is the server's: the
// --server-pid given (vecgres is one process), else the backends of
// conns when they are PostgreSQL processes on this host
// (pg_backend_pid(), /proc/<pid>/comm "postgres"); nil when neither, and
// then no CPU time is reported.
func serverPIDs(ctx context.Context, conns []*pgx.Conn, flagPID int) ([]int, error) {
	if flagPID > 0 {
		return []int{flagPID}, nil
	}
	var pids []int
	for _, c := range conns {
		var pid int
		if err := c.QueryRow(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
			return nil, fmt.Errorf("pg_backend_pid: %w", err)
		}
		comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			return nil, nil
		}
		pids = append(pids, pid)
	}
	return pids, nil
}

// cpuSeconds is the user + system CPU time the processes pids have used,
// from /proc/<pid>/stat (fields 14 and 15, after the parenthesised
// command name); a process that is gone counts nothing.
func cpuSeconds(pids []int) float64 {
	var ticks int64
	for _, pid := range pids {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		s := string(b)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // f[0] is field 3, the state
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + st
	}
	return float64(ticks) / clockTicks
}
