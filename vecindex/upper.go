package vecindex

import (
	"slices"
	"sync/atomic"
)

// upperPool is a segment's upper table: the lists of layers 1..level of
// each of its nodes of level > 0 (about 1/m of them), sorted by slot
// (node id & segMask). It is copied on write and published atomically
// (writers hold h.mu, or are loading): a writer publishes a node's entry
// before it sets the node's flagUpper (initNode), so a reader that sees
// the flag finds the entry. Entries change only while their slot is
// unreachable (new, or reclaimed after Compact's grace periods). An entry
// costs 32 bytes beside its level·m list slots; a level-0 node costs
// nothing here.
type upperPool struct {
	entries atomic.Pointer[[]upperEntry]
}

// upperEntry holds one node's upper lists: level·m slots, layer l's list
// at (l-1)·m.
type upperEntry struct {
	slot  uint16
	level uint8
	lists []uint32
}

// load returns the published entries (nil while there are none).
func (p *upperPool) load() []upperEntry {
	if e := p.entries.Load(); e != nil {
		return *e
	}
	return nil
}

// find returns the entry of slot, which must have one (flagUpper set).
func (p *upperPool) find(slot uint32) *upperEntry {
	e := p.load()
	i, _ := slices.BinarySearchFunc(e, uint16(slot), cmpSlot)
	return &e[i]
}

// put publishes level and empty lists (level·m slots) for slot,
// replacing its old entry if any. Caller holds h.mu (or is loading).
func (p *upperPool) put(slot uint32, level, m int) {
	e := p.load()
	x := upperEntry{slot: uint16(slot), level: uint8(level), lists: emptyLists(level * m)}
	i, found := slices.BinarySearchFunc(e, x.slot, cmpSlot)
	var next []upperEntry
	switch {
	case found:
		next = slices.Clone(e)
		next[i] = x
	case i == len(e):
		next = append(e, x) // readers never look past their own length
	default:
		next = slices.Insert(slices.Clip(e), i, x)
	}
	p.entries.Store(&next)
}

func cmpSlot(e upperEntry, slot uint16) int { return int(e.slot) - int(slot) }

// bytes returns the table's memory: the entries' capacity plus their lists.
func (p *upperPool) bytes() int64 {
	e := p.load()
	n := int64(cap(e)) * 32
	for _, x := range e {
		n += 4 * int64(cap(x.lists))
	}
	return n
}
