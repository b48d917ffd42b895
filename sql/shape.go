package sql

import "strings"

// queryShape is what one pass over the query text tells before the C
// parser runs (measureShape): how deep its parse tree can be and how many
// tokens it has, from which the parser's memory is estimated (memlimit.go).
type queryShape struct {
	// depth bounds, in tokens, the depth of the parse tree: see
	// shapeScanner.
	depth int
	// tokens counts every token, separators included.
	tokens int
	// nestedPastBison is set when brackets nest deeper than the grammar's
	// own stack allows (bisonMaxDepth); such a query fails in the parser
	// before any tree is built, so its depth bound is not needed.
	nestedPastBison bool
}

// bisonMaxDepth is YYMAXDEPTH of PostgreSQL's bison grammar (bison's
// default, which gram.c keeps): the parser stack holds at most this many
// states, and every open bracket holds at least one, so deeper nesting
// fails with 42601 `memory exhausted` before a tree exists.
const bisonMaxDepth = 10000

// shapeFrame is one open bracket or CASE (or the statement level) of the
// scan. run counts the tokens of the current list element at this level,
// child is the deepest group closed within it, best the deepest finished
// element. A boolean segment (boolSegment) of the element started at
// segRun tokens; segMax is the deepest of its pieces before the current
// one, pieceChild the deepest group of the current piece.
type shapeFrame struct {
	run, child, best int

	segRun, segMax, pieceChild int
	boolean                    bool // an AND or OR split the current segment
	isCase                     bool // opened by CASE, closed by END
	unframedCases              int  // CASEs opened past bisonMaxDepth, counted as tokens
}

// boolBonus bounds the levels a flat boolean segment adds above its
// deepest piece: OR over AND (makeOrExpr and makeAndExpr flatten chains of
// one operator, gram.y) and BETWEEN's A_Expr with its bound list.
const boolBonus = 4

// caseBonus is the levels a CASE adds above its deepest WHEN, THEN or ELSE
// part: CaseExpr, its list of CaseWhen, the CaseWhen.
const caseBonus = 3

// endSegment folds the current boolean segment into run: its pieces are
// siblings, so it is as deep as its deepest piece plus boolBonus.
func (f *shapeFrame) endSegment() {
	if f.boolean {
		piece := max(f.segMax, f.run-f.segRun+f.pieceChild)
		f.run = f.segRun + piece + boolBonus
		f.boolean, f.segMax = false, 0
	}
	f.segRun, f.pieceChild = f.run, 0
}

// splitPiece ends the current piece of a boolean segment at an AND or OR.
func (f *shapeFrame) splitPiece() {
	f.segMax = max(f.segMax, f.run-f.segRun+f.pieceChild)
	f.run, f.pieceChild, f.boolean = f.segRun, 0, true
}

// finish is the depth of the frame's deepest element so far.
func (f *shapeFrame) finish() int {
	f.endSegment()
	return max(f.best, f.run+f.child)
}

// shapeScanner computes a queryShape. The depth bound: a parse tree node
// within one list element (between commas, at one bracket level) takes at
// least one token of that element, and a bracketed group is one token of
// the element around it; so the tree under an element is at most as deep
// as the element's token count plus its deepest group. Left-associative
// chains (1+1+..., x::int::int, a UNION SELECT b ...) are exactly where
// the tree is that deep while the grammar's stack stays shallow. Each
// operator character counts as a token (PostgreSQL splits +- into two),
// so the bound only errs upward.
//
// Two flat constructs are measured by their widest part instead of their
// length, as PostgreSQL's tree keeps them flat: a chain of ANDs and ORs
// (a boolean segment: between clause keywords, at one level, the
// operands are siblings, since no operator binds looser than AND and OR
// but the set operations, which are clause keywords here) and the WHEN,
// THEN and ELSE parts of a CASE (a group from CASE to END whose parts are
// separated like list elements).
type shapeScanner struct {
	q     string
	stack []shapeFrame
	skip  int // brackets opened past bisonMaxDepth, not tracked
	shape queryShape
}

// measureShape scans query once, skipping string literals, quoted
// identifiers and comments the way PostgreSQL's scanner does
// (standard_conforming_strings on, as libpg_query parses).
func measureShape(query string) queryShape {
	s := &shapeScanner{q: query, stack: []shapeFrame{{}}}
	for i := 0; i < len(query); {
		i = s.step(i)
	}
	for len(s.stack) > 1 || s.skip > 0 {
		s.close()
	}
	s.shape.depth = max(s.shape.depth, s.stack[0].finish())
	return s.shape
}

