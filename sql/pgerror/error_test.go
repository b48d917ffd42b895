package pgerror

import (
	"fmt"
	"io"
	"testing"
)

func TestFromKeepsCodeThroughWrapping(t *testing.T) {
	base := New(InvalidTextRepresentation, `invalid input syntax for type vector: "[1"`)
	wrapped := fmt.Errorf("insert: %w", base)
	if got := CodeOf(wrapped); got != InvalidTextRepresentation {
		t.Fatalf("CodeOf = %s, want 22P02", got)
	}
	if got := CodeOf(io.EOF); got != InternalError {
		t.Fatalf("CodeOf(io.EOF) = %s, want XX000", got)
	}
}

func TestWithCopiesDoNotAlias(t *testing.T) {
	base := New(DataException, "m")
	d := base.WithDetail("d").WithHint("h").WithPosition(3)
	if base.Detail != "" || base.Hint != "" || base.Position != 0 {
		t.Fatalf("base modified: %+v", base)
	}
	if d.Detail != "d" || d.Hint != "h" || d.Position != 3 || d.Code != DataException {
		t.Fatalf("copy wrong: %+v", d)
	}
}
