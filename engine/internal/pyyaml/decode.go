// This file converts YAML documents into node trees the way PyYAML's
// SafeLoader constructs them, with a dialect's expressions.

package pyyaml

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// Limits on what a file may contain, so that hostile input fails with a
// clear error instead of exhausting memory or the stack.
const (
	MaxFileSize = 1 << 20 // bytes
	MaxNodes    = 250_000 // nodes after expanding aliases
	MaxDepth    = 500     // nesting of lists and maps
)

// Decode decodes every document of a YAML file as PyYAML's SafeLoader
// does, with the expressions of a dialect (nil for none, as
// yaml.safe_load). Errors are collected; a limit hit or a character
// PyYAML's reader rejects ends the decoding.
func Decode(name string, src []byte, exprs Expressions) (*source.File, []*Node, diag.List) {
	d := &decoder{file: source.NewFile(name, string(src)), exprs: exprs}
	docs := d.documents()
	return d.file, docs, d.errs
}

type decoder struct {
	file   *source.File
	exprs  Expressions
	quoted [][2]int // byte ranges of quoted and block scalars, where tabs may be
	errs   diag.List
	nodes  int
	failed bool                     // a limit was hit: stop converting
	done   map[*yaml.Node]converted // anchored nodes already converted
	active map[*yaml.Node]bool      // nodes being converted (alias cycles)
}

type converted struct {
	node *Node
	size int
}

// documents decodes every document of the file, in order.
func (d *decoder) documents() []*Node {
	text := d.file.Text
	if len(text) > MaxFileSize {
		d.fail(source.Pos{File: d.file.Name}, diag.Load, &Error{"LoadError", fmt.Sprintf("file is larger than %d bytes", MaxFileSize)})
		return nil
	}
	if !d.checkCharacters() {
		return nil
	}
	d.done = map[*yaml.Node]converted{}
	d.active = map[*yaml.Node]bool{}
	dec := yaml.NewDecoder(bytes.NewReader([]byte(text)))
	var docs []*Node
	for !d.failed {
		var y yaml.Node
		err := dec.Decode(&y)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			d.yamlError(err)
			break
		}
		if len(y.Content) == 0 {
			docs = append(docs, &Node{Kind: Null, Value: value.Null, Span: source.At(d.pos(y.Line, y.Column))})
			continue
		}
		n, _ := d.node(y.Content[0], -1, 0)
		docs = append(docs, n)
	}
	if !d.failed {
		d.checkTabs()
	}
	return docs
}

// checkTabs rejects tabs that PyYAML does not accept: its scanner takes
// tabs only inside quoted and block scalars and in comments, while the
// YAML library also takes them as white space between tokens.
func (d *decoder) checkTabs() {
	text := d.file.Text
	ranges := d.quoted
	sort.Slice(ranges, func(i, j int) bool { return ranges[i][0] < ranges[j][0] })
	comment := false
	for i := 0; i < len(text); i++ {
		for len(ranges) > 0 && ranges[0][1] <= i {
			ranges = ranges[1:]
		}
		inScalar := len(ranges) > 0 && ranges[0][0] <= i
		switch c := text[i]; {
		case c == '\n' || c == '\r':
			comment = false
		case inScalar || comment:
		case c == '#' && (i == 0 || text[i-1] == ' ' || text[i-1] == '\t' || text[i-1] == '\n' || text[i-1] == '\r'):
			comment = true
		case c == '\t':
			d.errorAt(diag.Syntax, source.At(d.file.Pos(i)), &Error{"ScannerError", `found character '\t' that cannot start any token`})
			return
		}
	}
}

// checkCharacters rejects what PyYAML's reader rejects before parsing:
// text that is not UTF-8 and non-printable characters.
func (d *decoder) checkCharacters() bool {
	text := d.file.Text
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			_, _, reason, _ := value.UTF8Problem(text[i:])
			d.fail(d.file.Pos(i), diag.Syntax, &Error{"ReaderError", fmt.Sprintf("unacceptable character #x%04x: %s", text[i], reason)})
			return false
		case !printable(r) && !(i == 0 && r == '\uFEFF'):
			d.fail(d.file.Pos(i), diag.Syntax, &Error{"ReaderError", fmt.Sprintf("unacceptable character #x%04x: special characters are not allowed", r)})
			return false
		}
		i += size
	}
	return true
}

