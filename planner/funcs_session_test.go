package planner

import (
	"testing"
)

// setseed fixes the sequence of random(): the same seed gives the same
// values again, in [0, 1); another seed gives others.
func TestSetseedRepeatsRandom(t *testing.T) {
	s := testSession(t)
	draw := func(seed string) [3]float64 {
		exec(t, s, "SELECT setseed("+seed+")")
		var out [3]float64
		for i := range out {
			out[i] = exec(t, s, "SELECT random()").Rows[0][0].(float64)
			if out[i] < 0 || out[i] >= 1 {
				t.Fatalf("random() = %v", out[i])
			}
		}
		return out
	}
	a, b, c := draw("0.5"), draw("0.5"), draw("-0.25")
	if a != b {
		t.Errorf("setseed(0.5) twice: %v then %v", a, b)
	}
	if a == c {
		t.Errorf("setseed(0.5) and setseed(-0.25) gave the same %v", a)
	}
	if pe := execErr(t, s, "SELECT setseed(1.5)"); pe.Code != "22023" || pe.Message != "setseed parameter 1.5 is out of allowed range [-1,1]" {
		t.Errorf("setseed(1.5): %s %q", pe.Code, pe.Message)
	}
}

// A server started over a catalog with a vector column counts the
// extension as created: CREATE EXTENSION vector is 42710 there, as after
// a restart of PostgreSQL; over an empty catalog it is created once.
func TestExtensionStateAtStart(t *testing.T) {
	s := testSession(t)
	exec(t, s, "CREATE EXTENSION vector")
	if pe := execErr(t, s, "CREATE EXTENSION vector"); pe.Code != "42710" || pe.Message != `extension "vector" already exists` {
		t.Fatalf("second CREATE EXTENSION: %s %q", pe.Code, pe.Message)
	}
	fresh := NewEngine(s.cat).NewSession(map[string]string{"user": "postgres"}).(*Session)
	defer fresh.Close()
	exec(t, fresh, "CREATE EXTENSION vector") // no table uses its types yet
	exec(t, s, "CREATE TABLE items (id int, embedding vector(2))")
	restarted := NewEngine(s.cat).NewSession(map[string]string{"user": "postgres"}).(*Session)
	defer restarted.Close()
	if pe := execErr(t, restarted, "CREATE EXTENSION vector"); pe.Code != "42710" {
		t.Fatalf("CREATE EXTENSION over a catalog with a vector column: %s %q", pe.Code, pe.Message)
	}
	res := exec(t, restarted, "CREATE EXTENSION IF NOT EXISTS vector")
	if len(res.Notices) != 1 || res.Notices[0].Code != "42710" || res.Notices[0].Message != `extension "vector" already exists, skipping` {
		t.Fatalf("IF NOT EXISTS: notices %+v", res.Notices)
	}
}
