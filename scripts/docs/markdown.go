// This file reads the Markdown of the pages: the subset they use, parsed
// into blocks that render as HTML. Headings (#–####, with an optional
// {#id}), paragraphs, fenced code (``` or ~~~, three or more), lists
// (-, * or 1., nested by indentation), block quotes, pipe tables, rules
// (---) and directives ({{name args}} alone on a line). Inline: `code`,
// **strong**, *emphasis*, [links](target), <kbd>keys</kbd> and
// backslash escapes. Everything else is text, escaped.

package main

import (
	"fmt"
	"html"
	"regexp"
	"strconv"
	"strings"
)

type blockKind int

const (
	bParagraph blockKind = iota
	bHeading
	bFence
	bList
	bQuote
	bTable
	bRule
	bDirective
)

// block is a block of a page. Text blocks keep their raw lines; a list's
// items and a quote hold blocks of their own.
type block struct {
	kind  blockKind
	line  int // 1-based line of the block in the page's source
	text  string
	level int    // heading level
	id    string // heading id
	info  string // fence info string
	body  []string
	// fence body's first line (1-based) in the source, for rewriting it
	bodyLine int
	ordered  bool
	items    [][]*block
	children []*block
	rows     [][]string // table: the header first
	align    []string
	example  *example
}

var (
	headingRE  = regexp.MustCompile(`^(#{1,4})\s+(.*?)\s*(?:\{#([A-Za-z0-9_.:-]+)\})?\s*$`)
	fenceRE    = regexp.MustCompile("^(\\s*)(`{3,}|~{3,})\\s*(.*)$")
	bulletRE   = regexp.MustCompile(`^(\s*)([-*]|\d+\.)\s+(.*)$`)
	ruleRE     = regexp.MustCompile(`^\s*(-\s*){3,}$`)
	directRE   = regexp.MustCompile(`^\{\{\s*([a-z-]+)((?:\s+[^}]*)?)\}\}\s*$`)
	tableSepRE = regexp.MustCompile(`^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)
)

// parseBlocks parses lines (whose first is line first of the source).
func parseBlocks(lines []string, first int) ([]*block, error) {
	var out []*block
	i := 0
	for i < len(lines) {
		line := lines[i]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
			i++
		case fenceRE.MatchString(line):
			m := fenceRE.FindStringSubmatch(line)
			indent, marker, info := len(m[1]), m[2], strings.TrimSpace(m[3])
			b := &block{kind: bFence, line: first + i, info: info, bodyLine: first + i + 1}
			j := i + 1
			closed := false
			for ; j < len(lines); j++ {
				t := strings.TrimSpace(lines[j])
				if strings.HasPrefix(t, marker[:1]) && strings.Trim(t, marker[:1]) == "" && len(t) >= len(marker) {
					closed = true
					break
				}
				l := lines[j]
				for k := 0; k < indent && strings.HasPrefix(l, " "); k++ {
					l = l[1:]
				}
				b.body = append(b.body, l)
			}
			if !closed {
				return nil, fmt.Errorf("line %d: the code block is not closed", first+i)
			}
			out = append(out, b)
			i = j + 1
		case headingRE.MatchString(line):
			m := headingRE.FindStringSubmatch(line)
			out = append(out, &block{kind: bHeading, line: first + i, level: len(m[1]), text: m[2], id: m[3]})
			i++
		case directRE.MatchString(line):
			m := directRE.FindStringSubmatch(line)
			out = append(out, &block{kind: bDirective, line: first + i, info: m[1], text: strings.TrimSpace(m[2])})
			i++
		case ruleRE.MatchString(line) && !bulletRE.MatchString(line):
			out = append(out, &block{kind: bRule, line: first + i})
			i++
		case strings.HasPrefix(trimmed, ">"):
			j := i
			var inner []string
			for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), ">") {
				t := strings.TrimSpace(lines[j])[1:]
				inner = append(inner, strings.TrimPrefix(t, " "))
				j++
			}
			children, err := parseBlocks(inner, first+i)
			if err != nil {
				return nil, err
			}
			out = append(out, &block{kind: bQuote, line: first + i, children: children})
			i = j
		case strings.HasPrefix(trimmed, "|") && i+1 < len(lines) && tableSepRE.MatchString(lines[i+1]):
			b := &block{kind: bTable, line: first + i}
			b.rows = append(b.rows, tableCells(line))
			for _, c := range tableCells(lines[i+1]) {
				switch {
				case strings.HasPrefix(c, ":") && strings.HasSuffix(c, ":"):
					b.align = append(b.align, "center")
				case strings.HasSuffix(c, ":"):
					b.align = append(b.align, "right")
				default:
					b.align = append(b.align, "")
				}
			}
			j := i + 2
			for j < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[j]), "|") {
				b.rows = append(b.rows, tableCells(lines[j]))
				j++
			}
			out = append(out, b)
			i = j
		case bulletRE.MatchString(line):
			b, next, err := parseList(lines, i, first)
			if err != nil {
				return nil, err
			}
			out = append(out, b)
			i = next
		default:
			j := i
			var para []string
			for j < len(lines) {
				l := lines[j]
				t := strings.TrimSpace(l)
				if t == "" || fenceRE.MatchString(l) || headingRE.MatchString(l) || directRE.MatchString(l) ||
					strings.HasPrefix(t, ">") || (j > i && bulletRE.MatchString(l)) ||
					(strings.HasPrefix(t, "|") && j+1 < len(lines) && tableSepRE.MatchString(lines[j+1])) {
					break
				}
				para = append(para, t)
				j++
			}
			out = append(out, &block{kind: bParagraph, line: first + i, text: strings.Join(para, "\n")})
			i = j
		}
	}
	return out, nil
}

// parseList reads the list starting at lines[i]: items at its indentation,
// each with the lines indented under it (or continuing it).
func parseList(lines []string, i, first int) (*block, int, error) {
	m := bulletRE.FindStringSubmatch(lines[i])
	indent := len(m[1])
	b := &block{kind: bList, line: first + i, ordered: m[2] != "-" && m[2] != "*"}
	if b.ordered {
		b.text = strings.TrimSuffix(m[2], ".")
	}
	j := i
	for j < len(lines) {
		m := bulletRE.FindStringSubmatch(lines[j])
		if m == nil || len(m[1]) != indent {
			break
		}
		start := j
		item := []string{m[3]}
		contentIndent := len(m[1]) + len(m[2]) + 1
		j++
		blank := false
		for j < len(lines) {
			l := lines[j]
			t := strings.TrimSpace(l)
			if t == "" {
				blank = true
				item = append(item, "")
				j++
				continue
			}
			lead := len(l) - len(strings.TrimLeft(l, " "))
			if lead > indent {
				cut := min(lead, contentIndent)
				item = append(item, l[cut:])
				blank = false
				j++
				continue
			}
			if !blank && !bulletRE.MatchString(l) && !fenceRE.MatchString(l) && !headingRE.MatchString(l) {
				item = append(item, t) // a lazy continuation of the item's paragraph
				j++
				continue
			}
			break
		}
		for len(item) > 0 && item[len(item)-1] == "" {
			item = item[:len(item)-1]
			blank = true
		}
		children, err := parseBlocks(item, first+start)
		if err != nil {
			return nil, 0, err
		}
		b.items = append(b.items, children)
		if j < len(lines) && blank {
			if m := bulletRE.FindStringSubmatch(lines[j]); m == nil || len(m[1]) != indent {
				break
			}
		}
	}
	return b, j, nil
}

func tableCells(line string) []string {
	t := strings.TrimSpace(line)
	t = strings.TrimPrefix(t, "|")
	t = strings.TrimSuffix(t, "|")
	var cells []string
	var cur strings.Builder
	inCode := false
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c == '\\' && i+1 < len(t) && t[i+1] == '|':
			cur.WriteByte('|')
			i++
		case c == '`':
			inCode = !inCode
			cur.WriteByte(c)
		case c == '|' && !inCode:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// slug makes a heading's text an id: lower case letters, digits and
// dashes.
func slug(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(plainText(text)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	if b.Len() == 0 {
		return "section"
	}
	return b.String()
}

// plainText is inline Markdown without its markup.
func plainText(s string) string {
	s = linkRE.ReplaceAllString(s, "$1")
	return strings.NewReplacer("`", "", "**", "", "*", "", `\`, "", "<kbd>", "", "</kbd>", "").Replace(s)
}

var linkRE = regexp.MustCompile(`\[([^\]]*)\]\(([^)\s]*)\)`)

// inline renders the inline Markdown of s as HTML; link rewrites link
// targets.
func inline(s string, link func(string) string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte("\\`*_[]()#|<>{}!-.", s[i+1]) >= 0:
			b.WriteString(html.EscapeString(s[i+1 : i+2]))
			i += 2
		case c == '`':
			n := 1
			for i+n < len(s) && s[i+n] == '`' {
				n++
			}
			fence := s[i : i+n]
			end := strings.Index(s[i+n:], fence)
			if end < 0 {
				b.WriteString(html.EscapeString(fence))
				i += n
				continue
			}
			code := s[i+n : i+n+end]
			if strings.HasPrefix(code, " ") && strings.HasSuffix(code, " ") && strings.TrimSpace(code) != "" {
				code = code[1 : len(code)-1]
			}
			b.WriteString("<code>" + html.EscapeString(code) + "</code>")
			i += n + end + n
		case strings.HasPrefix(s[i:], "**"):
			end := strings.Index(s[i+2:], "**")
			if end <= 0 {
				b.WriteString("**")
				i += 2
				continue
			}
			b.WriteString("<strong>" + inline(s[i+2:i+2+end], link) + "</strong>")
			i += 2 + end + 2
		case c == '*' && i+1 < len(s) && s[i+1] != ' ':
			end := strings.IndexByte(s[i+1:], '*')
			if end <= 0 {
				b.WriteString("*")
				i++
				continue
			}
			b.WriteString("<em>" + inline(s[i+1:i+1+end], link) + "</em>")
			i += 1 + end + 1
		case c == '[':
			m := linkRE.FindStringSubmatchIndex(s[i:])
			if m == nil || m[0] != 0 {
				b.WriteString("[")
				i++
				continue
			}
			text, target := s[i+m[2]:i+m[3]], s[i+m[4]:i+m[5]]
			b.WriteString(`<a href="` + html.EscapeString(link(target)) + `">` + inline(text, link) + "</a>")
			i += m[1]
		case strings.HasPrefix(s[i:], "<kbd>"):
			end := strings.Index(s[i:], "</kbd>")
			if end < 0 {
				b.WriteString("&lt;")
				i++
				continue
			}
			b.WriteString("<kbd>" + html.EscapeString(s[i+5:i+end]) + "</kbd>")
			i += end + 6
		case c == '\n':
			b.WriteByte('\n')
			i++
		default:
			b.WriteString(html.EscapeString(s[i : i+1]))
			i++
		}
	}
	return b.String()
}