// printable is PyYAML's set of characters allowed in a stream.
func printable(r rune) bool {
	return r == '\t' || r == '\n' || r == '\r' || (r >= 0x20 && r <= 0x7e) || r == 0x85 ||
		(r >= 0xa0 && r <= 0xd7ff) || (r >= 0xe000 && r <= 0xfffd) || (r >= 0x10000 && r <= 0x10ffff)
}

// yamlError reports a syntax error of the YAML library ("yaml: line 3:
// did not find expected key") at its line.
func (d *decoder) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	pos := source.Pos{File: d.file.Name}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, tail, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				if yamlParserProblems[tail] {
					line++
				}
				pos.Line, msg = line, tail
			}
		}
	}
	d.errs.Add(&diag.Error{Kind: diag.Syntax, Pos: source.At(pos), Msg: "YAMLError: " + msg, Err: err})
}

// yamlParserProblems are the messages of the YAML library's parser
// errors, which it reports at a 0-based line (its scanner errors are at
// 1-based lines).
var yamlParserProblems = map[string]bool{
	"did not find expected <stream-start>": true, "did not find expected <document start>": true,
	"did not find expected node content": true, "did not find expected key": true,
	"did not find expected '-' indicator": true, "did not find expected ',' or ']'": true,
	"did not find expected ',' or '}'": true, "found duplicate %YAML directive": true,
	"found incompatible YAML document": true, "found duplicate %TAG directive": true,
	"found undefined tag handle": true,
}

func (d *decoder) fail(p source.Pos, kind diag.Kind, err *Error) {
	d.failed = true
	d.errs.Add(NewError(kind, source.At(p), "", err))
}

func (d *decoder) errorAt(kind diag.Kind, span source.Span, err *Error) {
	d.errs.Add(NewError(kind, span, "", err))
}

func (d *decoder) pos(line, col int) source.Pos {
	return source.Pos{File: d.file.Name, Line: line, Col: col}
}

// count adds n nodes to the budget and reports whether it still holds.
func (d *decoder) count(n int, at source.Pos) bool {
	if d.failed {
		return false
	}
	d.nodes += n
	if d.nodes > MaxNodes {
		d.fail(at, diag.Load, &Error{"LoadError", fmt.Sprintf("the file has more than %d values, counting each use of an alias", MaxNodes)})
		return false
	}
	return true
}

var nullNode = &Node{Kind: Null, Value: value.Null}

// node converts y; indent is the indentation of the enclosing block
// collection (for block scalars). It returns the node and its size in
// nodes with aliases expanded.
func (d *decoder) node(y *yaml.Node, indent, depth int) (*Node, int) {
	n, tag, size := d.nodeTag(y, indent, depth)
	if tag == tagMerge || tag == tagValue {
		// Only mapping keys may be << or =.
		d.errorAt(diag.Load, n.Span, unknownTag(tag))
	}
	return n, size
}

// nodeTag is node that also returns the tag a scalar resolved to, which
// decides whether a mapping key merges (<<) or stands for itself.
func (d *decoder) nodeTag(y *yaml.Node, indent, depth int) (*Node, string, int) {
	at := d.pos(y.Line, y.Column)
	if d.failed {
		return nullNode, "", 0
	}
	if depth > MaxDepth {
		d.fail(at, diag.Load, &Error{"LoadError", fmt.Sprintf("values nested deeper than %d levels", MaxDepth)})
		return nullNode, "", 0
	}
	if y.Kind == yaml.AliasNode {
		target := y.Alias
		if target == nil || d.active[target] {
			d.errorAt(diag.Load, source.At(at), &Error{"RecursionError", "alias *" + y.Value + " refers to a value that contains it"})
			return nullNode, "", 0
		}
		if c, ok := d.done[target]; ok {
			if !d.count(c.size, at) {
				return nullNode, "", 0
			}
			return c.node, "", c.size
		}
		return d.nodeTag(target, indent, depth)
	}
	d.active[y] = true
	defer delete(d.active, y)
	var n *Node
	var tag string
	size := 1
	if !d.count(1, at) {
		return nullNode, "", 0
	}
	switch y.Kind {
	case yaml.ScalarNode:
		n, tag = d.scalar(y, indent)
	case yaml.SequenceNode:
		n, size = d.sequence(y, depth)
	case yaml.MappingNode:
		n, size = d.mapping(y, depth)
	default:
		n = &Node{Kind: Null, Value: value.Null, Span: source.At(at)}
	}
	if y.Anchor != "" {
		d.done[y] = converted{n, size}
	}
	return n, tag, size
}

