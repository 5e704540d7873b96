// This file reads Heat.HOT/1.0 packages: a Heat template that becomes a
// MuranoPL class generated on first use.

package pkg

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/internal/pyyaml"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

const (
	hotTemplate = "template.yaml"
	hotFilesDir = "Resources/HotFiles"
)

func init() { MustRegister(HOTFormat) }

// HOTFormat is the Heat.HOT/1.0 package format: a Heat template whose
// MuranoPL class and forms are generated as the reference generates them.
var HOTFormat = Format{Name: "Heat.HOT", Versions: []string{"1.0"}, Open: openHOT}

// hotContents is a Heat.HOT/1.0 package: one class, its FullName,
// generated from template.yaml on first use (see [HOTClass]) into the
// virtual file "Classes/<FullName>.yaml". The manifest's Classes, Require,
// UI and Meta are ignored, as in the reference. Errors in the template
// (missing, not a HOT template, unsupported parameter types) fail the
// class, not the package.
type hotContents struct {
	fullName, version string
	description       *pyyaml.Node // the manifest's, nil when absent
	fsys              fs.FS

	once sync.Once
	src  []byte
	err  error
}

func openHOT(_ FormatID, fsys fs.FS, m *Manifest) (Contents, error) {
	return &hotContents{fullName: m.FullName, version: m.Version, description: m.root.Get("Description"), fsys: fsys}, nil
}

// Runtime is the MuranoPL format of the generated class: the reference
// gives it the package's runtime version, Heat.HOT's 1.0.
func (h *hotContents) Runtime() decl.Version { return decl.Version{Major: 1, Minor: 0} }

func (h *hotContents) Classes() []string { return []string{h.fullName} }

func (h *hotContents) Requirements() map[string]string { return nil }

// GetClass returns the generated class, with the reference's errors.
func (h *hotContents) GetClass(name string) ([]byte, string, error) {
	if name != h.fullName {
		return nil, "", loadError(source.Pos{}, "PackageClassLoadError",
			`Unable to load class "`+name+`" from package: Class not defined in this package`)
	}
	h.once.Do(func() {
		template, err := readFile(h.fsys, hotTemplate)
		if err != nil {
			h.err = loadError(source.Pos{}, "PackageClassLoadError",
				`Unable to load class "`+name+`" from package: File with class definition not found`)
			return
		}
		h.src, err = HOTClass(name, template, h.fsys)
		var pyErr *decl.PyError
		switch {
		case errors.As(err, &pyErr):
			h.err = loadError(source.Pos{File: hotTemplate}, pyErr.Class, pyErr.Msg)
		case err != nil:
			h.err = loadError(source.Pos{}, "PackageClassLoadError",
				`Unable to load class "`+name+`" from package: `+err.Error())
		}
	})
	return h.src, path.Join(classesDir, name+".yaml"), h.err
}

// UI returns the generated Dynamic UI definition (see [hotUI]); a missing
// template is the reference's error.
func (h *hotContents) UI() ([]byte, error) {
	template, err := readFile(h.fsys, hotTemplate)
	if err != nil {
		return nil, loadError(source.Pos{}, "PackageClassLoadError",
			`Unable to load class "`+h.fullName+`" from package: File with class definition not found`)
	}
	ui, err := hotUI(h.fullName, h.version, h.description, template)
	var pyErr *decl.PyError
	if errors.As(err, &pyErr) {
		return nil, loadError(source.Pos{File: hotTemplate}, pyErr.Class, pyErr.Msg)
	}
	return ui, err
}

// parseTemplate reads a HOT template as yaml.safe_load does: its first
// document, nil when it has none.
func parseTemplate(template []byte) (*pyyaml.Node, error) {
	_, docs, errs := pyyaml.Decode(hotTemplate, template, nil)
	if len(errs) > 0 {
		return nil, &decl.PyError{Class: "PackageFormatError", Msg: "Incorrect package format: " + errs[0].Error()}
	}
	if len(docs) == 0 {
		return nil, nil
	}
	return docs[0], nil
}

