package planner

import (
	"github.com/vecgres/vecgres/sql"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// Cursor movement, with the position rules of PostgreSQL's portals
// (pquery.c, DoPortalRunFetch and PortalRunSelect): the row counts of
// FETCH and MOVE, which row FETCH 0 and RELATIVE return, and when a NO
// SCROLL cursor must refuse are all as there.

// cursorPos is where a cursor stands: pos is PostgreSQL's portalPos (the
// number of the row last returned, 0 before the first); atStart and atEnd
// are its flags; at is the read position in the rows: 0 before the first
// row, i on row i, len(rows)+1 after the last.
type cursorPos struct {
	pos     int64
	atStart bool
	atEnd   bool
	at      int
}

var errForwardOnly = pgerror.New(pgerror.ObjectNotInPrerequisiteState, "cursor can only scan forward").
	WithHint("Declare it with SCROLL option to enable backward scan.")

// fetch runs FETCH (emit receives each row) or MOVE (emit nil) with
// direction dir and count n (sql.FetchAll for ALL); it returns the row
// count of the tag.
func (c *cursor) fetch(dir sql.FetchDirection, n int64, emit func([]any)) (int64, error) {
	switch dir {
	case sql.FetchForward, sql.FetchBackward:
		if n < 0 { // FETCH -2 is BACKWARD 2, BACKWARD -2 is FORWARD 2
			n = -n
			if dir == sql.FetchForward {
				dir = sql.FetchBackward
			} else {
				dir = sql.FetchForward
			}
		}
	case sql.FetchAbsolute:
		return c.fetchAbsolute(n, emit)
	case sql.FetchRelative:
		if n > 0 {
			if _, err := c.step(true, n-1, nil); err != nil {
				return 0, err
			}
			return c.step(true, 1, emit)
		}
		if n < 0 {
			if _, err := c.step(false, -n-1, nil); err != nil {
				return 0, err
			}
			return c.step(false, 1, emit)
		}
		dir = sql.FetchForward
	}
	forward := dir == sql.FetchForward
	if n == 0 {
		// FETCH 0 returns the current row again, if the cursor is on one.
		onRow := !c.atStart && !c.atEnd
		if emit == nil {
			if onRow {
				return 1, nil
			}
			return 0, nil
		}
		if onRow {
			if _, err := c.step(false, 1, nil); err != nil {
				return 0, err
			}
			n, forward = 1, true
		}
	}
	if !forward && n == sql.FetchAll && emit == nil {
		// MOVE BACKWARD ALL rewinds and counts the rows it passed.
		moved := c.pos
		if moved > 0 && !c.atEnd {
			moved--
		}
		return moved, c.rewind()
	}
	return c.step(forward, n, emit)
}

// fetchAbsolute is FETCH ABSOLUTE n: row n from the start (n > 0), from
// the end (n < 0), or back before the first row (0, returning none).
func (c *cursor) fetchAbsolute(n int64, emit func([]any)) (int64, error) {
	switch {
	case n > 0:
		if c.pos == sql.FetchAll || n-1 <= c.pos/2 {
			if err := c.rewind(); err != nil {
				return 0, err
			}
			if _, err := c.step(true, n-1, nil); err != nil {
				return 0, err
			}
		} else {
			pos := c.pos
			if c.atEnd {
				pos++
			}
			var err error
			if n <= pos {
				_, err = c.step(false, pos-n+1, nil)
			} else if n > pos+1 {
				_, err = c.step(true, n-pos-1, nil)
			}
			if err != nil {
				return 0, err
			}
		}
		return c.step(true, 1, emit)
	case n < 0:
		if _, err := c.step(true, sql.FetchAll, nil); err != nil {
			return 0, err
		}
		if n < -1 {
			if _, err := c.step(false, -n-1, nil); err != nil {
				return 0, err
			}
		}
		return c.step(false, 1, emit)
	}
	if err := c.rewind(); err != nil {
		return 0, err
	}
	return c.step(true, 0, emit)
}

// rewind goes back before the first row; a NO SCROLL cursor that has
// moved refuses.
func (c *cursor) rewind() error {
	if c.atStart && !c.atEnd {
		return nil
	}
	if c.noScroll {
		return errForwardOnly
	}
	c.pos, c.atStart, c.atEnd, c.at = 0, true, false, 0
	return nil
}

// step reads up to n rows (sql.FetchAll: all) forward or backward from
// the read position, passing each to emit when not nil, and updates the
// position as PortalRunSelect does; n <= 0 reads none.
func (c *cursor) step(forward bool, n int64, emit func([]any)) (int64, error) {
	if !forward && c.noScroll {
		return 0, errForwardOnly
	}
	if forward {
		if c.atEnd || n <= 0 {
			return 0, nil
		}
		got := c.read(1, n, emit)
		if got > 0 {
			c.atStart = false
		}
		if got < n {
			c.atEnd = true
		}
		c.pos += got
		return got, nil
	}
	if c.atStart || n <= 0 {
		return 0, nil
	}
	got := c.read(-1, n, emit)
	if got > 0 && c.atEnd {
		c.atEnd = false
		c.pos++
	}
	if got < n {
		c.atStart, c.pos = true, 0
	} else {
		c.pos -= got
	}
	return got, nil
}

// read moves the read position by up to n rows in direction d (+1, -1),
// emitting each row reached; running off either end leaves it past that
// end. It returns the rows reached.
func (c *cursor) read(d int, n int64, emit func([]any)) int64 {
	var got int64
	for got < n {
		next := c.at + d
		if next < 1 || next > len(c.rows) {
			c.at = max(0, min(next, len(c.rows)+1))
			break
		}
		c.at = next
		if emit != nil {
			emit(c.rows[next-1])
		}
		got++
	}
	return got
}
