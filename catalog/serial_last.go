package catalog

// SerialLast returns the last value the sequence of serial column col has
// handed out, false when it has handed out none (pg_sequences.last_value
// is then NULL).
func (t *Table) SerialLast(col int) (int64, bool) {
	t.seqMu.Lock()
	defer t.seqMu.Unlock()
	v, ok := t.seqs[col]
	return v, ok && v > 0
}
