package fmnist

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// DefaultDir is where the machine image keeps the data set.
const DefaultDir = "/usr/share/datasets/fashion-mnist"

// File names as distributed.
const (
	TrainImages = "train-images-idx3-ubyte.gz"
	TrainLabels = "train-labels-idx1-ubyte.gz"
	TestImages  = "t10k-images-idx3-ubyte.gz"
	TestLabels  = "t10k-labels-idx1-ubyte.gz"
)

// Dataset holds decoded images (784 float32 pixels each, 0..255) and their
// class labels (0..9), index-aligned.
type Dataset struct {
	Train, Test             [][]float32
	TrainLabels, TestLabels []uint8
}

// Load reads the whole data set (60,000 train, 10,000 test) from dir.
func Load(dir string) (*Dataset, error) { return LoadN(dir, 0, 0) }

// LoadN reads the first nTrain train and nTest test images and labels
// from dir (n <= 0 means all). Errors name the file.
func LoadN(dir string, nTrain, nTest int) (*Dataset, error) {
	var d Dataset
	var err error
	if d.Train, err = readGz(dir, TrainImages, func(r io.Reader) ([][]float32, error) { return ReadImages(r, nTrain) }); err != nil {
		return nil, err
	}
	if d.TrainLabels, err = readGz(dir, TrainLabels, func(r io.Reader) ([]uint8, error) { return ReadLabels(r, nTrain) }); err != nil {
		return nil, err
	}
	if d.Test, err = readGz(dir, TestImages, func(r io.Reader) ([][]float32, error) { return ReadImages(r, nTest) }); err != nil {
		return nil, err
	}
	if d.TestLabels, err = readGz(dir, TestLabels, func(r io.Reader) ([]uint8, error) { return ReadLabels(r, nTest) }); err != nil {
		return nil, err
	}
	return &d, nil
}

func readGz[T any](dir, name string, read func(io.Reader) (T, error)) (T, error) {
	var zero T
	path := filepath.Join(dir, name)
	f, err := os.Open(path)
	if err != nil {
		return zero, fmt.Errorf("fmnist: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return zero, fmt.Errorf("fmnist: %s: %w", path, err)
	}
	v, err := read(zr)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}
