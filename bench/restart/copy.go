package main

import (
	"compress/gzip"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pgvector/pgvector-go"
)

// readIDX reads an idx3-ubyte.gz image file (Fashion-MNIST) as float32
// vectors of rows*cols pixel values 0..255.
func readIDX(path string) ([][]float32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var hdr [4]uint32
	if err := binary.Read(z, binary.BigEndian, &hdr); err != nil {
		return nil, err
	}
	if hdr[0] != 0x803 {
		return nil, fmt.Errorf("%s: magic %#x, want 0x803", path, hdr[0])
	}
	dims := int(hdr[2] * hdr[3])
	buf := make([]byte, dims)
	out := make([][]float32, hdr[1])
	for i := range out {
		if _, err := io.ReadFull(z, buf); err != nil {
			return nil, err
		}
		v := make([]float32, dims)
		for j, b := range buf {
			v[j] = float32(b)
		}
		out[i] = v
	}
	return out, nil
}

// copyRun starts a server on an empty directory with the given
// --synchronous-commit and times one COPY of vecs (binary, via pgx) into a
// fresh table, as a bulk load does. It returns the seconds taken.
func copyRun(bin, dir, syncCommit string, vecs [][]float32) (float64, error) {
	os.RemoveAll(dir)
	s, err := startEmpty(bin, dir, "--synchronous-commit", syncCommit)
	if err != nil {
		return 0, err
	}
	defer s.stop(syscall.SIGTERM)
	conn, err := s.connect()
	if err != nil {
		return 0, err
	}
	ctx := context.Background()
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, fmt.Sprintf("CREATE TABLE fmnist (id bigint PRIMARY KEY, embedding vector(%d))", len(vecs[0]))); err != nil {
		return 0, err
	}
	t0 := time.Now()
	i := 0
	src := pgx.CopyFromFunc(func() ([]any, error) {
		if i == len(vecs) {
			return nil, nil
		}
		i++
		return []any{int64(i), pgvector.NewVector(vecs[i-1])}, nil
	})
	n, err := conn.CopyFrom(ctx, pgx.Identifier{"fmnist"}, []string{"id", "embedding"}, src)
	if err != nil {
		return 0, err
	}
	if int(n) != len(vecs) {
		return 0, fmt.Errorf("COPY stored %d rows of %d", n, len(vecs))
	}
	return time.Since(t0).Seconds(), nil
}