// step consumes the token (or blank or comment) at i and returns the
// offset after it.
func (s *shapeScanner) step(i int) int {
	q := s.q
	c := q[i]
	switch {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		return i + 1
	case c == '-' && i+1 < len(q) && q[i+1] == '-':
		if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
			return i + j + 1
		}
		return len(q)
	case c == '/' && i+1 < len(q) && q[i+1] == '*':
		return skipBlockComment(q, i)
	case c == '\'':
		s.token()
		return skipString(q, i, isEscapePrefix(q, i))
	case c == '"':
		s.token()
		return skipString(q, i, false)
	case c == '$':
		s.token()
		return skipDollar(q, i)
	case c == '(' || c == '[':
		s.open()
		return i + 1
	case c == ')' || c == ']':
		s.closeBracket()
		return i + 1
	case c == ',' || c == ';':
		s.shape.tokens++
		s.separate()
		return i + 1
	case isIdentChar(c):
		// An identifier or keyword goes on through '$'; a number stops
		// there (1$x$...$x$ is a number and a string).
		number := c >= '0' && c <= '9'
		j := i + 1
		for j < len(q) && (isIdentChar(q[j]) || q[j] == '$' && !number) {
			j++
		}
		s.word(q[i:j])
		return j
	}
	s.token() // an operator character, '.', ':' or anything else
	return i + 1
}

// token counts one token in the current element.
func (s *shapeScanner) token() {
	s.shape.tokens++
	if s.skip == 0 {
		s.stack[len(s.stack)-1].run++
	}
}

// subqueryWeight is how many tokens a bracketed group that starts with
// SELECT, VALUES, TABLE or WITH (a subquery) counts for beyond its first
// word: the C parser's output takes as much stack for a subquery level
// (SubLink, SelectStmt, its target list and ResTarget) as for some seven
// tokens of an operator chain (measured: about 1,400 bytes a level).
const subqueryWeight = 5

// word counts an identifier, keyword or number; a subquery's first word
// counts subqueryWeight more. AND and OR split a boolean segment, clause
// keywords end one, and CASE ... END is a group.
func (s *shapeScanner) word(w string) {
	if s.skip == 0 && s.keyword(w) {
		return
	}
	s.token()
	f := &s.stack[len(s.stack)-1]
	if s.skip > 0 || len(s.stack) == 1 || f.run != 1 || f.child != 0 {
		return
	}
	for _, kw := range [...]string{"select", "values", "table", "with"} {
		if strings.EqualFold(w, kw) {
			f.run += subqueryWeight
		}
	}
}

// segmentEnds are the keywords that end a boolean segment: those that
// start a clause, join a FROM item or a set operation, or part a CASE.
// Ending a segment early only makes the bound larger.
var segmentEnds = map[string]bool{
	"select": true, "from": true, "where": true, "join": true, "on": true, "using": true,
	"union": true, "intersect": true, "except": true, "group": true, "having": true,
	"order": true, "limit": true, "offset": true, "fetch": true, "window": true,
	"returning": true, "values": true, "into": true, "as": true, "with": true,
	"lateral": true, "cross": true, "natural": true, "inner": true, "left": true,
	"right": true, "full": true, "outer": true, "by": true, "set": true, "do": true,
	"conflict": true, "when": true, "then": true, "else": true, "end": true, "case": true,
}

// keyword handles the words that shape the tree without being one of its
// levels (AND, OR, CASE, WHEN, THEN, ELSE, END of a CASE): it reports
// whether w was one; other clause keywords only end the boolean segment.
func (s *shapeScanner) keyword(w string) bool {
	if len(w) > 9 {
		return false
	}
	var buf [9]byte
	lw := buf[:len(w)]
	for i := range len(w) {
		lw[i] = w[i] | 0x20 // ASCII letters only matter here
	}
	f := &s.stack[len(s.stack)-1]
	switch string(lw) {
	case "and", "or":
		s.shape.tokens++
		f.splitPiece()
		return true
	case "case":
		s.openCase()
		return true
	case "when", "then", "else":
		if f.isCase && f.unframedCases == 0 {
			s.shape.tokens++
			s.separate()
			return true
		}
	case "end":
		if f.unframedCases > 0 {
			f.unframedCases--
		} else if f.isCase {
			s.close()
			return true
		}
	}
	if segmentEnds[string(lw)] {
		f.endSegment()
	}
	return false
}

