// This file parses a Python pattern with Python's tokenizer and grammar
// and writes it in RE2 syntax.

package pyre

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// groupRef is a group number a conditional group refers to, and where.
type groupRef struct{ group, pos int }

// parseError carries a pattern error out of the recursive parser.
type parseError struct{ err error }

// recoverParse, deferred, ends a parse that failed: the error it panicked
// with becomes *err.
func recoverParse(err *error) {
	if e := recover(); e != nil {
		pe, ok := e.(parseError)
		if !ok {
			panic(e)
		}
		*err = pe.err
	}
}

// parser parses a Python pattern with Python's tokenizer (an escape is
// one token) and grammar, producing RE2 syntax.
type parser struct {
	src     []rune
	pattern string
	index   int
	next    string
	hasNext bool

	flags          int
	groups         int
	open           map[int]bool
	names          []string
	groupIndex     map[string]int
	lookbehind     int        // groups open when the current lookbehind started, -1 outside
	refPos         []groupRef // conditional group references to check at the end
	unsupported    string
	unsupportedPos int
	usesDollar     bool
	usesBoundary   bool
	// emptyLoopCaptures: a capturing group sits in a repetition whose
	// item can match the empty string.
	emptyLoopCaptures bool
}

func (p *parser) failAt(msg string, pos int) {
	panic(parseError{patternError(msg, p.pattern, pos)})
}

func (p *parser) fail(msg string, offset int) { p.failAt(msg, p.tell()-offset) }

func (p *parser) raise(class, msg string) { panic(parseError{raise(class, "%s", msg)}) }

// notSupported records the first feature RE2 lacks; parsing goes on so
// that Python's syntax errors still take precedence.
func (p *parser) notSupported(feature string, pos int) {
	if p.unsupportedPos < 0 {
		p.unsupported, p.unsupportedPos = feature, pos
	}
}

func (p *parser) advance() {
	if p.index >= len(p.src) {
		p.next, p.hasNext = "", false
		return
	}
	c := p.src[p.index]
	if c == '\\' {
		if p.index+1 >= len(p.src) {
			p.failAt("bad escape (end of pattern)", len(p.src)-1)
		}
		p.next = string(p.src[p.index : p.index+2])
		p.index += 2
	} else {
		p.next = string(c)
		p.index++
	}
	p.hasNext = true
}

func (p *parser) tell() int {
	if !p.hasNext {
		return p.index
	}
	return p.index - utf8.RuneCountInString(p.next)
}

func (p *parser) get() (string, bool) {
	t, ok := p.next, p.hasNext
	p.advance()
	return t, ok
}

func (p *parser) match(t string) bool {
	if p.hasNext && p.next == t {
		p.advance()
		return true
	}
	return false
}

func (p *parser) seek(i int) {
	p.index = i
	p.advance()
}

func (p *parser) getWhile(n int, in func(rune) bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if !p.hasNext || utf8.RuneCountInString(p.next) != 1 || !in([]rune(p.next)[0]) {
			break
		}
		b.WriteString(p.next)
		p.advance()
	}
	return b.String()
}

func (p *parser) getUntil(term, what string) string {
	var b strings.Builder
	for {
		c, ok := p.get()
		if !ok {
			if b.Len() == 0 {
				p.fail("missing "+what, 0)
			}
			p.fail("missing "+term+", unterminated name", utf8.RuneCountInString(b.String()))
		}
		if c == term {
			if b.Len() == 0 {
				p.fail("missing "+what, 1)
			}
			return b.String()
		}
		b.WriteString(c)
	}
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if r == '_' || unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) {
			continue
		}
		if i > 0 && (unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc)) {
			continue
		}
		return false
	}
	return s != ""
}

func (p *parser) checkGroupName(name string, offset int) {
	if !isIdentifier(name) {
		p.fail("bad character in group name "+value.QuoteString(name), utf8.RuneCountInString(name)+offset)
	}
}

func (p *parser) checkLookbehindGroup(gid int) {
	if p.lookbehind >= 0 {
		if p.open[gid] || gid > p.groups {
			p.fail("cannot refer to an open group", 0)
		}
		if gid > p.lookbehind {
			p.fail("cannot refer to group defined in the same lookbehind subpattern", 0)
		}
	}
}

