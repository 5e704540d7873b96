// Package yamlfmt formats YAML files — a package's manifest, class files,
// UI definitions, templates — without changing what they say: [Format]
// re-indents the block structure to two spaces a level (a sequence
// indented under its key, one space after a dash) and keeps everything
// else as it was written: the comments and blank lines, key order, every
// scalar in its style and with its line breaks (a MuranoPL expression
// broken over lines stays broken where its author broke it), flow
// collections, anchors, aliases, tags and document markers. It is the
// page's Format command and `muranopl fmt`.
//
// The formatter works on lines, not by printing a tree: the YAML library
// (go.yaml.in/yaml/v3) parses the file and its nodes' positions say which
// line starts which mapping key or sequence item; such a line gets the
// indentation of its level, the lines a multi-line scalar or flow
// collection continues on move with the line it starts on, a block
// scalar's content is re-based two spaces under its key or dash, and a
// comment line takes the indentation of the level it was aligned with.
// Printing the tree again (yaml.v3's encoder) would join multi-line plain
// scalars into one line, turn the null of `{key}` into an empty string
// and move comments.
//
// Format checks its own work and refuses rather than mangles: the result
// must parse to the same tree (kinds, tags, values, styles, anchors,
// aliases, key order), differ from the input in whitespace only, line for
// line, and be a fixed point (formatting it again changes nothing). A file
// that does not parse is an [*Error] at the line the YAML library names
// (it gives no column: Col is that line's first character), and so is a
// file whose layout the formatter does not handle (explicit `?` keys).
package yamlfmt

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Error is a file Format refuses: a message and where, 1-based.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Msg
	}
	return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
}

// indent is the indentation of a level.
const indent = 2

// Format returns src formatted. It is idempotent: Format of its result
// is that result. Line breaks become "\n"; the result ends with one line
// break unless the file's last scalar keeps its trailing ones (or has
// none).
func Format(src []byte) (_ []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Error{Msg: fmt.Sprint("yamlfmt: the formatter failed (", r, "); the file is left as it is")}
		}
	}()
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n")
	if !utf8.ValidString(text) {
		return nil, &Error{Msg: "the file is not UTF-8"}
	}
	docs, err := parse(text)
	if err != nil {
		return nil, err
	}
	out, err := reindent(text, docs)
	if err != nil {
		return nil, err
	}
	// A second pass must change nothing; when it does (a layout the first
	// pass settles in two steps), a third must.
	for range 2 {
		again, err := parse(out)
		if err != nil {
			return nil, internal(err)
		}
		next, err := reindent(out, again)
		if err != nil {
			return nil, err
		}
		if next == out {
			return []byte(out), nil
		}
		out = next
	}
	return nil, &Error{Msg: "yamlfmt: the formatting does not settle; the file is left as it is"}
}

// parse reads the documents of text.
func parse(text string) ([]*yaml.Node, error) {
	docs, err := parseOnly(text)
	if err != nil {
		return nil, syntaxError(text, err)
	}
	return docs, nil
}

// parseOnly reads the documents of text; its errors are the YAML
// library's.
func parseOnly(text string) ([]*yaml.Node, error) {
	dec := yaml.NewDecoder(strings.NewReader(text))
	var docs []*yaml.Node
	for {
		var doc yaml.Node
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			return nil, err
		}
		docs = append(docs, &doc)
	}
}

// parserProblems are the messages of the YAML library's parser errors,
// which it reports at a 0-based line (its scanner errors are at 1-based
// lines); engine/internal/pyyaml corrects them the same way.
var parserProblems = map[string]bool{
	"did not find expected <stream-start>": true, "did not find expected <document start>": true,
	"did not find expected node content": true, "did not find expected key": true,
	"did not find expected '-' indicator": true, "did not find expected ',' or ']'": true,
	"did not find expected ',' or '}'": true, "found duplicate %YAML directive": true,
	"found incompatible YAML document": true, "found duplicate %TAG directive": true,
	"found undefined tag handle": true,
}

