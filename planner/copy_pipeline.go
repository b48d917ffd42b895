package planner

import (
	"context"
	"fmt"

	"github.com/vecgres/vecgres/planner/copyfmt"
	"github.com/vecgres/vecgres/sql/pgerror"
)

// copyDecoder decodes COPY FROM data one batch ahead of its insertion, on
// a goroutine of its own, so that parsing the next copyBatchRows rows
// overlaps storing, WAL-logging and indexing the previous ones. The
// decoder is the reader's only user while it runs (the session waits in
// copyIn), and stop waits for it, so the connection has one reader at a
// time. Batches arrive in order and a decoding error comes after the
// rows before it, so the first error in line order is the one reported,
// as in PostgreSQL's one-row-at-a-time COPY.
type copyDecoder struct {
	out  chan decodedBatch
	quit chan struct{}
	done chan struct{}
}

// decodedBatch is one batch of rows and the error that ended it (io.EOF
// at the end of the data).
type decodedBatch struct {
	rows []copyRow
	err  error
}

// startCopyDecoder starts decoding r's rows for cp.
func startCopyDecoder(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) *copyDecoder {
	d := &copyDecoder{out: make(chan decodedBatch), quit: make(chan struct{}), done: make(chan struct{})}
	go d.run(ctx, cp, r)
	return d
}

// run decodes batches until one ends with an error (io.EOF included) or
// stop is called.
func (d *copyDecoder) run(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) {
	defer close(d.done)
	for {
		b := decodeProtected(ctx, cp, r)
		select {
		case d.out <- b:
		case <-d.quit:
			return
		}
		if b.err != nil {
			return
		}
	}
}

// decodeProtected is decodeBatch with a panic turned into XX000, as the
// session's own goroutine does for a statement (runLocked).
func decodeProtected(ctx context.Context, cp *copyPlan, r *copyfmt.Reader) (b decodedBatch) {
	defer func() {
		if p := recover(); p != nil {
			b.err = pgerror.Internal(fmt.Errorf("panic: %v", p))
		}
	}()
	b.rows, b.err = cp.decodeBatch(ctx, r)
	return b
}

// next returns the next batch; after one with an error there is none.
func (d *copyDecoder) next() decodedBatch { return <-d.out }

// stop ends the decoder and waits until it no longer reads.
func (d *copyDecoder) stop() {
	close(d.quit)
	<-d.done
}
