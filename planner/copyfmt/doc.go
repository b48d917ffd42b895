// Package copyfmt decodes and encodes the data stream of COPY FROM STDIN and
// COPY TO STDOUT (PostgreSQL docs, SQL Commands, COPY, section "File
// Formats"). It is a leaf of the planner layer: it imports only the standard
// library and sql/pgerror, and it knows nothing of SQL types. A Reader splits
// the concatenated CopyData payloads into rows of raw fields; the caller turns
// each field into a value with the column type's text input function (text,
// CSV) or binary receive function (binary). A Writer builds CopyData payloads.
//
// Text format: one row per line, fields separated by the delimiter (default
// tab). A field equal to the NULL string (default \N, compared before
// de-escaping) is NULL. Backslash escapes: \b \f \n \r \t \v, \\, \digits
// (1-3 octal digits), \xH or \xHH (hex), and a backslash before any other byte
// stands for that byte (so \<delimiter> is a data delimiter and a backslash
// before a newline or carriage return is a data newline or carriage return).
// Lines end with \n or \r\n; an unescaped carriage return elsewhere is an
// error. A line holding only \. ends the data.
//
// CSV format: fields separated by the delimiter (default comma); a quote
// (default ") anywhere in a field starts a quoted run that ends at the next
// quote; inside it the escape byte (default the quote itself) followed by the
// quote or the escape stands for that byte, and delimiters, carriage returns
// and newlines are data. An unquoted field equal to the NULL string (default
// empty) is NULL; a field with any quote is never NULL, so "" is the empty
// string. A line holding only \. (unquoted) ends the data. HEADER skips the
// first line in text and CSV.
//
// Binary format (all integers big-endian): the 11-byte signature
// "PGCOPY\n\377\r\n\0", an int32 flags word (bit 16 = WITH OIDS, refused;
// bits 17-31 are critical and must be zero), an int32 header-extension length
// followed by that many bytes (skipped). Then tuples: an int16 field count
// (-1 is the trailer that ends the data), and per field an int32 byte length
// (-1 = NULL) followed by that many bytes of the type's binary send format.
//
// Errors are *pgerror.Error with SQLSTATE 22P04 (bad_copy_file_format) and
// PostgreSQL's messages, except a wrong number of fields in a text or CSV
// row, which is a *FieldCountError the caller formats with column names.
// Text and CSV data must be UTF-8 without NUL bytes (22021, as PostgreSQL
// verifies the stream against the server encoding); a text field whose
// escapes (\000, \x00, \377) make bad bytes is a *LineError, reported
// with the raw line.
//
// Limits and memory: a text or CSV line (its terminator included) or a
// binary field holds at most MaxBufferBytes (1 GB - 2, PostgreSQL's
// MaxAllocSize - 1); past it, 54000 "out of memory" with PostgreSQL's
// DETAIL, read no further. A long line is gathered in 1 MiB chunks and
// copied once into a buffer of its size; text fields are de-escaped in
// place; a huge line's buffer is never reused (Reader.Owned), so its
// values may keep it instead of a copy. Large copies and scans go 1 MiB at
// a time, so a goroutine reading a huge line can be preempted. An error's
// CONTEXT shows 100 bytes of a line or value (Display).
//
// Line numbers follow PostgreSQL's CONTEXT "COPY t, line N": the header line
// counts, and a newline inside a quoted CSV field advances the count, so
// Line is the physical line on which the row ends. In binary, Line is the
// tuple number.
package copyfmt
