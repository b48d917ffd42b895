package copyfmt

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchDim is the vector dimension of the benchmark rows (MNIST-sized).
const benchDim = 784

// vectorRows returns n rows (id, vector text) with benchDim floats each.
func vectorRows(n int) [][][]byte {
	rng := rand.New(rand.NewPCG(7, 7))
	rows := make([][][]byte, n)
	for i := range rows {
		v := []byte{'['}
		for d := range benchDim {
			if d > 0 {
				v = append(v, ',')
			}
			v = strconv.AppendFloat(v, rng.Float64(), 'g', 8, 32)
		}
		v = append(v, ']')
		rows[i] = [][]byte{[]byte(strconv.Itoa(i)), v}
	}
	return rows
}

// benchRead decodes data in opts.Format b.N times.
func benchRead(b *testing.B, opts Options, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(bytes.NewReader(data), opts)
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// benchData encodes 1,000 vector rows in format f.
func benchData(f Format) []byte {
	w := NewWriter(Options{Format: f})
	out := w.Header()
	for _, row := range vectorRows(1000) {
		if f == Binary { // binary vector: int16 dim, int16 unused, float32s
			v := binary.BigEndian.AppendUint16(nil, benchDim)
			v = append(v, 0, 0)
			for range benchDim {
				v = binary.BigEndian.AppendUint32(v, math.Float32bits(0.5))
			}
			row[1] = v
		}
		out = w.AppendRow(out, row)
	}
	return append(out, w.Trailer()...)
}

func BenchmarkReadText(b *testing.B) {
	benchRead(b, Options{Format: Text, Columns: 2}, benchData(Text))
}

func BenchmarkReadCSV(b *testing.B) {
	benchRead(b, Options{Format: CSV, Columns: 2}, benchData(CSV))
}

func BenchmarkReadBinary(b *testing.B) {
	benchRead(b, Options{Format: Binary, Columns: 2}, benchData(Binary))
}

func BenchmarkWriteText(b *testing.B) {
	rows := vectorRows(100)
	w := NewWriter(Options{Format: Text})
	var out []byte
	b.SetBytes(int64(len(encode(w, nil)) + len(benchDataLen(w, rows))))
	b.ReportAllocs()
	for b.Loop() {
		out = out[:0]
		for _, row := range rows {
			out = w.AppendRow(out, row)
		}
	}
}

// benchDataLen encodes rows once, to size the write benchmark.
func benchDataLen(w *Writer, rows [][][]byte) []byte {
	var out []byte
	for _, row := range rows {
		out = w.AppendRow(out, row)
	}
	return out
}
