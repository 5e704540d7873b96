// This file loads a UI definition: the YAML, the top-level sections, the
// Version check and the form and field specifications.

package dynui

import (
	"murano.dev/playground/engine/diag"
	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/yaql/syntax"
)

// yamlRule is the dashboard's implicit YAQL resolver: yaql 2.0's standard
// grammar, with ':' allowed in the word-only shortcut.
var yamlRule = decl.YAQLRule{Parser: syntax.NewParser(syntax.Dialect{}), Colon: true}

// Definition is a loaded ui.yaml.
type Definition struct {
	File *source.File
	// Version is the coerced Version (LatestVersion when missing).
	Version FormatVersion
	// SpecVersion decides the 2.2 application-name behaviour: the
	// Version's text, unless a top-level SpecVersion overrides it.
	SpecVersion      string
	Application      *decl.Node
	Templates        []NamedNode
	Parameters       []NamedNode
	ParametersSource *decl.Node
	Forms            []*FormSpec

	root  *decl.Node
	exprs map[*decl.Node]*rawExpr
	// Caches of what every request would compute again the same way.
	specs   map[*decl.Node]specArgs
	regexes map[regexSpec]*compiledRegex
	// contextClash is the error of a top-level Context key, which
	// replaces the service's YAQL context; contextType its Python type.
	contextClash *Error
	contextType  string
}

// NamedNode is an entry of a top-level mapping.
type NamedNode struct {
	Name  string
	Key   *decl.Node
	Value *decl.Node
}

// FormSpec is one entry of Forms: a wizard step.
type FormSpec struct {
	Name       string
	Node       *decl.Node
	Fields     []*decl.Node
	Validators []*decl.Node
	// Title is the step title set by the form's region (a dashboard bug
	// turns region into the verbose name); nil means "Step N".
	Title *decl.Node
}

// Load reads a ui.yaml. YAML errors come back as a diag.List; a
// definition the dashboard refuses (bad Version, no Application, a form
// without fields …) as an *Error.
func Load(name string, src []byte) (*Definition, error) {
	file, docs, errs := decl.DecodeYAML(name, src, yamlRule)
	if len(errs) > 0 {
		return nil, errs
	}
	d := &Definition{File: file, exprs: map[*decl.Node]*rawExpr{}, specs: map[*decl.Node]specArgs{}, regexes: map[regexSpec]*compiledRegex{}}
	fileStart := source.At(source.Pos{File: name, Line: 1, Col: 1})
	if len(docs) == 0 || docs[0].Kind == decl.Null {
		return nil, errorf(fileStart, "AttributeError", "'NoneType' object has no attribute 'pop'")
	}
	if len(docs) > 1 {
		return nil, errorf(docs[1].Span, "ComposerError", "expected a single document in the stream")
	}
	root := docs[0]
	d.root = root
	switch root.Kind {
	case decl.Map:
	case decl.List:
		return nil, errorf(root.Span, "TypeError", "pop expected at most 1 argument, got 2")
	default:
		return nil, errorf(root.Span, "AttributeError", "'%s' object has no attribute 'pop'", pyType(root))
	}
	d.Version, d.SpecVersion = LatestVersion, "2.4"
	sections := map[string]*decl.Node{}
	var sectionKeys = map[string]*decl.Node{}
	for _, e := range root.Entries {
		if e.Key.Kind == decl.String && e.Key.Text() == "Version" {
			d.SpecVersion = e.Value.Text()
			v, err := checkVersion(d.SpecVersion)
			if err != nil {
				return nil, &Error{Type: "ValueError", Message: err.Error(), Pos: e.Value.Span}
			}
			d.Version = v
			continue
		}
		if e.Key.Kind != decl.String {
			return nil, errorf(e.Key.Span, "TypeError", "expected string or bytes-like object")
		}
		k := decamelize(e.Key.Text())
		sections[k] = e.Value
		sectionKeys[k] = e.Key
	}
	for _, clash := range []string{"version", "fqn", "cleaned_data"} {
		if k, ok := sectionKeys[clash]; ok {
			return nil, errorf(k.Span, "TypeError", "Service.__init__() got multiple values for argument '%s'", clash)
		}
	}
	if n, ok := sections["context"]; ok && n.Kind != decl.Map {
		d.contextType = pyType(n)
		msg := "'" + d.contextType + "' object does not support item assignment"
		if n.Kind == decl.List {
			msg = "list indices must be integers or slices, not str"
		}
		d.contextClash = errorf(sectionKeys["context"].Span, "TypeError", "%s", msg)
	}
	if n, ok := sections["spec_version"]; ok {
		d.SpecVersion = n.Text()
	}
	d.Parameters = entries(sections["parameters"])
	d.ParametersSource = sections["parameters_source"]
	if d.ParametersSource != nil && d.ParametersSource.Kind == decl.Null {
		d.ParametersSource = nil
	}
	app, ok := sections["application"]
	if !ok || app.Kind == decl.Null {
		return nil, errorf(fileStart, "ValueError", "Application section is required")
	}
	d.Application = app
	d.Templates = entries(sections["templates"])
	if forms, ok := sections["forms"]; ok && forms.Kind != decl.Null {
		if err := d.loadForms(forms); err != nil {
			return nil, err
		}
	}
	return d, nil
}