// openCase starts a CASE group; past bisonMaxDepth groups the CASE and
// its parts count as plain tokens.
func (s *shapeScanner) openCase() {
	f := &s.stack[len(s.stack)-1]
	if len(s.stack) > bisonMaxDepth {
		f.endSegment()
		f.unframedCases++
		s.token()
		return
	}
	s.shape.tokens++
	s.stack = append(s.stack, shapeFrame{isCase: true})
}

// separate ends the current list element (a comma or semicolon).
func (s *shapeScanner) separate() {
	if s.skip > 0 {
		return
	}
	f := &s.stack[len(s.stack)-1]
	f.best = f.finish()
	f.run, f.child, f.segRun, f.pieceChild = 0, 0, 0, 0
}

// open starts a bracketed group.
func (s *shapeScanner) open() {
	s.shape.tokens++
	if s.skip > 0 || len(s.stack) > bisonMaxDepth {
		s.skip++
		s.shape.nestedPastBison = true
		return
	}
	s.stack = append(s.stack, shapeFrame{})
}

// closeBracket ends the innermost bracketed group, and first any CASE
// left open inside it (a syntax error, which the grammar reports).
func (s *shapeScanner) closeBracket() {
	for s.skip == 0 && len(s.stack) > 1 && s.stack[len(s.stack)-1].isCase {
		s.close()
	}
	s.close()
}

// close ends the innermost group, which becomes one token of the element
// around it; a stray closing bracket is one more token.
func (s *shapeScanner) close() {
	s.shape.tokens++
	if s.skip > 0 {
		s.skip--
		return
	}
	if len(s.stack) == 1 {
		s.stack[0].run++
		return
	}
	inner := &s.stack[len(s.stack)-1]
	d := inner.finish()
	if inner.isCase {
		d += caseBonus
	}
	s.shape.depth = max(s.shape.depth, d)
	s.stack = s.stack[:len(s.stack)-1]
	f := &s.stack[len(s.stack)-1]
	f.run++
	f.child = max(f.child, d)
	f.pieceChild = max(f.pieceChild, d)
}

// isIdentChar reports whether c continues a word: identifier or keyword
// characters, digits (numbers are words here) and every byte of a
// multi-byte UTF-8 character. '$' continues but does not start a word.
func isIdentChar(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// isEscapePrefix reports whether the quote at i opens an escape string
// E'...', whose backslashes escape the next character: the quote follows
// a lone e or E that starts a word.
func isEscapePrefix(q string, i int) bool {
	if i == 0 || q[i-1] != 'e' && q[i-1] != 'E' {
		return false
	}
	return i == 1 || !isIdentChar(q[i-2]) && q[i-2] != '$'
}

// skipString returns the offset after the literal or quoted identifier
// opened by the quote at i; a doubled quote is part of it, and so is an
// escaped quote when escapes is set. Unterminated: the end of q.
func skipString(q string, i int, escapes bool) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch {
		case escapes && q[j] == '\\':
			j++
		case q[j] == quote:
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

// skipBlockComment returns the offset after the comment opened at i;
// comments nest, as in PostgreSQL. Unterminated: the end of q.
func skipBlockComment(q string, i int) int {
	depth := 0
	for j := i; j+1 < len(q); j++ {
		switch {
		case q[j] == '/' && q[j+1] == '*':
			depth++
			j++
		case q[j] == '*' && q[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(q)
}

// skipDollar returns the offset after what a '$' at i opens: a parameter
// $n, a dollar-quoted string $tag$...$tag$ (the tag an identifier without
// '$', or empty), or nothing (the '$' alone).
func skipDollar(q string, i int) int {
	j := i + 1
	if j < len(q) && q[j] >= '0' && q[j] <= '9' {
		for j < len(q) && q[j] >= '0' && q[j] <= '9' {
			j++
		}
		return j
	}
	for j < len(q) && isIdentChar(q[j]) && !(j == i+1 && q[j] >= '0' && q[j] <= '9') {
		j++
	}
	if j >= len(q) || q[j] != '$' {
		return i + 1
	}
	tag := q[i : j+1]
	if k := strings.Index(q[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag)
	}
	return len(q)
}
