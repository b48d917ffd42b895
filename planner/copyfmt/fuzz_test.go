package copyfmt

import (
	"bytes"
	"reflect"
	"testing"
)

// maxFuzzRows bounds the rows read from one fuzz input.
const maxFuzzRows = 1000

// fuzzRoundTrip reads data with opts without panicking; the rows read
// before the first error must survive a write and a second read unchanged.
func fuzzRoundTrip(t *testing.T, data []byte, opts Options) {
	r := NewReader(bytes.NewReader(data), opts)
	var rows [][]string
	for range maxFuzzRows {
		row, err := r.Next()
		if err != nil {
			break
		}
		if opts.Format != Binary {
			for _, f := range row {
				if checkEncoding(f) != nil {
					t.Fatalf("%q: field %q is not UTF-8 without NUL", data, f)
				}
			}
		}
		rows = append(rows, toStrings(row))
	}
	if len(rows) == 0 {
		return
	}
	opts.Header = false
	enc := encode(NewWriter(opts), rows)
	got, _, err := readAll(NewReader(bytes.NewReader(enc), opts))
	if err != nil || !reflect.DeepEqual(got, rows) {
		t.Fatalf("round trip of %q via %q: got %q, %v", rows, enc, got, err)
	}
}

func FuzzTextReader(f *testing.F) {
	for _, s := range []string{"1\tabc\n2\t\\N\n", "a\\\nb\\x41\\101\r\n\\.\n", "\\", "x\ty\\\tz\n\n", "a\rb", "a\x00b\n", "a\\000b\tc\\x00\n", "\\377\n"} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, header bool) {
		fuzzRoundTrip(t, data, Options{Format: Text, Header: header})
	})
}

func FuzzCSVReader(f *testing.F) {
	for _, s := range []string{"1,\"a\nb\"\n,\"\"\n", "\"a\"\"b\",c\r\n\\.\n", "\"open", "ab\"c,d\"e\n", "\"a\x00\",b\n"} {
		f.Add([]byte(s), false, byte(0))
	}
	f.Add([]byte(`"a\"b\\",c`), false, byte('\\'))
	f.Fuzz(func(t *testing.T, data []byte, header bool, esc byte) {
		if esc == '\n' || esc == '\r' {
			esc = 0
		}
		fuzzRoundTrip(t, data, Options{Format: CSV, Header: header, Escape: esc})
	})
}

func FuzzBinaryReader(f *testing.F) {
	f.Add([]byte(binHead + bin(int16(2), int32(3), "abc", int32(-1), int16(-1))))
	f.Add([]byte(binHead + bin(int16(1), int32(1<<30))))
	f.Add([]byte(bin(binarySignature, int32(0), int32(2), "xx", int16(0))))
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzRoundTrip(t, data, Options{Format: Binary})
	})
}
