package copyfmt

import (
	"errors"
	"testing"
	"testing/iotest"

	"github.com/vecgres/vecgres/sql/pgerror"
)

func TestParseFormat(t *testing.T) {
	for _, f := range []Format{Text, CSV, Binary} {
		if got, ok := ParseFormat(f.String()); !ok || got != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f.String(), got, ok)
		}
	}
	if got, ok := ParseFormat("CSV"); !ok || got != CSV {
		t.Errorf("ParseFormat(CSV) = %v, %v", got, ok)
	}
	if _, ok := ParseFormat("json"); ok {
		t.Error("ParseFormat(json) accepted")
	}
}

func TestValidate(t *testing.T) {
	cases := []struct {
		opts Options
		msg  string // "" = valid
	}{
		{Options{Format: Text}, ""},
		{Options{Format: CSV, Delimiter: '\t', Escape: '\\'}, ""},
		{Options{Format: Binary, Delimiter: 'a'}, ""},
		{Options{Format: Text, Delimiter: '\n'}, "COPY delimiter cannot be newline or carriage return"},
		{Options{Format: Text, Delimiter: '\\'}, `COPY delimiter cannot be "\"`},
		{Options{Format: Text, Null: "a\rb"}, "COPY null representation cannot use newline or carriage return"},
		{Options{Format: CSV, Null: "a,b"}, "COPY delimiter character must not appear in the NULL specification"},
		{Options{Format: CSV, Null: `"`}, "CSV quote character must not appear in the NULL specification"},
		{Options{Format: CSV, Escape: '\n'}, "COPY quote and escape cannot be newline or carriage return"},
	}
	for _, tc := range cases {
		err := tc.opts.Validate()
		if tc.msg == "" {
			if err != nil {
				t.Errorf("%+v: %v", tc.opts, err)
			}
			continue
		}
		checkErr(t, err, pgerror.InvalidParameterValue, tc.msg)
	}
}

// An I/O error from the source is returned as is, and again on every call.
func TestReaderIOError(t *testing.T) {
	boom := errors.New("boom")
	for _, f := range []Format{Text, CSV, Binary} {
		r := NewReader(iotest.ErrReader(boom), Options{Format: f})
		_, err1 := r.Next()
		_, err2 := r.Next()
		if !errors.Is(err1, boom) || !errors.Is(err2, boom) {
			t.Errorf("%v: errors %v, %v", f, err1, err2)
		}
	}
}

func TestFieldCountErrorText(t *testing.T) {
	if got := (&FieldCountError{Got: 1, Want: 3}).Error(); got != "missing data for column 2" {
		t.Errorf("Error() = %q", got)
	}
	if got := (&FieldCountError{Got: 4, Want: 3}).Error(); got != "extra data after last expected column" {
		t.Errorf("Error() = %q", got)
	}
}
