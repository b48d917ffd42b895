package planner

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vecgres/vecgres/monitor"
	"github.com/vecgres/vecgres/sql/pgerror"
	"github.com/vecgres/vecgres/wire/backend"
)

// Statement metrics (monitor's vecgres_statements_total, _duration_seconds,
// vecgres_rows_total): each traits row holds its kind's counters,
// resolved at init, so recording a statement looks nothing up by name.

// initStmtMetrics gives every row of stmtTable its monitor.StmtKind: the
// row's tag, or TRANSACTION and EXECUTE for the rows without one.
func initStmtMetrics(table map[string]*monitor.StmtKind) {
	for typ, t := range stmtTable {
		name := t.tag
		if name == "" {
			name = untaggedKinds[typ.String()]
		}
		if table[name] == nil {
			table[name] = monitor.NewStmtKind(name)
		}
		t.mon = table[name]
		stmtTable[typ] = t
	}
}

// untaggedKinds names the kind of the statement types whose traits row
// has no tag (by reflect type name).
var untaggedKinds = map[string]string{"*sql.Txn": "TRANSACTION", "*sql.Execute": "EXECUTE"}

// observeStatement records one statement of p that began at began and
// ended with res or err.
func observeStatement(p *prepared, began time.Time, res *backend.Result, err error) {
	k := traitsOf(p.stmt).mon
	if err != nil {
		k.Observe(time.Since(began), "", string(pgerror.CodeOf(err)))
		return
	}
	tag := ""
	if res != nil {
		tag = res.Tag
	}
	k.Observe(time.Since(began), tag, "")
}

// knnObservers are the k-NN latency histograms by the cost model's plan.
var knnObservers = map[filterPlan]prometheus.Observer{
	planPreFilter:    monitor.KNNObserver(monitor.KNNPreFilter),
	planTraversal:    monitor.KNNObserver(monitor.KNNGraph),
	planPostFilter:   monitor.KNNObserver(monitor.KNNPostFilter),
	planEfPostFilter: monitor.KNNObserver(monitor.KNNPostFilter),
}

// knnObserver is the histogram of the plan ch chose: exact past
// hnsw.ef_search, else by its filter plan.
func knnObserver(ch filterChoice) prometheus.Observer {
	if ch.beyondEf {
		return monitor.KNNObserver(monitor.KNNExact)
	}
	return knnObservers[ch.plan]
}