func isDigit(r rune) bool       { return r >= '0' && r <= '9' }
func isOctal(r rune) bool       { return r >= '0' && r <= '7' }
func isHex(r rune) bool         { return isDigit(r) || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' }
func isASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func (p *parser) nextIs(in func(rune) bool) bool {
	return p.hasNext && utf8.RuneCountInString(p.next) == 1 && in([]rune(p.next)[0])
}

// scope holds the flags scoped groups turn on and off.
type scope struct{ add, del int }

func (p *parser) effective(sc scope) int { return (p.flags | sc.add) &^ sc.del }

func (sc scope) with(add, del int) scope {
	return scope{add: (sc.add | add) &^ del, del: (sc.del | del) &^ add}
}

// Item kinds, for the checks quantifiers make.
const (
	itemOther = iota
	itemAt
	itemRepeat
)

// piece is a translated piece of a pattern: a sequence item or, from
// parseSeq and parseSub, a whole sequence or alternation. nullable: it
// can match the empty string; captures: it holds a capturing group.
type piece struct {
	text               string
	kind               int
	nullable, captures bool
}

func (p *parser) parseSub(verbose bool, nested int, sc scope) piece {
	var alts []string
	var sub piece
	for {
		seq := p.parseSeq(verbose, nested+1, nested == 0 && len(alts) == 0, sc)
		alts = append(alts, seq.text)
		sub.nullable = sub.nullable || seq.nullable
		sub.captures = sub.captures || seq.captures
		if !p.match("|") {
			break
		}
		if nested == 0 {
			verbose = p.flags&Verbose != 0
		}
	}
	sub.text = strings.Join(alts, "|")
	return sub
}

const special = ".\\[{()*+?^$|"

func (p *parser) parseSeq(verbose bool, nested int, first bool, sc scope) piece {
	var items []piece
	for p.hasNext {
		this := p.next
		if this == "|" || this == ")" {
			break
		}
		p.advance()
		if verbose {
			if len(this) == 1 && strings.Contains(" \t\n\r\v\f", this) {
				continue
			}
			if this == "#" {
				for {
					t, ok := p.get()
					if !ok || t == "\n" {
						break
					}
				}
				continue
			}
		}
		eff := p.effective(sc)
		switch {
		case this[0] == '\\':
			items = append(items, p.escape(this, eff))
		case !strings.Contains(special, this):
			items = append(items, piece{text: goLiteral([]rune(this)[0], eff), kind: itemOther})
		case this == "[":
			items = append(items, piece{text: p.parseClass(eff), kind: itemOther})
		case strings.Contains("*+?{", this):
			if !p.parseRepeat(this, &items) {
				items = append(items, piece{text: goLiteral('{', eff), kind: itemOther})
			}
		case this == ".":
			if eff&DotAll != 0 {
				items = append(items, piece{text: `(?s:.)`, kind: itemOther})
			} else {
				items = append(items, piece{text: `[^\n]`, kind: itemOther})
			}
		case this == "(":
			item, globalStart := p.parseGroup(verbose, nested, sc)
			if globalStart >= 0 {
				if !first || len(items) > 0 {
					p.failAt("global flags not at the start of the expression", globalStart)
				}
				verbose = p.flags&Verbose != 0
			} else if item != nil {
				items = append(items, *item)
			}
		case this == "^":
			if eff&MultiLine != 0 {
				items = append(items, piece{text: `(?m:^)`, kind: itemAt})
			} else {
				items = append(items, piece{text: `\A`, kind: itemAt})
			}
		case this == "$":
			if eff&MultiLine != 0 {
				items = append(items, piece{text: `(?m:$)`, kind: itemAt})
			} else {
				p.usesDollar = true
				items = append(items, piece{text: dollarMarker, kind: itemAt})
			}
		}
	}
	seq := piece{nullable: true}
	var b strings.Builder
	for _, it := range items {
		b.WriteString(it.text)
		seq.nullable = seq.nullable && (it.nullable || it.kind == itemAt)
		seq.captures = seq.captures || it.captures
	}
	seq.text = b.String()
	return seq
}

// parseRepeat applies a quantifier to the last item; false means a '{'
// that is a literal.
func (p *parser) parseRepeat(this string, items *[]piece) bool {
	here := p.tell()
	lo, hi := 0, maxRepeat
	switch this {
	case "?":
		hi = 1
	case "+":
		lo = 1
	case "{":
		if p.hasNext && p.next == "}" {
			return false
		}
		loText := p.getWhile(1<<30, isDigit)
		hiText := loText
		if p.match(",") {
			hiText = p.getWhile(1<<30, isDigit)
		}
		if !p.match("}") {
			p.seek(here)
			return false
		}
		if loText != "" {
			lo = repeatCount(p, loText)
		}
		if hiText != "" {
			hi = repeatCount(p, hiText)
			if hi < lo {
				p.fail("min repeat greater than max repeat", p.tell()-here)
			}
		}
	}
	n := len(*items)
	if n == 0 || (*items)[n-1].kind == itemAt {
		p.fail("nothing to repeat", p.tell()-here+1)
	}
	if (*items)[n-1].kind == itemRepeat {
		p.fail("multiple repeat", p.tell()-here+1)
	}
	var q string
	switch {
	case lo == 0 && hi == maxRepeat:
		q = "*"
	case lo == 1 && hi == maxRepeat:
		q = "+"
	case lo == 0 && hi == 1:
		q = "?"
	case hi == maxRepeat:
		q = fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		q = fmt.Sprintf("{%d}", lo)
	default:
		q = fmt.Sprintf("{%d,%d}", lo, hi)
	}
	if lo > 1000 || (hi != maxRepeat && hi > 1000) {
		p.notSupported("a repetition count above 1000", here-1)
	}
	if p.match("?") {
		q += "?"
	} else if p.match("+") {
		p.notSupported("a possessive quantifier", here-1)
	}
	item := (*items)[n-1]
	if item.captures && item.nullable && hi > 1 {
		p.emptyLoopCaptures = true
	}
	(*items)[n-1] = piece{text: "(?:" + item.text + ")" + q, kind: itemRepeat, nullable: lo == 0 || item.nullable, captures: item.captures}
	return true
}

func repeatCount(p *parser, digits string) int {
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > 10 {
		p.raise("OverflowError", "the repetition number is too large")
	}
	n, _ := strconv.Atoi("0" + digits)
	if n >= maxRepeat {
		p.raise("OverflowError", "the repetition number is too large")
	}
	return n
}

// parseGroup parses what follows '('. It returns no item for comments
// and, for global flags, the group's start position (-1 otherwise).
func (p *parser) parseGroup(verbose bool, nested int, sc scope) (item *piece, globalStart int) {
	start := p.tell() - 1
	capture := true
	name := ""
	add, del := 0, 0
	if p.match("?") {
		char, ok := p.get()
		if !ok {
			p.fail("unexpected end of pattern", 0)
		}
		switch {
		case char == "P":
			switch {
			case p.match("<"):
				name = p.getUntil(">", "group name")
				p.checkGroupName(name, 1)
			case p.match("="):
				name = p.getUntil(")", "group name")
				p.checkGroupName(name, 1)
				gid, ok := p.groupIndex[name]
				if !ok {
					p.fail("unknown group name "+value.QuoteString(name), utf8.RuneCountInString(name)+1)
				}
				if p.open[gid] {
					p.fail("cannot refer to an open group", utf8.RuneCountInString(name)+1)
				}
				p.checkLookbehindGroup(gid)
				p.notSupported("a backreference (?P="+name+")", start)
				return &piece{text: "(?:)", kind: itemOther}, -1
			default:
				c, ok := p.get()
				if !ok {
					p.fail("unexpected end of pattern", 0)
				}
				p.fail("unknown extension ?P"+c, utf8.RuneCountInString(c)+2)
			}
		case char == ":":
			capture = false
		case char == "#":
			for {
				if !p.hasNext {
					p.fail("missing ), unterminated comment", p.tell()-start)
				}
				if t, _ := p.get(); t == ")" {
					break
				}
			}
			return nil, -1
		case char == "=" || char == "!" || char == "<":
			feature := "a lookahead assertion (?" + char + "...)"
			saved := p.lookbehind
			if char == "<" {
				c, ok := p.get()
				if !ok {
					p.fail("unexpected end of pattern", 0)
				}
				if c != "=" && c != "!" {
					p.fail("unknown extension ?<"+c, utf8.RuneCountInString(c)+2)
				}
				feature = "a lookbehind assertion (?<" + c + "...)"
				if p.lookbehind < 0 {
					p.lookbehind = p.groups
				}
			}
			p.parseSub(verbose, nested+1, sc)
			p.lookbehind = saved
			if !p.match(")") {
				p.fail("missing ), unterminated subpattern", p.tell()-start)
			}
			p.notSupported(feature, start)
			return &piece{text: "(?:)", kind: itemOther}, -1
		case char == "(":
			p.parseConditional(verbose, nested, sc, start)
			return &piece{text: "(?:)", kind: itemOther}, -1
		case char == ">":
			capture = false
			p.notSupported("an atomic group (?>...)", start)
		case flagLetters[char] != 0 || char == "-":
			var isGlobal bool
			add, del, isGlobal = p.parseFlags(char)
			if isGlobal {
				return nil, start
			}
			capture = false
		default:
			p.fail("unknown extension ?"+char, utf8.RuneCountInString(char)+1)
		}
	}
	gid := 0
	if capture {
		gid = p.groups + 1
		if name != "" {
			if old, ok := p.groupIndex[name]; ok {
				p.fail(fmt.Sprintf("redefinition of group name %s as group %d; was group %d", value.QuoteString(name), gid, old), utf8.RuneCountInString(name)+1)
			}
			p.groupIndex[name] = gid
			p.names = append(p.names, name)
		}
		p.groups = gid
		p.open[gid] = true
	}
	subVerbose := (verbose || add&Verbose != 0) && del&Verbose == 0
	body := p.parseSub(subVerbose, nested+1, sc.with(add, del))
	if !p.match(")") {
		p.fail("missing ), unterminated subpattern", p.tell()-start)
	}
	if capture {
		delete(p.open, gid)
		return &piece{text: "(" + body.text + ")", nullable: body.nullable, captures: true}, -1
	}
	return &piece{text: "(?:" + body.text + ")", nullable: body.nullable, captures: body.captures}, -1
}

func (p *parser) parseConditional(verbose bool, nested int, sc scope, start int) {
	cond := p.getUntil(")", "group name")
	n := utf8.RuneCountInString(cond)
	var gid int
	if isIdentifier(cond) {
		g, ok := p.groupIndex[cond]
		if !ok {
			p.fail("unknown group name "+value.QuoteString(cond), n+1)
		}
		gid = g
	} else {
		g, err := strconv.Atoi(cond)
		if err != nil || g < 0 {
			p.fail("bad character in group name "+value.QuoteString(cond), n+1)
		}
		if g == 0 {
			p.fail("bad group number", n+1)
		}
		if g >= maxGroups {
			p.fail(fmt.Sprintf("invalid group reference %d", g), n+1)
		}
		if !slices.ContainsFunc(p.refPos, func(r groupRef) bool { return r.group == g }) {
			p.refPos = append(p.refPos, groupRef{g, p.tell() - n - 1})
		}
		gid = g
	}
	p.checkLookbehindGroup(gid)
	p.parseSeq(verbose, nested+1, false, sc)
	if p.match("|") {
		p.parseSeq(verbose, nested+1, false, sc)
		if p.hasNext && p.next == "|" {
			p.fail("conditional backref with more than two branches", 0)
		}
	}
	if !p.match(")") {
		p.fail("missing ), unterminated subpattern", p.tell()-start)
	}
	p.notSupported("a conditional group (?(...)...)", start)
}

// parseFlags parses inline flags after "(?": global ones like (?i) or a
// scoped group's (?i-m:.
func (p *parser) parseFlags(char string) (add, del int, global bool) {
	if char != "-" {
		for {
			flag := flagLetters[char]
			if char == "L" {
				p.fail("bad inline flags: cannot use 'L' flag with a str pattern", 0)
			}
			add |= flag
			if flag&typeFlags != 0 && add&typeFlags != flag {
				p.fail("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0)
			}
			c, ok := p.get()
			if !ok {
				p.fail("missing -, : or )", 0)
			}
			char = c
			if char == ")" || char == "-" || char == ":" {
				break
			}
			if flagLetters[char] == 0 {
				p.fail(flagError(char, "missing -, : or )"), utf8.RuneCountInString(char))
			}
		}
	}
	if char == ")" {
		p.flags |= add
		return 0, 0, true
	}
	if add&globalFlags != 0 {
		p.fail("bad inline flags: cannot turn on global flag", 1)
	}
	if char == "-" {
		c, ok := p.get()
		if !ok {
			p.fail("missing flag", 0)
		}
		char = c
		if flagLetters[char] == 0 {
			p.fail(flagError(char, "missing flag"), utf8.RuneCountInString(char))
		}
		for {
			flag := flagLetters[char]
			if flag&typeFlags != 0 {
				p.fail("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0)
			}
			del |= flag
			c, ok := p.get()
			if !ok {
				p.fail("missing :", 0)
			}
			char = c
			if char == ":" {
				break
			}
			if flagLetters[char] == 0 {
				p.fail(flagError(char, "missing :"), utf8.RuneCountInString(char))
			}
		}
	}
	if del&globalFlags != 0 {
		p.fail("bad inline flags: cannot turn off global flag", 1)
	}
	if add&del != 0 {
		p.fail("bad inline flags: flag turned on and off", 1)
	}
	return add, del, false
}

func flagError(char, otherwise string) string {
	for _, r := range char {
		if !unicode.IsLetter(r) {
			return otherwise
		}
	}
	return "unknown flag"
}

var escapes = map[string]rune{`\a`: '\a', `\b`: '\b', `\f`: '\f', `\n`: '\n', `\r`: '\r', `\t`: '\t', `\v`: '\v', `\\`: '\\'}

// Python's \s (str.isspace) and \w (letters, numbers, underscore).
const (
	pySpaceClass      = `\t-\r\x{1c}-\x{20}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`
	pyWordClass       = `\p{L}\p{N}_`
	asciiSpaceClass   = `\t-\r `
	asciiWordClass    = `0-9A-Za-z_`
	unicodeDigitClass = `\p{Nd}`
)

// categoryClass returns the inside of an RE2 class for \d, \s or \w.
func categoryClass(c byte, ascii bool) string {
	switch {
	case c == 'd' && ascii:
		return "0-9"
	case c == 'd':
		return unicodeDigitClass
	case c == 's' && ascii:
		return asciiSpaceClass
	case c == 's':
		return pySpaceClass
	case ascii:
		return asciiWordClass
	}
	return pyWordClass
}

func (p *parser) escape(this string, eff int) piece {
	ascii := eff&ASCII != 0
	switch this {
	case `\A`:
		return piece{text: `\A`, kind: itemAt}
	case `\Z`:
		return piece{text: `\z`, kind: itemAt}
	case `\b`, `\B`:
		if !ascii {
			p.usesBoundary = true
		}
		return piece{text: this, kind: itemAt}
	case `\d`, `\s`, `\w`:
		return piece{text: "[" + categoryClass(this[1], ascii) + "]", kind: itemOther}
	case `\D`, `\S`, `\W`:
		return piece{text: "[^" + categoryClass(this[1]+'a'-'A', ascii) + "]", kind: itemOther}
	}
	if r, ok := escapes[this]; ok {
		return piece{text: goLiteral(r, eff), kind: itemOther}
	}
	if r, ok := p.numericEscape(this); ok {
		return piece{text: goLiteral(r, eff), kind: itemOther}
	}
	c := rune(this[1])
	switch {
	case c == '0':
		digits := p.getWhile(2, isOctal)
		n, _ := strconv.ParseInt("0"+digits, 8, 32)
		return piece{text: goLiteral(rune(n), eff), kind: itemOther}
	case isDigit(c):
		esc := this
		if p.nextIs(isDigit) {
			esc += p.next
			p.advance()
			if isOctal(rune(esc[1])) && isOctal(rune(esc[2])) && p.nextIs(isOctal) {
				esc += p.next
				p.advance()
				n, _ := strconv.ParseInt(esc[1:], 8, 32)
				if n > 0o377 {
					p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
				}
				return piece{text: goLiteral(rune(n), eff), kind: itemOther}
			}
		}
		group, _ := strconv.Atoi(esc[1:])
		if group <= p.groups {
			if p.open[group] {
				p.fail("cannot refer to an open group", len(esc))
			}
			p.checkLookbehindGroup(group)
			p.notSupported("a backreference "+esc, p.tell()-len(esc))
			return piece{text: "(?:)", kind: itemOther}
		}
		p.fail(fmt.Sprintf("invalid group reference %d", group), len(esc)-1)
	}
	if utf8.RuneCountInString(this) == 2 {
		r := []rune(this)[1]
		if isASCIILetter(r) {
			p.fail("bad escape "+this, 2)
		}
		return piece{text: goLiteral(r, eff), kind: itemOther}
	}
	p.fail("bad escape "+this, utf8.RuneCountInString(this))
	return piece{}
}

// numericEscape handles \x, \u, \U and \N, which read more characters;
// ok is false for other escapes.
func (p *parser) numericEscape(this string) (rune, bool) {
	var width int
	switch this {
	case `\x`:
		width = 2
	case `\u`:
		width = 4
	case `\U`:
		width = 8
	case `\N`:
		start := p.tell() - 2
		if !p.match("{") {
			p.fail("missing {", 0)
		}
		name := p.getUntil("}", "character name")
		p.notSupported(`a named character escape \N{`+name+`}`, start)
		return 0, true
	default:
		return 0, false
	}
	esc := this + p.getWhile(width, isHex)
	if len(esc) != width+2 {
		p.fail("incomplete escape "+esc, len(esc))
	}
	n, _ := strconv.ParseUint(esc[2:], 16, 32)
	if n > unicode.MaxRune {
		p.fail("bad escape "+esc, len(esc))
	}
	return rune(n), true
}

// goLiteral writes one character as an RE2 atom.
func goLiteral(r rune, eff int) string {
	var s string
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		s = string(r)
	} else {
		s = fmt.Sprintf(`\x{%x}`, r)
	}
	if eff&IgnoreCase != 0 && unicode.SimpleFold(r) != r {
		return "(?i:" + s + ")"
	}
	return s
}
