// This file defines io.murano.system.Resources: the files of a package's
// Resources/ folder as text, bytes, JSON or YAML.

package system

import (
	"errors"
	"io/fs"
	"strings"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func resourcesClass() *dsl.NativeClass {
	static := func(name string, read func(nc *dsl.NativeCall, p *dsl.LoadedPackage, file string) (value.Value, error), params ...yaql.Param) dsl.NativeMethodSpec {
		params = append([]yaql.Param{yaql.P("name", yaql.String), yaql.Opt("owner", yaql.Any, value.Null)}, params...)
		return dsl.NativeMethodSpec{Name: name, Usage: "Static", Params: params, Impl: func(nc *dsl.NativeCall) (value.Value, error) {
			p := resourcePackage(nc)
			if p == nil {
				return nil, dsl.PyErr("ValueError", "the package of the calling class is unknown")
			}
			return read(nc, p, value.Str(nc.Arg(0)))
		}}
	}
	return &dsl.NativeClass{
		Name: "io.murano.system.Resources",
		Init: func(nc *dsl.NativeCall) (value.Value, error) {
			if c := nc.CallerClass(); c != nil {
				*nc.State(func() any { return new(*dsl.LoadedPackage) }).(**dsl.LoadedPackage) = c.Package
			}
			return value.Null, nil
		},
		Methods: []dsl.NativeMethodSpec{
			static("string", func(nc *dsl.NativeCall, p *dsl.LoadedPackage, file string) (value.Value, error) {
				data, err := readResource(p, file)
				if err != nil {
					return nil, err
				}
				if value.Truth(nc.Arg(2)) {
					items := make([]value.Value, len(data))
					for i, b := range data {
						items[i] = value.Int(b)
					}
					return value.NewPyList(items), nil
				}
				return value.String(pythonText(data)), nil
			}, yaql.Opt("binary", yaql.Any, value.Bool(false))),
			static("json", func(nc *dsl.NativeCall, p *dsl.LoadedPackage, file string) (value.Value, error) {
				data, err := readResource(p, file)
				if err != nil {
					return nil, err
				}
				v, err := value.FromJSON([]byte(pythonText(data)))
				if err != nil {
					return nil, &dsl.PyError{Module: "json.decoder", Class: "JSONDecodeError", Msg: err.Error()}
				}
				return v, nil
			}),
			static("yaml", func(nc *dsl.NativeCall, p *dsl.LoadedPackage, file string) (value.Value, error) {
				data, err := readResource(p, file)
				if err != nil {
					return nil, err
				}
				return decodeYAML(p.Name+"/Resources/"+file, data)
			}),
		},
	}
}

// resourcePackage is the package whose resources a call reads: the
// owner's, else that of the Resources object (the class that created
// it), else that of the calling class.
func resourcePackage(nc *dsl.NativeCall) *dsl.LoadedPackage {
	if r, ok := nc.Arg(1).(*dsl.TypeRef); ok {
		return r.Class.Package
	}
	if o, ok := nc.Arg(1).(*dsl.Object); ok {
		return o.Real().Class().Package
	}
	if nc.Object() != nil {
		if p := *nc.State(func() any { return new(*dsl.LoadedPackage) }).(**dsl.LoadedPackage); p != nil {
			return p
		}
	}
	if c := nc.CallerClass(); c != nil {
		return c.Package
	}
	return nil
}

func readResource(p *dsl.LoadedPackage, name string) ([]byte, error) {
	data, err := p.Resource(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, dsl.PyErr("FileNotFoundError", "[Errno 2] No such file or directory: '"+p.Name+"/Resources/"+name+"'")
	}
	return data, err
}

// pythonText is a file read in Python's text mode: UTF-8, with universal
// newlines.
func pythonText(data []byte) string {
	s := strings.ToValidUTF8(string(data), "\uFFFD")
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// decodeYAML decodes a YAML resource as Resources.yaml does: PyYAML's
// SafeLoader, with dates and timestamps kept as the strings they are.
func decodeYAML(name string, data []byte) (value.Value, error) {
	file, docs, errs := pyyaml.Decode(name, []byte(pythonText(data)), nil)
	if len(errs) > 0 {
		return nil, &dsl.PyError{Module: "yaml", Class: "YAMLError", Msg: errs[0].Error()}
	}
	switch len(docs) {
	case 0:
		return value.Null, nil
	case 1:
		return yamlValue(file, docs[0]), nil
	}
	return nil, &dsl.PyError{Module: "yaml.composer", Class: "ComposerError", Msg: "expected a single document in the stream"}
}

func yamlValue(file *source.File, n *pyyaml.Node) value.Value {
	switch n.Kind {
	case pyyaml.List:
		items := make([]value.Value, len(n.Items))
		for i, it := range n.Items {
			items[i] = yamlValue(file, it)
		}
		return value.NewPyList(items)
	case pyyaml.Map:
		d := value.NewDict(len(n.Entries))
		for _, e := range n.Entries {
			_ = d.Set(yamlValue(file, e.Key), yamlValue(file, e.Value))
		}
		return d
	case pyyaml.Date, pyyaml.Timestamp:
		return value.String(file.Text[file.Offset(n.Span.Start):file.Offset(n.Span.End)])
	}
	return n.Value
}
