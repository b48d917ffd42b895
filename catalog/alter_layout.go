package catalog

// Row layout (ALTER TABLE ... ADD / DROP COLUMN): a stored version's
// values are never rewritten. A table whose columns were added or dropped
// has a rowLayout mapping each column to its position among a version's
// stored values ("physical position", which never changes), as
// PostgreSQL's attnum does; a version stored before ADD COLUMN has fewer
// values and reads the column's missing value (PostgreSQL's
// attmissingval: the constant DEFAULT at ALTER time, or NULL) for each
// position past its end. A dropped column's position stays unused: new
// versions store NULL there. Versions reach the planner in column order
// (Table.logical); the catalog converts new ones back (Table.physical).

// rowLayout is a table's column-to-stored-position map. Immutable once
// published (Table.layout): ALTER TABLE stores a new one.
// MaxColumns is the most stored value positions a table may have, dropped
// columns included (PostgreSQL's MaxHeapAttributeNumber).
const MaxColumns = 1600

type rowLayout struct {
	phys    []int // column position -> stored position
	missing []any // stored position -> value of versions stored with fewer values
	width   int   // values stored per new version
	ident   bool  // phys[i] == i and width == len(phys): new versions need no conversion
}

func newLayout(phys []int, missing []any, width int) *rowLayout {
	l := &rowLayout{phys: phys, missing: missing, width: width, ident: width == len(phys)}
	for i, p := range phys {
		if p != i {
			l.ident = false
		}
	}
	return l
}

// value returns stored position p of vals, or its missing value when the
// version was stored with fewer values.
func (l *rowLayout) value(vals []any, p int) any {
	if p < len(vals) {
		return vals[p]
	}
	if l != nil && p < len(l.missing) {
		return l.missing[p]
	}
	return nil
}

// currentLayout returns t's layout, the identity one when none was set.
func (t *Table) currentLayout() *rowLayout {
	if l := t.layout.Load(); l != nil {
		return l
	}
	phys := make([]int, len(t.Columns))
	for i := range phys {
		phys[i] = i
	}
	return newLayout(phys, nil, len(phys))
}

// logical returns a stored version's values in column order (one per
// column). It returns vals itself unless columns were dropped or the
// version predates an added column.
func (t *Table) logical(vals []any) []any {
	l := t.layout.Load()
	if l == nil || (l.ident && len(vals) == l.width) {
		return vals
	}
	out := make([]any, len(l.phys))
	for i, p := range l.phys {
		out[i] = l.value(vals, p)
	}
	return out
}

// physical returns the values to store for a row given in column order.
func (t *Table) physical(vals []any) []any {
	l := t.layout.Load()
	if l == nil || l.ident {
		return vals
	}
	out := make([]any, l.width)
	for i, p := range l.phys {
		out[p] = vals[i]
	}
	return out
}

// physOf returns the stored position of column col.
func (t *Table) physOf(col int) int {
	if l := t.layout.Load(); l != nil {
		return l.phys[col]
	}
	return col
}

// value returns ix's column of a stored version's values. It reads only
// immutable state (ix.phys, the published layout), so the background
// catch-up and checkpoints may call it without locks.
// For an expression or partial index it evaluates the key over the
// version's columns; ok is false when the version is not in ix (its
// predicate is not true, or its key cannot be computed).
func (ix *Index) value(vals []any) (v any, ok bool) {
	if ix.HasExprs() {
		v, ok, _ := ix.key(ix.Table.logical(vals))
		return v, ok
	}
	return ix.Table.layout.Load().value(vals, ix.phys), true
}

// appendLayout appends the table's layout and default expressions to a
// CreateTable payload: width, ncols, {stored position, default expression
// text}..., nmissing, {datum}... Records and snapshots written before
// ALTER TABLE existed end before it (identity layout, no expressions).
func appendLayout(b []byte, t *Table) []byte {
	l := t.currentLayout()
	b = appendUvarint(b, uint64(l.width))
	b = appendUvarint(b, uint64(len(t.Columns)))
	for i, c := range t.Columns {
		b = appendString(appendUvarint(b, uint64(l.phys[i])), c.DefaultExpr)
	}
	b = appendUvarint(b, uint64(len(l.missing)))
	for _, m := range l.missing {
		b = appendDatum(b, m)
	}
	return b
}

// readLayout reads what appendLayout wrote, if anything is left in d.
func readLayout(d *decoder, t *Table) {
	if len(d.b) == 0 || d.err != nil {
		return
	}
	w := d.uvarint()
	if w > MaxColumns {
		d.fail(errBadLayout)
		return
	}
	width := int(w)
	n := d.uvarint()
	phys := make([]int, 0, min(n, uint64(len(d.b))))
	for i := uint64(0); i < n && d.err == nil; i++ {
		phys = append(phys, int(d.uvarint()))
		expr := d.str()
		if int(i) < len(t.Columns) {
			t.Columns[i].DefaultExpr = expr
		}
	}
	nm := d.uvarint()
	if nm > w {
		d.fail(errBadLayout)
		return
	}
	var missing []any
	for i := uint64(0); i < nm && d.err == nil; i++ {
		missing = append(missing, d.datum())
	}
	if d.err != nil || len(phys) != len(t.Columns) {
		return
	}
	for _, p := range phys {
		if p >= width {
			d.fail(errBadLayout)
			return
		}
	}
	t.layout.Store(newLayout(phys, missing, width))
}

// columnOfPhys returns the column stored at position p, or -1 when that
// column was dropped.
func (t *Table) columnOfPhys(p int) int {
	l := t.layout.Load()
	if l == nil {
		if p < len(t.Columns) {
			return p
		}
		return -1
	}
	for i, q := range l.phys {
		if q == p {
			return i
		}
	}
	return -1
}
