package pgerror

import "testing"

func TestCheckUTF8(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"select 'é'", ""},
		{"", ""},
		{"select '\xff'", `invalid byte sequence for encoding "UTF8": 0xff`},
		{"a\x80b", `invalid byte sequence for encoding "UTF8": 0x80`},
		{"\xe2\x28\xa1x", `invalid byte sequence for encoding "UTF8": 0xe2 0x28 0xa1`},
		{"ab\xe2\x82", `invalid byte sequence for encoding "UTF8": 0xe2 0x82`},
		{"\xed\xa0\x80", `invalid byte sequence for encoding "UTF8": 0xed 0xa0 0x80`}, // surrogate
		{"\xc0\xaf", `invalid byte sequence for encoding "UTF8": 0xc0 0xaf`},          // overlong
		{"\xf4\x90\x80\x80", `invalid byte sequence for encoding "UTF8": 0xf4 0x90 0x80 0x80`},
		{"x\x00y", `invalid byte sequence for encoding "UTF8": 0x00`},
	} {
		err := CheckUTF8([]byte(tc.in))
		got := ""
		if err != nil {
			if err.Code != CharacterNotInRepertoire {
				t.Errorf("%q: code %s", tc.in, err.Code)
			}
			got = err.Message
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
