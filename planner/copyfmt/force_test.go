package copyfmt

import "testing"

// TestCSVForce: FORCE_NOT_NULL and FORCE_NULL as PostgreSQL 15 applies them
// (checked against a real server): the input 1,,  2,"",""  3,x, read
// with each option on column b, and with both on b and c.
func TestCSVForce(t *testing.T) {
	in := "1,,\n2,\"\",\"\"\n3,x,\n"
	csv := Options{Format: CSV, Columns: 3}
	notNullB, nullB, both := csv, csv, csv
	notNullB.ForceNotNull = []bool{false, true, false}
	nullB.ForceNull = []bool{false, true, false}
	both.ForceNotNull = []bool{false, true, false}
	both.ForceNull = []bool{false, false, true}
	withNull := csv
	withNull.Null, withNull.NullSet = "NA", true
	withNull.ForceNull = []bool{false, true, true}
	withNull.ForceNotNull = []bool{true, false, false}
	runReadCases(t, []readCase{
		{name: "none", opts: csv, in: in,
			rows: [][]string{{"1", N, N}, {"2", "", ""}, {"3", "x", N}}, lines: []int{1, 2, 3}},
		{name: "force_not_null b", opts: notNullB, in: in,
			rows: [][]string{{"1", "", N}, {"2", "", ""}, {"3", "x", N}}, lines: []int{1, 2, 3}},
		{name: "force_null b", opts: nullB, in: in,
			rows: [][]string{{"1", N, N}, {"2", N, ""}, {"3", "x", N}}, lines: []int{1, 2, 3}},
		{name: "both", opts: both, in: in,
			rows: [][]string{{"1", "", N}, {"2", "", N}, {"3", "x", N}}, lines: []int{1, 2, 3}},
		{name: "null string NA", opts: withNull, in: "NA,\"NA\",NA\n",
			rows: [][]string{{"NA", N, N}}, lines: []int{1}},
	})
}
