package copyfmt

import "encoding/binary"

// Writer encodes rows as COPY TO data (the payloads of CopyData messages).
// Options are used after Defaults and are assumed valid (Options.Validate).
type Writer struct {
	opts  Options
	names []string
	// special marks the bytes that need a backslash escape (text) or force
	// quoting (CSV).
	special [256]bool
}

// NewWriter returns a Writer for opts.
func NewWriter(opts Options) *Writer {
	w := &Writer{opts: opts.Defaults()}
	o := &w.opts
	switch o.Format {
	case Text:
		for _, c := range []byte{'\\', '\n', '\r', '\b', '\f', '\t', '\v', o.Delimiter} {
			w.special[c] = true
		}
	case CSV:
		for _, c := range []byte{'\n', '\r', o.Delimiter, o.Quote, o.Escape} {
			w.special[c] = true
		}
	}
	return w
}

// SetNames sets the column names that Header writes for text and CSV when
// Options.Header is set.
func (w *Writer) SetNames(names []string) { w.names = names }

// Header returns the bytes that start the data: the binary signature, zero
// flags and an empty header extension (19 bytes); for text and CSV with
// Options.Header the line of column names (as non-NULL fields); else nil.
func (w *Writer) Header() []byte {
	switch {
	case w.opts.Format == Binary:
		b := append([]byte(binarySignature), 0, 0, 0, 0)
		return append(b, 0, 0, 0, 0)
	case w.opts.Header:
		fields := make([][]byte, len(w.names))
		for i, n := range w.names {
			fields[i] = []byte(n)
		}
		return w.AppendRow(nil, fields)
	}
	return nil
}

// Trailer returns the bytes that end the data: the int16 -1 in binary, nil
// in text and CSV (the protocol's CopyDone ends them).
func (w *Writer) Trailer() []byte {
	if w.opts.Format == Binary {
		return []byte{0xff, 0xff}
	}
	return nil
}

// Row returns one encoded row; a nil field is NULL.
func (w *Writer) Row(fields [][]byte) []byte { return w.AppendRow(nil, fields) }

// AppendRow appends one encoded row to dst and returns it: text fields
// escaped and delimited, CSV fields quoted when needed, both ended by "\n";
// binary an int16 field count and per field an int32 length (-1 for NULL)
// and the bytes.
func (w *Writer) AppendRow(dst []byte, fields [][]byte) []byte {
	switch w.opts.Format {
	case Binary:
		dst = binary.BigEndian.AppendUint16(dst, uint16(len(fields)))
		for _, f := range fields {
			if f == nil {
				dst = binary.BigEndian.AppendUint32(dst, 0xffffffff)
				continue
			}
			dst = binary.BigEndian.AppendUint32(dst, uint32(len(f)))
			dst = append(dst, f...)
		}
		return dst
	case CSV:
		for i, f := range fields {
			if i > 0 {
				dst = append(dst, w.opts.Delimiter)
			}
			dst = w.appendCSV(dst, f, len(fields) == 1)
		}
	default:
		for i, f := range fields {
			if i > 0 {
				dst = append(dst, w.opts.Delimiter)
			}
			dst = w.appendText(dst, f)
		}
	}
	return append(dst, '\n')
}

// appendText appends a text-format field (PostgreSQL docs, COPY, "Text
// Format"): NULL as the NULL string, otherwise with backslash escapes.
func (w *Writer) appendText(dst, f []byte) []byte {
	if f == nil {
		return append(dst, w.opts.Null...)
	}
	last := 0
	for i, c := range f {
		if !w.special[c] {
			continue
		}
		dst = append(dst, f[last:i]...)
		last = i + 1
		switch c {
		case '\n':
			dst = append(dst, '\\', 'n')
		case '\r':
			dst = append(dst, '\\', 'r')
		case '\t':
			dst = append(dst, '\\', 't')
		case '\b':
			dst = append(dst, '\\', 'b')
		case '\f':
			dst = append(dst, '\\', 'f')
		case '\v':
			dst = append(dst, '\\', 'v')
		default: // backslash, delimiter
			dst = append(dst, '\\', c)
		}
	}
	return append(dst, f[last:]...)
}

// appendCSV appends a CSV field (PostgreSQL docs, COPY, "CSV Format"): NULL
// as the NULL string; a value quoted when it equals the NULL string, holds a
// delimiter, quote, escape, CR or LF, or is a lone "\." (which would read as
// the end marker); inside quotes the quote and escape bytes are preceded by
// the escape.
func (w *Writer) appendCSV(dst, f []byte, single bool) []byte {
	if f == nil {
		return append(dst, w.opts.Null...)
	}
	quote := string(f) == w.opts.Null || (single && string(f) == `\.`)
	for _, c := range f {
		if quote {
			break
		}
		quote = w.special[c]
	}
	if !quote {
		return append(dst, f...)
	}
	q, e := w.opts.Quote, w.opts.Escape
	dst = append(dst, q)
	for _, c := range f {
		if c == q || c == e {
			dst = append(dst, e)
		}
		dst = append(dst, c)
	}
	return append(dst, q)
}
