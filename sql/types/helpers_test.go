package types

import (
	"errors"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// wantError checks that err is a *pgerror.Error with exactly this SQLSTATE,
// message and detail.
func wantError(t *testing.T, what string, err error, code pgerror.Code, msg, detail string) {
	t.Helper()
	var pe *pgerror.Error
	if !errors.As(err, &pe) {
		t.Errorf("%s: error %v (%T), want %s %q", what, err, err, code, msg)
		return
	}
	if pe.Code != code || pe.Message != msg || pe.Detail != detail {
		t.Errorf("%s: got %s %q detail %q, want %s %q detail %q", what, pe.Code, pe.Message, pe.Detail, code, msg, detail)
	}
}
