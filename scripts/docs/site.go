// This file builds the site: it reads the navigation and the pages, runs
// the examples (in parallel), checks their outputs (or rewrites them),
// renders the pages and checks the links between them.

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

type options struct {
	src, cmd string
	assets   siteAssets
	update   bool
}

// siteAssets are the names the site build gave the files the pages use.
type siteAssets struct {
	Script string `json:"docs.js"`
	Style  string `json:"docs.css"`
	// Engine is the JSON the pages hand to the engine (web/src/engine.ts
	// Assets), as index.html carries it.
	Engine json.RawMessage `json:"engine"`
}

// page is a page of the site.
type page struct {
	dir     string // the sources' folder
	src     string // the source's path, relative to the sources' folder
	name    string // the output's file name
	title   string
	summary string
	section string
	lines   []string // the source
	first   int      // line of lines[0] in the source file
	blocks  []*block
	html    string
	toc     []heading
	ids     map[string]bool
}

type docsSite struct {
	opts     options
	pages    []*page
	sections []navSection
	cli      *cliReference
	funcs    *catalog
}

type navSection struct {
	title string
	pages []*page
}

func (s *docsSite) examples() int {
	n := 0
	for _, p := range s.pages {
		n += len(p.exampleList())
	}
	return n
}

func (p *page) exampleList() []*example {
	var out []*example
	var walk func([]*block)
	walk = func(bs []*block) {
		for _, b := range bs {
			if b.example != nil {
				out = append(out, b.example)
			}
			for _, item := range b.items {
				walk(item)
			}
			walk(b.children)
		}
	}
	walk(p.blocks)
	return out
}

