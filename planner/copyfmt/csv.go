package copyfmt

import "bytes"

// csvState tracks quoting across the bufio segments of one CSV line, as
// PostgreSQL's line reader does: a quote toggles the quoted state unless it
// follows an escape inside quotes (escape processing is off when the escape
// byte is the quote itself, the doubled quote toggling twice).
type csvState struct {
	quote, esc byte
	hasEsc     bool
	inQuote    bool
	lastEsc    bool
}

// scan updates the state over seg, jumping between quote and escape bytes.
func (s *csvState) scan(seg []byte) {
	for i := 0; i < len(seg); {
		if s.lastEsc { // an escape inside quotes: it takes a following escape or quote
			s.lastEsc = false
			if c := seg[i]; c == s.esc || c == s.quote {
				i++
				continue
			}
		}
		escaping := s.inQuote && s.hasEsc
		var j int
		if escaping {
			j = indexEither(seg[i:], s.quote, s.esc)
		} else {
			j = bytes.IndexByte(seg[i:], s.quote)
		}
		if j < 0 {
			return
		}
		i += j
		c := seg[i]
		i++
		if escaping && c == s.esc {
			s.lastEsc = true
			continue
		}
		s.inQuote = !s.inQuote
	}
}

// indexEither returns the index of the first x or y in b, or -1.
func indexEither(b []byte, x, y byte) int {
	i := indexByte(b, x)
	lim := b
	if i >= 0 {
		lim = b[:i]
	}
	if j := indexByte(lim, y); j >= 0 {
		return j
	}
	return i
}

// readCSVLine returns the next CSV line without its terminator, which may
// span several physical lines through quoted newlines, and the number of
// such newlines.
func (r *Reader) readCSVLine() ([]byte, int, error) {
	s := csvState{quote: r.opts.Quote, esc: r.opts.Escape, hasEsc: r.opts.Escape != r.opts.Quote}
	line, extra, err := r.readSegments(func(seg []byte) bool {
		s.scan(seg)
		return endsLine(seg) && !s.inQuote
	})
	if err != nil || s.inQuote {
		return line, extra, err // an open quote at end of stream keeps its bytes
	}
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
	}
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	return line[:n], extra, nil
}

// splitCSV splits a CSV line into r.fields (PostgreSQL docs, COPY, "CSV
// Format"). Fields without a quote are views of line; quoted fields are
// decoded in place, into the line itself (decoding never lengthens a
// field, so its bytes are written at or before where they were read,
// after the fields before it), and are never NULL.
func (r *Reader) splitCSV(line []byte) error {
	if indexByte(line, '\r') >= 0 && r.csvBareCR(line) {
		return fresh(errCSVCR)
	}
	r.fields = r.fields[:0]
	delim, quote := r.opts.Delimiter, r.opts.Quote
	start, w := 0, 0 // w: end of the bytes of the fields so far; w <= start
	for {
		rest := line[start:]
		i := indexByte(rest, delim)
		if i < 0 {
			i = len(rest)
		}
		end := start + i
		if indexByte(rest[:i], quote) < 0 {
			if raw := rest[:i:i]; r.isNull(raw) {
				r.fields = append(r.fields, nil)
			} else {
				r.fields = append(r.fields, nonNil(raw))
			}
			w = end
		} else {
			var field []byte
			var ok bool
			field, end, ok = r.decodeCSVField(line[w:w], line, start)
			if !ok {
				return fresh(errUnterminated)
			}
			w += len(field)
			r.fields = append(r.fields, line[w-len(field):w:w])
		}
		if end == len(line) {
			return nil
		}
		start = end + 1
	}
}

// decodeCSVField appends the field starting at line[start] to dst, honouring
// quotes, and returns dst, the index of the delimiter that ends the field
// (or len(line)), and false when a quote is left open. dst may be line's
// own bytes ending at or before start.
func (r *Reader) decodeCSVField(dst, line []byte, start int) ([]byte, int, bool) {
	delim, quote, esc := r.opts.Delimiter, r.opts.Quote, r.opts.Escape
	j := start
	for j < len(line) {
		// Outside quotes: copy up to the next delimiter or quote.
		k := indexEither(line[j:], delim, quote)
		if k < 0 {
			return appendPieces(dst, line[j:]), len(line), true
		}
		dst = appendPieces(dst, line[j:j+k])
		j += k
		if line[j] == delim {
			return dst, j, true
		}
		j++
		// Inside quotes: copy up to the closing quote, resolving escapes.
		closed := false
		for !closed {
			k = indexEither(line[j:], quote, esc)
			if k < 0 {
				return appendPieces(dst, line[j:]), len(line), false
			}
			dst = appendPieces(dst, line[j:j+k])
			j += k
			switch c := line[j]; {
			case c == esc && j+1 < len(line) && (line[j+1] == esc || line[j+1] == quote):
				dst = append(dst, line[j+1])
				j += 2
			case c == quote:
				closed = true
				j++
			default: // an escape before anything else is data
				dst = append(dst, c)
				j++
			}
		}
	}
	return dst, j, true
}

// csvBareCR reports whether line holds a carriage return outside quotes.
func (r *Reader) csvBareCR(line []byte) bool {
	quote, esc := r.opts.Quote, r.opts.Escape
	inQuote := false
	for j := 0; j < len(line); j++ {
		c := line[j]
		switch {
		case inQuote && c == esc && j+1 < len(line) && (line[j+1] == esc || line[j+1] == quote):
			j++
		case c == quote:
			inQuote = !inQuote
		case c == '\r' && !inQuote:
			return true
		}
	}
	return false
}