func (d *decoder) sequence(y *yaml.Node, depth int) (*Node, int) {
	n := &Node{Kind: List, Span: source.At(d.pos(y.Line, y.Column))}
	if msg := d.collectionTag(y, tagSeq); msg != nil {
		d.errorAt(diag.Load, n.Span, msg)
	}
	size := 1
	for _, c := range y.Content {
		item, s := d.node(c, y.Column-1, depth+1)
		n.Items = append(n.Items, item)
		size += s
		extend(&n.Span, item.Span)
	}
	d.closeFlow(y, &n.Span)
	return n, size
}

// closeFlow makes the span of a flow collection ([...] or {...}) end after
// its closing bracket.
func (d *decoder) closeFlow(y *yaml.Node, s *source.Span) {
	if y.Style&yaml.FlowStyle == 0 {
		return
	}
	text := d.file.Text
	var i int
	if s.End.IsValid() {
		i = d.file.Offset(s.End)
	} else if i, _ = d.skipProperties(d.file.Offset(s.Start)); i < len(text) {
		i++ // the opening bracket
	}
	for i = skipSpace(text, i); i < len(text) && text[i] == ','; i = skipSpace(text, i+1) {
	}
	if i < len(text) && (text[i] == ']' || text[i] == '}') {
		s.End = d.file.Pos(i + 1)
	}
}

// extend makes a collection's span reach the end of a child written
// after its start (aliased children may have been written before).
func extend(s *source.Span, child source.Span) {
	if end := child.End; end.IsValid() && !end.Before(s.Start) && (!s.End.IsValid() || s.End.Before(end)) {
		s.End = end
	}
}

// collectionTag checks the explicit tag of a sequence or mapping.
func (d *decoder) collectionTag(y *yaml.Node, want string) *Error {
	if y.Style&yaml.TaggedStyle == 0 || y.Tag == want {
		return nil
	}
	kind := "sequence"
	if y.Kind == yaml.MappingNode {
		kind = "mapping"
	}
	scalar := d.exprs != nil && y.Tag == d.exprs.Tag()
	switch y.Tag {
	case tagStr, tagNull, tagBool, tagInt, tagFloat, tagTimestamp:
		scalar = true
	case tagSeq:
		return &Error{"ConstructorError", "expected a sequence node, but found " + kind}
	case tagMap:
		return &Error{"ConstructorError", "expected a mapping node, but found " + kind}
	}
	if scalar {
		return &Error{"ConstructorError", "expected a scalar node, but found " + kind}
	}
	return unknownTag(y.Tag)
}

func unknownTag(tag string) *Error {
	switch tag {
	case "!!binary", "!!set", "!!omap", "!!pairs":
		return &Error{"ConstructorError", "the tag '" + longTag(tag) + "' is not supported by the playground"}
	}
	return &Error{"ConstructorError", "could not determine a constructor for the tag '" + longTag(tag) + "'"}
}

func longTag(tag string) string {
	if rest, ok := strings.CutPrefix(tag, "!!"); ok {
		return "tag:yaml.org,2002:" + rest
	}
	return tag
}

// mapping converts a mapping: merge keys (<<) are flattened into it and
// duplicate keys keep their first place and their last value, as in a
// Python dict.
func (d *decoder) mapping(y *yaml.Node, depth int) (*Node, int) {
	n := &Node{Kind: Map, Span: source.At(d.pos(y.Line, y.Column))}
	if msg := d.collectionTag(y, tagMap); msg != nil {
		d.errorAt(diag.Load, n.Span, msg)
	}
	indent := y.Column - 1
	if len(y.Content) > 0 {
		indent = y.Content[0].Column - 1
	}
	size := 1
	var merged, own []Entry
	for i := 0; i+1 < len(y.Content); i += 2 {
		k, tag, ks := d.nodeTag(y.Content[i], indent, depth+1)
		v, vs := d.node(y.Content[i+1], indent, depth+1)
		size += ks + vs
		extend(&n.Span, k.Span)
		extend(&n.Span, v.Span)
		switch {
		case tag == tagMerge:
			merged = append(merged, d.merge(n, v, y.Content[i+1])...)
		case !k.Hashable():
			d.errorAt(diag.Load, k.Span, &Error{"ConstructorError", "found unhashable key"})
		default:
			own = append(own, Entry{k, v})
		}
	}
	n.Entries = dedupe(append(merged, own...))
	d.closeFlow(y, &n.Span)
	return n, size
}

