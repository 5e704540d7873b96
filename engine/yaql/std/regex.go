// This file defines the regex library: regex(), matching operators,
// search, searchAll, split, replace and replaceBy with Python's re
// semantics on top of Go's RE2 engine. Patterns are parsed with Python's
// grammar and error messages and translated to RE2 syntax; what RE2
// cannot do (backreferences, lookaround, conditional and atomic groups,
// possessive quantifiers) fails with a NotImplementedError naming the
// feature instead of matching differently.

package std

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderRegex, "regex", registerRegex) }

// regexType is the parameter type of compiled patterns (Python's
// re.Pattern).
var regexType = yaql.NewPyType("Pattern", "Pattern", false, func(v value.Value) bool {
	_, ok := v.(*Regex)
	return ok
})

func registerRegex(c *yaql.Context, _ Options) {
	str := yaql.String
	selector := &yaql.LambdaType{WithContext: true}
	c.Register(
		yaql.Fn("regex", fnRegex, yaql.P("pattern", str), yaql.Opt("ignoreCase", boolOrNull, value.Bool(false)),
			yaql.Opt("multiLine", boolOrNull, value.Bool(false)), yaql.Opt("dotAll", boolOrNull, value.Bool(false))),
		yaql.Meth("matches", fnRegexMatches(0, 1, true), yaql.P("regexp", regexType), yaql.P("string", str)),
		yaql.Meth("matches", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("regexp", str)),
		yaql.Fn("#operator_=~", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("pattern", str)),
		yaql.Fn("#operator_=~", fnRegexMatches(1, 0, true), yaql.P("string", str), yaql.P("regexp", regexType)),
		yaql.Fn("#operator_!~", fnRegexMatches(1, 0, false), yaql.P("string", str), yaql.P("pattern", str)),
		yaql.Fn("#operator_!~", fnRegexMatches(1, 0, false), yaql.P("string", str), yaql.P("regexp", regexType)),
		yaql.Meth("search", fnRegexSearch, yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("selector", selector, value.Null)),
		yaql.Meth("searchAll", fnRegexSearchAll, yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("selector", selector, value.Null)),
		yaql.Meth("split", fnRegexSplit(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.Opt("maxSplit", intNotNull, value.Int(0))),
		yaql.Meth("split", fnRegexSplit(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.Opt("maxSplit", intNotNull, value.Int(0))),
		yaql.Meth("replace", fnRegexReplace(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.P("repl", str), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replaceBy", fnRegexReplaceBy(0, 1), yaql.P("regexp", regexType), yaql.P("string", str), yaql.P("repl", selector), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replace", fnRegexReplace(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.P("repl", str), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Meth("replaceBy", fnRegexReplaceBy(1, 0), yaql.P("string", str), yaql.P("regexp", regexType), yaql.P("repl", selector), yaql.Opt("count", intNotNull, value.Int(0))),
		yaql.Fn("escapeRegex", fnEscapeRegex, yaql.P("string", str)),
		yaql.Fn("isRegex", fnIsRegex, yaql.P("value", yaql.Any)),
	)
}

// Python's re flags.
const (
	reTemplate   = 1
	reIgnoreCase = 2
	reLocale     = 4
	reMultiLine  = 8
	reDotAll     = 16
	reUnicode    = 32
	reVerbose    = 64
	reDebug      = 128
	reASCII      = 256

	reTypeFlags   = reASCII | reLocale | reUnicode
	reGlobalFlags = reDebug | reTemplate
	reMaxRepeat   = 4294967295
	reMaxGroups   = 1073741823
)

var reFlagLetters = map[string]int{"i": reIgnoreCase, "L": reLocale, "m": reMultiLine, "s": reDotAll,
	"x": reVerbose, "a": reASCII, "t": reTemplate, "u": reUnicode}

var reFlagNames = []struct {
	name string
	flag int
}{
	{"re.TEMPLATE", reTemplate}, {"re.IGNORECASE", reIgnoreCase}, {"re.LOCALE", reLocale},
	{"re.MULTILINE", reMultiLine}, {"re.DOTALL", reDotAll}, {"re.UNICODE", reUnicode},
	{"re.VERBOSE", reVerbose}, {"re.DEBUG", reDebug}, {"re.ASCII", reASCII},
}

// Regex is a compiled regular expression, YAQL's view of Python's
// re.Pattern: the Python pattern and flags, and the RE2 translation.
type Regex struct {
	Pattern string
	Flags   int
	Groups  int
	names   []string // group names in definition order
	index   map[string]int
	body    string // RE2 syntax; dollarMarker stands for Python's $
	// dollar: the pattern uses Python's non-multiline $, which also
	// matches before a final newline; boundary: it uses Unicode \b or \B.
	dollar, boundary bool
	// emptyLoopCaptures: group values may differ from Python's, which
	// records a last iteration that matches the empty string.
	emptyLoopCaptures bool

	mu       sync.Mutex
	compiled map[reVariant]*regexp.Regexp
}

func (*Regex) Type() string { return "Pattern" }

// Repr is Python's repr of a pattern: re.compile('…', re.FLAG|…).
func (r *Regex) Repr() string {
	q := []rune(value.QuoteString(r.Pattern))
	if len(q) > 200 {
		q = q[:200]
	}
	flags := r.Flags
	if flags&(reLocale|reUnicode|reASCII) == reUnicode {
		flags &^= reUnicode
	}
	var names []string
	for _, f := range reFlagNames {
		if flags&f.flag != 0 {
			names = append(names, f.name)
			flags &^= f.flag
		}
	}
	if flags != 0 {
		names = append(names, fmt.Sprintf("0x%x", flags))
	}
	if len(names) == 0 {
		return "re.compile(" + string(q) + ")"
	}
	return "re.compile(" + string(q) + ", " + strings.Join(names, "|") + ")"
}

// Equal compares patterns as Python does: same pattern and flags.
func (r *Regex) Equal(other value.Value) bool {
	o, ok := other.(*Regex)
	return ok && o.Pattern == r.Pattern && o.Flags == r.Flags
}

// HashKey makes patterns usable as dictionary keys and set elements.
func (r *Regex) HashKey() (string, error) {
	return "re.compile:" + strconv.Itoa(r.Flags) + ":" + r.Pattern, nil
}

// dollarMarker stands for Python's non-multiline $ in the translation
// until the subject decides how RE2 expresses it; it cannot occur
// otherwise because literals are always escaped.
const dollarMarker = "\uffff"

func reError(msg, pattern string, pos int) error {
	msg = fmt.Sprintf("%s at position %d", msg, pos)
	if strings.Contains(pattern, "\n") {
		line, col := 1, pos+1
		for i, r := range []rune(pattern) {
			if i >= pos {
				break
			}
			if r == '\n' {
				line, col = line+1, pos-i
			}
		}
		msg = fmt.Sprintf("%s (line %d, column %d)", msg, line, col)
	}
	return yaql.Raise("error", "%s", msg)
}

func reUnsupportedError(feature string, pos int) error {
	return yaql.Raise("NotImplementedError", "%s (at position %d) is not supported: regular expressions run on Go's RE2 engine", feature, pos)
}

// reCache keeps the patterns compiled from strings (=~, matches), as
// Python's re module caches them.
var reCache = struct {
	sync.Mutex
	m map[string]*Regex
}{m: map[string]*Regex{}}

func compileRegexCached(pattern string) (*Regex, error) {
	reCache.Lock()
	r, ok := reCache.m[pattern]
	reCache.Unlock()
	if ok {
		return r, nil
	}
	r, err := compileRegex(pattern, 0)
	if err != nil {
		return nil, err
	}
	reCache.Lock()
	if len(reCache.m) >= 512 {
		reCache.m = map[string]*Regex{}
	}
	reCache.m[pattern] = r
	reCache.Unlock()
	return r, nil
}

// compileRegex parses a Python pattern (re.compile(pattern, flags |
// re.UNICODE)) and translates it.
func compileRegex(pattern string, flags int) (r *Regex, err error) {
	p := &reParser{src: []rune(pattern), pattern: pattern, flags: flags, open: map[int]bool{},
		groupIndex: map[string]int{}, lookbehind: -1, unsupportedPos: -1}
	defer func() {
		if e := recover(); e != nil {
			pe, ok := e.(reParseError)
			if !ok {
				panic(e)
			}
			r, err = nil, pe.err
		}
	}()
	p.advance()
	body := p.parseSub(p.flags&reVerbose != 0, 0, reScope{})
	if p.flags&reLocale != 0 {
		return nil, yaql.Raise("ValueError", "cannot use LOCALE flag with a str pattern")
	}
	if p.flags&reASCII == 0 {
		p.flags |= reUnicode
	} else if p.flags&reUnicode != 0 {
		return nil, yaql.Raise("ValueError", "ASCII and UNICODE flags are incompatible")
	}
	if p.hasNext {
		p.fail("unbalanced parenthesis", 0)
	}
	for _, ref := range p.refPos {
		if ref.group > p.groups {
			return nil, reError(fmt.Sprintf("invalid group reference %d", ref.group), pattern, ref.pos)
		}
	}
	if p.unsupportedPos >= 0 {
		return nil, reUnsupportedError(p.unsupported, p.unsupportedPos)
	}
	r = &Regex{Pattern: pattern, Flags: p.flags, Groups: p.groups, names: p.names, index: p.groupIndex,
		body: body.text, dollar: p.usesDollar, boundary: p.usesBoundary, emptyLoopCaptures: p.emptyLoopCaptures,
		compiled: map[reVariant]*regexp.Regexp{}}
	if _, err := r.variant(reVariant{}); err != nil {
		return nil, err
	}
	return r, nil
}

// reGroupRef is a group number a conditional group refers to, and where.
type reGroupRef struct{ group, pos int }

// reParseError carries a pattern error out of the recursive parser.
type reParseError struct{ err error }

// reParser parses a Python pattern with Python's tokenizer (an escape is
// one token) and grammar, producing RE2 syntax.
type reParser struct {
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
	lookbehind     int          // groups open when the current lookbehind started, -1 outside
	refPos         []reGroupRef // conditional group references to check at the end
	unsupported    string
	unsupportedPos int
	usesDollar     bool
	usesBoundary   bool
	// emptyLoopCaptures: a capturing group sits in a repetition whose
	// item can match the empty string.
	emptyLoopCaptures bool
}

func (p *reParser) failAt(msg string, pos int) {
	panic(reParseError{reError(msg, p.pattern, pos)})
}

func (p *reParser) fail(msg string, offset int) { p.failAt(msg, p.tell()-offset) }

func (p *reParser) raise(class, msg string) { panic(reParseError{yaql.Raise(class, "%s", msg)}) }

// notSupported records the first feature RE2 lacks; parsing goes on so
// that Python's syntax errors still take precedence.
func (p *reParser) notSupported(feature string, pos int) {
	if p.unsupportedPos < 0 {
		p.unsupported, p.unsupportedPos = feature, pos
	}
}

func (p *reParser) advance() {
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

func (p *reParser) tell() int {
	if !p.hasNext {
		return p.index
	}
	return p.index - utf8.RuneCountInString(p.next)
}

func (p *reParser) get() (string, bool) {
	t, ok := p.next, p.hasNext
	p.advance()
	return t, ok
}

func (p *reParser) match(t string) bool {
	if p.hasNext && p.next == t {
		p.advance()
		return true
	}
	return false
}

func (p *reParser) seek(i int) {
	p.index = i
	p.advance()
}

func (p *reParser) getWhile(n int, in func(rune) bool) string {
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

func (p *reParser) getUntil(term, what string) string {
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

func pyIsIdentifier(s string) bool {
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

func (p *reParser) checkGroupName(name string, offset int) {
	if !pyIsIdentifier(name) {
		p.fail("bad character in group name "+value.QuoteString(name), utf8.RuneCountInString(name)+offset)
	}
}

func (p *reParser) checkLookbehindGroup(gid int) {
	if p.lookbehind >= 0 {
		if p.open[gid] || gid > p.groups {
			p.fail("cannot refer to an open group", 0)
		}
		if gid > p.lookbehind {
			p.fail("cannot refer to group defined in the same lookbehind subpattern", 0)
		}
	}
}

func reIsDigit(r rune) bool       { return r >= '0' && r <= '9' }
func reIsOctal(r rune) bool       { return r >= '0' && r <= '7' }
func reIsHex(r rune) bool         { return reIsDigit(r) || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' }
func reIsASCIILetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func (p *reParser) nextIs(in func(rune) bool) bool {
	return p.hasNext && utf8.RuneCountInString(p.next) == 1 && in([]rune(p.next)[0])
}

// reScope holds the flags scoped groups turn on and off.
type reScope struct{ add, del int }

func (p *reParser) effective(sc reScope) int { return (p.flags | sc.add) &^ sc.del }

func (sc reScope) with(add, del int) reScope {
	return reScope{add: (sc.add | add) &^ del, del: (sc.del | del) &^ add}
}

// Item kinds, for the checks quantifiers make.
const (
	itemOther = iota
	itemAt
	itemRepeat
)

// reItem is a translated piece of a pattern: a sequence item or, from
// parseSeq and parseSub, a whole sequence or alternation. nullable: it
// can match the empty string; captures: it holds a capturing group.
type reItem struct {
	text               string
	kind               int
	nullable, captures bool
}

func (p *reParser) parseSub(verbose bool, nested int, sc reScope) reItem {
	var alts []string
	var sub reItem
	for {
		seq := p.parseSeq(verbose, nested+1, nested == 0 && len(alts) == 0, sc)
		alts = append(alts, seq.text)
		sub.nullable = sub.nullable || seq.nullable
		sub.captures = sub.captures || seq.captures
		if !p.match("|") {
			break
		}
		if nested == 0 {
			verbose = p.flags&reVerbose != 0
		}
	}
	sub.text = strings.Join(alts, "|")
	return sub
}

const reSpecial = ".\\[{()*+?^$|"

func (p *reParser) parseSeq(verbose bool, nested int, first bool, sc reScope) reItem {
	var items []reItem
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
		case !strings.Contains(reSpecial, this):
			items = append(items, reItem{text: reGoLiteral([]rune(this)[0], eff), kind: itemOther})
		case this == "[":
			items = append(items, reItem{text: p.parseClass(eff), kind: itemOther})
		case strings.Contains("*+?{", this):
			if !p.parseRepeat(this, &items) {
				items = append(items, reItem{text: reGoLiteral('{', eff), kind: itemOther})
			}
		case this == ".":
			if eff&reDotAll != 0 {
				items = append(items, reItem{text: `(?s:.)`, kind: itemOther})
			} else {
				items = append(items, reItem{text: `[^\n]`, kind: itemOther})
			}
		case this == "(":
			item, globalStart := p.parseGroup(verbose, nested, sc)
			if globalStart >= 0 {
				if !first || len(items) > 0 {
					p.failAt("global flags not at the start of the expression", globalStart)
				}
				verbose = p.flags&reVerbose != 0
			} else if item != nil {
				items = append(items, *item)
			}
		case this == "^":
			if eff&reMultiLine != 0 {
				items = append(items, reItem{text: `(?m:^)`, kind: itemAt})
			} else {
				items = append(items, reItem{text: `\A`, kind: itemAt})
			}
		case this == "$":
			if eff&reMultiLine != 0 {
				items = append(items, reItem{text: `(?m:$)`, kind: itemAt})
			} else {
				p.usesDollar = true
				items = append(items, reItem{text: dollarMarker, kind: itemAt})
			}
		}
	}
	seq := reItem{nullable: true}
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
func (p *reParser) parseRepeat(this string, items *[]reItem) bool {
	here := p.tell()
	lo, hi := 0, reMaxRepeat
	switch this {
	case "?":
		hi = 1
	case "+":
		lo = 1
	case "{":
		if p.hasNext && p.next == "}" {
			return false
		}
		loText := p.getWhile(1<<30, reIsDigit)
		hiText := loText
		if p.match(",") {
			hiText = p.getWhile(1<<30, reIsDigit)
		}
		if !p.match("}") {
			p.seek(here)
			return false
		}
		if loText != "" {
			lo = reRepeatCount(p, loText)
		}
		if hiText != "" {
			hi = reRepeatCount(p, hiText)
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
	case lo == 0 && hi == reMaxRepeat:
		q = "*"
	case lo == 1 && hi == reMaxRepeat:
		q = "+"
	case lo == 0 && hi == 1:
		q = "?"
	case hi == reMaxRepeat:
		q = fmt.Sprintf("{%d,}", lo)
	case lo == hi:
		q = fmt.Sprintf("{%d}", lo)
	default:
		q = fmt.Sprintf("{%d,%d}", lo, hi)
	}
	if lo > 1000 || (hi != reMaxRepeat && hi > 1000) {
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
	(*items)[n-1] = reItem{text: "(?:" + item.text + ")" + q, kind: itemRepeat, nullable: lo == 0 || item.nullable, captures: item.captures}
	return true
}

func reRepeatCount(p *reParser, digits string) int {
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > 10 {
		p.raise("OverflowError", "the repetition number is too large")
	}
	n, _ := strconv.Atoi("0" + digits)
	if n >= reMaxRepeat {
		p.raise("OverflowError", "the repetition number is too large")
	}
	return n
}

// parseGroup parses what follows '('. It returns no item for comments
// and, for global flags, the group's start position (-1 otherwise).
func (p *reParser) parseGroup(verbose bool, nested int, sc reScope) (item *reItem, globalStart int) {
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
				return &reItem{text: "(?:)", kind: itemOther}, -1
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
			return &reItem{text: "(?:)", kind: itemOther}, -1
		case char == "(":
			p.parseConditional(verbose, nested, sc, start)
			return &reItem{text: "(?:)", kind: itemOther}, -1
		case char == ">":
			capture = false
			p.notSupported("an atomic group (?>...)", start)
		case reFlagLetters[char] != 0 || char == "-":
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
	subVerbose := (verbose || add&reVerbose != 0) && del&reVerbose == 0
	body := p.parseSub(subVerbose, nested+1, sc.with(add, del))
	if !p.match(")") {
		p.fail("missing ), unterminated subpattern", p.tell()-start)
	}
	if capture {
		delete(p.open, gid)
		return &reItem{text: "(" + body.text + ")", nullable: body.nullable, captures: true}, -1
	}
	return &reItem{text: "(?:" + body.text + ")", nullable: body.nullable, captures: body.captures}, -1
}

func (p *reParser) parseConditional(verbose bool, nested int, sc reScope, start int) {
	cond := p.getUntil(")", "group name")
	n := utf8.RuneCountInString(cond)
	var gid int
	if pyIsIdentifier(cond) {
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
		if g >= reMaxGroups {
			p.fail(fmt.Sprintf("invalid group reference %d", g), n+1)
		}
		if !slices.ContainsFunc(p.refPos, func(r reGroupRef) bool { return r.group == g }) {
			p.refPos = append(p.refPos, reGroupRef{g, p.tell() - n - 1})
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
func (p *reParser) parseFlags(char string) (add, del int, global bool) {
	if char != "-" {
		for {
			flag := reFlagLetters[char]
			if char == "L" {
				p.fail("bad inline flags: cannot use 'L' flag with a str pattern", 0)
			}
			add |= flag
			if flag&reTypeFlags != 0 && add&reTypeFlags != flag {
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
			if reFlagLetters[char] == 0 {
				p.fail(reFlagError(char, "missing -, : or )"), utf8.RuneCountInString(char))
			}
		}
	}
	if char == ")" {
		p.flags |= add
		return 0, 0, true
	}
	if add&reGlobalFlags != 0 {
		p.fail("bad inline flags: cannot turn on global flag", 1)
	}
	if char == "-" {
		c, ok := p.get()
		if !ok {
			p.fail("missing flag", 0)
		}
		char = c
		if reFlagLetters[char] == 0 {
			p.fail(reFlagError(char, "missing flag"), utf8.RuneCountInString(char))
		}
		for {
			flag := reFlagLetters[char]
			if flag&reTypeFlags != 0 {
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
			if reFlagLetters[char] == 0 {
				p.fail(reFlagError(char, "missing :"), utf8.RuneCountInString(char))
			}
		}
	}
	if del&reGlobalFlags != 0 {
		p.fail("bad inline flags: cannot turn off global flag", 1)
	}
	if add&del != 0 {
		p.fail("bad inline flags: flag turned on and off", 1)
	}
	return add, del, false
}

func reFlagError(char, otherwise string) string {
	for _, r := range char {
		if !unicode.IsLetter(r) {
			return otherwise
		}
	}
	return "unknown flag"
}

var reEscapes = map[string]rune{`\a`: '\a', `\b`: '\b', `\f`: '\f', `\n`: '\n', `\r`: '\r', `\t`: '\t', `\v`: '\v', `\\`: '\\'}

// Python's \s (str.isspace) and \w (letters, numbers, underscore).
const (
	pySpaceClass      = `\t-\r\x{1c}-\x{20}\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}`
	pyWordClass       = `\p{L}\p{N}_`
	asciiSpaceClass   = `\t-\r `
	asciiWordClass    = `0-9A-Za-z_`
	unicodeDigitClass = `\p{Nd}`
)

// reCategoryClass returns the inside of an RE2 class for \d, \s or \w.
func reCategoryClass(c byte, ascii bool) string {
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

func (p *reParser) escape(this string, eff int) reItem {
	ascii := eff&reASCII != 0
	switch this {
	case `\A`:
		return reItem{text: `\A`, kind: itemAt}
	case `\Z`:
		return reItem{text: `\z`, kind: itemAt}
	case `\b`, `\B`:
		if !ascii {
			p.usesBoundary = true
		}
		return reItem{text: this, kind: itemAt}
	case `\d`, `\s`, `\w`:
		return reItem{text: "[" + reCategoryClass(this[1], ascii) + "]", kind: itemOther}
	case `\D`, `\S`, `\W`:
		return reItem{text: "[^" + reCategoryClass(this[1]+'a'-'A', ascii) + "]", kind: itemOther}
	}
	if r, ok := reEscapes[this]; ok {
		return reItem{text: reGoLiteral(r, eff), kind: itemOther}
	}
	if r, ok := p.numericEscape(this); ok {
		return reItem{text: reGoLiteral(r, eff), kind: itemOther}
	}
	c := rune(this[1])
	switch {
	case c == '0':
		digits := p.getWhile(2, reIsOctal)
		n, _ := strconv.ParseInt("0"+digits, 8, 32)
		return reItem{text: reGoLiteral(rune(n), eff), kind: itemOther}
	case reIsDigit(c):
		esc := this
		if p.nextIs(reIsDigit) {
			esc += p.next
			p.advance()
			if reIsOctal(rune(esc[1])) && reIsOctal(rune(esc[2])) && p.nextIs(reIsOctal) {
				esc += p.next
				p.advance()
				n, _ := strconv.ParseInt(esc[1:], 8, 32)
				if n > 0o377 {
					p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
				}
				return reItem{text: reGoLiteral(rune(n), eff), kind: itemOther}
			}
		}
		group, _ := strconv.Atoi(esc[1:])
		if group <= p.groups {
			if p.open[group] {
				p.fail("cannot refer to an open group", len(esc))
			}
			p.checkLookbehindGroup(group)
			p.notSupported("a backreference "+esc, p.tell()-len(esc))
			return reItem{text: "(?:)", kind: itemOther}
		}
		p.fail(fmt.Sprintf("invalid group reference %d", group), len(esc)-1)
	}
	if utf8.RuneCountInString(this) == 2 {
		r := []rune(this)[1]
		if reIsASCIILetter(r) {
			p.fail("bad escape "+this, 2)
		}
		return reItem{text: reGoLiteral(r, eff), kind: itemOther}
	}
	p.fail("bad escape "+this, utf8.RuneCountInString(this))
	return reItem{}
}

// numericEscape handles \x, \u, \U and \N, which read more characters;
// ok is false for other escapes.
func (p *reParser) numericEscape(this string) (rune, bool) {
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
	esc := this + p.getWhile(width, reIsHex)
	if len(esc) != width+2 {
		p.fail("incomplete escape "+esc, len(esc))
	}
	n, _ := strconv.ParseUint(esc[2:], 16, 32)
	if n > unicode.MaxRune {
		p.fail("bad escape "+esc, len(esc))
	}
	return rune(n), true
}

// reGoLiteral writes one character as an RE2 atom.
func reGoLiteral(r rune, eff int) string {
	var s string
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		s = string(r)
	} else {
		s = fmt.Sprintf(`\x{%x}`, r)
	}
	if eff&reIgnoreCase != 0 && unicode.SimpleFold(r) != r {
		return "(?i:" + s + ")"
	}
	return s
}

// reClassItem is a member of a character set: a literal, a range or a
// category (\d, \D, \s, \S, \w, \W).
type reClassItem struct {
	lo, hi   rune
	category byte
}

func (p *reParser) classEscape(this string) reClassItem {
	if r, ok := reEscapes[this]; ok {
		return reClassItem{lo: r, hi: r}
	}
	if strings.Contains("dDsSwW", this[1:]) && len(this) == 2 {
		return reClassItem{category: this[1]}
	}
	if r, ok := p.numericEscape(this); ok {
		return reClassItem{lo: r, hi: r}
	}
	c := []rune(this)[1]
	switch {
	case reIsOctal(c):
		esc := this + p.getWhile(2, reIsOctal)
		n, _ := strconv.ParseInt(esc[1:], 8, 32)
		if n > 0o377 {
			p.fail(fmt.Sprintf("octal escape value %s outside of range 0-0o377", esc), len(esc))
		}
		return reClassItem{lo: rune(n), hi: rune(n)}
	case reIsDigit(c):
		p.fail("bad escape "+this, 2)
	case reIsASCIILetter(c):
		p.fail("bad escape "+this, 2)
	}
	return reClassItem{lo: c, hi: c}
}

func (p *reParser) parseClass(eff int) string {
	here := p.tell() - 1
	negate := p.match("^")
	var items []reClassItem
	for {
		this, ok := p.get()
		if !ok {
			p.fail("unterminated character set", p.tell()-here)
		}
		if this == "]" && len(items) > 0 {
			break
		}
		var code1 reClassItem
		if this[0] == '\\' {
			code1 = p.classEscape(this)
		} else {
			r := []rune(this)[0]
			code1 = reClassItem{lo: r, hi: r}
		}
		if !p.match("-") {
			items = append(items, code1)
			continue
		}
		that, ok := p.get()
		if !ok {
			p.fail("unterminated character set", p.tell()-here)
		}
		if that == "]" {
			items = append(items, code1, reClassItem{lo: '-', hi: '-'})
			break
		}
		var code2 reClassItem
		if that[0] == '\\' {
			code2 = p.classEscape(that)
		} else {
			r := []rune(that)[0]
			code2 = reClassItem{lo: r, hi: r}
		}
		if code1.category != 0 || code2.category != 0 || code2.lo < code1.lo {
			p.fail("bad character range "+this+"-"+that, utf8.RuneCountInString(this)+1+utf8.RuneCountInString(that))
		}
		items = append(items, reClassItem{lo: code1.lo, hi: code2.lo})
	}
	return reGoClass(items, negate, eff)
}

// reGoClass writes a Python character set as an RE2 class; sets with
// negated categories are computed as explicit ranges.
func reGoClass(items []reClassItem, negate bool, eff int) string {
	ascii := eff&reASCII != 0
	var b strings.Builder
	explicit := false
	for _, it := range items {
		switch {
		case it.category >= 'A' && it.category <= 'Z':
			explicit = true
		case it.category != 0:
			b.WriteString(reCategoryClass(it.category, ascii))
		case it.lo == it.hi:
			b.WriteString(reClassRune(it.lo))
		default:
			b.WriteString(reClassRune(it.lo) + "-" + reClassRune(it.hi))
		}
	}
	var class string
	switch {
	case explicit:
		var set reRuneSet
		for _, it := range items {
			if it.category == 0 {
				set = append(set, [2]rune{it.lo, it.hi})
			} else {
				set = append(set, reCategorySet(it.category, ascii)...)
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
	if eff&reIgnoreCase != 0 {
		return "(?i:" + class + ")"
	}
	return class
}

func reClassRune(r rune) string {
	if r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
		return string(r)
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// reRuneSet is a set of characters as sorted, disjoint, inclusive ranges
// (after normalize).
type reRuneSet [][2]rune

func (s reRuneSet) normalize() reRuneSet {
	sorted := append(reRuneSet(nil), s...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j][0] < sorted[j-1][0]; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	var out reRuneSet
	for _, r := range sorted {
		if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], r[1])
			continue
		}
		out = append(out, r)
	}
	return out
}

func (s reRuneSet) complement() reRuneSet {
	var out reRuneSet
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

func (s reRuneSet) class() string {
	if len(s) == 0 {
		return `[^\x{0}-\x{10ffff}]`
	}
	var b strings.Builder
	b.WriteByte('[')
	for _, r := range s {
		b.WriteString(reClassRune(r[0]))
		if r[1] != r[0] {
			b.WriteString("-" + reClassRune(r[1]))
		}
	}
	b.WriteByte(']')
	return b.String()
}

func reTableSet(tables ...*unicode.RangeTable) reRuneSet {
	var out reRuneSet
	for _, t := range tables {
		for _, r := range t.R16 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if r.Stride == 1 {
					out = append(out, [2]rune{c, rune(r.Hi)})
					break
				}
				out = append(out, [2]rune{c, c})
			}
		}
		for _, r := range t.R32 {
			for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
				if r.Stride == 1 {
					out = append(out, [2]rune{c, rune(r.Hi)})
					break
				}
				out = append(out, [2]rune{c, c})
			}
		}
	}
	return out
}

// reCategorySet returns the characters of a category escape (upper case:
// the complement).
func reCategorySet(c byte, ascii bool) reRuneSet {
	lower := c | 0x20
	var set reRuneSet
	switch {
	case lower == 'd' && ascii:
		set = reRuneSet{{'0', '9'}}
	case lower == 'd':
		set = reTableSet(unicode.Nd)
	case lower == 's' && ascii:
		set = reRuneSet{{'\t', '\r'}, {' ', ' '}}
	case lower == 's':
		set = reRuneSet{{'\t', '\r'}, {0x1c, 0x20}, {0x85, 0x85}, {0xa0, 0xa0}, {0x1680, 0x1680}, {0x2000, 0x200a},
			{0x2028, 0x2029}, {0x202f, 0x202f}, {0x205f, 0x205f}, {0x3000, 0x3000}}
	case ascii:
		set = reRuneSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	default:
		set = append(reTableSet(unicode.L, unicode.N), [2]rune{'_', '_'})
	}
	set = set.normalize()
	if c != lower {
		return set.complement()
	}
	return set
}

// reVariant selects one RE2 program of a pattern: prefixed programs
// match after one context character (searches that start inside the
// subject), anchored ones only at the start and with leftmost-longest
// semantics; dollarEnd expresses Python's $ as the end of text instead
// of the end of a line.
type reVariant struct {
	prefixed, anchored, dollarEnd bool
}

func (r *Regex) variant(v reVariant) (*regexp.Regexp, error) {
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
	if v.anchored {
		src = `\A` + src
	}
	re, err := regexp.Compile(src)
	if err != nil {
		msg := err.Error()
		if e, ok := err.(interface{ Unwrap() error }); ok && e.Unwrap() != nil {
			msg = e.Unwrap().Error()
		}
		return nil, yaql.Raise("NotImplementedError", "the pattern %s is too large for Go's RE2 engine (%s)", value.QuoteString(r.Pattern), msg)
	}
	if v.anchored {
		re.Longest()
	}
	r.compiled[v] = re
	return re, nil
}

// reSubject is a string being matched, with what the translation needs
// to know about it.
type reSubject struct {
	s         string
	ascii     bool
	runeIndex []int // byte offset → code point index, for non-ASCII subjects
	dollarEnd bool
}

// subject prepares s for matching; it fails when the pattern uses
// something RE2 cannot express for this particular subject.
func (r *Regex) subject(s string) (*reSubject, error) {
	sub := &reSubject{s: s, ascii: true}
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			sub.ascii = false
			break
		}
	}
	if r.boundary && !sub.ascii {
		for _, c := range s {
			if c >= 0x80 && unicode.In(c, unicode.L, unicode.N) {
				return nil, yaql.Raise("NotImplementedError", "\\b and \\B next to non-ASCII letters or digits are not supported: regular expressions run on Go's RE2 engine, whose word boundaries are ASCII")
			}
		}
	}
	if r.dollar && strings.HasSuffix(s, "\n") {
		if strings.Contains(s[:len(s)-1], "\n") {
			return nil, yaql.Raise("NotImplementedError", "$ without multiLine on text with several lines ending in a newline is not supported: regular expressions run on Go's RE2 engine")
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

func (sub *reSubject) pos(byteOffset int) int {
	if byteOffset < 0 || sub.ascii {
		return byteOffset
	}
	return sub.runeIndex[byteOffset]
}

// searchAt finds the leftmost match starting at byte offset pos or later,
// with the characters before pos as context (Python's search(s, pos)). The
// result holds byte offsets: start and end of the match, then of each
// group (-1 for groups that did not take part).
func (r *Regex) searchAt(sub *reSubject, pos int) ([]int, error) {
	if pos == 0 {
		re, err := r.variant(reVariant{dollarEnd: sub.dollarEnd})
		if err != nil {
			return nil, err
		}
		m := re.FindStringSubmatchIndex(sub.s)
		if m == nil {
			return nil, nil
		}
		return m[2:], nil
	}
	re, err := r.variant(reVariant{prefixed: true, dollarEnd: sub.dollarEnd})
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
func (r *Regex) hasNonEmptyAt(sub *reSubject, pos int) (bool, error) {
	v := reVariant{anchored: true, prefixed: pos > 0, dollarEnd: sub.dollarEnd}
	re, err := r.variant(v)
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

// reScanner iterates over the matches of a pattern as Python's finditer,
// sub and split do: after an empty match the next one must not be empty
// at the same position, after a non-empty one it may.
type reScanner struct {
	r           *Regex
	sub         *reSubject
	pos         int
	mustAdvance bool
	done        bool
}

func (sc *reScanner) next() ([]int, error) {
	if sc.done || sc.pos > len(sc.sub.s) {
		return nil, nil
	}
	m, err := sc.r.searchAt(sc.sub, sc.pos)
	if err == nil && m != nil && sc.mustAdvance && m[0] == sc.pos && m[1] == sc.pos {
		var nonEmpty bool
		if nonEmpty, err = sc.r.hasNonEmptyAt(sc.sub, sc.pos); err == nil {
			switch {
			case nonEmpty:
				err = yaql.Raise("NotImplementedError", "the pattern %s prefers an empty match where a non-empty one follows at the same position; Go's RE2 engine cannot choose the one Python does", value.QuoteString(sc.r.Pattern))
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

func (r *Regex) search(s string) (*reSubject, []int, error) {
	sub, err := r.subject(s)
	if err != nil {
		return nil, nil, err
	}
	m, err := r.searchAt(sub, 0)
	return sub, m, err
}

// groupValue returns group g of a match (null when it did not take part).
func (sub *reSubject) groupValue(m []int, g int) value.Value {
	if m[2*g] < 0 {
		return value.Null
	}
	return value.String(sub.s[m[2*g]:m[2*g+1]])
}

// matchRecord is the dictionary the reference publishes for a group:
// value, start and end in code points.
func (sub *reSubject) matchRecord(m []int, g int) *value.Dict {
	d := value.NewDict(3)
	d.SetString("value", sub.groupValue(m, g))
	d.SetString("start", value.Int(sub.pos(m[2*g])))
	d.SetString("end", value.Int(sub.pos(m[2*g+1])))
	return d
}

// checkGroups fails when the pattern's group values may differ from
// Python's: after the last iteration of a repetition Python tries one
// more, which may match the empty string and set the groups inside it.
func (r *Regex) checkGroups() error {
	if r.emptyLoopCaptures {
		return yaql.Raise("NotImplementedError", "the values of groups inside a repetition that can match the empty string (pattern %s) are not supported: regular expressions run on Go's RE2 engine", value.QuoteString(r.Pattern))
	}
	return nil
}

// publishMatch defines $1 (the match) and $2… (the groups) in ctx as the
// reference does. Its loop over named groups unpacks each group's value
// as a (name, group) pair, so named groups only work when they matched
// two characters, the second naming a group; otherwise it fails with the
// reference's errors.
func (r *Regex) publishMatch(ctx *yaql.Context, sub *reSubject, m []int) error {
	if err := r.checkGroups(); err != nil {
		return err
	}
	ctx.Set("$1", sub.matchRecord(m, 0))
	for g := 1; g <= r.Groups; g++ {
		ctx.Set("$"+strconv.Itoa(g+1), sub.matchRecord(m, g))
	}
	for _, name := range r.names {
		v, ok := sub.groupValue(m, r.index[name]).(value.String)
		if !ok {
			return yaql.Raise("TypeError", "cannot unpack non-iterable NoneType object")
		}
		rs := []rune(string(v))
		switch {
		case len(rs) < 2:
			return yaql.Raise("ValueError", "not enough values to unpack (expected 2, got %d)", len(rs))
		case len(rs) > 2:
			return yaql.Raise("ValueError", "too many values to unpack (expected 2)")
		}
		g, ok := r.index[string(rs[1])]
		if !ok {
			return yaql.Raise("IndexError", "no such group")
		}
		d := value.NewDict(3)
		d.SetString("value", value.String(string(rs[1])))
		d.SetString("start", value.Int(sub.pos(m[2*g])))
		d.SetString("end", value.Int(sub.pos(m[2*g+1])))
		ctx.Set("$"+string(rs[0]), d)
	}
	return nil
}

func fnRegex(c *yaql.Call) (value.Value, error) {
	flags := 0
	for i, f := range []int{reIgnoreCase, reMultiLine, reDotAll} {
		if value.Truth(c.Args[i+1]) {
			flags |= f
		}
	}
	return compileRegex(stringArg(c, 0), flags|reUnicode)
}

// regexArg returns the pattern argument i: a compiled pattern or a
// string compiled with default flags.
func regexArg(c *yaql.Call, i int) (*Regex, error) {
	if r, ok := c.Args[i].(*Regex); ok {
		return r, nil
	}
	return compileRegexCached(stringArg(c, i))
}

// fnRegexMatches is re.search(pattern, string) is not None (negated when
// want is false); re and str are the argument indexes.
func fnRegexMatches(re, str int, want bool) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r, err := regexArg(c, re)
		if err != nil {
			return nil, err
		}
		_, m, err := r.search(stringArg(c, str))
		if err != nil {
			return nil, err
		}
		return value.Bool((m != nil) == want), nil
	}
}

func fnRegexSearch(c *yaql.Call) (value.Value, error) {
	r := c.Args[0].(*Regex)
	sub, m, err := r.search(stringArg(c, 1))
	if err != nil || m == nil {
		return value.Null, err
	}
	selector, ok := c.Args[2].(*yaql.Lambda)
	if !ok {
		return sub.groupValue(m, 0), nil
	}
	ctx := c.Ctx.Child()
	if err := r.publishMatch(ctx, sub, m); err != nil {
		return nil, err
	}
	return selector.Invoke([]value.Value{ctx}, nil)
}

func fnRegexSearchAll(c *yaql.Call) (value.Value, error) {
	r := c.Args[0].(*Regex)
	sub, err := r.subject(stringArg(c, 1))
	if err != nil {
		return nil, err
	}
	selector, _ := c.Args[2].(*yaql.Lambda)
	sc := &reScanner{r: r, sub: sub}
	return value.NewIterator(func() (value.Value, bool, error) {
		if err := c.RT.Step(); err != nil {
			return nil, false, err
		}
		m, err := sc.next()
		if err != nil || m == nil {
			return nil, false, err
		}
		if selector == nil {
			return sub.groupValue(m, 0), true, nil
		}
		ctx := c.Ctx.Child()
		if err := r.publishMatch(ctx, sub, m); err != nil {
			return nil, false, err
		}
		v, err := selector.Invoke([]value.Value{ctx}, nil)
		return v, err == nil, err
	}), nil
}

// reScanLimit turns Python's count/maxsplit argument into a number of
// matches: 0 means all, a negative one none.
func reScanLimit(v value.Value) (int, error) {
	n, err := pySsize(v)
	if err != nil {
		return 0, err
	}
	if n == 0 {
		return -1, nil
	}
	return max(n, 0), nil
}

func fnRegexSplit(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*Regex)
		limit, err := reScanLimit(c.Args[2])
		if err != nil {
			return nil, err
		}
		sub, err := r.subject(stringArg(c, str))
		if err != nil {
			return nil, err
		}
		if r.Groups > 0 {
			if err := r.checkGroups(); err != nil {
				return nil, err
			}
		}
		var out []value.Value
		last := 0
		sc := &reScanner{r: r, sub: sub}
		for n := 0; limit < 0 || n < limit; n++ {
			if err := c.RT.Step(); err != nil {
				return nil, err
			}
			m, err := sc.next()
			if err != nil {
				return nil, err
			}
			if m == nil {
				break
			}
			out = append(out, value.String(sub.s[last:m[0]]))
			for g := 1; g <= r.Groups; g++ {
				out = append(out, sub.groupValue(m, g))
			}
			last = m[1]
			if err := c.RT.CheckCollection(len(out)); err != nil {
				return nil, err
			}
		}
		out = append(out, value.String(sub.s[last:]))
		return value.NewPyList(out), nil
	}
}

// substitute is Python's pattern.sub with a function computing each
// match's replacement (null for nothing; other non-strings fail when the
// pieces are joined, as in the reference).
func (r *Regex) substitute(c *yaql.Call, s string, count value.Value, repl func(sub *reSubject, m []int) (value.Value, error)) (value.Value, error) {
	limit, err := reScanLimit(count)
	if err != nil {
		return nil, err
	}
	sub, err := r.subject(s)
	if err != nil {
		return nil, err
	}
	var pieces []value.Value
	size, last := 0, 0
	sc := &reScanner{r: r, sub: sub}
	for n := 0; limit < 0 || n < limit; n++ {
		if err := c.RT.Step(); err != nil {
			return nil, err
		}
		m, err := sc.next()
		if err != nil {
			return nil, err
		}
		if m == nil {
			break
		}
		if last < m[0] {
			pieces = append(pieces, value.String(s[last:m[0]]))
			size += m[0] - last
		}
		v, err := repl(sub, m)
		if err != nil {
			return nil, err
		}
		if !value.IsNull(v) {
			pieces = append(pieces, v)
			if t, ok := v.(value.String); ok {
				size += len(t)
			}
		}
		if err := c.RT.CheckString(size); err != nil {
			return nil, err
		}
		last = m[1]
	}
	if last < len(s) {
		pieces = append(pieces, value.String(s[last:]))
	}
	var b strings.Builder
	for i, p := range pieces {
		t, ok := p.(value.String)
		if !ok {
			return nil, yaql.Raise("TypeError", "sequence item %d: expected str instance, %s found", i, pyClassName(p))
		}
		b.WriteString(string(t))
	}
	return value.String(b.String()), nil
}

func fnRegexReplace(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*Regex)
		tmpl, err := parseReTemplate(stringArg(c, 2), r)
		if err != nil {
			return nil, err
		}
		for _, part := range tmpl {
			if part.group > 0 {
				if err := r.checkGroups(); err != nil {
					return nil, err
				}
			}
		}
		return r.substitute(c, stringArg(c, str), c.Args[3], func(sub *reSubject, m []int) (value.Value, error) {
			var b strings.Builder
			for _, part := range tmpl {
				if part.group < 0 {
					b.WriteString(part.text)
				} else if g, ok := sub.groupValue(m, part.group).(value.String); ok {
					b.WriteString(string(g))
				}
			}
			return value.String(b.String()), nil
		})
	}
}

func fnRegexReplaceBy(re, str int) func(*yaql.Call) (value.Value, error) {
	return func(c *yaql.Call) (value.Value, error) {
		r := c.Args[re].(*Regex)
		repl := c.Lambda(2)
		return r.substitute(c, stringArg(c, str), c.Args[3], func(sub *reSubject, m []int) (value.Value, error) {
			if err := r.publishMatch(c.Ctx, sub, m); err != nil {
				return nil, err
			}
			return repl.Invoke([]value.Value{c.Ctx.Child()}, nil)
		})
	}
}

// reTemplatePart is a literal piece of a replacement template or, when
// group >= 0, a group reference.
type reTemplatePart struct {
	text  string
	group int
}

// parseReTemplate parses a replacement string as Python's re does: \1,
// \g<1>, \g<name>, octal and character escapes.
func parseReTemplate(repl string, r *Regex) (parts []reTemplatePart, err error) {
	if !strings.Contains(repl, `\`) {
		return []reTemplatePart{{text: repl, group: -1}}, nil
	}
	p := &reParser{src: []rune(repl), pattern: repl}
	defer func() {
		if e := recover(); e != nil {
			pe, ok := e.(reParseError)
			if !ok {
				panic(e)
			}
			parts, err = nil, pe.err
		}
	}()
	p.advance()
	var lit strings.Builder
	addGroup := func(g, offset int) {
		if g > r.Groups {
			p.fail(fmt.Sprintf("invalid group reference %d", g), offset)
		}
		if lit.Len() > 0 {
			parts = append(parts, reTemplatePart{text: lit.String(), group: -1})
			lit.Reset()
		}
		parts = append(parts, reTemplatePart{group: g})
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
			if pyIsIdentifier(name) {
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
				if v >= reMaxGroups {
					p.fail(fmt.Sprintf("invalid group reference %d", v), n+1)
				}
				g = v
			}
			addGroup(g, n+1)
		case c == '0':
			esc := this
			if p.nextIs(reIsOctal) {
				esc += p.next
				p.advance()
				if p.nextIs(reIsOctal) {
					esc += p.next
					p.advance()
				}
			}
			n, _ := strconv.ParseInt(esc[1:], 8, 32)
			lit.WriteRune(rune(n & 0xff))
		case reIsDigit(c):
			esc := this
			octal := false
			if p.nextIs(reIsDigit) {
				esc += p.next
				p.advance()
				if reIsOctal(c) && reIsOctal(rune(esc[2])) && p.nextIs(reIsOctal) {
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
			if r, ok := reEscapes[this]; ok {
				lit.WriteRune(r)
			} else if reIsASCIILetter(c) {
				p.fail("bad escape "+this, 2)
			} else {
				lit.WriteString(this)
			}
		}
	}
	if lit.Len() > 0 {
		parts = append(parts, reTemplatePart{text: lit.String(), group: -1})
	}
	return parts, nil
}

// fnEscapeRegex is Python 3.11's re.escape: a backslash before the
// characters special in patterns and the whitespace ones.
func fnEscapeRegex(c *yaql.Call) (value.Value, error) {
	var b strings.Builder
	for _, r := range stringArg(c, 0) {
		if strings.ContainsRune("()[]{}?*+-|^$\\.&~# \t\n\r\v\f", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return value.String(b.String()), nil
}

func fnIsRegex(c *yaql.Call) (value.Value, error) {
	_, ok := c.Args[0].(*Regex)
	return value.Bool(ok), nil
}
