package monitor

import (
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// StmtKind is the metrics of one statement kind (a command tag such as
// "SELECT" or "CREATE INDEX"), resolved once so that Observe does no
// label lookup on success.
type StmtKind struct {
	name    string
	ok      prometheus.Counter  // vecgres_statements_total{kind, "00"}
	seconds prometheus.Observer // vecgres_statement_duration_seconds{kind}
	rows    prometheus.Counter  // vecgres_rows_total{kind}
}

// NewStmtKind resolves the metrics of kind (an empty kind is "OTHER").
// Call it at initialisation, not per statement.
func NewStmtKind(kind string) *StmtKind {
	if kind == "" {
		kind = "OTHER"
	}
	return &StmtKind{name: kind, ok: statementsTotal.WithLabelValues(kind, "00"),
		seconds: statementSeconds.WithLabelValues(kind), rows: rowsReturned.WithLabelValues(kind)}
}

// Observe records one statement of this kind that ran for d: with its
// command tag (whose trailing count, if any, is added to the rows) when
// it succeeded, or the SQLSTATE of its error (the class is its first
// two characters).
func (k *StmtKind) Observe(d time.Duration, tag, sqlstate string) {
	if k == nil {
		return
	}
	k.seconds.Observe(d.Seconds())
	if sqlstate != "" {
		statementsTotal.WithLabelValues(k.name, sqlstate[:min(2, len(sqlstate))]).Inc()
		return
	}
	k.ok.Inc()
	if n := tagCount(tag); n > 0 {
		k.rows.Add(float64(n))
	}
}

// tagCount is the row count that ends a command tag ("SELECT 5",
// "INSERT 0 3"), 0 when it has none.
func tagCount(tag string) int64 {
	i := strings.LastIndexByte(tag, ' ')
	if i < 0 {
		return 0
	}
	n, err := strconv.ParseInt(tag[i+1:], 10, 64)
	if err != nil {
		return 0
	}
	return n
}

// KNN plans, the label values of vecgres_knn_duration_seconds.
const (
	KNNPreFilter  = "pre_filter"
	KNNGraph      = "graph"
	KNNPostFilter = "post_filter"
	KNNExact      = "exact"
)

// knnPlans are the resolved children of vecgres_knn_duration_seconds.
var knnPlans = map[string]prometheus.Observer{}

func init() {
	for _, p := range []string{KNNPreFilter, KNNGraph, KNNPostFilter, KNNExact} {
		knnPlans[p] = knnSeconds.WithLabelValues(p)
	}
}

// KNNObserver returns the latency histogram of a k-NN plan (one of the
// KNN constants); nil for another name. Resolve it once per plan.
func KNNObserver(plan string) prometheus.Observer { return knnPlans[plan] }
