// Package fmnist reads the Fashion-MNIST data set (Xiao, Rasul & Vollgraf
// 2017) for recall tests and benchmarks of vecindex (its tests and
// bench/inproc). It imports nothing of ours.
//
// The files are gzip-compressed IDX files (format as published with MNIST
// by LeCun et al.): a big-endian uint32 magic, 0x00000803 for images
// (three dimensions: count, rows, cols) or 0x00000801 for labels (one
// dimension: count), then one big-endian uint32 per dimension, then the
// unsigned bytes in row-major order. Pixels are 0..255; labels 0..9.
package fmnist