// syntaxError turns an error of the YAML library ("yaml: line 3: did not
// find expected key") into an *Error at that line's first character.
func syntaxError(text string, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	e := &Error{Msg: msg}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, tail, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				if parserProblems[tail] {
					line++
				}
				e.Line, e.Msg = line, tail
			}
		}
	}
	if e.Line == 0 {
		e.Line = 1
	}
	lines := strings.Split(text, "\n")
	// The library names the line where the construct it was reading
	// began; the first prefix of the file that fails the same way ends
	// on the line of the problem.
	for k := max(e.Line-1, 1); k < len(lines); k++ {
		_, err := parseOnly(strings.Join(lines[:k], "\n") + "\n")
		if err != nil && strings.HasSuffix(err.Error(), e.Msg) {
			e.Line = k
			break
		}
	}
	if e.Line > len(lines) {
		e.Line = len(lines)
	}
	e.Col = 1
	if e.Line >= 1 {
		l := []rune(lines[e.Line-1])
		for e.Col <= len(l) && l[e.Col-1] == ' ' {
			e.Col++
		}
		if e.Col > len(l) {
			e.Col = 1
		}
	}
	return e
}

// internal reports a failure of the formatter's own checks.
func internal(err error) *Error {
	return &Error{Msg: "yamlfmt: formatting would change the file's meaning (" + err.Error() + "); the file is left as it is"}
}

// reindent formats text, whose documents are docs, once and checks the
// result.
func reindent(text string, docs []*yaml.Node) (string, error) {
	f := newFormatter(text)
	for _, doc := range docs {
		if err := f.document(doc); err != nil {
			return "", err
		}
	}
	out := f.render()
	// The usual ending (one line break) when the tree allows it, else the
	// file's own.
	for _, candidate := range []string{normalEnding(out), out} {
		if err := f.check(candidate, docs); err == nil {
			return candidate, nil
		} else if candidate == out {
			return "", internal(err)
		}
	}
	return out, nil
}

// normalEnding ends text with exactly one line break (none for an empty
// text).
func normalEnding(text string) string {
	text = strings.TrimRight(text, "\n")
	if text == "" {
		return ""
	}
	return text + "\n"
}

// check verifies that out differs from the formatter's input only in
// whitespace, line for line, and parses to the same documents.
func (f *formatter) check(out string, docs []*yaml.Node) error {
	outLines := strings.Split(strings.TrimRight(out, " \t\n"), "\n")
	inLines := strings.Split(strings.TrimRight(strings.Join(f.text, "\n"), " \t\n"), "\n")
	if len(outLines) != len(inLines) {
		return fmt.Errorf("%d lines instead of %d", len(outLines), len(inLines))
	}
	for i := range outLines {
		if squeeze(outLines[i]) != squeeze(inLines[i]) {
			return fmt.Errorf("line %d changed beyond its whitespace", i+1)
		}
	}
	again, err := parse(out)
	if err != nil {
		return err
	}
	if len(again) != len(docs) {
		return fmt.Errorf("%d documents instead of %d", len(again), len(docs))
	}
	for i := range docs {
		if err := Same(docs[i], again[i]); err != nil {
			return err
		}
	}
	return nil
}

// squeeze drops the spaces and tabs of a line.
func squeeze(line string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return -1
		}
		return r
	}, line)
}

