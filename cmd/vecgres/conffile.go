package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Configuration files in the data directory, in PostgreSQL's
// postgresql.conf syntax (docs §20.1.2): confFileName is the operator's,
// autoConfFileName the one ALTER SYSTEM writes, read after it so that
// its values win, as postgresql.auto.conf's do.
const (
	confFileName     = "vecgres.conf"
	autoConfFileName = "vecgres.auto.conf"
)

// confEntry is one "name = value" line of a configuration file.
type confEntry struct {
	name, value string
	file        string
	line        int
}

// readConfFile parses path: one setting per line, "name = value" or
// "name value", a value bare or in single quotes (a quote doubled or after a backslash),
// "#" to the end of the line a comment, names case-insensitive. A missing
// file has no entries; a malformed line is an error naming file and line.
// include directives are not supported and are errors.
func readConfFile(path string) ([]confEntry, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []confEntry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		name, value, ok, err := parseConfLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("syntax error in file %q line %d: %v", path, n, err)
		}
		if ok {
			out = append(out, confEntry{name: name, value: value, file: path, line: n})
		}
	}
	return out, sc.Err()
}

// parseConfLine reads one line; ok is false for a blank or comment line.
func parseConfLine(line string) (name, value string, ok bool, err error) {
	s := strings.TrimSpace(line)
	if s == "" || s[0] == '#' {
		return "", "", false, nil
	}
	i := strings.IndexFunc(s, func(r rune) bool { return r == '=' || r == ' ' || r == '\t' || r == '#' })
	if i <= 0 {
		return "", "", false, fmt.Errorf("expected \"name = value\"")
	}
	name = strings.ToLower(s[:i])
	if name == "include" || name == "include_if_exists" || name == "include_dir" {
		return "", "", false, fmt.Errorf("%s is not supported", name)
	}
	rest := strings.TrimSpace(s[i:])
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "="))
	value, rest, err = confValue(rest)
	if err != nil {
		return "", "", false, err
	}
	if rest = strings.TrimSpace(rest); rest != "" && rest[0] != '#' {
		return "", "", false, fmt.Errorf("unexpected %q after the value", rest)
	}
	return name, value, true, nil
}

// confValue reads the value at the start of s: a quoted string or a bare
// word, returning what follows it.
func confValue(s string) (value, rest string, err error) {
	if s == "" || s[0] == '#' {
		return "", "", fmt.Errorf("missing value")
	}
	if s[0] != '\'' {
		end := strings.IndexAny(s, " \t#")
		if end < 0 {
			end = len(s)
		}
		return s[:end], s[end:], nil
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch {
		case s[i] == '\'' && i+1 < len(s) && s[i+1] == '\'', s[i] == '\\' && i+1 < len(s):
			b.WriteByte(s[i+1])
			i++
		case s[i] == '\'':
			return b.String(), s[i+1:], nil
		default:
			b.WriteByte(s[i])
		}
	}
	return "", "", fmt.Errorf("unterminated quoted string")
}

// quoteConfValue spells v as a quoted configuration-file value.
func quoteConfValue(v string) string {
	return "'" + strings.ReplaceAll(v, "'", "''") + "'"
}
