// This file renders the pages: the layout (top bar, navigation, the
// page's contents, previous and next), each live example as a
// <muranopl-playground> element holding its files and the output the
// build computed, and the links between pages.

package main

import (
	"fmt"
	"html"
	"slices"
	"strings"
)

// render renders a page's HTML.
func (s *docsSite) render(p *page) error {
	r := &renderer{
		ids:  map[string]bool{},
		link: linkTarget,
		example: func(b *block) (string, error) {
			return renderExample(b.example)
		},
		directive: func(name, args string) (string, error) {
			switch name {
			case "signatures":
				return s.funcs.signatures(args)
			case "cli":
				return s.cli.render(args)
			case "cli-commands":
				return s.cli.commandList(), nil
			case "pages":
				return s.pageList(args)
			}
			return "", fmt.Errorf("unknown directive %q", name)
		},
	}
	var body strings.Builder
	if err := r.render(p.blocks, &body); err != nil {
		return err
	}
	p.toc = r.headings
	p.ids = r.ids
	p.html = s.layout(p, body.String())
	return nil
}

// linkTarget rewrites a link of a page's source: page.md becomes
// page.html; other targets stay.
func linkTarget(target string) string {
	file, frag, hasFrag := strings.Cut(target, "#")
	if strings.HasSuffix(file, ".md") && !strings.Contains(file, "/") {
		file = strings.TrimSuffix(file, ".md") + ".html"
	}
	if hasFrag {
		return file + "#" + frag
	}
	return file
}

// pageList renders the list of a section's pages (all sections when args
// is empty) with their summaries.
func (s *docsSite) pageList(args string) (string, error) {
	var b strings.Builder
	found := false
	for _, sec := range s.sections {
		if args != "" && sec.title != args {
			continue
		}
		found = true
		if args == "" {
			b.WriteString("<h3 class=\"page-list-title\">" + html.EscapeString(sec.title) + "</h3>\n")
		}
		b.WriteString("<ul class=\"page-list\">\n")
		for _, p := range sec.pages {
			if p.name == "index.html" {
				continue
			}
			fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a>", p.name, html.EscapeString(p.title))
			if p.summary != "" {
				b.WriteString(" — " + inline(p.summary, linkTarget))
			}
			b.WriteString("</li>\n")
		}
		b.WriteString("</ul>\n")
	}
	if !found {
		return "", fmt.Errorf("no section %q in nav.txt", args)
	}
	return b.String(), nil
}

var viewLabels = map[string]string{
	"yaql": "Result", "run": "Result", "form": "Form", "model": "Object model", "schema": "JSON schema",
	"deploy": "Deployment", "lint": "muranopl lint", "test": "muranopl test",
}

// exampleAttrs are the options of an example that its element carries,
// by option name: the attribute's name.
var exampleAttrs = []struct{ opt, attr string }{
	{"flavor", "flavor"}, {"class", "call-class"}, {"method", "method"}, {"args", "args"}, {"kwargs", "kwargs"},
	{"props", "props"}, {"object", "object-id"}, {"seed", "seed"}, {"name", "env-name"},
}

var exampleFlags = []string{"static", "extensions", "raises"}

// renderExample renders an example as its element: the files (in
// scripts, for the element, and as code, for the page without
// JavaScript), the output and the link to the full playground.
func renderExample(ex *example) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "<muranopl-playground id=\"%s\" class=\"mpl\" view=\"%s\"", ex.id, ex.kind)
	for _, a := range exampleAttrs {
		if v, ok := ex.opts[a.opt]; ok {
			fmt.Fprintf(&b, " %s=\"%s\"", a.attr, html.EscapeString(v))
		}
	}
	for _, f := range exampleFlags {
		if ex.flags[f] {
			b.WriteString(" " + f)
		}
	}
	b.WriteString(">\n")
	for _, f := range ex.files {
		if strings.Contains(strings.ToLower(f.text), "</script") || strings.Contains(f.text, "<!--") {
			return "", fmt.Errorf("example %s: the file %s holds </script or <!--, which a page cannot carry", ex.id, f.path)
		}
		kind := "text/x-yaml"
		if f.path == "expression" {
			kind = "text/x-yaql"
		}
		fmt.Fprintf(&b, "<script type=\"%s\" filename=\"%s\"", kind, html.EscapeString(f.path))
		if f.hidden {
			b.WriteString(" hidden")
		}
		if f.readonly {
			b.WriteString(" readonly")
		}
		b.WriteString(">" + f.text + "</script>\n")
	}
	b.WriteString("<div class=\"mpl-files\">\n")
	for _, f := range ex.files {
		if f.hidden {
			continue
		}
		label := f.path
		switch f.path {
		case "expression":
			label = "Expression"
		case "data":
			label = "Data ($)"
		}
		fmt.Fprintf(&b, "<figure class=\"mpl-file\" data-file=\"%s\"><figcaption>%s", html.EscapeString(f.path), html.EscapeString(label))
		if f.readonly {
			b.WriteString(" <span class=\"mpl-readonly\">read-only</span>")
		}
		fmt.Fprintf(&b, "</figcaption><pre class=\"mpl-code\">%s</pre></figure>\n", html.EscapeString(f.text))
	}
	b.WriteString("</div>\n")
	state := "ok"
	if ex.out.raised {
		state = "raised"
	}
	fmt.Fprintf(&b, "<div class=\"mpl-output\" data-state=\"%s\"><div class=\"mpl-output-head\"><span class=\"mpl-output-label\">%s</span></div>\n",
		state, html.EscapeString(viewLabels[ex.kind]))
	if ex.kind == "form" && ex.out.form != "" {
		b.WriteString("<div class=\"mpl-form\">" + ex.out.form + "</div>\n")
		if ex.out.raised {
			fmt.Fprintf(&b, "<pre class=\"mpl-code mpl-result\">%s</pre>\n", html.EscapeString(invalidPart(ex.out.text)))
		}
	} else {
		fmt.Fprintf(&b, "<pre class=\"mpl-code mpl-result\">%s</pre>\n", html.EscapeString(ex.out.text))
	}
	b.WriteString("</div>\n")
	link, err := encodeState(ex.state())
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, "<div class=\"mpl-bar\"><a class=\"mpl-open\" href=\"../%s\">Open in playground</a></div>\n", html.EscapeString(link))
	b.WriteString("</muranopl-playground>\n")
	return b.String(), nil
}