// merge returns the entries a merge key brings in: those of a mapping, or
// of a list of mappings where earlier mappings win.
func (d *decoder) merge(n, v *Node, y *yaml.Node) []Entry {
	switch v.Kind {
	case Map:
		return v.Entries
	case List:
		var out []Entry
		for i := len(v.Items) - 1; i >= 0; i-- {
			it := v.Items[i]
			if it.Kind != Map {
				d.errorAt(diag.Load, it.Span, &Error{"ConstructorError", "expected a mapping for merging, but found " + nodeID(it)})
				return nil
			}
			out = append(out, it.Entries...)
		}
		return out
	}
	d.errorAt(diag.Load, v.Span, &Error{"ConstructorError", "expected a mapping or list of mappings for merging, but found " + nodeID(v)})
	return nil
}

func nodeID(n *Node) string {
	switch n.Kind {
	case List:
		return "sequence"
	case Map:
		return "mapping"
	}
	return "scalar"
}

// dedupe applies Python dict insertion: a repeated key keeps the place of
// its first occurrence and takes the last value.
func dedupe(entries []Entry) []Entry {
	index := map[string]int{}
	out := entries[:0:0]
	for _, e := range entries {
		k, ok := dictKey(e.Key)
		if !ok {
			out = append(out, e)
			continue
		}
		if i, seen := index[k]; seen {
			out[i].Value = e.Value
			continue
		}
		index[k] = len(out)
		out = append(out, e)
	}
	return out
}

// dictKey returns a string that is equal for keys Python considers equal
// (True == 1 == 1.0), or false for keys compared by identity
// (expressions, NaN).
func dictKey(n *Node) (string, bool) {
	switch n.Kind {
	case Null:
		return "null", true
	case String:
		return "s" + string(n.Value.(value.String)), true
	case Date, Timestamp:
		return n.Kind.String() + n.Value.(value.DateTime).T.UTC().String(), true
	case Bool, Int:
		if b, ok := value.ToBig(n.Value); ok {
			return "n" + b.String(), true
		}
	case Float:
		f := float64(n.Value.(value.Float))
		if f != f {
			return "", false
		}
		if v, ok := value.FloatToInt(f); ok {
			if b, ok := value.ToBig(v); ok {
				return "n" + b.String(), true
			}
		}
		return "f" + strconv.FormatFloat(f, 'g', -1, 64), true
	}
	return "", false
}

// scalar converts a scalar: explicit tags first, then PyYAML's implicit
// resolution of plain scalars, then the dialect's rule for plain strings.
func (d *decoder) scalar(y *yaml.Node, indent int) (*Node, string) {
	off, nonSpecific := d.skipProperties(d.file.Offset(d.pos(y.Line, y.Column)))
	style := scalarStyle(y.Style)
	emb := source.NewEmbedded(d.file.Pos(off), style, d.file.Text[off:], y.Value, indent)
	if style != source.Plain {
		d.quoted = append(d.quoted, [2]int{off, off + len(emb.Raw)})
	}
	span := source.Span{Start: d.pos(y.Line, y.Column), End: emb.End()}
	if span.End.Before(span.Start) { // an empty value at the end of the file
		span.End = span.Start
	}
	n := &Node{Kind: String, Value: value.String(y.Value), Span: span}

	tag := ""
	switch {
	case nonSpecific || (style == source.Plain && y.Style&yaml.TaggedStyle == 0):
		tag = implicitTag(y.Value)
		if tag == "" {
			d.implicitExpression(n, emb)
			return n, ""
		}
	case y.Style&yaml.TaggedStyle != 0:
		tag = y.Tag
	default:
		return n, tagStr
	}

	switch tag {
	case tagStr:
	case tagNull, tagBool, tagInt, tagFloat, tagTimestamp:
		kind, v, err := constructScalar(tag, y.Value)
		if err != nil {
			d.errorAt(diag.Load, span, err)
			return n, tag
		}
		n.Kind, n.Value = kind, v
	case tagMerge, tagValue:
		n.Kind, n.Value = String, value.String(y.Value)
	case tagSeq:
		d.errorAt(diag.Load, span, &Error{"ConstructorError", "expected a sequence node, but found scalar"})
	case tagMap:
		d.errorAt(diag.Load, span, &Error{"ConstructorError", "expected a mapping node, but found scalar"})
	default:
		if d.exprs == nil || tag != d.exprs.Tag() {
			d.errorAt(diag.Load, span, unknownTag(tag))
			return n, tag
		}
		d.explicitExpression(n, emb)
		if n.Expr != nil {
			n.Expr.Start = d.tagStart(span.Start, y.Tag)
		}
	}
	return n, tag
}

