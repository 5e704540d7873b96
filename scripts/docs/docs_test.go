package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The site builds: every example gives the output its page says, every
// link leads somewhere, every YAQL function and every command is
// documented.
func TestSite(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every example of the docs")
	}
	s, err := buildDocs(context.Background(), options{src: "../../docs/site", cmd: "../../cmd/muranopl"})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.cli.documented) == 0 {
		t.Error("the site has no command line reference")
	}
	t.Logf("%d pages, %d examples", len(s.pages), s.examples())
}

// writePage writes a site of one page (and index.md) into a temporary
// folder and builds it.
func buildPage(t *testing.T, page string) (*docsSite, error) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"nav.txt":  "# Start\nindex.md\npage.md\n",
		"index.md": "---\ntitle: Home\n---\n\nSee [the page](page.md).\n",
		"page.md":  page,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buildDocs(context.Background(), options{src: dir, cmd: "../../cmd/muranopl"})
}

func pageOf(s *docsSite, name string) *page {
	for _, p := range s.pages {
		if p.name == name {
			return p
		}
	}
	return nil
}

func TestExampleOutputsAreChecked(t *testing.T) {
	for _, tt := range []struct {
		name, page, err string
	}{
		{"right", "---\ntitle: P\n---\n\n```example yaql\n$.where($ > 1)\n-- data --\n[1, 2, 3]\n-- output --\n[2, 3]\n```\n", ""},
		{"changed", "---\ntitle: P\n---\n\n```example yaql\n$.where($ > 1)\n-- data --\n[1, 2, 3]\n-- output --\n[3]\n```\n", "another output than the page says"},
		{"missing", "---\ntitle: P\n---\n\n```example yaql\n1 + 1\n```\n", "no output section"},
		{"raises", "---\ntitle: P\n---\n\n```example yaql\n1 + 'a'\n-- output --\nx\n```\n", "raises but is not marked raises"},
		{"marked", "---\ntitle: P\n---\n\n```example yaql raises\n1 +\n-- output --\nYaqlGrammarException: Parse error: unexpected end of statement\n```\n", ""},
		{"marked but fine", "---\ntitle: P\n---\n\n```example yaql raises\n1 + 1\n-- output --\n2\n```\n", "is marked raises but gives"},
		{"bad kind", "---\ntitle: P\n---\n\n```example nothing\n1\n```\n", "needs a kind"},
		{"run", "---\ntitle: P\n---\n\n```example run class=a.B method=f static\n-- manifest.yaml --\nFormat: MuranoPL/1.4\nType: Library\nFullName: a.B\nName: B\nClasses:\n  a.B: B.yaml\n-- Classes/B.yaml --\nName: a.B\nMethods:\n  f:\n    Usage: Static\n    Scope: Public\n    Body:\n      - trace(1)\n      - Return: 2\n-- output --\ntrace: 1\nresult: 2\n```\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := buildPage(t, tt.page)
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one with %q", err, tt.err)
			}
		})
	}
}

func TestUpdateRewritesOutputs(t *testing.T) {
	dir := t.TempDir()
	page := "---\ntitle: P\n---\n\n```example yaql\n$.len()\n-- data --\n[1, 2]\n-- output --\n7\n```\n\ntext\n\n```example yaql\n1 + 2\n```\n"
	for name, text := range map[string]string{"nav.txt": "# S\nindex.md\n", "index.md": page} {
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
	}
	if _, err := buildDocs(context.Background(), options{src: dir, cmd: "../../cmd/muranopl", update: true}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "index.md"))
	want := "---\ntitle: P\n---\n\n```example yaql\n$.len()\n-- data --\n[1, 2]\n-- output --\n2\n```\n\ntext\n\n```example yaql\n1 + 2\n-- output --\n3\n```\n"
	if string(got) != want {
		t.Errorf("rewritten:\n%s\nwant:\n%s", got, want)
	}
	if _, err := buildDocs(context.Background(), options{src: dir, cmd: "../../cmd/muranopl"}); err != nil {
		t.Errorf("after the rewrite: %v", err)
	}
}

