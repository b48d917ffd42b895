package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/vecgres/vecgres/monitor"
)

// listenDebug binds --debug-listen's address (nil listener when empty),
// before the data directory is opened, as the main listener.
func listenDebug(addr string) (net.Listener, error) {
	if addr == "" {
		return nil, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("--debug-listen: %w", err)
	}
	return ln, nil
}

// serveDebug serves /metrics (Prometheus: Go runtime and process metrics
// and vecgres's own) and /debug/pprof/ on ln until ctx ends. It is off
// unless --debug-listen is given; bind it to loopback.
func serveDebug(ctx context.Context, ln net.Listener, logger *slog.Logger) {
	mux := http.NewServeMux()
	mux.Handle("/metrics", monitor.Handler())
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	logger.Info("debug endpoints", "addr", ln.Addr().String())
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("debug server", "err", err)
		}
	}()
}