func scalarStyle(s yaml.Style) source.Style {
	switch {
	case s&yaml.DoubleQuotedStyle != 0:
		return source.DoubleQuoted
	case s&yaml.SingleQuotedStyle != 0:
		return source.SingleQuoted
	case s&yaml.LiteralStyle != 0:
		return source.Literal
	case s&yaml.FoldedStyle != 0:
		return source.Folded
	}
	return source.Plain
}

// skipProperties moves past the tag and anchor written before a node's
// content (yaml.v3 positions a node at its properties) and reports
// whether the tag is the non-specific "!", which resolves like a plain
// scalar.
func (d *decoder) skipProperties(off int) (int, bool) {
	text := d.file.Text
	nonSpecific := false
	for off < len(text) && (text[off] == '!' || text[off] == '&') {
		end := off + 1
		switch {
		case text[off] == '&':
			for end < len(text) && isAnchorChar(text[end]) {
				end++
			}
		case end < len(text) && text[end] == '<':
			if i := strings.IndexByte(text[end:], '>'); i >= 0 {
				end += i + 1
			}
		default:
			for end < len(text) && (isAnchorChar(text[end]) || strings.IndexByte(";/?:@&=+$,.!~*'()[]%", text[end]) >= 0) {
				end++
			}
		}
		if text[off:end] == "!" {
			nonSpecific = true
		}
		off = skipSpace(text, end)
	}
	return off, nonSpecific
}

// isAnchorChar reports whether c may be part of an anchor name (and of a
// tag) for the YAML library.
func isAnchorChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || c == '-'
}

// skipSpace skips blanks, line breaks and comments.
func skipSpace(text string, off int) int {
	for off < len(text) {
		switch text[off] {
		case ' ', '\t', '\r', '\n':
			off++
		case '#':
			for off < len(text) && text[off] != '\n' {
				off++
			}
		default:
			return off
		}
	}
	return off
}

// implicitExpression makes n, a plain string, an expression when the
// dialect says it is one.
func (d *decoder) implicitExpression(n *Node, emb source.Embedded) {
	if d.exprs == nil {
		return
	}
	src := string(n.Value.(value.String))
	tree, err := d.exprs.Implicit(src)
	switch {
	case err != nil:
		d.errorAt(diag.Load, n.Span, err)
	case tree != nil:
		n.Kind, n.Value = Expr, nil
		n.Expr = &Expression{Source: src, Tree: tree, Embedded: emb, Start: n.Span.Start}
	}
}

// explicitExpression makes n, a scalar with the dialect's tag, an
// expression, or reports why it is not one.
func (d *decoder) explicitExpression(n *Node, emb source.Embedded) {
	src := string(n.Value.(value.String))
	tree, err := d.exprs.Explicit(src, emb, n.Span)
	if err != nil {
		d.errs.Add(err)
		return
	}
	n.Kind, n.Value = Expr, nil
	n.Expr = &Expression{Source: src, Tree: tree, Embedded: emb}
}

// tagStart returns where a tagged scalar starts: at its tag, written
// before the value on the value's line (the YAML library reports the
// value's position).
func (d *decoder) tagStart(at source.Pos, tag string) source.Pos {
	line := d.file.Line(at.Line)
	col := at.Col - 1
	if col > len(line) {
		col = len(line)
	}
	if i := strings.LastIndex(line[:max(col, 0)], tag); i >= 0 {
		return source.Pos{File: at.File, Line: at.Line, Col: utf8.RuneCountInString(line[:i]) + 1}
	}
	return at
}