func entries(n *decl.Node) []NamedNode {
	if n == nil || n.Kind != decl.Map {
		return nil
	}
	out := make([]NamedNode, len(n.Entries))
	for i, e := range n.Entries {
		out[i] = NamedNode{Name: e.Key.Text(), Key: e.Key, Value: e.Value}
	}
	return out
}

func (d *Definition) loadForms(forms *decl.Node) error {
	switch forms.Kind {
	case decl.List:
	case decl.Map:
		if len(forms.Entries) > 0 {
			k := forms.Entries[0].Key
			return errorf(k.Span, "AttributeError", "'%s' object has no attribute 'items'", pyType(k))
		}
		return nil
	case decl.String:
		if forms.Text() != "" {
			return errorf(forms.Span, "AttributeError", "'str' object has no attribute 'items'")
		}
		return nil
	default:
		return errorf(forms.Span, "TypeError", "'%s' object is not iterable", pyType(forms))
	}
	for _, item := range forms.Items {
		if item.Kind != decl.Map {
			return errorf(item.Span, "AttributeError", "'%s' object has no attribute 'items'", pyType(item))
		}
		if len(item.Entries) == 0 {
			return errorf(item.Span, "TypeError", "cannot unpack non-iterable NoneType object")
		}
		e := item.Entries[0]
		f := &FormSpec{Name: e.Key.Text(), Node: item}
		body := e.Value
		switch body.Kind {
		case decl.Map:
		case decl.List:
			return errorf(body.Span, "TypeError", "list indices must be integers or slices, not str")
		case decl.String:
			return errorf(body.Span, "TypeError", "string indices must be integers, not 'str'")
		default:
			return errorf(body.Span, "TypeError", "'%s' object is not subscriptable", pyType(body))
		}
		fields := body.Get("fields")
		if fields == nil {
			return errorf(e.Key.Span, "KeyError", "'fields'")
		}
		switch fields.Kind {
		case decl.List:
			f.Fields = fields.Items
		case decl.Map, decl.String:
			if fields.Truthy() {
				return errorf(fields.Span, "AttributeError", "'str' object has no attribute 'pop'")
			}
		default:
			return errorf(fields.Span, "TypeError", "'%s' object is not iterable", pyType(fields))
		}
		if v := body.Get("validators"); v != nil && v.Kind == decl.List {
			f.Validators = v.Items
		}
		if r := body.Get("region"); r != nil && r.Kind != decl.Null {
			f.Title = r
		}
		d.Forms = append(d.Forms, f)
	}
	return nil
}

// atLeast22 reports whether the definition has the 2.2 application name.
func (d *Definition) atLeast22() bool {
	v, err := CoerceVersion(d.SpecVersion)
	return err == nil && v.Compare(FormatVersion{2, 2, 0, ""}) >= 0
}

// diagError turns the first YAML error into an Error.
func diagError(errs diag.List) *Error {
	e := errs[0]
	typ, msg := "YAMLError", e.Msg
	if pe, ok := e.Err.(*decl.PyError); ok {
		typ, msg = pe.Class, pe.Msg
	}
	return &Error{Type: typ, Message: msg, Pos: e.Pos}
}
