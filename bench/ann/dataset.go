package main

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// idxUbyte3Magic is the IDX magic for an unsigned-byte array with 3 dimensions
// (0x08 = ubyte, 0x03 = number of dimensions).
const idxUbyte3Magic = 0x00000803

// Fashion-MNIST file names inside --data-dir.
const (
	trainImagesFile = "train-images-idx3-ubyte.gz"
	testImagesFile  = "t10k-images-idx3-ubyte.gz"
)

// maxIdxPixels bounds rows*cols of one image so that a corrupt header cannot
// make readIdxImages allocate unbounded memory; images are then allocated one
// at a time as they are read, so a large count fails at the truncation.
const maxIdxPixels = 1 << 20

// loadImages reads up to limit images (limit <= 0: all) from the IDX file at
// path, gzip-compressed when the name ends in ".gz". It returns one []float32
// of length rows*cols per image, pixel values 0..255.
func loadImages(path string, limit int) ([][]float32, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open dataset: %w", err)
	}
	defer f.Close()
	var r io.Reader = bufio.NewReaderSize(f, 1<<20)
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("%s: gzip: %w", filepath.Base(path), err)
		}
		defer gz.Close()
		r = gz
	}
	imgs, err := readIdxImages(r, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return imgs, nil
}

// readIdxImages parses an uncompressed IDX3 ubyte stream: magic 0x00000803,
// then count, rows, cols as big-endian uint32, then count*rows*cols bytes.
// It reads at most limit images (limit <= 0: all). Errors: wrong magic, zero
// or oversized dimensions, truncated data.
func readIdxImages(r io.Reader, limit int) ([][]float32, error) {
	var hdr [4]uint32
	if err := binary.Read(r, binary.BigEndian, &hdr); err != nil {
		return nil, fmt.Errorf("read idx header: %w", err)
	}
	if hdr[0] != idxUbyte3Magic {
		return nil, fmt.Errorf("idx magic 0x%08x, want 0x%08x", hdr[0], idxUbyte3Magic)
	}
	count, rows, cols := uint64(hdr[1]), uint64(hdr[2]), uint64(hdr[3])
	if rows == 0 || cols == 0 || rows*cols > maxIdxPixels {
		return nil, fmt.Errorf("idx dimensions %dx%dx%d out of range", count, rows, cols)
	}
	n := int(count)
	if limit > 0 && limit < n {
		n = limit
	}
	dim := int(rows * cols)
	buf := make([]byte, dim)
	imgs := make([][]float32, 0, min(n, 1<<16))
	for i := 0; i < n; i++ {
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, fmt.Errorf("read image %d of %d: %w", i, count, err)
		}
		v := make([]float32, dim)
		for j, b := range buf {
			v[j] = float32(b)
		}
		imgs = append(imgs, v)
	}
	return imgs, nil
}