// invalidPart is the part of a form example's output that says what the
// answers did wrong.
func invalidPart(text string) string {
	if i := strings.Index(text, "invalid:"); i >= 0 {
		return text[i:]
	}
	return text
}

// layout wraps a page's contents in the site's layout.
func (s *docsSite) layout(p *page, content string) string {
	var b strings.Builder
	a := s.opts.assets
	title := html.EscapeString(p.title)
	b.WriteString("<!doctype html>\n<html lang=\"en\" data-root=\"../\">\n<head>\n<meta charset=\"utf-8\">\n")
	b.WriteString("<link rel=\"icon\" href=\"data:,\">\n")
	b.WriteString("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	fmt.Fprintf(&b, "<title>%s · Murano playground docs</title>\n", title)
	if p.summary != "" {
		fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\">\n", html.EscapeString(plainText(p.summary)))
	}
	if a.Style != "" {
		fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"../%s\">\n", a.Style)
	}
	if len(a.Engine) > 0 {
		fmt.Fprintf(&b, "<script id=\"assets\" type=\"application/json\">%s</script>\n", a.Engine)
	}
	if a.Script != "" {
		fmt.Fprintf(&b, "<script defer src=\"../%s\"></script>\n", a.Script)
	}
	b.WriteString("</head>\n<body class=\"docs\">\n")
	b.WriteString(`<header class="topbar docs-topbar">
  <a class="brand docs-brand" href="index.html"><span class="logo" aria-hidden="true">M</span><span class="name">Murano playground</span><span class="docs-label">docs</span></a>
  <nav class="docs-links" aria-label="Site">
    <a class="docs-contents-link" href="#docs-nav">Contents</a>
    <a href="../">Playground</a>
  </nav>
</header>
<div class="docs-layout">
`)
	b.WriteString("<main class=\"docs-main\" id=\"main\">\n<article class=\"docs-article\">\n")
	fmt.Fprintf(&b, "<p class=\"docs-section\">%s</p>\n<h1>%s</h1>\n", html.EscapeString(p.section), title)
	b.WriteString(content)
	b.WriteString(s.pager(p))
	b.WriteString("</article>\n")
	var toc []heading
	for _, h := range p.toc {
		if h.level == 2 {
			toc = append(toc, h)
		}
	}
	if len(toc) >= 2 {
		b.WriteString("<aside class=\"docs-toc\" aria-label=\"On this page\"><p class=\"docs-toc-title\">On this page</p><ul>\n")
		for _, h := range toc {
			fmt.Fprintf(&b, "<li><a href=\"#%s\">%s</a></li>\n", h.id, html.EscapeString(plainText(h.text)))
		}
		b.WriteString("</ul></aside>\n")
	}
	b.WriteString("</main>\n")
	b.WriteString("<nav id=\"docs-nav\" class=\"docs-nav\" aria-label=\"Pages\">\n")
	for _, sec := range s.sections {
		fmt.Fprintf(&b, "<p class=\"docs-nav-title\">%s</p>\n<ul>\n", html.EscapeString(sec.title))
		for _, q := range sec.pages {
			current := ""
			if q == p {
				current = " aria-current=\"page\""
			}
			fmt.Fprintf(&b, "<li><a href=\"%s\"%s>%s</a></li>\n", q.name, current, html.EscapeString(q.title))
		}
		b.WriteString("</ul>\n")
	}
	b.WriteString("</nav>\n</div>\n")
	b.WriteString("<footer class=\"footer docs-footer\"><span>Murano playground documentation · the examples ran in the engine when the site was built; edit one to run it again in your browser.</span></footer>\n")
	b.WriteString("</body>\n</html>\n")
	return b.String()
}

// pager links the previous and the next page.
func (s *docsSite) pager(p *page) string {
	i := slices.Index(s.pages, p)
	var b strings.Builder
	b.WriteString("<nav class=\"docs-pager\" aria-label=\"Previous and next\">")
	if i > 0 {
		q := s.pages[i-1]
		fmt.Fprintf(&b, "<a class=\"docs-prev\" href=\"%s\"><span>Previous</span>%s</a>", q.name, html.EscapeString(q.title))
	}
	if i+1 < len(s.pages) {
		q := s.pages[i+1]
		fmt.Fprintf(&b, "<a class=\"docs-next\" href=\"%s\"><span>Next</span>%s</a>", q.name, html.EscapeString(q.title))
	}
	b.WriteString("</nav>\n")
	return b.String()
}