// renderer turns blocks into HTML; its hooks render what only the page
// knows (examples, directives, links).
type renderer struct {
	link      func(target string) string
	example   func(b *block) (string, error)
	directive func(name, args string) (string, error)
	headings  []heading
	ids       map[string]bool
}

type heading struct {
	level int
	id    string
	text  string // inline Markdown
}

func (r *renderer) render(blocks []*block, b *strings.Builder) error {
	for _, bl := range blocks {
		if err := r.renderBlock(bl, b); err != nil {
			return err
		}
	}
	return nil
}

func (r *renderer) renderBlock(bl *block, b *strings.Builder) error {
	switch bl.kind {
	case bParagraph:
		b.WriteString("<p>" + inline(bl.text, r.link) + "</p>\n")
	case bHeading:
		id := bl.id
		if id == "" {
			id = slug(bl.text)
		}
		base := id
		for n := 2; r.ids[id]; n++ {
			id = base + "-" + strconv.Itoa(n)
		}
		r.ids[id] = true
		r.headings = append(r.headings, heading{bl.level, id, bl.text})
		fmt.Fprintf(b, "<h%d id=\"%s\">%s<a class=\"anchor\" href=\"#%s\" aria-label=\"Link to this section\">#</a></h%d>\n",
			bl.level, id, inline(bl.text, r.link), id, bl.level)
	case bFence:
		if bl.example != nil {
			s, err := r.example(bl)
			if err != nil {
				return err
			}
			b.WriteString(s)
			return nil
		}
		lang := strings.Fields(bl.info + " ")
		class := ""
		if len(lang) > 0 {
			class = ` class="language-` + html.EscapeString(lang[0]) + `"`
		}
		b.WriteString("<pre class=\"code\"><code" + class + ">" + html.EscapeString(strings.Join(bl.body, "\n")) + "</code></pre>\n")
	case bList:
		tag := "ul"
		start := ""
		if bl.ordered {
			tag = "ol"
			if bl.text != "1" && bl.text != "" {
				start = ` start="` + bl.text + `"`
			}
		}
		b.WriteString("<" + tag + start + ">\n")
		for _, item := range bl.items {
			b.WriteString("<li>")
			if len(item) == 1 && item[0].kind == bParagraph {
				b.WriteString(inline(item[0].text, r.link))
			} else if len(item) > 0 && item[0].kind == bParagraph && allTight(item) {
				b.WriteString(inline(item[0].text, r.link) + "\n")
				if err := r.render(item[1:], b); err != nil {
					return err
				}
			} else if err := r.render(item, b); err != nil {
				return err
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</" + tag + ">\n")
	case bQuote:
		class := ""
		if len(bl.children) > 0 && bl.children[0].kind == bParagraph {
			for _, kind := range []string{"Note", "Tip", "Warning"} {
				if strings.HasPrefix(bl.children[0].text, "**"+kind+"**") {
					class = ` class="callout callout-` + strings.ToLower(kind) + `"`
				}
			}
		}
		b.WriteString("<blockquote" + class + ">\n")
		if err := r.render(bl.children, b); err != nil {
			return err
		}
		b.WriteString("</blockquote>\n")
	case bTable:
		b.WriteString("<div class=\"table\"><table>\n<thead><tr>")
		for i, c := range bl.rows[0] {
			b.WriteString("<th" + alignAttr(bl.align, i) + ">" + inline(c, r.link) + "</th>")
		}
		b.WriteString("</tr></thead>\n<tbody>\n")
		for _, row := range bl.rows[1:] {
			b.WriteString("<tr>")
			for i, c := range row {
				b.WriteString("<td" + alignAttr(bl.align, i) + ">" + inline(c, r.link) + "</td>")
			}
			b.WriteString("</tr>\n")
		}
		b.WriteString("</tbody></table></div>\n")
	case bRule:
		b.WriteString("<hr>\n")
	case bDirective:
		s, err := r.directive(bl.info, bl.text)
		if err != nil {
			return fmt.Errorf("line %d: {{%s}}: %w", bl.line, bl.info, err)
		}
		b.WriteString(s)
	}
	return nil
}

// allTight reports whether an item's blocks after its first paragraph are
// all nested lists, so that the paragraph needs no <p>.
func allTight(item []*block) bool {
	for _, b := range item[1:] {
		if b.kind != bList {
			return false
		}
	}
	return true
}

func alignAttr(align []string, i int) string {
	if i < len(align) && align[i] != "" {
		return ` style="text-align:` + align[i] + `"`
	}
	return ""
}