// buildDocs reads, runs, checks and renders every page.
func buildDocs(ctx context.Context, opts options) (*docsSite, error) {
	s := &docsSite{opts: opts}
	if err := s.readNav(); err != nil {
		return nil, err
	}
	var errs []error
	for _, p := range s.pages {
		if err := p.parse(); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.src, err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	var err error
	if s.cli, err = readCLI(opts.cmd); err != nil {
		return nil, fmt.Errorf("the command line's reference: %w", err)
	}
	if s.funcs, err = readCatalog(); err != nil {
		return nil, fmt.Errorf("the YAQL function catalogue: %w", err)
	}
	s.runExamples(ctx)
	if err := s.checkOutputs(); err != nil {
		return nil, err
	}
	for _, p := range s.pages {
		if err := s.render(p); err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", p.src, err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	// Once a page documents a YAQL function (a command), every one must be.
	if err := s.funcs.checkDocumented(); err != nil && len(s.funcs.documented) > 0 {
		errs = append(errs, err)
	}
	if err := s.cli.checkDocumented(); err != nil && len(s.cli.documented) > 0 {
		errs = append(errs, err)
	}
	errs = append(errs, s.checkLinks()...)
	return s, errors.Join(errs...)
}

// readNav reads nav.txt: "# Section" lines and the pages of each, one
// source file a line.
func (s *docsSite) readNav() error {
	f, err := os.Open(filepath.Join(s.opts.src, "nav.txt"))
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	seen := map[string]bool{}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
		case strings.HasPrefix(line, "# "):
			s.sections = append(s.sections, navSection{title: strings.TrimPrefix(line, "# ")})
		default:
			if len(s.sections) == 0 {
				return fmt.Errorf("nav.txt: %s comes before any section", line)
			}
			if seen[line] {
				return fmt.Errorf("nav.txt: %s is listed twice", line)
			}
			seen[line] = true
			p := &page{dir: s.opts.src, src: line, name: strings.TrimSuffix(line, ".md") + ".html", section: s.sections[len(s.sections)-1].title}
			s.sections[len(s.sections)-1].pages = append(s.sections[len(s.sections)-1].pages, p)
			s.pages = append(s.pages, p)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	entries, err := os.ReadDir(s.opts.src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".md") && !seen[e.Name()] {
			return fmt.Errorf("%s is not in nav.txt", e.Name())
		}
	}
	if len(s.pages) == 0 || s.pages[0].name != "index.html" {
		return errors.New("nav.txt: the first page must be index.md")
	}
	return nil
}

// parse reads the page's front matter and blocks, and its examples.
func (p *page) parse() error {
	data, err := os.ReadFile(p.path())
	if err != nil {
		return err
	}
	p.lines = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	p.first = 1
	body := p.lines
	if len(body) > 0 && body[0] == "---" {
		end := slices.Index(body[1:], "---")
		if end < 0 {
			return errors.New("the front matter is not closed")
		}
		var front struct {
			Title   string `yaml:"title"`
			Summary string `yaml:"summary"`
		}
		dec := yaml.NewDecoder(strings.NewReader(strings.Join(body[1:end+1], "\n")))
		dec.KnownFields(true)
		if err := dec.Decode(&front); err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("front matter: %w", err)
		}
		p.title, p.summary = strings.TrimSpace(front.Title), strings.TrimSpace(front.Summary)
		body = body[end+2:]
		p.first = end + 3
	}
	if p.title == "" {
		return errors.New("the page has no title (front matter: title:)")
	}
	if p.blocks, err = parseBlocks(body, p.first); err != nil {
		return err
	}
	n := 0
	var walk func([]*block) error
	walk = func(bs []*block) error {
		for _, b := range bs {
			if b.kind == bFence && (b.info == "example" || strings.HasPrefix(b.info, "example ")) {
				ex, err := parseExample(b)
				if err != nil {
					return fmt.Errorf("line %d: %w", b.line, err)
				}
				n++
				ex.page, ex.id = p, fmt.Sprintf("ex-%d", n)
				b.example = ex
			}
			for _, item := range b.items {
				if err := walk(item); err != nil {
					return err
				}
			}
			if err := walk(b.children); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(p.blocks)
}

func (p *page) path() string { return filepath.Join(p.dir, p.src) }

// runExamples runs every example, several at once.
func (s *docsSite) runExamples(ctx context.Context) {
	var all []*example
	for _, p := range s.pages {
		all = append(all, p.exampleList()...)
	}
	jobs := make(chan *example)
	var wg sync.WaitGroup
	for range max(2, runtime.NumCPU()) {
		wg.Go(func() {
			for ex := range jobs {
				ex.out = ex.run(ctx)
			}
		})
	}
	for _, ex := range all {
		jobs <- ex
	}
	close(jobs)
	wg.Wait()
}

// checkOutputs compares each example's output with its source's, or
// rewrites the sources with -update.
func (s *docsSite) checkOutputs() error {
	var errs []error
	for _, p := range s.pages {
		changed := false
		for _, ex := range p.exampleList() {
			where := fmt.Sprintf("%s:%d: example %s", p.src, ex.fence.line, ex.kind)
			if ex.out.err != nil {
				errs = append(errs, fmt.Errorf("%s could not run: %w", where, ex.out.err))
				continue
			}
			if ex.out.raised && !ex.flags["raises"] {
				errs = append(errs, fmt.Errorf("%s raises but is not marked raises:\n%s", where, indent(ex.out.text)))
				continue
			}
			if !ex.out.raised && ex.flags["raises"] {
				errs = append(errs, fmt.Errorf("%s is marked raises but gives:\n%s", where, indent(ex.out.text)))
				continue
			}
			want := ex.text("output")
			if ex.section("output") != nil && want == ex.out.text {
				continue
			}
			if s.opts.update {
				ex.rewriteOutput(p)
				changed = true
				continue
			}
			if ex.section("output") == nil {
				errs = append(errs, fmt.Errorf("%s has no output section; it gives:\n%s", where, indent(ex.out.text)))
				continue
			}
			errs = append(errs, fmt.Errorf("%s gives another output than the page says (MURANO_UPDATE=1 rewrites it):\n%s", where, diffLines(want, ex.out.text)))
		}
		if changed {
			if err := os.WriteFile(p.path(), []byte(strings.Join(p.lines, "\n")+"\n"), 0o644); err != nil {
				errs = append(errs, err)
			}
			fmt.Fprintf(os.Stderr, "docs: rewrote the outputs of %s\n", p.src)
		}
	}
	return errors.Join(errs...)
}

// rewriteOutput replaces the example's output section in the page's
// source lines (later examples of the page move down with it).
func (ex *example) rewriteOutput(p *page) {
	out := strings.Split(ex.out.text, "\n")
	at := ex.fence.bodyLine - 1 // index in p.lines of the fence body
	body := ex.fence.body
	var start, end int
	if s := ex.section("output"); s != nil {
		start, end = at+s.header+1, at+s.end
		for end > start && strings.TrimSpace(p.lines[end-1]) == "" {
			end--
		}
	} else {
		start, end = at+len(body), at+len(body)
		out = append([]string{"-- output --"}, out...)
	}
	delta := len(out) - (end - start)
	p.lines = slices.Concat(p.lines[:start], out, p.lines[end:])
	for _, other := range p.exampleList() {
		if other.fence.line > ex.fence.line {
			other.fence.line += delta
			other.fence.bodyLine += delta
		}
	}
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}

// diffLines shows two texts line by line, marking the lines that differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			b.WriteString("      " + wl + "\n")
			continue
		}
		if i < len(w) {
			b.WriteString("    - " + wl + "\n")
		}
		if i < len(g) {
			b.WriteString("    + " + gl + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// write writes the pages into dir (and removes other .html files there).
func (s *docsSite) write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	keep := map[string]bool{}
	for _, p := range s.pages {
		keep[p.name] = true
		if err := os.WriteFile(filepath.Join(dir, p.name), []byte(p.html), 0o644); err != nil {
			return err
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !keep[e.Name()] {
			if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}
