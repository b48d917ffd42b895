package sem

import (
	"testing"

	"github.com/vecgres/vecgres/sql/types"
)

// call runs the signature of name that resolves for args' types; the
// functions called here need no Context.
func call(t *testing.T, name string, argTypes []types.Type, args ...any) any {
	t.Helper()
	f, err := Builtins.Resolve(name, argTypes)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	v, err := f.Impl(argTypes)(nil, args)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return v
}

func TestTextFunctions(t *testing.T) {
	text := []types.Type{types.Text}
	if got := call(t, "length", text, "héllo"); got != int64(5) {
		t.Errorf("length = %v, want 5 (characters, not bytes)", got)
	}
	if got := call(t, "lower", text, "AbC"); got != "abc" {
		t.Errorf("lower = %v", got)
	}
	if got := call(t, "upper", text, "AbC"); got != "ABC" {
		t.Errorf("upper = %v", got)
	}
}
