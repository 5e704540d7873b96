// This file defines compiled patterns: flags, re.compile and its cache,
// and the errors of compiling.

package pyre

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"murano.dev/playground/engine/value"
)

// Python's re flags, with their values in the re module.
const (
	Template   = 1
	IgnoreCase = 2
	Locale     = 4
	MultiLine  = 8
	DotAll     = 16
	Unicode    = 32
	Verbose    = 64
	Debug      = 128
	ASCII      = 256

	typeFlags   = ASCII | Locale | Unicode
	globalFlags = Debug | Template
	maxRepeat   = 4294967295
	maxGroups   = 1073741823
)

var flagLetters = map[string]int{"i": IgnoreCase, "L": Locale, "m": MultiLine, "s": DotAll,
	"x": Verbose, "a": ASCII, "t": Template, "u": Unicode}

var flagNames = []struct {
	name string
	flag int
}{
	{"re.TEMPLATE", Template}, {"re.IGNORECASE", IgnoreCase}, {"re.LOCALE", Locale},
	{"re.MULTILINE", MultiLine}, {"re.DOTALL", DotAll}, {"re.UNICODE", Unicode},
	{"re.VERBOSE", Verbose}, {"re.DEBUG", Debug}, {"re.ASCII", ASCII},
}

// Regex is a compiled pattern, Python's re.Pattern: the Python pattern
// and flags, and its RE2 translation. It is a value of the engine
// ([value.Value]), printed, compared and hashed as Python does.
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
	compiled map[program]*regexp.Regexp
}

// Type is the pattern's Python type name.
func (*Regex) Type() string { return "Pattern" }

// Repr is Python's repr of a pattern: re.compile('…', re.FLAG|…).
func (r *Regex) Repr() string {
	q := []rune(value.QuoteString(r.Pattern))
	if len(q) > 200 {
		q = q[:200]
	}
	flags := r.Flags
	if flags&(Locale|Unicode|ASCII) == Unicode {
		flags &^= Unicode
	}
	var names []string
	for _, f := range flagNames {
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

func patternError(msg, pattern string, pos int) error {
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
	return raise("error", "%s", msg)
}

// raise returns the Python exception of the class.
func raise(class, format string, args ...any) error {
	return &value.Exception{Class: class, Message: fmt.Sprintf(format, args...)}
}

func unsupported(feature string, pos int) error {
	return raise("NotImplementedError", "%s (at position %d) is not supported: regular expressions run on Go's RE2 engine", feature, pos)
}

// cache keeps the patterns compiled from strings (=~, matches), as
// Python's re module caches them.
var cache = struct {
	sync.Mutex
	m map[string]*Regex
}{m: map[string]*Regex{}}

// Cached compiles a pattern with no flags once, as re.search(pattern, s)
// and the other functions of the re module do through their cache.
func Cached(pattern string) (*Regex, error) {
	cache.Lock()
	r, ok := cache.m[pattern]
	cache.Unlock()
	if ok {
		return r, nil
	}
	r, err := Compile(pattern, 0)
	if err != nil {
		return nil, err
	}
	cache.Lock()
	if len(cache.m) >= 512 {
		cache.m = map[string]*Regex{}
	}
	cache.m[pattern] = r
	cache.Unlock()
	return r, nil
}

// Compile is re.compile(pattern, flags) for a str pattern: it parses the
// pattern with Python's grammar, failing with Python's re.error (class
// "error") and message, and translates it to RE2, failing with a
// NotImplementedError for what RE2 cannot do. Errors are
// [value.Exception]s.
func Compile(pattern string, flags int) (r *Regex, err error) {
	p := &parser{src: []rune(pattern), pattern: pattern, flags: flags, open: map[int]bool{},
		groupIndex: map[string]int{}, lookbehind: -1, unsupportedPos: -1}
	defer recoverParse(&err)
	p.advance()
	body := p.parseSub(p.flags&Verbose != 0, 0, scope{})
	if p.flags&Locale != 0 {
		return nil, raise("ValueError", "cannot use LOCALE flag with a str pattern")
	}
	if p.flags&ASCII == 0 {
		p.flags |= Unicode
	} else if p.flags&Unicode != 0 {
		return nil, raise("ValueError", "ASCII and UNICODE flags are incompatible")
	}
	if p.hasNext {
		p.fail("unbalanced parenthesis", 0)
	}
	for _, ref := range p.refPos {
		if ref.group > p.groups {
			return nil, patternError(fmt.Sprintf("invalid group reference %d", ref.group), pattern, ref.pos)
		}
	}
	if p.unsupportedPos >= 0 {
		return nil, unsupported(p.unsupported, p.unsupportedPos)
	}
	r = &Regex{Pattern: pattern, Flags: p.flags, Groups: p.groups, names: p.names, index: p.groupIndex,
		body: body.text, dollar: p.usesDollar, boundary: p.usesBoundary, emptyLoopCaptures: p.emptyLoopCaptures,
		compiled: map[program]*regexp.Regexp{}}
	if _, err := r.program(program{}); err != nil {
		return nil, err
	}
	return r, nil
}