// HOTClass generates the MuranoPL class of a Heat.HOT package from its
// template, as the reference's generator does: the template parameters
// become the contract of templateParameters, its outputs that of
// templateOutputs, and deploy/destroy drive an io.murano.system.HeatStack.
// The files under Resources/HotFiles of fsys (when not nil) are passed to
// the stack. Keys are sorted and every scalar is double-quoted, as in the
// reference's output. Errors are the reference's ([decl.PyError]).
func HOTClass(fullName string, template []byte, fsys fs.FS) ([]byte, error) {
	doc, err := parseTemplate(template)
	if err != nil {
		return nil, err
	}
	if doc == nil || doc.Kind != pyyaml.Map || !doc.Has("resources") {
		return nil, &decl.PyError{Class: "PackageFormatError", Msg: "Incorrect package format: Not a HOT template"}
	}
	params := map[string]string{}
	if n := doc.Get("parameters"); n != nil && n.Kind == pyyaml.Map {
		for _, e := range n.Entries {
			c, err := paramContract(e.Value)
			if err != nil {
				return nil, err
			}
			params[e.Key.Text()] = c
		}
	}
	if hasHotEnvironments(fsys) {
		params = map[string]string{}
	}
	outputs := map[string]string{}
	if n := doc.Get("outputs"); n != nil && n.Kind == pyyaml.Map {
		for _, e := range n.Entries {
			outputs[e.Key.Text()] = "$.string()"
		}
	}
	hotFiles, err := listHotFiles(fsys)
	if err != nil {
		return nil, err
	}

	var w hotWriter
	w.line(0, `"Extends": "io.murano.Application"`)
	w.line(0, `"Methods":`)
	w.line(1, `"deploy":`)
	w.line(2, `"Body":`)
	w.assign(2, "$environment", "$.find('io.murano.Environment').require()")
	w.assign(2, "$reporter", "new('io.murano.system.StatusReporter', environment => $environment)")
	w.line(2, `- "If": `+yaqlNode("$.getAttr(generatedHeatStackName) = null"))
	w.line(3, `"Then":`)
	w.expr(3, "$.setAttr(generatedHeatStackName, '{0}_{1}'.format(randomName(), id($environment)))")
	w.assign(2, "$stack", "new('io.murano.system.HeatStack', $environment, name => $.getAttr(generatedHeatStackName))")
	w.expr(2, "$reporter.report($this, 'Application deployment has started')")
	w.assign(2, "$resources", "new('io.murano.system.Resources')")
	w.assign(2, "$template", "$resources.yaml(type($this))")
	w.expr(2, "$stack.setTemplate($template)")
	w.assign(2, "$parameters", "$.templateParameters")
	w.expr(2, "$stack.setParameters($parameters)")
	if len(hotFiles) == 0 {
		w.line(2, "- "+yaqlNode("$files")+": {}")
	} else {
		w.line(2, "- "+yaqlNode("$files")+":")
		for _, f := range hotFiles {
			w.line(4, quote(f)+": "+yaqlNode("$resources.string("+pyQuote("HotFiles/"+f)+")"))
		}
	}
	w.expr(2, "$stack.setFiles($files)")
	w.assign(2, "$hotEnv", "$.hotEnvironment")
	w.line(2, `- "If": `+yaqlNode("bool($hotEnv)"))
	w.line(3, `"Then":`)
	w.assign(3, "$envRelPath", "'HotEnvironments/' + $hotEnv")
	w.assign(3, "$hotEnvContent", "$resources.string($envRelPath)")
	w.expr(3, "$stack.setHotEnvironment($hotEnvContent)")
	w.expr(2, "$reporter.report($this, 'Stack creation has started')")
	w.line(2, `- "Catch":`)
	w.line(3, `- "As": "e"`)
	w.line(4, `"Do":`)
	w.expr(4, "$reporter.report_error($this, $e.message)")
	w.line(4, `- "Rethrow": !!null "null"`)
	w.line(3, `"Else":`)
	w.assign(3, "$.templateOutputs", "$stack.output()")
	w.expr(3, "$reporter.report($this, 'Stack was successfully created')")
	w.expr(3, "$reporter.report($this, 'Application deployment has finished')")
	w.line(3, `"Try":`)
	w.expr(3, "$stack.push()")
	w.line(1, `"destroy":`)
	w.line(2, `"Body":`)
	w.assign(2, "$environment", "$.find('io.murano.Environment').require()")
	w.assign(2, "$stack", "new('io.murano.system.HeatStack', $environment, name => $.getAttr(generatedHeatStackName))")
	w.expr(2, "$stack.delete()")
	w.line(0, `"Name": `+quote(fullName))
	w.line(0, `"Properties":`)
	w.property("generatedHeatStackName", "$.string()", "Out")
	w.property("hotEnvironment", "$.string()", "In")
	w.property("name", "$.string().notNull()", "In")
	w.contractMap("templateOutputs", outputs, "Out")
	w.contractMap("templateParameters", params, "In")
	return w.buf.Bytes(), nil
}

