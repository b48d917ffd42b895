package fmnist

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// IDX magic numbers: 0x08 = unsigned byte elements, low byte = dimensions.
const (
	magicImages = 0x00000803
	magicLabels = 0x00000801
)

// maxPixels bounds rows*cols of one image so that a corrupt header cannot
// request a huge allocation (Fashion-MNIST images are 28*28).
const maxPixels = 1 << 16

// ErrFormat is wrapped by every error about malformed IDX content.
var ErrFormat = errors.New("fmnist: malformed idx data")

// ReadImages decodes an uncompressed IDX image file: up to max images
// (all if max <= 0), each rows*cols pixels as float32 in 0..255.
func ReadImages(r io.Reader, max int) ([][]float32, error) {
	var hdr [4]uint32
	if err := binary.Read(r, binary.BigEndian, &hdr); err != nil {
		return nil, fmt.Errorf("%w: image header: %v", ErrFormat, err)
	}
	if hdr[0] != magicImages {
		return nil, fmt.Errorf("%w: image magic %#08x, want %#08x", ErrFormat, hdr[0], magicImages)
	}
	n, pix := int(hdr[1]), uint64(hdr[2])*uint64(hdr[3])
	if pix == 0 || pix > maxPixels {
		return nil, fmt.Errorf("%w: image size %dx%d", ErrFormat, hdr[2], hdr[3])
	}
	if max > 0 && max < n {
		n = max
	}
	buf := make([]byte, pix)
	var out [][]float32
	for i := range n {
		if _, err := io.ReadFull(r, buf); err != nil {
			return nil, fmt.Errorf("%w: image %d of %d: %v", ErrFormat, i, n, err)
		}
		v := make([]float32, pix)
		for j, b := range buf {
			v[j] = float32(b)
		}
		out = append(out, v)
	}
	return out, nil
}

// ReadLabels decodes an uncompressed IDX label file: up to max labels (all
// if max <= 0).
func ReadLabels(r io.Reader, max int) ([]uint8, error) {
	var hdr [2]uint32
	if err := binary.Read(r, binary.BigEndian, &hdr); err != nil {
		return nil, fmt.Errorf("%w: label header: %v", ErrFormat, err)
	}
	if hdr[0] != magicLabels {
		return nil, fmt.Errorf("%w: label magic %#08x, want %#08x", ErrFormat, hdr[0], magicLabels)
	}
	n := int(hdr[1])
	if max > 0 && max < n {
		n = max
	}
	out, err := io.ReadAll(io.LimitReader(r, int64(n)))
	if err != nil {
		return nil, fmt.Errorf("%w: labels: %v", ErrFormat, err)
	}
	if len(out) != n {
		return nil, fmt.Errorf("%w: %d labels, header says %d", ErrFormat, len(out), n)
	}
	return out, nil
}
