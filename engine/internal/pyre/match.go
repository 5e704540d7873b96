// This file matches a compiled pattern against strings with Python's
// semantics: search at a position, the scanning of finditer, sub and
// split, group values.

package pyre

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// program selects one RE2 program of a pattern: prefixed programs
// match after one context character (searches that start inside the
// subject), anchored ones only at the start and with leftmost-longest
// semantics; dollarEnd expresses Python's $ as the end of text instead
// of the end of a line.
type program struct {
	prefixed, anchored, dollarEnd bool
	// start: the match starts at the start of the subject (re.match),
	// leftmost-first as usual.
	start bool
}

func (r *Regex) program(v program) (*regexp.Regexp, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if re, ok := r.compiled[v]; ok {
		return re, nil
	}
	body := r.body
	if r.dollar {
		d := `(?m:$)`
		if v.dollarEnd {
			d = `\z`
		}
		body = strings.ReplaceAll(body, dollarMarker, d)
	}
	src := "(" + body + ")"
	if v.prefixed {
		src = `(?s:.)` + src
	}
	if v.anchored || v.start {
		src = `\A` + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		msg := err.Error()
		if e, ok := err.(interface{ Unwrap() error }); ok && e.Unwrap() != nil {
			msg = e.Unwrap().Error()
		}
		return nil, raise("NotImplementedError", "the pattern %s is too large for Go's RE2 engine (%s)", value.QuoteString(r.Pattern), msg)
	}
	if v.anchored {
		re.Longest()
	}
	r.compiled[v] = re
	return re, nil
}

// Match is where a match is in its subject: byte offsets of the start
// and end of the match, then of each group (-1 for a group that did not
// take part).
type Match []int

// Subject is a string being matched, with what the translation needs
// to know about it.
type Subject struct {
	s         string
	ascii     bool
	runeIndex []int // byte offset → code point index, for non-ASCII subjects
	dollarEnd bool
}

// Subject prepares s for matching; it fails when the pattern uses
// something RE2 cannot express for this particular subject.
func (r *Regex) Subject(s string) (*Subject, error) {
	sub := &Subject{s: s, ascii: true}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			sub.ascii = false
			break
		}
	}
	if r.boundary && !sub.ascii {
		for _, c := range s {
			if c >= 0x80 && unicode.In(c, unicode.L, unicode.N) {
				return nil, raise("NotImplementedError", "\\b and \\B next to non-ASCII letters or digits are not supported: regular expressions run on Go's RE2 engine, whose word boundaries are ASCII")
			}
		}
	}
	if r.dollar && strings.HasSuffix(s, "\n") {
		if strings.Contains(s[:len(s)-1], "\n") {
			return nil, raise("NotImplementedError", "$ without multiLine on text with several lines ending in a newline is not supported: regular expressions run on Go's RE2 engine")
		}
	} else {
		sub.dollarEnd = true
	}
	if !sub.ascii {
		sub.runeIndex = make([]int, len(s)+1)
		n := 0
		for i := range s {
			sub.runeIndex[i] = n
			n++
		}
		sub.runeIndex[len(s)] = n
	}
	return sub, nil
}

// Pos is the code point index of a byte offset of the subject, as
// Python's match positions count.
func (sub *Subject) Pos(byteOffset int) int {
	if byteOffset < 0 || sub.ascii {
		return byteOffset
	}
	return sub.runeIndex[byteOffset]
}

// searchAt finds the leftmost match starting at byte offset pos or later,
// with the characters before pos as context (Python's search(s, pos)). The
// result holds byte offsets: start and end of the match, then of each
// group (-1 for groups that did not take part).
func (r *Regex) searchAt(sub *Subject, pos int) (Match, error) {
	if pos == 0 {
		re, err := r.program(program{dollarEnd: sub.dollarEnd})
		if err != nil {
			return nil, err
		}
		m := re.FindStringSubmatchIndex(sub.s)
		if m == nil {
			return nil, nil
		}
		return m[2:], nil
	}
	re, err := r.program(program{prefixed: true, dollarEnd: sub.dollarEnd})
	if err != nil {
		return nil, err
	}
	_, w := utf8.DecodeLastRuneInString(sub.s[:pos])
	m := re.FindStringSubmatchIndex(sub.s[pos-w:])
	if m == nil {
		return nil, nil
	}
	out := m[2:]
	for i := range out {
		if out[i] >= 0 {
			out[i] += pos - w
		}
	}
	return out, nil
}

