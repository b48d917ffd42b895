package copyfmt

// readTextLine returns the next text line without its terminator. A newline
// or carriage return after an odd run of backslashes is data, not an end of
// line; PostgreSQL does not count such a newline as a line.
func (r *Reader) readTextLine() ([]byte, int, error) {
	run := 0 // backslashes that end the line so far
	line, _, err := r.readSegments(func(seg []byte) bool {
		if endsLine(seg) {
			k := trailingBackslashes(seg[:len(seg)-1])
			if k == len(seg)-1 {
				k += run
			}
			if k%2 == 0 {
				return true
			}
		}
		if k := trailingBackslashes(seg); k == len(seg) {
			run += k
		} else {
			run = k
		}
		return false
	})
	if err != nil {
		return nil, 0, err
	}
	n := len(line)
	if n > 0 && line[n-1] == '\n' && !oddBackslashes(line, n-1) {
		n--
	}
	if n > 0 && line[n-1] == '\r' && !oddBackslashes(line, n-1) {
		n--
	}
	return line[:n], 0, nil
}

// trailingBackslashes is the number of backslashes that end b.
func trailingBackslashes(b []byte) int {
	i := len(b)
	for i > 0 && b[i-1] == '\\' {
		i--
	}
	return len(b) - i
}

// oddBackslashes reports whether b[:end] ends with an odd number of
// backslashes, that is, whether the byte at end is escaped in text format.
func oddBackslashes(b []byte, end int) bool {
	i := end
	for i > 0 && b[i-1] == '\\' {
		i--
	}
	return (end-i)%2 == 1
}

// splitText splits a text line into r.fields, de-escaping fields that hold
// a backslash in place, into the line itself: de-escaping never lengthens
// a field, so each field's bytes are written at or before where they were
// read, after the fields before it (a long line is held once). A field
// whose raw bytes equal the NULL string is nil. A de-escaped field must be
// UTF-8 without NUL (\000 and \x00 are refused), as PostgreSQL verifies a
// field whose escapes made a NUL or a high-bit byte.
func (r *Reader) splitText(line []byte) error {
	if indexByte(line, '\r') >= 0 && hasBareCR(line) {
		return fresh(errTextCR)
	}
	r.fields = r.fields[:0]
	delim := r.opts.Delimiter
	start, w := 0, 0 // w: end of the bytes of the fields so far; w <= start
	for {
		end, esc := scanTextField(line, start, delim)
		raw := line[start:end]
		switch {
		case r.isNull(raw):
			r.fields = append(r.fields, nil)
		case !esc:
			r.fields = append(r.fields, nonNil(raw[:len(raw):len(raw)]))
			w = end
		default:
			n := len(unescapeText(line[w:w], raw))
			field := line[w : w+n : w+n]
			w += n
			if e := checkEncoding(field); e != nil {
				return &LineError{Line: r.line, Err: e}
			}
			r.fields = append(r.fields, field)
		}
		if end == len(line) {
			return nil
		}
		start = end + 1
	}
}

// scanTextField returns the end of the field that starts at line[start] (the
// index of the next unescaped delimiter, or len(line)) and whether the field
// holds a backslash.
func scanTextField(line []byte, start int, delim byte) (int, bool) {
	rest := line[start:]
	i := indexByte(rest, delim)
	if i < 0 {
		i = len(rest)
	}
	if indexByte(rest[:i], '\\') < 0 {
		return start + i, false
	}
	for j := start; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case delim:
			return j, true
		}
	}
	return len(line), true
}

// hasBareCR reports whether line holds a carriage return not escaped by a
// backslash.
func hasBareCR(line []byte) bool {
	for j := 0; j < len(line); j++ {
		switch line[j] {
		case '\\':
			j++
		case '\r':
			return true
		}
	}
	return false
}

// unescapeText appends the de-escaped raw field to dst (PostgreSQL docs,
// COPY, "Text Format": \b \f \n \r \t \v, 1-3 octal digits, \x with 1-2 hex
// digits, any other escaped byte stands for itself; a backslash at the very
// end is dropped, as PostgreSQL does). dst may be raw's own line, ending
// at or before raw's start: the bytes are written where they were read or
// before.
func unescapeText(dst, raw []byte) []byte {
	for len(raw) > 0 {
		i := indexByte(raw, '\\')
		if i < 0 {
			return appendPieces(dst, raw)
		}
		dst = appendPieces(dst, raw[:i])
		raw = raw[i+1:]
		if len(raw) == 0 {
			return dst
		}
		var c byte
		c, raw = unescapeOne(raw)
		dst = append(dst, c)
	}
	return dst
}

// unescapeOne decodes the escape whose first byte after the backslash is
// raw[0], returning the byte and the rest of raw.
func unescapeOne(raw []byte) (byte, []byte) {
	c := raw[0]
	switch {
	case c >= '0' && c <= '7':
		v, n := int(c-'0'), 1
		for n < 3 && n < len(raw) && raw[n] >= '0' && raw[n] <= '7' {
			v = v*8 + int(raw[n]-'0')
			n++
		}
		return byte(v), raw[n:]
	case c == 'x':
		v, n := 0, 1
		for n < 3 && n < len(raw) && hexVal(raw[n]) >= 0 {
			v = v*16 + hexVal(raw[n])
			n++
		}
		if n == 1 {
			return 'x', raw[1:]
		}
		return byte(v), raw[n:]
	}
	return textEscapes[c], raw[1:]
}

// textEscapes maps the byte after a backslash to the byte it stands for
// (itself unless it is one of b f n r t v).
var textEscapes = func() (t [256]byte) {
	for i := range t {
		t[i] = byte(i)
	}
	t['b'], t['f'], t['n'], t['r'], t['t'], t['v'] = '\b', '\f', '\n', '\r', '\t', '\v'
	return t
}()

// hexVal returns the value of a hex digit, or -1.
func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
