// This file decodes input data given as JSON or YAML text.

package engine

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// DataError is input data that does not decode, with the 1-based line and
// column of the problem when known.
type DataError struct {
	Line, Col int
	Msg       string
}

func (e *DataError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return e.Msg
}

// maxDataDepth bounds the nesting of input documents, and maxDataNodes the
// number of values a YAML document may expand to through aliases.
const (
	maxDataDepth = 1000
	maxDataNodes = 1_000_000
)

// DecodeData decodes JSON or YAML text into a value: format "json",
// "yaml", or "" to accept either (JSON is YAML, but JSON gets JSON's
// number rules and messages). Empty text is null.
func DecodeData(text []byte, format string) (Value, error) {
	if len(bytes.TrimSpace(text)) == 0 {
		return value.Null, nil
	}
	switch format {
	case "json":
		return decodeJSON(text)
	case "yaml":
		return decodeYAML(text)
	case "":
		v, err := decodeJSON(text)
		if err == nil {
			return v, nil
		}
		if t := bytes.TrimSpace(text); t[0] == '{' || t[0] == '[' {
			if v, yerr := decodeYAML(text); yerr == nil {
				return v, nil
			}
			return nil, err
		}
		return decodeYAML(text)
	}
	return nil, fmt.Errorf("unknown data format %q (want json or yaml)", format)
}

func decodeJSON(text []byte) (Value, error) {
	v, err := value.FromJSON(text)
	if err == nil {
		return v, nil
	}
	var je *value.JSONError
	if errors.As(err, &je) {
		p := source.NewFile("", string(text)).Pos(je.Offset)
		return nil, &DataError{Line: p.Line, Col: p.Col, Msg: je.Msg}
	}
	return nil, &DataError{Msg: err.Error()}
}

func decodeYAML(text []byte) (Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		return nil, yamlError(err)
	}
	if doc.Kind == 0 {
		return value.Null, nil
	}
	d := &yamlDecoder{}
	return d.value(&doc, 0)
}

// yamlDecoder converts a YAML node tree, counting the values it makes so
// that aliases cannot blow a small document up into a huge one.
type yamlDecoder struct{ nodes int }

// yamlError extracts "line N" from the YAML library's message.
func yamlError(err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, tail, ok := strings.Cut(rest, ": "); ok {
			if line, err := strconv.Atoi(n); err == nil {
				return &DataError{Line: line, Col: 1, Msg: tail}
			}
		}
	}
	return &DataError{Msg: msg}
}

func (d *yamlDecoder) value(n *yaml.Node, depth int) (Value, error) {
	if depth > maxDataDepth {
		return nil, &DataError{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf("data nested deeper than %d levels", maxDataDepth)}
	}
	if d.nodes++; d.nodes > maxDataNodes {
		return nil, &DataError{Line: n.Line, Col: n.Column, Msg: fmt.Sprintf("data expands to more than %d values (excessive aliasing?)", maxDataNodes)}
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return value.Null, nil
		}
		return d.value(n.Content[0], depth+1)
	case yaml.AliasNode:
		return d.value(n.Alias, depth+1)
	case yaml.SequenceNode:
		items := make([]Value, len(n.Content))
		for i, c := range n.Content {
			v, err := d.value(c, depth+1)
			if err != nil {
				return nil, err
			}
			items[i] = v
		}
		return value.NewTuple(items), nil
	case yaml.MappingNode:
		m := value.NewDict(len(n.Content) / 2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := d.value(n.Content[i], depth+1)
			if err != nil {
				return nil, err
			}
			v, err := d.value(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			if err := m.Set(k, v); err != nil {
				return nil, &DataError{Line: n.Content[i].Line, Col: n.Content[i].Column, Msg: err.Error()}
			}
		}
		return m, nil
	case yaml.ScalarNode:
		return yamlScalar(n)
	}
	return nil, &DataError{Line: n.Line, Col: n.Column, Msg: "unsupported YAML node"}
}

func yamlScalar(n *yaml.Node) (Value, error) {
	switch n.ShortTag() {
	case "!!null":
		return value.Null, nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return nil, &DataError{Line: n.Line, Col: n.Column, Msg: err.Error()}
		}
		return value.Bool(b), nil
	case "!!int":
		s := strings.ReplaceAll(n.Value, "_", "")
		if v, err := value.ParseNumber(s); err == nil {
			return v, nil
		}
		var i int64
		if err := n.Decode(&i); err != nil {
			return nil, &DataError{Line: n.Line, Col: n.Column, Msg: err.Error()}
		}
		return value.Int(i), nil
	case "!!float":
		switch strings.ToLower(n.Value) {
		case ".inf", "+.inf":
			return value.Float(math.Inf(1)), nil
		case "-.inf":
			return value.Float(math.Inf(-1)), nil
		case ".nan":
			return value.Float(math.NaN()), nil
		}
		f, err := strconv.ParseFloat(n.Value, 64)
		if err != nil {
			return nil, &DataError{Line: n.Line, Col: n.Column, Msg: err.Error()}
		}
		return value.Float(f), nil
	}
	return value.String(n.Value), nil
}
