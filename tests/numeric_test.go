package tests

import (
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
)

// numericText prints a pgtype.Numeric as numeric_out does: Int × 10^Exp
// with -Exp digits after the point when Exp < 0.
func numericText(n pgtype.Numeric) string {
	switch {
	case !n.Valid:
		return "NULL"
	case n.NaN:
		return "NaN"
	case n.InfinityModifier == pgtype.Infinity:
		return "Infinity"
	case n.InfinityModifier == pgtype.NegativeInfinity:
		return "-Infinity"
	}
	if n.Exp >= 0 {
		return new(big.Int).Mul(n.Int, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n.Exp)), nil)).String()
	}
	digits := new(big.Int).Abs(n.Int).String()
	scale := int(-n.Exp)
	if len(digits) <= scale {
		digits = strings.Repeat("0", scale-len(digits)+1) + digits
	}
	sign := ""
	if n.Int.Sign() < 0 {
		sign = "-"
	}
	return sign + digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
}

func mustNumeric(t *testing.T, s string) pgtype.Numeric {
	t.Helper()
	var n pgtype.Numeric
	if err := n.Scan(s); err != nil {
		t.Fatalf("pgtype.Numeric %q: %v", s, err)
	}
	return n
}

// TestPgxNumeric sends pgtype.Numeric parameters (pgx's binary numeric
// format) and text strings into numeric columns, and reads them back in
// binary and as text, exactly and with their scale, before and after a
// restart (WAL replay); then typmod rounding and exact arithmetic on
// parameters.
func TestPgxNumeric(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, dir)
	conn := s.connect(t)
	ctx := testCtx(t, 60*time.Second)
	mustExec(t, conn, "CREATE TABLE amounts (id int PRIMARY KEY, v numeric, price numeric(8,2))")
	values := []string{"1.50", "10.000", "0.1", "-0.0000001", "12345678901234567890.123456789012345678",
		"0.00", "99999999999999999999999999999999999999.99", "NaN", "Infinity", "-Infinity"}
	for i, v := range values {
		mustExec(t, conn, "INSERT INTO amounts (id, v) VALUES ($1, $2)", i, mustNumeric(t, v))
	}
	mustExec(t, conn, "INSERT INTO amounts (id, v, price) VALUES ($1, $2, $3)", 100, "2.50", "123456.785")

	check := func(label string) {
		t.Helper()
		for i, want := range values {
			var bin pgtype.Numeric
			var text string
			if err := conn.QueryRow(ctx, "SELECT v, v::text FROM amounts WHERE id = $1", i).Scan(&bin, &text); err != nil {
				t.Fatalf("%s: id %d: %v", label, i, err)
			}
			wantBin := want
			if want == "0.00" {
				wantBin = "0" // pgx drops the dscale of a zero (ndigits 0), as with PostgreSQL
			}
			if got := numericText(bin); got != wantBin || text != want {
				t.Errorf("%s: %s read back as %s (binary) and %s (text)", label, want, got, text)
			}
		}
		var v, price pgtype.Numeric
		if err := conn.QueryRow(ctx, "SELECT v, price FROM amounts WHERE id = 100").Scan(&v, &price); err != nil {
			t.Fatal(err)
		}
		if numericText(v) != "2.50" || numericText(price) != "123456.79" {
			t.Errorf("%s: text parameters read back as %s, %s; want 2.50, 123456.79", label, numericText(v), numericText(price))
		}
	}
	check("before restart")
	conn.Close(ctx)
	s.Stop()
	s = startServer(t, dir)
	conn = s.connect(t)
	check("after restart")

	var sum, quo pgtype.Numeric
	var eq bool
	err := conn.QueryRow(ctx, "SELECT $1::numeric + $2, $1::numeric + $2 = 0.3, 1 / $3::numeric",
		mustNumeric(t, "0.1"), mustNumeric(t, "0.2"), mustNumeric(t, "3")).Scan(&sum, &eq, &quo)
	if err != nil || numericText(sum) != "0.3" || !eq || numericText(quo) != "0.33333333333333333333" {
		t.Fatalf("0.1 + 0.2 = %s (= 0.3: %v), 1/3 = %s, %v", numericText(sum), eq, numericText(quo), err)
	}
	_, err = conn.Exec(ctx, "INSERT INTO amounts (id, price) VALUES (200, $1)", mustNumeric(t, "1000000.00"))
	if err == nil || !strings.Contains(err.Error(), "numeric field overflow") || !strings.Contains(err.Error(), "22003") {
		t.Fatalf("numeric(8,2) overflow: %v", err)
	}
}
