package planner

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/vecgres/vecgres/planner/copyfmt"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// copyDecoder decodes COPY FROM data ahead of its insertion: one goroutine
// reads the stream and splits it into batches of rows of raw fields
// (copyBatchRows rows, or copyBatchBytes bytes), and copyParsers()
// goroutines parse batches into values in parallel, so that reading,
// parsing, storing (the session) and WAL writing (catalog.RowLog) overlap
// across cores. Batches come out in stream order (next), and a batch
// ends at its first error, so the first error in line order is the one
// reported, as in PostgreSQL's one-row-at-a-time COPY. The reader is the
// connection's only reader while it runs (the session waits in copyIn),
// and stop waits for every goroutine, so the connection has one reader at
// a time.
type copyDecoder struct {
	order   chan chan decodedBatch // each batch's result, in stream order
	jobs    chan rawBatch
	quit    chan struct{}
	done    chan struct{} // the reader ended
	parsers sync.WaitGroup
}

// decodedBatch is one batch of rows and the error that ended it (io.EOF
// at the end of the data).
type decodedBatch struct {
	rows []copyRow
	err  error
}

// rawBatch is one batch of rows as read: each row's fields (nil for
// NULL) in a buffer of the row's own, its line number, the error that
// ended the batch (already with its CONTEXT; io.EOF at the end of the
// data), and where its parsed form goes.
type rawBatch struct {
	rows  [][][]byte
	lines []int
	err   error
	out   chan decodedBatch
}

// copyBatchBytes caps the raw bytes of one batch, so that batches of long
// rows hold a bounded amount each (a longer row is a batch of its own).
const copyBatchBytes = 8 << 20

// copyParsers is how many goroutines parse batches: one per core.
func copyParsers() int { return max(1, runtime.GOMAXPROCS(0)) }

// startCopyDecoder starts reading and parsing r's rows for cp.
func startCopyDecoder(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) *copyDecoder {
	n := copyParsers()
	d := &copyDecoder{order: make(chan chan decodedBatch, n+1), jobs: make(chan rawBatch, n),
		quit: make(chan struct{}), done: make(chan struct{})}
	d.parsers.Add(n)
	for range n {
		go d.parse(cp)
	}
	go d.read(ctx, cp, r)
	return d
}

// read splits batches off the stream until one ends with an error
// (io.EOF included) or stop is called, handing each to the parsers and
// its result's place to next, in order.
func (d *copyDecoder) read(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) {
	defer close(d.done)
	defer close(d.jobs)
	for {
		b := readProtected(ctx, cp, r)
		b.out = make(chan decodedBatch, 1)
		select {
		case d.order <- b.out:
		case <-d.quit:
			return
		}
		select {
		case d.jobs <- b:
		case <-d.quit:
			return
		}
		if b.err != nil {
			return
		}
	}
}

// parse parses the batches handed to it until there are no more.
func (d *copyDecoder) parse(cp *copyPlan) {
	defer d.parsers.Done()
	for b := range d.jobs {
		b.out <- parseProtected(cp, b)
	}
}

// readProtected is readBatch with a panic turned into XX000, as the
// session's own goroutine does for a statement (runLocked).
func readProtected(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) (b rawBatch) {
	defer func() {
		if p := recover(); p != nil {
			b.err = pgerror.Internal(fmt.Errorf("panic: %v", p))
		}
	}()
	return cp.readBatch(ctx, r)
}

// parseProtected is parseBatch with a panic turned into XX000.
func parseProtected(cp *copyPlan, raw rawBatch) (b decodedBatch) {
	defer func() {
		if p := recover(); p != nil {
			b.err = pgerror.Internal(fmt.Errorf("panic: %v", p))
		}
	}()
	return cp.parseBatch(raw)
}

// next returns the next batch in stream order; after one with an error
// there is none.
func (d *copyDecoder) next() decodedBatch { return <-<-d.order }

// stop ends the decoder and waits until it no longer reads or parses.
func (d *copyDecoder) stop() {
	close(d.quit)
	<-d.done
	d.parsers.Wait()
}
