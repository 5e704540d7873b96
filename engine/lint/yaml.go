// This file reads the YAML files of a package as murano-pkg-check reads
// them (yaml.safe_load_all) and looks at the values it constructs.

package lint

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"

	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/yaql/syntax"
)

// doc is one YAML document of a file, its root mapping or other node.
type doc struct {
	file string
	root *pyyaml.Node
}

// readYAML reads every document of a file as murano-pkg-check does,
// reporting E002 for YAML that does not load, E005 for several documents
// where only one is allowed. An empty file is one empty mapping.
func (c *checker) readYAML(name string, multi bool) []doc {
	src, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		c.report(source.Pos{File: name}, "E002", "Yaml Error: %v", err)
		return nil
	}
	var exprs pyyaml.Expressions
	if name != manifestFile {
		exprs = yaqlTag{}
	}
	_, nodes, errs := pyyaml.Decode(name, src, exprs)
	if len(errs) > 0 {
		e := errs[0]
		msg := strings.TrimPrefix(e.Msg, "YAMLError: ")
		if pe, ok := e.Err.(*pyyaml.Error); ok {
			msg = pe.Msg
		}
		at := e.Pos.Start
		at.Col = max(at.Col, 1)
		c.report(at, "E002", "Yaml Error: %s", msg)
		return nil
	}
	var docs []doc
	for _, n := range nodes {
		docs = append(docs, doc{file: name, root: n})
	}
	if len(docs) == 0 {
		docs = []doc{{file: name, root: &pyyaml.Node{Kind: pyyaml.Map, Span: source.At(source.Pos{File: name, Line: 1, Col: 1})}}}
	}
	if len(docs) > 1 && !multi {
		c.report(pos(name, docs[1].root), "E005", "Multi document is not allowed in %s", name)
	}
	return docs
}

// yaqlTag lets class files and UI definitions have the !yaql tag murano
// and its dashboard read (where murano-pkg-check fails with E002): such a
// scalar is an expression left to the engine's checks; plain strings stay
// strings, as for murano-pkg-check.
type yaqlTag struct{}

func (yaqlTag) Tag() string                                  { return "!yaql" }
func (yaqlTag) Implicit(string) (syntax.Expr, *pyyaml.Error) { return nil, nil }
func (yaqlTag) Explicit(string, source.Embedded, source.Span) (syntax.Expr, *diag.Error) {
	return nil, nil
}

func pos(file string, n *pyyaml.Node) source.Pos {
	if n == nil {
		return source.Pos{File: file}
	}
	return n.Span.Start
}

func entries(m *pyyaml.Node) []pyyaml.Entry {
	if m == nil || m.Kind != pyyaml.Map {
		return nil
	}
	return m.Entries
}

// get returns the key and the value of a string key of a mapping.
func get(m *pyyaml.Node, key string) (*pyyaml.Node, *pyyaml.Node) {
	if e := m.Lookup(key); e != nil {
		return e.Key, e.Value
	}
	return nil, nil
}

func isStr(n *pyyaml.Node) bool  { return n != nil && n.Kind == pyyaml.String }
func isBool(n *pyyaml.Node) bool { return n != nil && n.Kind == pyyaml.Bool }
func isMap(n *pyyaml.Node) bool  { return n != nil && n.Kind == pyyaml.Map }
func isList(n *pyyaml.Node) bool { return n != nil && n.Kind == pyyaml.List }

var (
	fqnRE  = regexp.MustCompile(`^([a-zA-Z_$][\w$]*\.)*[a-zA-Z_$][\w$]*$`)
	nameRE = regexp.MustCompile(`^[A-Za-z_]\w*$`)
)

func isFQN(n *pyyaml.Node) bool  { return isStr(n) && fqnRE.MatchString(n.Text()) }
func isName(n *pyyaml.Node) bool { return isStr(n) && nameRE.MatchString(n.Text()) }

func isNsFQN(n *pyyaml.Node) bool {
	if !isStr(n) {
		return false
	}
	if ns, name, ok := strings.Cut(n.Text(), ":"); ok {
		return nameRE.MatchString(ns) && fqnRE.MatchString(name)
	}
	return fqnRE.MatchString(n.Text())
}

// keywords checks the top-level keys of a document: unknown ones get W010,
// missing required ones E020.
func (c *checker) keywords(d doc, known []string, required []string) {
	for _, e := range entries(d.root) {
		if !isStr(e.Key) || !slices.Contains(known, e.Key.Text()) {
			c.report(pos(d.file, e.Key), "W010", "Unknown keyword %q", e.Key.Text())
		}
	}
	for _, r := range required {
		if k, _ := get(d.root, r); k == nil {
			c.report(pos(d.file, d.root), "E020", "Missing required key %q", r)
		}
	}
}

// subKeywords reports E021 for keys of m outside known.
func (c *checker) subKeywords(file string, m *pyyaml.Node, known ...string) {
	for _, e := range entries(m) {
		if !isStr(e.Key) || !slices.Contains(known, e.Key.Text()) {
			c.report(pos(file, e.Key), "E021", "Unknown keyword %q", e.Key.Text())
		}
	}
}
