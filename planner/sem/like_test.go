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
		if got := likeMatch([]rune(c.s), []rune(c.p)); got != c.want {
			t.Errorf("likeMatch(%q, %q) = %v, want %v", c.s, c.p, got, c.want)
		}
	}
}
