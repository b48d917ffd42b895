package monitor

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
)

// TestTagCount reads the row count that ends a command tag.
func TestTagCount(t *testing.T) {
	for tag, want := range map[string]int64{"SELECT 5": 5, "INSERT 0 3": 3, "UPDATE 0": 0, "CREATE TABLE": 0, "": 0, "COPY 12": 12} {
		if got := tagCount(tag); got != want {
			t.Errorf("tagCount(%q) = %d, want %d", tag, got, want)
		}
	}
}

// TestStmtKindObserve counts a success with its rows under class 00 and
// an error under its SQLSTATE's class.
func TestStmtKindObserve(t *testing.T) {
	k := NewStmtKind("TESTKIND")
	k.Observe(time.Millisecond, "SELECT 7", "")
	k.Observe(time.Millisecond, "", "42P01")
	k.Observe(time.Millisecond, "", "42703")
	if got := value(t, statementsTotal.WithLabelValues("TESTKIND", "00")); got != 1 {
		t.Errorf("successes %v, want 1", got)
	}
	if got := value(t, statementsTotal.WithLabelValues("TESTKIND", "42")); got != 2 {
		t.Errorf("class 42 errors %v, want 2", got)
	}
	if got := value(t, rowsReturned.WithLabelValues("TESTKIND")); got != 7 {
		t.Errorf("rows %v, want 7", got)
	}
	var nilKind *StmtKind
	nilKind.Observe(time.Second, "SELECT 1", "") // a statement type without a traits row: no panic
}

// TestBackendStates follows one backend through pg_stat_activity's
// states, its lock wait and its removal, with the sessions gauges.
func TestBackendStates(t *testing.T) {
	b := &Backend{PID: 4242, User: "u", Database: "d"}
	cancelled := false
	Register(b, func() { cancelled = true }, nil)
	idle := value(t, stateGauges[1])
	b.StartQuery("SELECT 1")
	a := b.Activity()
	if a.State != StateActive || a.Query != "SELECT 1" || a.XactStart.IsZero() || a.XactStart != a.QueryStart {
		t.Fatalf("after StartQuery: %+v", a)
	}
	if got := value(t, stateGauges[1]); got != idle-1 {
		t.Errorf("idle sessions %v, want %v", got, idle-1)
	}
	time.Sleep(time.Millisecond)
	b.StartQuery("SELECT 1") // Execute after Bind: the same query goes on
	if again := b.Activity(); again.QueryStart != a.QueryStart {
		t.Errorf("query_start moved from %v to %v for the same query", a.QueryStart, again.QueryStart)
	}
	done := LockWait(WithBackend(context.Background(), b), WaitRelation)
	if a := b.Activity(); a.WaitEventType != "Lock" || a.WaitEvent != "relation" {
		t.Errorf("waiting: %q %q", a.WaitEventType, a.WaitEvent)
	}
	done()
	if a := b.Activity(); a.WaitEventType != "" || a.WaitEvent != "" {
		t.Errorf("after the wait: %q %q", a.WaitEventType, a.WaitEvent)
	}
	b.Idle('T')
	if a := b.Activity(); a.State != StateIdleInTxn || a.XactStart.IsZero() {
		t.Errorf("in a block: %+v", a)
	}
	b.Idle('E')
	if a := b.Activity(); a.State != StateIdleInTxnError {
		t.Errorf("failed block: %q", a.State)
	}
	b.Idle('I')
	if a := b.Activity(); a.State != StateIdle || !a.XactStart.IsZero() {
		t.Errorf("idle: %+v", a)
	}
	if Lookup(4242) != b || !Lookup(4242).Cancel() || !cancelled {
		t.Error("Lookup and Cancel do not reach the backend")
	}
	if b.Terminate() {
		t.Error("Terminate without a terminate function reported true")
	}
	Unregister(b)
	if Lookup(4242) != nil {
		t.Error("unregistered backend still found")
	}
	if got := value(t, stateGauges[1]); got != idle-1 {
		t.Errorf("idle sessions after Unregister %v, want %v", got, idle-1)
	}
}

// TestIndexBuildCollector lists a running build in /metrics and drops
// it when it ends.
func TestIndexBuildCollector(t *testing.T) {
	b := &IndexBuild{Index: "ix_test", Command: "CREATE INDEX"}
	end := StartIndexBuild(context.Background(), b)
	b.SetPhase(PhaseLoadTuples)
	b.AddTotal(10)
	b.Done().Add(4)
	got := collect(t)
	if len(got) != 2 || got[0] != 4 || got[1] != 10 {
		t.Errorf("samples %v, want done 4 and total 10", got)
	}
	end()
	if got := collect(t); len(got) != 0 {
		t.Errorf("samples %v after the build ended, want none", got)
	}
}

// collect returns the values progressCollector exports.
func collect(t *testing.T) []float64 {
	ch := make(chan prometheus.Metric, 16)
	progressCollector{}.Collect(ch)
	close(ch)
	var out []float64
	for m := range ch {
		var d dto.Metric
		if err := m.Write(&d); err != nil {
			t.Fatal(err)
		}
		out = append(out, d.GetGauge().GetValue())
	}
	return out
}

// value is a counter's or gauge's value.
func value(t *testing.T, m prometheus.Metric) float64 {
	t.Helper()
	var d dto.Metric
	if err := m.Write(&d); err != nil {
		t.Fatal(err)
	}
	if d.Counter != nil {
		return d.GetCounter().GetValue()
	}
	return d.GetGauge().GetValue()
}
