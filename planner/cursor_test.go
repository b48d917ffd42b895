package planner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// fetchStep is one FETCH or MOVE and what PostgreSQL 15 answered: the
// rows of a FETCH ("1,2"), the count of a MOVE, or an SQLSTATE.
type fetchStep struct {
	dir  sql.FetchDirection
	n    int64
	move bool
	want string
}

// runFetches replays steps on a fresh cursor over the rows 1..rows.
func runFetches(t *testing.T, name string, rows int, noScroll bool, steps []fetchStep) {
	t.Helper()
	c := &cursor{noScroll: noScroll, cursorPos: cursorPos{atStart: true}}
	for i := 1; i <= rows; i++ {
		c.rows = append(c.rows, []any{int64(i)})
	}
	for i, st := range steps {
		var got []string
		emit := func(r []any) { got = append(got, fmt.Sprint(r[0])) }
		if st.move {
			emit = nil
		}
		n, err := c.fetch(st.dir, st.n, emit)
		var res string
		switch {
		case err != nil:
			res = string(pgerror.From(err).Code)
		case st.move:
			res = fmt.Sprint(n)
		default:
			res = strings.Join(got, ",")
			if int64(len(got)) != n {
				t.Errorf("%s step %d: count %d for %d rows", name, i, n, len(got))
			}
		}
		if res != st.want {
			t.Errorf("%s step %d (%+v): got %q, want %q", name, i, st, res, st.want)
		}
	}
}

// TestCursorFetch replays FETCH and MOVE sequences whose answers were
// taken from PostgreSQL 15 (SCROLL cursors over generate_series(1, 5) and
// over no rows, NO SCROLL cursors over generate_series(1, 3)).
func TestCursorFetch(t *testing.T) {
	const (
		fwd = sql.FetchForward
		bwd = sql.FetchBackward
		abs = sql.FetchAbsolute
		rel = sql.FetchRelative
		all = sql.FetchAll
	)
	runFetches(t, "five", 5, false, []fetchStep{
		{fwd, 0, false, ""}, {fwd, 0, true, "0"}, {fwd, 2, true, "2"}, {fwd, 0, true, "1"},
		{bwd, all, true, "1"}, {fwd, all, true, "5"}, {bwd, all, true, "5"},
		{abs, -2, false, "4"}, {abs, 9, false, ""}, {bwd, 1, false, "5"}, {rel, 2, false, ""},
		{rel, 0, false, ""}, {bwd, -2, false, ""}, {abs, -9, true, "0"}, {fwd, 1, false, "1"},
		{rel, 3, true, "1"}, {rel, -1, true, "1"}, {abs, -1, true, "1"}, {fwd, 1, true, "0"},
		{bwd, 1, true, "1"},
	})
	runFetches(t, "golden", 5, false, []fetchStep{
		{fwd, 2, false, "1,2"}, {fwd, 1, false, "3"}, {fwd, all, false, "4,5"}, {fwd, 1, false, ""},
		{bwd, 2, true, "2"}, {bwd, 1, false, "3"}, {abs, 1, false, "1"}, {abs, -1, false, "5"},
		{rel, -2, false, "3"}, {fwd, 0, false, "3"}, {bwd, all, false, "2,1"}, {fwd, 3, true, "3"},
		{fwd, -1, false, "2"}, {fwd, all, true, "3"}, {abs, 0, true, "0"}, {abs, 1, false, "1"},
		{fwd, 10, true, "4"},
	})
	runFetches(t, "empty", 0, false, []fetchStep{
		{fwd, 1, false, ""}, {bwd, 1, false, ""}, {fwd, 0, false, ""}, {fwd, 0, true, "0"},
		{abs, -1, false, ""}, {bwd, all, true, "0"},
	})
	runFetches(t, "no scroll", 3, true, []fetchStep{
		{abs, 1, false, "1"}, {abs, 3, false, "3"}, {fwd, 0, false, "55000"},
	})
	runFetches(t, "no scroll at start", 3, true, []fetchStep{
		{abs, 0, true, "0"}, {fwd, -1, false, "55000"},
	})
	runFetches(t, "no scroll moved", 5, true, []fetchStep{
		{fwd, 1, true, "1"}, {abs, 1, false, "55000"},
	})
}
