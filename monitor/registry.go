package monitor

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Registry holds every metric vecgres exports: the Go runtime's, the
// process's and the vecgres_* ones of metrics.go.
var Registry = prometheus.NewRegistry()

// factory registers a metric with Registry as it is made.
var factory = promauto.With(Registry)

func init() {
	Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
}

// Handler serves Registry in Prometheus's text exposition format (for
// /metrics).
func Handler() http.Handler {
	return promhttp.HandlerFor(Registry, promhttp.HandlerOpts{Registry: Registry})
}