// Same reports how two parsed nodes differ, or nil when they are the
// same tree: kinds, tags, values, styles, anchors and aliases, in order.
// Positions and comments are not compared.
func Same(a, b *yaml.Node) error {
	var walk func(a, b *yaml.Node, path string) error
	walk = func(a, b *yaml.Node, path string) error {
		switch {
		case a.Kind != b.Kind:
			return fmt.Errorf("%s: a node of kind %d became %d", path, a.Kind, b.Kind)
		case a.Tag != b.Tag:
			return fmt.Errorf("%s: tag %s became %s", path, a.Tag, b.Tag)
		case a.Value != b.Value:
			return fmt.Errorf("%s: %q became %q", path, a.Value, b.Value)
		case a.Style != b.Style:
			return fmt.Errorf("%s: style %d became %d", path, a.Style, b.Style)
		case a.Anchor != b.Anchor:
			return fmt.Errorf("%s: anchor %q became %q", path, a.Anchor, b.Anchor)
		case len(a.Content) != len(b.Content):
			return fmt.Errorf("%s: %d children became %d", path, len(a.Content), len(b.Content))
		}
		for i := range a.Content {
			if err := walk(a.Content[i], b.Content[i], path+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(a, b, "")
}

// The plan of the output ------------------------------------------------------

// kind says how a line is written out.
type kind uint8

const (
	// unplanned: a blank or comment line, or a line a multi-line plain
	// scalar continues on; decided last.
	unplanned kind = iota
	// head: a line that starts with a mapping key, a sequence item or a
	// node of its own, at the indentation of its level.
	head
	// content: a line of a block scalar, re-based.
	content
	// continued: a line a multi-line scalar or flow collection started
	// on an earlier line continues on; it moves with that line.
	continued
	// verbatim: a document marker or directive.
	verbatim
)

// level is a block indentation in force on a line: where it was and
// where it goes (0-based columns).
type level struct{ old, new int }

// line is the plan of one line.
type line struct {
	kind kind
	// head: the new indentation, the dashes written after it, and where
	// the text kept starts in the old line (a rune index; -1: nothing
	// after the dashes).
	indent, dashes, rest int
	// head: the block indentation (new) the line's continuation lines
	// must exceed, and the levels in force, for the comments nearby.
	block  int
	levels []level
	// content: the old indentation dropped and the new one added.
	base, to int
	// continued: the head line it moves with.
	owner int
	// the line break ends inside a quoted scalar: keep trailing blanks.
	keepTrailing bool
}

type formatter struct {
	text  []string // the lines, without their line breaks
	runes [][]rune
	plan  []line
	stack []level
}

func newFormatter(text string) *formatter {
	f := &formatter{text: strings.Split(text, "\n")}
	f.runes = make([][]rune, len(f.text))
	for i, l := range f.text {
		f.runes[i] = []rune(l)
	}
	f.plan = make([]line, len(f.text))
	for i, l := range f.text {
		if isMarker(l) {
			f.plan[i] = line{kind: verbatim}
		}
	}
	return f
}

// isMarker reports a document marker (---, ...) or a directive (%YAML).
func isMarker(l string) bool {
	if strings.HasPrefix(l, "%") {
		return true
	}
	for _, m := range []string{"---", "..."} {
		if rest, ok := strings.CutPrefix(l, m); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}

func (f *formatter) errorf(ln, col int, format string, args ...any) *Error {
	return &Error{Line: ln + 1, Col: col + 1, Msg: fmt.Sprintf(format, args...)}
}

// pos is a node's 0-based line and column.
func pos(n *yaml.Node) (int, int) { return n.Line - 1, n.Column - 1 }

// blankBefore reports whether the text of line ln before column col is
// only spaces.
func (f *formatter) blankBefore(ln, col int) bool {
	for _, r := range f.runes[ln][:min(col, len(f.runes[ln]))] {
		if r != ' ' {
			return false
		}
	}
	return true
}

// newCol is where column col of a head line goes.
func (f *formatter) newCol(ln, col int) int {
	p := &f.plan[ln]
	if p.kind == verbatim {
		return col
	}
	return p.indent + indent*p.dashes + col - p.rest
}

// delta is how far the text kept of a head line moves.
func (f *formatter) delta(ln int) int {
	p := &f.plan[ln]
	switch {
	case p.kind == verbatim:
		return 0
	case p.rest >= 0:
		return p.indent + indent*p.dashes - p.rest
	default:
		return p.indent - firstNonBlank(f.runes[ln])
	}
}

func firstNonBlank(l []rune) int {
	for i, r := range l {
		if r != ' ' && r != '\t' {
			return i
		}
	}
	return len(l)
}

// place puts node n, which starts a line (after the dashes the line has
// been given) or follows something on it, and returns its new column.
// When it starts the line, col is where it goes.
func (f *formatter) place(n *yaml.Node, col, block int) (int, error) {
	ln, c := pos(n)
	if ln < 0 || ln >= len(f.plan) {
		return col, nil // an empty node at the end
	}
	p := &f.plan[ln]
	switch {
	case p.kind == unplanned && f.blankBefore(ln, c):
		*p = line{kind: head, indent: col, rest: c, block: block, levels: f.levels(level{c, col})}
		return col, nil
	case p.kind == head && p.rest < 0:
		// After the dashes of its line: what is between must be blanks.
		dash := f.lastDash(ln)
		for _, r := range f.runes[ln][dash+1 : c] {
			if r != ' ' && r != '\t' {
				return 0, f.errorf(ln, c, "yamlfmt: unexpected text before this node")
			}
		}
		p.rest, p.block = c, block
		p.levels = append(p.levels, level{c, p.indent + indent*p.dashes})
		return p.indent + indent*p.dashes, nil
	case p.kind == head || p.kind == verbatim:
		if p.kind == head && c < p.rest {
			return 0, f.errorf(ln, c, "yamlfmt: a node before the line's start")
		}
		return f.newCol(ln, c), nil
	}
	return 0, f.errorf(ln, c, "yamlfmt: this layout is not supported")
}

// lastDash is the column of the last dash the head line ln was given.
func (f *formatter) lastDash(ln int) int {
	l := f.runes[ln]
	seen := 0
	for i, r := range l {
		if r == '-' {
			seen++
			if seen == f.plan[ln].dashes {
				return i
			}
		}
	}
	return -1
}

// levels is the stack of levels in force with l on top.
func (f *formatter) levels(l ...level) []level {
	return append(append([]level(nil), f.stack...), l...)
}

func (f *formatter) document(doc *yaml.Node) error {
	if len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	f.stack = f.stack[:0]
	return f.node(root, 0, -1, -1)
}

func isBlockCollection(n *yaml.Node) bool {
	return (n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle == 0
}

// node places n, a node in block context, at column col when it starts
// its line; parentOld and parentNew are the indentation of the block it
// is in (-1 at the root).
func (f *formatter) node(n *yaml.Node, col, parentOld, parentNew int) error {
	switch {
	case n.Kind == yaml.MappingNode && isBlockCollection(n) && len(n.Content) > 0:
		return f.mapping(n, col)
	case n.Kind == yaml.SequenceNode && isBlockCollection(n) && len(n.Content) > 0:
		return f.sequence(n, col)
	}
	if _, err := f.place(n, col, parentNew); err != nil {
		return err
	}
	return f.extent(n, parentOld, parentNew)
}

// properties places the anchor or tag a block collection has on a line
// before its first entry's.
func (f *formatter) properties(n *yaml.Node, first *yaml.Node, col, block int) error {
	if hasProperties(n) && n.Line != first.Line {
		if _, err := f.place(n, col, block); err != nil {
			return err
		}
	}
	return nil
}

// hasProperties reports an anchor or a tag written before the node.
func hasProperties(n *yaml.Node) bool {
	return n.Anchor != "" || n.Style&yaml.TaggedStyle != 0
}

// explicitKey reports a key written after a ? indicator.
func (f *formatter) explicitKey(k *yaml.Node) bool {
	ln, c := pos(k)
	before := strings.TrimRight(string(f.runes[ln][:min(c, len(f.runes[ln]))]), " \t")
	return strings.HasSuffix(before, "?")
}

func (f *formatter) mapping(m *yaml.Node, col int) error {
	for i := 0; i < len(m.Content); i += 2 {
		k := m.Content[i]
		if k.Kind != yaml.ScalarNode && k.Kind != yaml.AliasNode || strings.Contains(k.Value, "\n") || f.explicitKey(k) {
			return f.errorf(k.Line-1, k.Column-1, "yamlfmt: an explicit key (?) is not supported")
		}
	}
	k0 := m.Content[0]
	if err := f.properties(m, k0, col, col); err != nil {
		return err
	}
	mcol, err := f.place(k0, col, col)
	if err != nil {
		return err
	}
	_, oldCol := pos(k0)
	f.stack = append(f.stack, level{oldCol, mcol})
	defer func() { f.stack = f.stack[:len(f.stack)-1] }()
	for i := 0; i < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		kl, kc := pos(k)
		if i > 0 {
			at, err := f.place(k, mcol, mcol)
			if err != nil {
				return err
			}
			if at != mcol {
				return f.errorf(kl, kc, "yamlfmt: a key out of its mapping's column")
			}
		}
		if err := f.extent(k, oldCol, mcol); err != nil {
			return err
		}
		vl, _ := pos(v)
		switch {
		case isBlockCollection(v) && len(v.Content) > 0:
			if err := f.node(v, mcol+indent, oldCol, mcol); err != nil {
				return err
			}
		case vl == kl:
			if err := f.extent(v, oldCol, mcol); err != nil {
				return err
			}
		default:
			if err := f.node(v, mcol+indent, oldCol, mcol); err != nil {
				return err
			}
		}
	}
	return nil
}

func (f *formatter) sequence(s *yaml.Node, col int) error {
	first := s.Content[0]
	if err := f.properties(s, first, col, col); err != nil {
		return err
	}
	scol := -1
	pushed := false
	defer func() {
		if pushed {
			f.stack = f.stack[:len(f.stack)-1]
		}
	}()
	for _, item := range s.Content {
		dl, dc, err := f.dash(item)
		if err != nil {
			return err
		}
		p := &f.plan[dl]
		switch {
		case p.kind == unplanned && f.blankBefore(dl, dc):
			at := col
			if scol >= 0 {
				at = scol
			}
			*p = line{kind: head, indent: at, dashes: 1, rest: -1, block: at, levels: f.levels(level{dc, at})}
		case p.kind == head && p.rest < 0 && scol < 0:
			// A sequence in a sequence, on its parent's dash line.
			p.dashes++
			p.levels = append(p.levels, level{dc, p.indent + indent*(p.dashes-1)})
		default:
			return f.errorf(dl, dc, "yamlfmt: this sequence item's layout is not supported")
		}
		at := p.indent + indent*(p.dashes-1)
		if scol < 0 {
			scol = at
			f.stack = append(f.stack, level{dc, scol})
			pushed = true
		} else if at != scol {
			return f.errorf(dl, dc, "yamlfmt: a sequence item out of its sequence's column")
		}
		il, _ := pos(item)
		if il != dl {
			// The item starts below its dash: keep what follows the dash
			// (a comment) on the dash line.
			if rest := f.afterDash(dl, dc); rest >= 0 {
				p.rest = rest
			}
		}
		if err := f.node(item, scol+indent, dc, scol); err != nil {
			return err
		}
	}
	return nil
}

// dash finds the dash of a sequence item: before it on its line, or alone
// (with a comment at most) on a line above.
func (f *formatter) dash(item *yaml.Node) (int, int, error) {
	il, ic := pos(item)
	l := f.runes[il]
	i := min(ic, len(l)) - 1
	for i >= 0 && (l[i] == ' ' || l[i] == '\t') {
		i--
	}
	if i >= 0 && l[i] == '-' && (i == 0 || l[i-1] == ' ' || l[i-1] == '\t') {
		return il, i, nil
	}
	for ln := il - 1; ln >= 0; ln-- {
		t := strings.TrimSpace(f.text[ln])
		if t == "" || t[0] == '#' {
			continue
		}
		if t == "-" || strings.HasPrefix(t, "- #") || strings.HasPrefix(t, "-\t#") {
			return ln, firstNonBlank(f.runes[ln]), nil
		}
		break
	}
	return 0, 0, f.errorf(il, ic, "yamlfmt: the dash of this sequence item is not where it is expected")
}

// afterDash is the column of what follows the dash at (ln, dc), or -1.
func (f *formatter) afterDash(ln, dc int) int {
	l := f.runes[ln]
	for i := dc + 1; i < len(l); i++ {
		if l[i] != ' ' && l[i] != '\t' {
			return i
		}
	}
	return -1
}

// extent plans the lines a scalar, flow collection or alias takes after
// its first: a block scalar's content is re-based two columns under its
// block (parentNew); the rest move with the line they start on.
func (f *formatter) extent(n *yaml.Node, parentOld, parentNew int) error {
	ln, c := pos(n)
	if ln < 0 || ln >= len(f.plan) {
		return nil
	}
	empty := n.Kind == yaml.ScalarNode && n.Value == "" && n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	if hasProperties(n) && !empty {
		f.propertyLines(ln, c, parentNew)
	}
	switch {
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return f.blockScalar(n, parentOld, parentNew)
	case n.Kind == yaml.ScalarNode && n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0,
		(n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode) && n.Style&yaml.FlowStyle != 0:
		endLn, err := f.flowEnd(ln, c)
		if err != nil {
			return err
		}
		owner := f.owner(ln)
		for l := ln; l < endLn; l++ {
			f.plan[l].keepTrailing = f.plan[l].keepTrailing || n.Kind == yaml.ScalarNode
			if l > ln {
				f.plan[l] = line{kind: continued, owner: owner, keepTrailing: n.Kind == yaml.ScalarNode}
			}
		}
		if endLn > ln {
			f.plan[endLn] = line{kind: continued, owner: owner}
		}
	}
	// Multi-line plain scalars: their lines are left unplanned and move
	// with the head line before them.
	return nil
}

// propertyLines places the lines after (ln, c) that a node's anchor and
// tag (from (ln, c) on) leave its content to: as a value below its key or
// dash.
func (f *formatter) propertyLines(ln, c, parentNew int) {
	end, _ := f.skipProperties(ln, c)
	col := 0
	if parentNew >= 0 {
		col = parentNew + indent
	}
	for l := ln + 1; l <= end && l < len(f.runes); l++ {
		if first := firstNonBlank(f.runes[l]); first < len(f.runes[l]) && f.runes[l][first] != '#' && f.plan[l].kind == unplanned {
			f.plan[l] = line{kind: head, indent: col, rest: first, block: max(parentNew, 0), levels: f.levels(level{first, col})}
		}
	}
}

// owner is the head line whose moves the line ln follows: itself when it
// is one, else the one it continues.
func (f *formatter) owner(ln int) int {
	if f.plan[ln].kind == continued {
		return f.plan[ln].owner
	}
	return ln
}

// skipProperties skips an anchor, a tag, blanks and comments from
// (ln, c) on, to the next line if need be, and returns where the node's
// content starts.
func (f *formatter) skipProperties(ln, c int) (int, int) {
	for ln < len(f.runes) {
		l := f.runes[ln]
		for c < len(l) {
			switch l[c] {
			case ' ', '\t':
				c++
			case '&', '!':
				for c < len(l) && l[c] != ' ' && l[c] != '\t' {
					c++
				}
			case '#':
				c = len(l)
			default:
				return ln, c
			}
		}
		ln, c = ln+1, 0
	}
	return ln, c
}

// flowEnd is the line on which the quoted scalar or flow collection
// starting at (ln, c) (its properties first) ends.
func (f *formatter) flowEnd(ln, c int) (int, error) {
	ln, c = f.skipProperties(ln, c)
	depth := 0
	var quote rune
	prev := ' '
	for l := ln; l < len(f.runes); l, c, prev = l+1, 0, ' ' {
		r := f.runes[l]
		for ; c < len(r); c++ {
			ch := r[c]
			switch {
			case quote == '\'':
				if ch == '\'' {
					if c+1 < len(r) && r[c+1] == '\'' {
						c++
						continue
					}
					quote = 0
					if depth == 0 {
						return l, nil
					}
				}
			case quote == '"':
				if ch == '\\' {
					c++
					continue
				}
				if ch == '"' {
					quote = 0
					if depth == 0 {
						return l, nil
					}
				}
			case ch == '#' && (prev == ' ' || prev == '\t'):
				c = len(r)
			case (ch == '\'' || ch == '"') && strings.ContainsRune(" \t[{,:?", prev):
				quote = ch
			case ch == '[' || ch == '{':
				depth++
			case ch == ']' || ch == '}':
				depth--
				if depth == 0 {
					return l, nil
				}
			}
			if c < len(r) {
				prev = r[c]
			}
		}
	}
	return 0, f.errorf(ln, c, "yamlfmt: the end of this scalar or collection was not found")
}

// blockScalar plans the content of a literal or folded scalar.
func (f *formatter) blockScalar(n *yaml.Node, parentOld, parentNew int) error {
	ln, c := f.skipProperties(pos(n))
	if ln >= len(f.runes) {
		return f.errorf(n.Line-1, n.Column-1, "yamlfmt: a block scalar's header was not found")
	}
	l := f.runes[ln]
	if c >= len(l) || l[c] != '|' && l[c] != '>' {
		return f.errorf(ln, c, "yamlfmt: a block scalar's header was not found")
	}
	explicit := 0
	for i := c + 1; i < len(l) && l[i] != ' ' && l[i] != '\t'; i++ {
		if l[i] >= '1' && l[i] <= '9' {
			explicit = int(l[i] - '0')
		}
	}
	base, to := -1, -1
	if explicit > 0 {
		base, to = max(parentOld, 0)+explicit, max(parentNew, 0)+explicit
	} else {
		for i := ln + 1; i < len(f.runes); i++ {
			if strings.TrimLeft(f.text[i], " ") != "" {
				base = firstSpaces(f.runes[i])
				break
			}
		}
		if base <= parentOld {
			return nil // no content
		}
		to = parentNew + indent
		if parentNew < 0 {
			to = base // at the root: left where it is
		}
	}
	for i := ln + 1; i < len(f.runes); i++ {
		if strings.TrimLeft(f.text[i], " ") != "" && firstSpaces(f.runes[i]) < base {
			break
		}
		f.plan[i] = line{kind: content, base: base, to: to}
	}
	return nil
}

func firstSpaces(l []rune) int {
	for i, r := range l {
		if r != ' ' {
			return i
		}
	}
	return len(l)
}

// render writes the lines as planned.
func (f *formatter) render() string {
	var b bytes.Buffer
	lastHead := -1
	for i, l := range f.runes {
		p := &f.plan[i]
		if i > 0 {
			b.WriteByte('\n')
		}
		var s string
		switch p.kind {
		case head:
			lastHead = i
			s = strings.Repeat(" ", p.indent) + strings.Repeat("- ", p.dashes)
			if p.rest >= 0 {
				s += string(l[p.rest:])
			}
		case content:
			if len(l) > p.base {
				s = strings.Repeat(" ", p.to) + string(l[p.base:])
			}
			b.WriteString(s)
			continue // a block scalar's trailing blanks are its own
		case continued:
			s = f.shift(l, p.owner)
		case verbatim:
			s = string(l)
		default:
			t := strings.TrimLeft(string(l), " \t")
			switch {
			case t == "":
			case t[0] == '#':
				s = strings.Repeat(" ", f.commentCol(i)) + t
			case lastHead >= 0:
				s = f.shift(l, lastHead)
			default:
				s = string(l)
			}
		}
		if !p.keepTrailing {
			s = strings.TrimRight(s, " \t")
		}
		b.WriteString(s)
	}
	return b.String()
}

// shift moves a continuation line as its head line owner moved, keeping it
// to the right of the owner's block.
func (f *formatter) shift(l []rune, owner int) string {
	w := firstNonBlank(l)
	if w == len(l) {
		return ""
	}
	to := w + f.delta(owner)
	if block := f.plan[owner].block; f.plan[owner].kind == head && to <= block {
		to = block + indent
	}
	return strings.Repeat(" ", max(to, 0)) + string(l[w:])
}

// commentCol is the new column of the comment line ln: that of the level
// it is aligned with, among those in force on the head lines around it,
// else of the nearest level to its left.
func (f *formatter) commentCol(ln int) int {
	col := firstNonBlank(f.runes[ln])
	var levels []level
	for i := ln - 1; i >= 0; i-- {
		if f.plan[i].kind == head {
			levels = append(levels, f.plan[i].levels...)
			break
		}
	}
	for i := ln + 1; i < len(f.plan); i++ {
		if f.plan[i].kind == head {
			levels = append(levels, f.plan[i].levels...)
			break
		}
	}
	best := level{-1, 0}
	for _, l := range levels {
		if l.old == col {
			return l.new
		}
		if l.old < col && l.old > best.old {
			best = l
		}
	}
	return best.new
}