// hasNonEmptyAt reports whether some match starting at pos is not empty.
func (r *Regex) hasNonEmptyAt(sub *Subject, pos int) (bool, error) {
	v := program{anchored: true, prefixed: pos > 0, dollarEnd: sub.dollarEnd}
	re, err := r.program(v)
	if err != nil {
		return false, err
	}
	text := sub.s
	if pos > 0 {
		_, w := utf8.DecodeLastRuneInString(sub.s[:pos])
		text = sub.s[pos-w:]
	}
	m := re.FindStringSubmatchIndex(text)
	return m != nil && m[3] > m[2], nil
}

// Scanner iterates over the matches of a pattern as Python's finditer,
// sub and split do: after an empty match the next one must not be empty
// at the same position, after a non-empty one it may.
type Scanner struct {
	r           *Regex
	sub         *Subject
	pos         int
	mustAdvance bool
	done        bool
}

// Scan returns a scanner over the matches in sub.
func (r *Regex) Scan(sub *Subject) *Scanner { return &Scanner{r: r, sub: sub} }

// Next returns the next match, nil after the last one.
func (sc *Scanner) Next() (Match, error) {
	if sc.done || sc.pos > len(sc.sub.s) {
		return nil, nil
	}
	m, err := sc.r.searchAt(sc.sub, sc.pos)
	if err == nil && m != nil && sc.mustAdvance && m[0] == sc.pos && m[1] == sc.pos {
		var nonEmpty bool
		if nonEmpty, err = sc.r.hasNonEmptyAt(sc.sub, sc.pos); err == nil {
			switch {
			case nonEmpty:
				err = raise("NotImplementedError", "the pattern %s prefers an empty match where a non-empty one follows at the same position; Go's RE2 engine cannot choose the one Python does", value.QuoteString(sc.r.Pattern))
			case sc.pos >= len(sc.sub.s):
				m = nil
			default:
				_, w := utf8.DecodeRuneInString(sc.sub.s[sc.pos:])
				m, err = sc.r.searchAt(sc.sub, sc.pos+w)
			}
		}
	}
	if err != nil || m == nil {
		sc.done = true
		return nil, err
	}
	sc.mustAdvance = m[0] == m[1]
	sc.pos = m[1]
	return m, nil
}

// Match is Python's pattern.match(s): a match at the start of s, nil
// when there is none, with the subject prepared for reading the groups.
func (r *Regex) Match(s string) (*Subject, Match, error) {
	sub, err := r.Subject(s)
	if err != nil {
		return nil, nil, err
	}
	re, err := r.program(program{start: true, dollarEnd: sub.dollarEnd})
	if err != nil {
		return nil, nil, err
	}
	m := re.FindStringSubmatchIndex(s)
	if m == nil {
		return sub, nil, nil
	}
	return sub, m[2:], nil
}

// Search is Python's pattern.search(s): the first match, nil when there
// is none, with the subject prepared for reading the groups.
func (r *Regex) Search(s string) (*Subject, Match, error) {
	sub, err := r.Subject(s)
	if err != nil {
		return nil, nil, err
	}
	m, err := r.searchAt(sub, 0)
	return sub, m, err
}

// Group returns group g of a match; false when it did not take part.
func (sub *Subject) Group(m Match, g int) (string, bool) {
	if m[2*g] < 0 {
		return "", false
	}
	return sub.s[m[2*g]:m[2*g+1]], true
}

// Names returns the names of the pattern's groups in definition order.
func (r *Regex) Names() []string { return r.names }

// GroupIndex returns the number of a named group.
func (r *Regex) GroupIndex(name string) (int, bool) {
	g, ok := r.index[name]
	return g, ok
}

// CheckGroups fails when the pattern's group values may differ from
// Python's: after the last iteration of a repetition Python tries one
// more, which may match the empty string and set the groups inside it.
func (r *Regex) CheckGroups() error {
	if r.emptyLoopCaptures {
		return raise("NotImplementedError", "the values of groups inside a repetition that can match the empty string (pattern %s) are not supported: regular expressions run on Go's RE2 engine", value.QuoteString(r.Pattern))
	}
	return nil
}
