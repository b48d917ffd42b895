package copyfmt

// setBufferLimit lowers the line and field limit for one test.
func setBufferLimit(t interface{ Cleanup(func()) }, n int) {
	old := bufferLimit
	bufferLimit = n
	t.Cleanup(func() { bufferLimit = old })
}
