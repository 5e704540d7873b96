// This file translates character sets and categories (\d, \s, \w and
// their complements) into RE2 classes.

package pyre

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// classMember is a member of a character set: a literal, a range or a
// category (\d, \D, \s, \S, \w, \W).
type classMember struct {
	lo, hi   rune
	category byte
}

func (p *parser) classEscape(this string) classMember {
	if r, ok := escapes[this]; ok {
		return classMember{lo: r, hi: r}
	}
	if strings.Contains("dDsSwW", this[1:]) && len(this) == 2 {
		return classMember{category: this[1]}
	}
	if r, ok := p.numericEscape(this); ok {
		return classMember{lo: r, hi: r}
	}
	c := []rune(this)[1]
	switch {
	case isOctal(c):
		esc := this + p.getWhile(2, isOctal)
		n, _ := strconv.ParseInt(esc[1:], 8, 32)
		if n > 0o377 {
			p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
		}
		return classMember{lo: rune(n), hi: rune(n)}
	case isDigit(c):
		p.fail("bad escape "+this, 2)
	case isASCIILetter(c):
		p.fail("bad escape "+this, 2)
	}
	return classMember{lo: c, hi: c}
}

// classMember reads one member of a set: an escape or a character.
func (p *parser) classMember(token string) classMember {
	if token[0] == '\\' {
		return p.classEscape(token)
	}
	r := []rune(token)[0]
	return classMember{lo: r, hi: r}
}

func (p *parser) parseClass(eff int) string {
	here := p.tell() - 1
	negate := p.match("^")
	var items []classMember
	for {
		this, ok := p.get()
		if !ok {
			p.fail("unterminated character set", p.tell()-here)
		}
		if this == "]" && len(items) > 0 {
			break
		}
		code1 := p.classMember(this)
		if !p.match("-") {
			items = append(items, code1)
			continue
		}
		that, ok := p.get()
		if !ok {
			p.fail("unterminated character set", p.tell()-here)
		}
		if that == "]" {
			items = append(items, code1, classMember{lo: '-', hi: '-'})
			break
		}
		code2 := p.classMember(that)
		if code1.category != 0 || code2.category != 0 || code2.lo < code1.lo {
			p.fail("bad character range "+this+"-"+that, utf8.RuneCountInString(this)+1+utf8.RuneCountInString(that))
		}
		items = append(items, classMember{lo: code1.lo, hi: code2.lo})
	}
	return goClass(items, negate, eff)
}

// goClass writes a Python character set as an RE2 class; sets with
// negated categories are computed as explicit ranges.
func goClass(items []classMember, negate bool, eff int) string {
	ascii := eff&ASCII != 0
	var b strings.Builder
	explicit := false
	for _, it := range items {
		switch {
		case it.category >= 'A' && it.category <= 'Z':
			explicit = true
		case it.category != 0:
			b.WriteString(categoryClass(it.category, ascii))
		case it.lo == it.hi:
			b.WriteString(classRune(it.lo))
		default:
			b.WriteString(classRune(it.lo) + "-" + classRune(it.hi))
		}
	}
	var class string
	switch {
	case explicit:
		var set runeSet
		for _, it := range items {
			if it.category == 0 {
				set = append(set, [2]rune{it.lo, it.hi})
			} else {
				set = append(set, categorySet(it.category, ascii)...)
			}
		}
		set = set.normalize()
		if negate {
			set = set.complement()
		}
		class = set.class()
	case negate:
		class = "[^" + b.String() + "]"
	default:
		class = "[" + b.String() + "]"
	}
	if eff&IgnoreCase != 0 {
		return "(?i:" + class + ")"
	}
	return class
}

func classRune(r rune) string {
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return string(r)
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// runeSet is a set of characters as sorted, disjoint, inclusive ranges
// (after normalize).
type runeSet [][2]rune

func (s runeSet) normalize() runeSet {
	sorted := append(runeSet(nil), s...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j][0] < sorted[j-1][0]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	var out runeSet
	for _, r := range sorted {
		if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, [2]rune{next, unicode.MaxRune})
	}
	return out
}

func (s runeSet) class() string {
	if len(s) == 0 {
		return `[^\x{0}-\x{10ffff}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range s {
		b.WriteString(classRune(r[0]))
		if r[1] != r[0] {
			b.WriteString("-" + classRune(r[1]))
		}
	}
	b.WriteByte(']')
	return b.String()
}

// addRange adds the characters lo, lo+stride, … hi of a Unicode table.
func (s runeSet) addRange(lo, hi, stride rune) runeSet {
	if stride == 1 {
		return append(s, [2]rune{lo, hi})
	}
	for c := lo; c <= hi; c += stride {
		s = append(s, [2]rune{c, c})
	}
	return s
}

func tableSet(tables ...*unicode.RangeTable) runeSet {
	var out runeSet
	for _, t := range tables {
		for _, r := range t.R16 {
			out = out.addRange(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range t.R32 {
			out = out.addRange(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	return out
}

// categorySet returns the characters of a category escape (upper case:
// the complement).
func categorySet(c byte, ascii bool) runeSet {
	lower := c | 0x20
	var set runeSet
	switch {
	case lower == 'd' && ascii:
		set = runeSet{{'0', '9'}}
	case lower == 'd':
		set = tableSet(unicode.Nd)
	case lower == 's' && ascii:
		set = runeSet{{'\t', '\r'}, {' ', ' '}}
	case lower == 's':
		set = runeSet{{'\t', '\r'}, {0x1c, 0x20}, {0x85, 0x85}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
			{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}}
	case ascii:
		set = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	default:
		set = append(tableSet(unicode.L, unicode.N), [2]rune{'_', '_'})
	}
	set = set.normalize()
	if c != lower {
		return set.complement()
	}
	return set
}