// paramContract translates a template parameter into a contract: its type,
// then one check per constraint entry (the first key of allowed_values,
// length, range, allowed_pattern found in it).
func paramContract(param *pyyaml.Node) (string, error) {
	typ := param.Get("type")
	if typ == nil {
		return "", &decl.PyError{Class: "KeyError", Msg: "'type'"}
	}
	var c strings.Builder
	switch t := typ.Text(); t {
	case "string", "comma_delimited_list", "json":
		c.WriteString("$.string()")
	case "number":
		c.WriteString("$.int()")
	case "boolean":
		c.WriteString("$.bool()")
	default:
		return "", &decl.PyError{Class: "ValueError", Msg: "Unsupported parameter type " + t}
	}
	constraints := param.Get("constraints")
	if constraints == nil || constraints.Kind != pyyaml.List {
		return c.String(), nil
	}
	for _, entry := range constraints.Items {
		if v := entry.Get("allowed_values"); v != nil {
			var items []string
			for _, item := range v.Items {
				items = append(items, pyLiteral(item))
			}
			c.WriteString(".check($ in list(" + strings.Join(items, ", ") + "))")
		} else if v := entry.Get("length"); v != nil {
			check, err := boundsCheck(v, "len($)")
			if err != nil {
				return "", err
			}
			c.WriteString(check)
		} else if v := entry.Get("range"); v != nil {
			check, err := boundsCheck(v, "$")
			if err != nil {
				return "", err
			}
			c.WriteString(check)
		} else if v := entry.Get("allowed_pattern"); v != nil {
			c.WriteString(".check(matches($, '" + v.Text() + "'))")
		}
	}
	return c.String(), nil
}

// boundsCheck is the check of a length or range constraint, its bounds
// truncated to integers.
func boundsCheck(n *pyyaml.Node, subject string) (string, error) {
	var conds []string
	for _, b := range []struct{ key, op string }{{"min", ">="}, {"max", "<="}} {
		v := n.Get(b.key)
		if v == nil {
			continue
		}
		i, err := pyInt(v)
		if err != nil {
			return "", err
		}
		conds = append(conds, subject+" "+b.op+" "+i)
	}
	if conds == nil {
		return "", nil
	}
	return ".check(" + strings.Join(conds, " and ") + ")", nil
}

