package types

import (
	"bufio"
	"encoding/hex"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/vecgres/vecgres/sql/pgerror"
)

// TestNumericAgainstPostgres replays testdata/numeric_pg15.txt: random
// operand pairs and what PostgreSQL 15 answered for them, one line each:
// a|b|a::numeric::text|a+b|a-b|a*b|a/b|a%b|round(a,3)|round(a,-2)|
// a::int8|a::float8|a::numeric(12,3)|a<b|a=b|numeric_send(a) in hex, with
// ERR:<SQLSTATE> where PostgreSQL raised an error.
func TestNumericAgainstPostgres(t *testing.T) {
	f, err := os.Open("testdata/numeric_pg15.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		lines++
		col := strings.Split(sc.Text(), "|")
		if len(col) != 16 {
			t.Fatalf("line %d: %d columns", lines, len(col))
		}
		a, b := dec(col[0]), dec(col[1])
		check := func(what, got, want string) {
			if got != want {
				t.Errorf("line %d: %s(%s, %s) = %s, want %s", lines, what, col[0], col[1], got, want)
			}
		}
		check("text", a.String(), col[2])
		for i, op := range []string{"+", "-", "*", "/", "%"} {
			check(op, numericResultText(NumericArith(op, a, b)), col[3+i])
		}
		check("round3", RoundNumeric(a, 3).String(), col[8])
		check("round-2", RoundNumeric(a, -2).String(), col[9])
		check("int8", castText(a, Int8), col[10])
		check("float8", float8Text(a), float8Text(col[11]))
		check("numeric(12,3)", castText(a, Type{KindNumeric, NumericTypmod(12, 3)}), col[12])
		check("<", boolText(CmpNumeric(a, b) < 0), col[13])
		check("=", boolText(CmpNumeric(a, b) == 0), col[14])
		check("send", hex.EncodeToString(AppendNumericBinary(nil, a)), col[15])
	}
	if err := sc.Err(); err != nil || lines < 100 {
		t.Fatalf("read %d lines: %v", lines, err)
	}
}

func numericResultText(n Decimal, err error) string {
	if err != nil {
		return errText(err)
	}
	return n.String()
}

func castText(n Decimal, to Type) string {
	v, err := Cast(n, Numeric, to, true)
	if err != nil {
		return errText(err)
	}
	return string(AppendText(nil, to, v))
}

func errText(err error) string {
	var pe *pgerror.Error
	if errors.As(err, &pe) {
		return "ERR:" + string(pe.Code)
	}
	return "ERR:" + err.Error()
}

// float8Text is the float8 a numeric converts to, or the float8 that
// PostgreSQL printed, as Go's shortest text: PostgreSQL's float8out can
// pick a longer string for a value whose shortest form lies on a rounding
// midpoint, which is a float8 output matter, not numeric's.
func float8Text(v any) string {
	if s, ok := v.(string); ok {
		if strings.HasPrefix(s, "ERR:") {
			return s
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return "bad float " + s
		}
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	f, err := Cast(v, Numeric, Float8, true)
	if err != nil {
		return errText(err)
	}
	return strconv.FormatFloat(f.(float64), 'g', -1, 64)
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
