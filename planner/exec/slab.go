package exec

// slabValues bounds the values one rowSlab allocation holds: up to 16
// rows of a narrow projection (a k-NN query's LIMIT 10 of one column is
// one allocation instead of ten), one row of a wide one.
const slabValues, slabRows = 256, 16

// rowSlab hands out fresh rows cut from larger allocations. A row is
// never handed out twice and its capacity is its width, so a consumer
// may keep it, or append to it, as a row of its own; a kept row keeps
// its slab (at most slabValues values) alive.
type rowSlab struct{ free []any }

// row returns a new zeroed row of w values.
func (s *rowSlab) row(w int) []any {
	if w == 0 {
		return []any{}
	}
	if len(s.free) < w {
		s.free = make([]any, w*max(1, min(slabRows, slabValues/w)))
	}
	out := s.free[:w:w]
	s.free = s.free[w:]
	return out
}