// pyInt is Python's int() of a YAML value, as a decimal string.
func pyInt(n *pyyaml.Node) (string, error) {
	switch n.Kind {
	case pyyaml.Int:
		return n.Text(), nil
	case pyyaml.Bool:
		if n.Value == value.Bool(true) {
			return "1", nil
		}
		return "0", nil
	case pyyaml.Float:
		if f := float64(n.Value.(value.Float)); !math.IsInf(f, 0) && !math.IsNaN(f) {
			return strconv.FormatFloat(math.Trunc(f), 'f', 0, 64), nil
		}
	case pyyaml.String:
		if i, err := strconv.ParseInt(strings.TrimSpace(n.Text()), 10, 64); err == nil {
			return strconv.FormatInt(i, 10), nil
		}
	}
	return "", &decl.PyError{Class: "ValueError", Msg: "invalid literal for int() with base 10: '" + n.Text() + "'"}
}

// pyLiteral is how the reference writes an allowed value: a string in
// single quotes (not escaped), anything else as Python's str().
func pyLiteral(n *pyyaml.Node) string {
	if n.Kind == pyyaml.String {
		return "'" + n.Text() + "'"
	}
	return n.Text()
}

// hasHotEnvironments reports whether Resources/HotEnvironments has entries.
func hasHotEnvironments(fsys fs.FS) bool {
	if fsys == nil {
		return false
	}
	entries, err := fs.ReadDir(fsys, "Resources/HotEnvironments")
	return err == nil && len(entries) > 0
}

// listHotFiles lists the files under Resources/HotFiles, relative to it,
// sorted (the reference's order is the file system's).
func listHotFiles(fsys fs.FS) ([]string, error) {
	if fsys == nil {
		return nil, nil
	}
	if info, err := fs.Stat(fsys, hotFilesDir); err != nil || !info.IsDir() {
		return nil, nil
	}
	var files []string
	err := fs.WalkDir(fsys, hotFilesDir, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			files = append(files, strings.TrimPrefix(name, hotFilesDir+"/"))
		}
		return nil
	})
	slices.Sort(files)
	return files, err
}

// hotWriter writes the generated class in the reference's block style.
type hotWriter struct{ buf bytes.Buffer }

func (w *hotWriter) line(indent int, s string) {
	w.buf.WriteString(strings.Repeat("  ", indent))
	w.buf.WriteString(s)
	w.buf.WriteByte('\n')
}

// expr writes a list item that is a YAQL expression.
func (w *hotWriter) expr(indent int, e string) { w.line(indent, "- "+yaqlNode(e)) }

// assign writes a list item that assigns an expression to a variable.
func (w *hotWriter) assign(indent int, target, e string) {
	w.line(indent, "- "+yaqlNode(target)+": "+yaqlNode(e))
}

func (w *hotWriter) property(name, contract, usage string) {
	w.line(1, quote(name)+":")
	w.line(2, `"Contract": `+yaqlNode(contract))
	w.line(2, `"Usage": `+quote(usage))
}

// contractMap writes a property whose contract maps keys to contracts.
func (w *hotWriter) contractMap(name string, contracts map[string]string, usage string) {
	w.line(1, quote(name)+":")
	if len(contracts) == 0 {
		w.line(2, `"Contract": {}`)
	} else {
		w.line(2, `"Contract":`)
		keys := make([]string, 0, len(contracts))
		for k := range contracts {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			w.line(3, quote(k)+": "+yaqlNode(contracts[k]))
		}
	}
	w.line(2, `"Default": {}`)
	w.line(2, `"Usage": `+quote(usage))
}

func yaqlNode(e string) string { return "!yaql " + quote(e) }

// quote writes a YAML double-quoted scalar (a JSON string is one).
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// pyQuote is a YAQL single-quoted string literal.
func pyQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

// Resource gives the template as the resource named after the package, as
// the reference copies it to Resources/<FullName> for the generated
// deploy method ($resources.yaml(type($this))).
func (h *hotContents) Resource(name string) ([]byte, bool, error) {
	if name != path.Join(resourcesDir, h.fullName) {
		return nil, false, nil
	}
	src, err := fs.ReadFile(h.fsys, hotTemplate)
	return src, true, err
}
