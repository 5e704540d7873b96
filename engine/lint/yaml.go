package lint

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/source"
)

// doc is one YAML document of a file, its root mapping or other node.
type doc struct {
	file string
	root *yaml.Node
}

// readYAML reads every document of a file, reporting E002 for YAML that
// does not parse (murano-pkg-check's check), E005 for several documents
// where only one is allowed. An empty file is one empty mapping.
func (c *checker) readYAML(name string, multi bool) []doc {
	src, err := fs.ReadFile(c.fsys, name)
	if err != nil {
		c.report(source.Pos{File: name}, "E002", "Yaml Error: %v", err)
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var docs []doc
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			msg, line := yamlError(err)
			c.report(source.Pos{File: name, Line: line, Col: 1}, "E002", "Yaml Error: %s", msg)
			return nil
		}
		docs = append(docs, doc{file: name, root: deref(n.Content[0])})
	}
	if len(docs) == 0 {
		docs = []doc{{file: name, root: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: 1, Column: 1}}}
	}
	if len(docs) > 1 && !multi {
		c.report(pos(name, docs[1].root), "E005", "Multi document is not allowed in %s", name)
	}
	return docs
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

func yamlError(err error) (string, int) {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return msg[len(m[0]):], line
	}
	return strings.TrimPrefix(msg, "yaml: "), 0
}

func pos(file string, n *yaml.Node) source.Pos {
	if n == nil {
		return source.Pos{File: file}
	}
	return source.Pos{File: file, Line: n.Line, Col: n.Column}
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// entry is a key and value of a mapping.
type entry struct{ key, value *yaml.Node }

func entries(m *yaml.Node) []entry {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	var es []entry
	for i := 0; i+1 < len(m.Content); i += 2 {
		es = append(es, entry{deref(m.Content[i]), deref(m.Content[i+1])})
	}
	return es
}

func get(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	for _, e := range entries(m) {
		if isStr(e.key) && e.key.Value == key {
			return e.key, e.value
		}
	}
	return nil, nil
}

// pyType is the Python type PyYAML's safe loader gives a node (YAML 1.1
// booleans such as yes/no included).
func pyType(n *yaml.Node) string {
	n = deref(n)
	if n == nil {
		return "NoneType"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "dict"
	case yaml.SequenceNode:
		return "list"
	}
	switch n.ShortTag() {
	case "!!null":
		return "NoneType"
	case "!!bool":
		return "bool"
	case "!!int":
		return "int"
	case "!!float":
		return "float"
	case "!!str":
		if n.Style == 0 {
			switch strings.ToLower(n.Value) {
			case "yes", "no", "on", "off", "y", "n":
				if n.Value != "y" && n.Value != "n" && n.Value != "Y" && n.Value != "N" {
					return "bool"
				}
			}
		}
		return "str"
	}
	return "str"
}

func isStr(n *yaml.Node) bool  { return pyType(n) == "str" }
func isBool(n *yaml.Node) bool { return pyType(n) == "bool" }
func isMap(n *yaml.Node) bool  { return pyType(n) == "dict" }
func isList(n *yaml.Node) bool { return pyType(n) == "list" }

// truthy is Python's truth of the loaded value.
func truthy(n *yaml.Node) bool {
	n = deref(n)
	switch pyType(n) {
	case "NoneType":
		return false
	case "dict", "list":
		return len(n.Content) > 0
	case "bool":
		switch strings.ToLower(n.Value) {
		case "true", "yes", "on":
			return true
		}
		return false
	case "int", "float":
		f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		return err != nil || f != 0
	}
	return n.Value != ""
}

// text is the value as murano-pkg-check prints it: the scalar as written
// (None for null), else a YAML rendering.
func text(n *yaml.Node) string {
	n = deref(n)
	if n == nil || pyType(n) == "NoneType" {
		return "None"
	}
	if n.Kind == yaml.ScalarNode {
		return n.Value
	}
	out, _ := yaml.Marshal(n)
	return strings.TrimSpace(strings.ReplaceAll(string(out), "\n", " "))
}

var (
	fqnRE  = regexp.MustCompile(`^([a-zA-Z_$][\w$]*\.)*[a-zA-Z_$][\w$]*$`)
	nameRE = regexp.MustCompile(`^[A-Za-z_]\w*$`)
)

func isFQN(n *yaml.Node) bool  { return isStr(n) && fqnRE.MatchString(n.Value) }
func isName(n *yaml.Node) bool { return isStr(n) && nameRE.MatchString(n.Value) }

func isNsFQN(n *yaml.Node) bool {
	if !isStr(n) {
		return false
	}
	if ns, name, ok := strings.Cut(n.Value, ":"); ok {
		return nameRE.MatchString(ns) && fqnRE.MatchString(name)
	}
	return fqnRE.MatchString(n.Value)
}

// keywords checks the top-level keys of a document: unknown ones get W010,
// missing required ones E020.
func (c *checker) keywords(d doc, known []string, required []string) {
	for _, e := range entries(d.root) {
		if !isStr(e.key) || !slices.Contains(known, e.key.Value) {
			c.report(pos(d.file, e.key), "W010", "Unknown keyword %q", text(e.key))
		}
	}
	for _, r := range required {
		if k, _ := get(d.root, r); k == nil {
			c.report(pos(d.file, d.root), "E020", "Missing required key %q", r)
		}
	}
}

// subKeywords reports E021 for keys of m outside known.
func (c *checker) subKeywords(file string, m *yaml.Node, known ...string) {
	for _, e := range entries(m) {
		if !isStr(e.key) || !slices.Contains(known, e.key.Value) {
			c.report(pos(file, e.key), "E021", "Unknown keyword %q", text(e.key))
		}
	}
}
