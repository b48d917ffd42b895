package planner

import (
	"testing"
	"time"
)

func TestTextAndTimeFunctions(t *testing.T) {
	call := func(name string, args ...any) any {
		v, err := funcs[name].fn(&env{}, args)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return v
	}
	if got := call("length", "héllo"); got != int64(5) {
		t.Errorf("length = %v, want 5 (characters, not bytes)", got)
	}
	if got := call("lower", "AbC"); got != "abc" {
		t.Errorf("lower = %v", got)
	}
	if got := call("upper", "AbC"); got != "ABC" {
		t.Errorf("upper = %v", got)
	}
	now := call("now").(int64)
	want := time.Now().UnixMicro() - postgresEpochMicros
	if d := want - now; d < 0 || d > int64(time.Minute/time.Microsecond) {
		t.Errorf("now() = %d microseconds since 2000-01-01, want about %d", now, want)
	}
}
