// This file defines replacement templates (re.sub's repl) and re.escape.

package pyre

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// Replacement is a parsed replacement template of re.sub: literal text
// and references to the groups of the pattern.
type Replacement []replacementPart

// replacementPart is a literal piece of a replacement template or, when
// group >= 0, a group reference.
type replacementPart struct {
	text  string
	group int
}

// Replacement parses a replacement string for the pattern as Python's re
// does: \1, \g<1>, \g<name>, octal and character escapes. It fails as
// [Regex.CheckGroups] does when the template refers to a group.
func (r *Regex) Replacement(repl string) (Replacement, error) {
	parts, err := parseReplacement(repl, r)
	if err != nil {
		return nil, err
	}
	for _, part := range parts {
		if part.group > 0 {
			if err := r.CheckGroups(); err != nil {
				return nil, err
			}
		}
	}
	return parts, nil
}

// Expand returns the replacement of a match.
func (t Replacement) Expand(sub *Subject, m Match) string {
	var b strings.Builder
	for _, part := range t {
		if part.group < 0 {
			b.WriteString(part.text)
		} else if g, ok := sub.Group(m, part.group); ok {
			b.WriteString(g)
		}
	}
	return b.String()
}

func parseReplacement(repl string, r *Regex) (parts Replacement, err error) {
	if !strings.Contains(repl, `\`) {
		return Replacement{{text: repl, group: -1}}, nil
	}
	p := &parser{src: []rune(repl), pattern: repl}
	defer recoverParse(&err)
	p.advance()
	var lit strings.Builder
	addGroup := func(g, offset int) {
		if g > r.Groups {
			p.fail(fmt.Sprintf("invalid group reference %d", g), offset)
		}
		if lit.Len() > 0 {
			parts = append(parts, replacementPart{text: lit.String(), group: -1})
			lit.Reset()
		}
		parts = append(parts, replacementPart{group: g})
	}
	for {
		this, ok := p.get()
		if !ok {
			break
		}
		if this[0] != '\\' {
			lit.WriteString(this)
			continue
		}
		c := []rune(this)[1]
		switch {
		case c == 'g':
			if !p.match("<") {
				p.fail("missing <", 0)
			}
			name := p.getUntil(">", "group name")
			n := utf8.RuneCountInString(name)
			var g int
			if isIdentifier(name) {
				idx, ok := r.index[name]
				if !ok {
					p.raise("IndexError", "unknown group name "+value.QuoteString(name))
				}
				g = idx
			} else {
				v, err := strconv.Atoi(strings.TrimSpace(name))
				if err != nil || v < 0 {
					p.fail("bad character in group name "+value.QuoteString(name), n+1)
				}
				if v >= maxGroups {
					p.fail(fmt.Sprintf("invalid group reference %d", v), n+1)
				}
				g = v
			}
			addGroup(g, n+1)
		case c == '0':
			esc := this
			if p.nextIs(isOctal) {
				esc += p.next
				p.advance()
				if p.nextIs(isOctal) {
					esc += p.next
					p.advance()
				}
			}
			n, _ := strconv.ParseInt(esc[1:], 8, 32)
			lit.WriteRune(rune(n & 0xff))
		case isDigit(c):
			esc := this
			octal := false
			if p.nextIs(isDigit) {
				esc += p.next
				p.advance()
				if isOctal(c) && isOctal(rune(esc[2])) && p.nextIs(isOctal) {
					esc += p.next
					p.advance()
					octal = true
					n, _ := strconv.ParseInt(esc[1:], 8, 32)
					if n > 0o377 {
						p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
					}
					lit.WriteRune(rune(n))
				}
			}
			if !octal {
				g, _ := strconv.Atoi(esc[1:])
				addGroup(g, len(esc)-1)
			}
		default:
			if r, ok := escapes[this]; ok {
				lit.WriteRune(r)
			} else if isASCIILetter(c) {
				p.fail("bad escape "+this, 2)
			} else {
				lit.WriteString(this)
			}
		}
	}
	if lit.Len() > 0 {
		parts = append(parts, replacementPart{text: lit.String(), group: -1})
	}
	return parts, nil
}

// Escape is Python 3.11's re.escape: a backslash before the characters
// special in patterns and the whitespace ones.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
