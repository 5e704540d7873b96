// This file prints JSON as the examples show it: a value on one line
// (", " and ": " between items) when it fits in the width left, otherwise
// one item a line, indented by two spaces. Keys keep their order and
// numbers their text. web/src/embed/format.ts prints the same way.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

const jsonWidth = 72

// jnode is a JSON value as written: scalars keep their text.
type jnode struct {
	scalar string // a scalar's JSON text; "" for a container
	object bool
	keys   []string // object keys, JSON-quoted
	items  []*jnode
}

// prettyJSON reprints a JSON document.
func prettyJSON(text []byte) (string, error) { return reprintJSON(text, false) }

// sortedJSON reprints a JSON document with the keys of its objects sorted,
// as the bridge (and muranopl schema) write schemas.
func sortedJSON(text []byte) (string, error) { return reprintJSON(text, true) }

func reprintJSON(text []byte, sortKeys bool) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	n, err := readNode(dec)
	if err != nil {
		return "", err
	}
	if _, err := dec.Token(); err == nil {
		return "", fmt.Errorf("more than one JSON value")
	}
	if sortKeys {
		sortNode(n)
	}
	var b strings.Builder
	writeNode(&b, n, 0, jsonWidth)
	return b.String(), nil
}

func sortNode(n *jnode) {
	for _, item := range n.items {
		sortNode(item)
	}
	if !n.object {
		return
	}
	idx := make([]int, len(n.keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return n.keys[idx[a]] < n.keys[idx[b]] })
	keys, items := make([]string, len(idx)), make([]*jnode, len(idx))
	for i, j := range idx {
		keys[i], items[i] = n.keys[j], n.items[j]
	}
	n.keys, n.items = keys, items
}

func readNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &jnode{object: t == '{'}
		for dec.More() {
			if n.object {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				q, _ := json.Marshal(k.(string))
				n.keys = append(n.keys, string(q))
			}
			item, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.items = append(n.items, item)
		}
		if _, err := dec.Token(); err != nil {
			return nil, err
		}
		return n, nil
	case json.Number:
		return &jnode{scalar: t.String()}, nil
	case string:
		q := jsonString(t)
		return &jnode{scalar: q}, nil
	case bool:
		return &jnode{scalar: fmt.Sprint(t)}, nil
	case nil:
		return &jnode{scalar: "null"}, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// jsonString quotes s as JSON.stringify does: no HTML escapes.
func jsonString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

func compact(n *jnode) string {
	if n.scalar != "" {
		return n.scalar
	}
	open, close := "[", "]"
	if n.object {
		open, close = "{", "}"
	}
	var b strings.Builder
	b.WriteString(open)
	for i, item := range n.items {
		if i > 0 {
			b.WriteString(", ")
		}
		if n.object {
			b.WriteString(n.keys[i] + ": ")
		}
		b.WriteString(compact(item))
	}
	b.WriteString(close)
	return b.String()
}

// writeNode writes n at indentation indent with width columns left on
// its first line.
func writeNode(b *strings.Builder, n *jnode, indent, width int) {
	c := compact(n)
	if n.scalar != "" || len(c) <= width || len(n.items) == 0 {
		b.WriteString(c)
		return
	}
	open, close := "[", "]"
	if n.object {
		open, close = "{", "}"
	}
	pad := strings.Repeat("  ", indent+1)
	b.WriteString(open + "\n")
	for i, item := range n.items {
		b.WriteString(pad)
		left := jsonWidth - len(pad)
		if n.object {
			b.WriteString(n.keys[i] + ": ")
			left -= len(n.keys[i]) + 2
		}
		if i < len(n.items)-1 {
			left--
		}
		writeNode(b, item, indent+1, left)
		if i < len(n.items)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString(strings.Repeat("  ", indent) + close)
}