func TestLinksAreChecked(t *testing.T) {
	for _, tt := range []struct{ link, err string }{
		{"[home](index.md)", ""},
		{"[a heading](#a-heading)", ""},
		{"[home's](index.md#nothing)", "has no #nothing"},
		{"[gone](gone.md)", "there is no page gone.html"},
		{"[out](https://example.com/)", "leaves the site"},
		{"[the playground](../#yaql)", ""},
		{"[elsewhere](../secret.html)", "not the playground"},
	} {
		t.Run(tt.link, func(t *testing.T) {
			_, err := buildPage(t, "---\ntitle: P\n---\n\n## A heading\n\n"+tt.link+"\n")
			switch {
			case tt.err == "" && err != nil:
				t.Fatal(err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Fatalf("error %v, want one with %q", err, tt.err)
			}
		})
	}
}

func TestMarkdown(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Some *em*, **strong**, `code <b>` and [a link](page.md#x).", `<p>Some <em>em</em>, <strong>strong</strong>, <code>code &lt;b&gt;</code> and <a href="page.html#x">a link</a>.</p>`},
		{"## Title `x` {#custom}", `<h2 id="custom">Title <code>x</code><a class="anchor" href="#custom" aria-label="Link to this section">#</a></h2>`},
		{"- one\n- two\n  - nested\n- three", "<ul>\n<li>one</li>\n<li>two\n<ul>\n<li>nested</li>\n</ul>\n</li>\n<li>three</li>\n</ul>"},
		{"1. first\n2. second", "<ol>\n<li>first</li>\n<li>second</li>\n</ol>"},
		{"| a | b |\n|---|--:|\n| `x\\|y` | 2 |", `<div class="table"><table>
<thead><tr><th>a</th><th style="text-align:right">b</th></tr></thead>
<tbody>
<tr><td><code>x|y</code></td><td style="text-align:right">2</td></tr>
</tbody></table></div>`},
		{"> **Note** careful", "<blockquote class=\"callout callout-note\">\n<p><strong>Note</strong> careful</p>\n</blockquote>"},
		{"```yaml\na: <b>\n```", `<pre class="code"><code class="language-yaml">a: &lt;b&gt;</code></pre>`},
		{"Press <kbd>Ctrl</kbd>+<kbd>Enter</kbd>; 2 < 3 \\* 4", `<p>Press <kbd>Ctrl</kbd>+<kbd>Enter</kbd>; 2 &lt; 3 * 4</p>`},
	} {
		blocks, err := parseBlocks(strings.Split(tt.in, "\n"), 1)
		if err != nil {
			t.Fatal(err)
		}
		r := &renderer{ids: map[string]bool{}, link: linkTarget}
		var b strings.Builder
		if err := r.render(blocks, &b); err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimSpace(b.String()); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

func TestPrettyJSON(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`[1,2.0,"a\u00e9<"]`, `[1, 2.0, "aé<"]`},
		{`{"b":1,"a":{}}`, `{"b": 1, "a": {}}`},
		{`{"items":["aaaaaaaaaaaaaaaaaaaa","bbbbbbbbbbbbbbbbbbbbbbbb","cccccccccccccccccccccccc"],"n":1}`,
			"{\n  \"items\": [\n    \"aaaaaaaaaaaaaaaaaaaa\",\n    \"bbbbbbbbbbbbbbbbbbbbbbbb\",\n    \"cccccccccccccccccccccccc\"\n  ],\n  \"n\": 1\n}"},
	} {
		got, err := prettyJSON([]byte(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("%s: got %q (%v), want %q", tt.in, got, err, tt.want)
		}
	}
	if got, _ := sortedJSON([]byte(`{"b":1,"a":{"d":1,"c":2}}`)); got != `{"a": {"c": 2, "d": 1}, "b": 1}` {
		t.Errorf("sorted: %s", got)
	}
}

// A link's state survives its encoding, and carries what the full page
// restores.
func TestShareLinks(t *testing.T) {
	s := sharedState{V: 1, View: "yaql", YAQL: &sharedYAQL{Expr: "$.where($ > 1)", Data: "[1, 2, 3]", DataFormat: "auto", Flavor: "legacy"}}
	frag, err := encodeState(s)
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^#share=[A-Za-z0-9_-]+$`).MatchString(frag) {
		t.Errorf("fragment %q is not #share= and base64url", frag)
	}
	back, err := decodeState(frag)
	if err != nil || *back.YAQL != *s.YAQL || back.View != "yaql" || back.V != 1 {
		t.Errorf("decoded %+v (%v), want %+v", back, err, s)
	}
}

// Every flag the command line defines is in its reference, as `muranopl
// CMD -h` lists it where the command prints its flags.
func TestCLIFlagsDocumented(t *testing.T) {
	ref, err := readCLI("../../cmd/muranopl")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "muranopl")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/muranopl").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	flagLine := regexp.MustCompile(`(?m)^  -([a-z-]+)`)
	for _, cmd := range ref.commands {
		html, err := ref.render(cmd.name)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, f := range cmd.flags {
			names = append(names, f.name)
			if !strings.Contains(html, `id="`+cmd.name+"-"+f.name+`"`) {
				t.Errorf("muranopl %s --%s is not in the reference", cmd.name, f.name)
			}
		}
		out, _ := exec.Command(bin, cmd.name, "-h").CombinedOutput()
		for _, m := range flagLine.FindAllStringSubmatch(string(out), -1) {
			if !slices.Contains(names, m[1]) {
				t.Errorf("muranopl %s -h lists -%s, which the reference misses", cmd.name, m[1])
			}
		}
	}
	for _, name := range []string{"yaql", "run", "deploy", "ui"} {
		if c := ref.command(name); c == nil || len(c.flags) == 0 {
			t.Errorf("no flags found for muranopl %s", name)
		}
	}
}

// Every function of the YAQL catalogue has an example under its
// signatures (before the next heading), which the build evaluates.
func TestCatalogueFunctionsHaveExamples(t *testing.T) {
	pages, err := filepath.Glob("../../docs/site/yaql-ref-*.md")
	if err != nil || len(pages) == 0 {
		t.Fatalf("no catalogue pages: %v", err)
	}
	for _, name := range pages {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		for i, line := range lines {
			if !strings.HasPrefix(line, "{{signatures") {
				continue
			}
			end := slices.IndexFunc(lines[i+1:], func(l string) bool { return strings.HasPrefix(l, "#") })
			if end < 0 {
				end = len(lines) - i - 1
			}
			if !slices.ContainsFunc(lines[i+1:i+1+end], func(l string) bool { return strings.HasPrefix(l, "```example") }) {
				t.Errorf("%s:%d: %s has no example", filepath.Base(name), i+1, line)
			}
		}
	}
}
