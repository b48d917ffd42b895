package sem

import "testing"

func TestLikeMatch(t *testing.T) {
	cases := []struct {
		s, p string
		want bool
	}{
		{"PostgreSQL 16", "PostgreSQL%", true},
		{"abc", "a_c", true},
		{"abc", "a_", false},
		{"abc", "%b%", true},
		{"abc", "%d%", false},
		{"", "%", true},
		{"", "_", false},
		{"a%c", `a\%c`, true},
		{"abc", `a\%c`, false},
		{"aXbXc", "%X%c", true},
		{"mississippi", "%iss%pi", true},
		{"mississippi", "%iss%pix", false},
	}
	for _, c := range cases {
		if got, err := likeMatch([]rune(c.s), []rune(c.p)); err != nil || got != c.want {
			t.Errorf("likeMatch(%q, %q) = %v, %v, want %v", c.s, c.p, got, err, c.want)
		}
	}
	// A trailing escape is an error only when the match reaches it with
	// text left (PostgreSQL's MatchText).
	for _, c := range []struct {
		s, p    string
		wantErr bool
	}{{`\`, `\`, true}, {"ab", `a\`, true}, {"a", `b\`, false}, {"a", `a\`, false}, {"abc", `%\`, true}} {
		if _, err := likeMatch([]rune(c.s), []rune(c.p)); (err != nil) != c.wantErr {
			t.Errorf("likeMatch(%q, %q) error = %v, want error %v", c.s, c.p, err, c.wantErr)
		}
	}
}
