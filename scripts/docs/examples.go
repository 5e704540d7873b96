// This file reads the live examples of the pages and runs them in the
// engine, natively, as the page's engine would in the browser.
//
// An example is a fenced block whose info string starts with "example",
// then its kind and options:
//
//	```example yaql flavor=legacy
//	$.where($ > 1)
//	-- data --
//	[1, 2, 3]
//	-- output --
//	[2, 3]
//	```
//
// The body is a txtar-like list of sections, each started by a line
// "-- name --" (or "-- name (hidden) --", "(readonly)"); lines before the
// first header are the expression of a YAQL example. The section "output"
// holds what the example gives, as the page shows it: the build compares
// it with what the engine gives and fails when they differ (MURANO_UPDATE=1
// rewrites it). Kinds:
//
//	yaql    expression, data; flavor=plain|legacy|murano|murano-legacy
//	run     a package's files, model.yaml; class=, method=, args=JSON, kwargs=JSON, props=JSON, static, object=ID
//	form    a package with UI/ui.yaml, answers.json: the steps of its wizard
//	model   the same: the object model the answers make
//	schema  a package's files; class=, extensions, method=NAME
//	deploy  packages' files and model.yaml (the applications); seed=N, name=ENV
//	lint    a package's files: the problems muranopl lint prints
//	test    a package's files: its MuranoPL tests, as muranopl test runs them
//
// The option "raises" says the example fails on purpose (an error, an
// exception, invalid answers, lint errors, failed tests); without it such
// an example fails the build.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"murano.dev/playground/engine"
	"murano.dev/playground/formgen"
)

// example is a live example of a page.
type example struct {
	page     *page
	fence    *block
	id       string // the element id: ex-N on its page
	kind     string
	opts     map[string]string
	flags    map[string]bool
	sections []*section
	files    []*exFile // what the reader sees and edits, in order

	out outcome
}

type section struct {
	name             string
	hidden, readonly bool
	text             string
	header           int // index of the header line in the fence body (-1: the implicit first section)
	end              int // index after the section's last line
}

// exFile is a file of an example as the page carries it.
type exFile struct {
	path             string
	text             string
	hidden, readonly bool
}

// outcome is what an example gave.
type outcome struct {
	text   string // compared with the output section
	raised bool
	err    error // the example could not be run at all
	// form is the rendered wizard of a form example (HTML).
	form string
}

var (
	kinds     = []string{"yaql", "run", "form", "model", "schema", "deploy", "lint", "test"}
	headerRE  = regexp.MustCompile(`^-- (.+?)(?: \(([a-z, ]+)\))? --$`)
	reserved  = []string{"expression", "data", "output"}
	modelFile = "model.yaml"
	answers   = "answers.json"
)

// parseExample reads the example of a fence whose info starts with
// "example".
func parseExample(b *block) (*example, error) {
	words, err := splitWords(strings.TrimPrefix(b.info, "example"))
	if err != nil {
		return nil, err
	}
	if len(words) == 0 || !slices.Contains(kinds, words[0]) {
		return nil, fmt.Errorf("an example needs a kind (%s)", strings.Join(kinds, ", "))
	}
	ex := &example{fence: b, kind: words[0], opts: map[string]string{}, flags: map[string]bool{}}
	for _, w := range words[1:] {
		if k, v, ok := strings.Cut(w, "="); ok {
			ex.opts[k] = v
		} else {
			ex.flags[w] = true
		}
	}
	var cur *section
	for i, line := range b.body {
		if m := headerRE.FindStringSubmatch(line); m != nil {
			if cur != nil {
				cur.end = i
			}
			cur = &section{name: m[1], header: i}
			for _, f := range strings.Split(m[2], ",") {
				switch strings.TrimSpace(f) {
				case "hidden":
					cur.hidden = true
				case "readonly":
					cur.readonly = true
				case "":
				default:
					return nil, fmt.Errorf("line %d: unknown file flag %q", b.bodyLine+i, f)
				}
			}
			ex.sections = append(ex.sections, cur)
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if ex.kind != "yaql" {
				return nil, fmt.Errorf("line %d: text before the first -- file -- header", b.bodyLine+i)
			}
			cur = &section{name: "expression", header: -1}
			ex.sections = append(ex.sections, cur)
		}
	}
	if cur != nil {
		cur.end = len(b.body)
	}
	for _, s := range ex.sections {
		first := s.header + 1
		if s.header < 0 {
			first = 0
		}
		lines := b.body[first:s.end]
		for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
			lines = lines[:len(lines)-1]
		}
		for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" && s.name != "output" {
			lines = lines[1:]
		}
		s.text = strings.Join(lines, "\n")
	}
	seen := map[string]bool{}
	for _, s := range ex.sections {
		if seen[s.name] {
			return nil, fmt.Errorf("two sections named %q", s.name)
		}
		seen[s.name] = true
		if s.name == "output" {
			continue
		}
		if ex.kind == "yaql" && !slices.Contains(reserved, s.name) {
			return nil, fmt.Errorf("a YAQL example has an expression, data and output, not %q", s.name)
		}
		if ex.kind != "yaql" && (s.name == "expression" || s.name == "data") {
			return nil, fmt.Errorf("only a YAQL example has a section %q", s.name)
		}
		ex.files = append(ex.files, &exFile{path: s.name, text: s.text, hidden: s.hidden, readonly: s.readonly})
	}
	if ex.kind == "yaql" && ex.section("expression") == nil {
		return nil, errors.New("a YAQL example needs an expression")
	}
	if ex.kind != "yaql" && len(ex.packageFiles()) == 0 {
		return nil, errors.New("the example has no package files")
	}
	if (ex.kind == "run" && ex.opts["method"] == "") || (ex.kind == "schema" && ex.opts["class"] == "") {
		return nil, fmt.Errorf("a %s example needs %s=", ex.kind, map[string]string{"run": "method", "schema": "class"}[ex.kind])
	}
	return ex, nil
}

// splitWords splits an info string at spaces outside quotes ('…' or
// "…", which are removed).
func splitWords(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := byte(0)
	has := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case in != 0 && c == in:
			in = 0
		case in != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			in, has = c, true
		case c == ' ' || c == '\t':
			if has || cur.Len() > 0 {
				out = append(out, cur.String())
			}
			cur.Reset()
			has = false
		default:
			cur.WriteByte(c)
		}
	}
	if in != 0 {
		return nil, fmt.Errorf("unclosed quote in %q", s)
	}
	if has || cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out, nil
}

func (ex *example) section(name string) *section {
	for _, s := range ex.sections {
		if s.name == name {
			return s
		}
	}
	return nil
}

func (ex *example) text(name string) string {
	if s := ex.section(name); s != nil {
		return s.text
	}
	return ""
}

// packageFiles are the files of the example's packages, by path.
func (ex *example) packageFiles() map[string][]byte {
	files := map[string][]byte{}
	for _, f := range ex.files {
		if f.path == modelFile || f.path == answers || f.path == "expression" || f.path == "data" {
			continue
		}
		files[f.path] = []byte(f.text + "\n")
	}
	return files
}

// packageRoots are the folders of the example's packages: "" when its
// manifest.yaml is at the top, else each top folder with one.
func packageRoots(files map[string][]byte) []string {
	if _, ok := files["manifest.yaml"]; ok {
		return []string{""}
	}
	var roots []string
	for p := range files {
		if dir, file := path.Split(p); file == "manifest.yaml" && strings.Count(dir, "/") == 1 {
			roots = append(roots, strings.TrimSuffix(dir, "/"))
		}
	}
	slices.Sort(roots)
	return roots
}

// packageOf returns the files under root, relative to it.
func packageOf(files map[string][]byte, root string) map[string][]byte {
	if root == "" {
		return files
	}
	out := map[string][]byte{}
	for p, data := range files {
		if rest, ok := strings.CutPrefix(p, root+"/"); ok {
			out[rest] = data
		}
	}
	return out
}

// openPackages opens the example's packages, the first (by folder name)
// first.
func (ex *example) openPackages() ([]*engine.Package, error) {
	files := ex.packageFiles()
	roots := packageRoots(files)
	if len(roots) == 0 {
		return nil, errors.New("no manifest.yaml among the files")
	}
	var out []*engine.Package
	for _, root := range roots {
		p, err := engine.OpenPackage(engine.FilesFS(packageOf(files, root)))
		if err != nil {
			return nil, fmt.Errorf("package %s: %w", orDot(root), err)
		}
		out = append(out, p)
	}
	return out, nil
}

func orDot(s string) string {
	if s == "" {
		return "."
	}
	return s
}

// run runs the example.
func (ex *example) run(ctx context.Context) outcome {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var o outcome
	switch ex.kind {
	case "yaql":
		o = ex.runYAQL(ctx)
	case "run":
		o = ex.runMethod(ctx)
	case "form", "model":
		o = ex.runForm()
	case "schema":
		o = ex.runSchema(ctx)
	case "deploy":
		o = ex.runDeploy(ctx)
	case "lint":
		o = ex.runLint()
	case "test":
		o = ex.runTests(ctx)
	}
	return o
}

func (ex *example) runYAQL(ctx context.Context) outcome {
	data, err := engine.DecodeData([]byte(ex.text("data")), "")
	if err != nil {
		return outcome{text: "data: " + err.Error(), raised: true}
	}
	flavor := ex.opts["flavor"]
	if flavor == "" {
		flavor = "plain"
	}
	v, err := engine.EvalYAQL(ctx, engine.YAQLRequest{Expr: ex.text("expression"), Data: data, Flavor: engine.Flavor(flavor)})
	if err != nil {
		var ye *engine.YAQLError
		if errors.As(err, &ye) {
			return outcome{text: ye.Short(), raised: true}
		}
		return outcome{err: err}
	}
	return jsonOutcome(v)
}

func jsonOutcome(v engine.Value) outcome {
	out, _, err := engine.EncodeJSON(v)
	if err != nil {
		return outcome{err: err}
	}
	text, err := prettyJSON(out)
	if err != nil {
		return outcome{err: err}
	}
	return outcome{text: text}
}

// jsonOption decodes a JSON option.
func (ex *example) jsonOption(name string) (engine.Value, error) {
	s, ok := ex.opts[name]
	if !ok {
		return nil, nil
	}
	v, err := engine.DecodeJSON([]byte(s))
	if err != nil {
		return nil, fmt.Errorf("%s=: %w", name, err)
	}
	return v, nil
}

// yamlFile decodes one of the example's YAML (or JSON) files.
func (ex *example) yamlFile(name string) (engine.Value, error) {
	s := ex.section(name)
	if s == nil {
		return nil, nil
	}
	v, err := engine.DecodeData([]byte(s.text), "")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return v, nil
}

func (ex *example) runMethod(ctx context.Context) outcome {
	pkgs, err := ex.openPackages()
	if err != nil {
		return outcome{err: err}
	}
	req := engine.RunRequest{Opened: pkgs, System: true, ExposeAll: true, Class: ex.opts["class"], Static: ex.flags["static"],
		Method: ex.opts["method"], ObjectID: ex.opts["object"]}
	if req.Model, err = ex.yamlFile(modelFile); err != nil {
		return outcome{err: err}
	}
	for _, name := range []string{"args", "kwargs", "props"} {
		v, err := ex.jsonOption(name)
		if err != nil {
			return outcome{err: err}
		}
		switch x := v.(type) {
		case nil:
		case *engine.List:
			if name != "args" {
				return outcome{err: fmt.Errorf("%s=: not a JSON object", name)}
			}
			req.Args = x.Items
		case *engine.Dict:
			if name == "args" {
				return outcome{err: errors.New("args=: not a JSON array")}
			}
			if name == "props" {
				req.Props = x
			} else {
				req.Kwargs = x
			}
		default:
			return outcome{err: fmt.Errorf("%s=: not a JSON list or object", name)}
		}
	}
	res, err := engine.RunMuranoPL(ctx, req)
	if err != nil {
		return outcome{err: err}
	}
	var lines []string
	for _, r := range res.Log {
		lines = append(lines, "log "+r.Level+": "+r.Message)
	}
	for _, t := range res.Traces {
		o := jsonOutcome(t)
		if o.err != nil {
			return o
		}
		lines = append(lines, "trace: "+o.text)
	}
	if res.Error != nil {
		lines = append(lines, "exception "+res.Error.Type+": "+res.Error.Message)
		return outcome{text: strings.Join(lines, "\n"), raised: true}
	}
	o := jsonOutcome(res.Result)
	if o.err != nil {
		return o
	}
	lines = append(lines, "result: "+o.text)
	return outcome{text: strings.Join(lines, "\n")}
}

// runForm runs the Dynamic UI of the first package with the answers, as
// `muranopl ui` does: the steps reached (form) or the object model
// (model).
func (ex *example) runForm() outcome {
	pkgs, err := ex.openPackages()
	if err != nil {
		return outcome{err: err}
	}
	opts := formgen.Options{Seed: 42, SeedSet: true}
	src, err := formgen.PackageUI(pkgs[0], &opts)
	if err != nil {
		return outcome{err: err}
	}
	in, err := formgen.ParseInput([]byte(ex.text(answers)))
	if err != nil {
		return outcome{err: fmt.Errorf("%s: %w", answers, err)}
	}
	def, err := formgen.Load(formgen.UIFile, src)
	var res *formgen.Result
	if err != nil {
		res = &formgen.Result{Error: formgen.AsError(err)}
	} else {
		res = formgen.Run(def, in, opts, ex.kind == "form")
	}
	if res.Error != nil {
		e, _ := json.Marshal(res.JSON())
		return outcome{text: "error: " + string(e), raised: true}
	}
	var lines []string
	var form strings.Builder
	if ex.kind == "form" {
		lines = formOutline(res)
		renderForm(&form, res)
	}
	switch {
	case !res.Valid && ex.kind == "form" && ex.section(answers) == nil:
		// A form without answers shows its first step; that its required
		// fields are empty is no failure.
	case !res.Valid:
		lines = append(lines, fmt.Sprintf("invalid: step %d (%s)", res.Step+1, res.Form))
		for _, field := range slices.Sorted(mapKeys(res.Errors)) {
			for _, msg := range res.Errors[field] {
				lines = append(lines, "  "+field+": "+msg)
			}
		}
		return outcome{text: strings.Join(lines, "\n"), raised: true, form: form.String()}
	case ex.kind == "model":
		data, err := json.Marshal(formgen.JSONable(res.ObjectModel))
		if err != nil {
			return outcome{err: err}
		}
		text, err := prettyJSON(data)
		return outcome{text: text, err: err}
	}
	return outcome{text: strings.Join(lines, "\n"), form: form.String()}
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

func (ex *example) runSchema(ctx context.Context) outcome {
	pkgs, err := ex.openPackages()
	if err != nil {
		return outcome{err: err}
	}
	req := engine.SchemaRequest{Packages: pkgs, Class: ex.opts["class"], Extensions: ex.flags["extensions"]}
	if m, ok := ex.opts["method"]; ok {
		req.Methods = []string{m}
	}
	res, err := engine.GenerateSchema(ctx, req)
	if err != nil {
		return outcome{err: err}
	}
	if res.Error != nil {
		return outcome{text: "error " + res.Error.Error(), raised: true}
	}
	out, _, err := engine.EncodeJSON(res.Schemas)
	if err != nil {
		return outcome{err: err}
	}
	text, err := sortedJSON(out)
	return outcome{text: text, err: err}
}

func (ex *example) runDeploy(ctx context.Context) outcome {
	pkgs, err := ex.openPackages()
	if err != nil {
		return outcome{err: err}
	}
	model, err := ex.yamlFile(modelFile)
	if err != nil {
		return outcome{err: err}
	}
	var apps []engine.Value
	switch m := model.(type) {
	case nil:
		return outcome{err: errors.New("a deploy example needs model.yaml: its applications")}
	case *engine.List:
		apps = m.Items
	default:
		apps = []engine.Value{m}
	}
	seed := int64(1)
	if s, ok := ex.opts["seed"]; ok {
		if seed, err = strconv.ParseInt(s, 10, 64); err != nil {
			return outcome{err: fmt.Errorf("seed=: %w", err)}
		}
	}
	name := ex.opts["name"]
	if name == "" {
		name = "docs"
	}
	env, err := engine.NewEnvironment(apps, engine.EnvironmentOptions{Name: name, Seed: seed})
	if err != nil {
		return outcome{err: err}
	}
	res, err := engine.Deploy(ctx, engine.DeployRequest{Packages: pkgs, Env: env, Seed: seed, Cloud: engine.InProcessCloud})
	if err != nil {
		return outcome{err: err}
	}
	doc, err := engine.DeployOutputJSON(res.Output, 0)
	if err != nil {
		return outcome{err: err}
	}
	text, err := deploySummary(doc)
	return outcome{text: text, raised: res.Failed, err: err}
}

func (ex *example) runLint() outcome {
	files := ex.packageFiles()
	roots := packageRoots(files)
	if len(roots) != 1 {
		return outcome{err: errors.New("a lint example has one package")}
	}
	problems, err := engine.LintPackage(engine.FilesFS(packageOf(files, roots[0])), engine.OwnCoreLibrary())
	if err != nil {
		var lines []string
		for _, p := range engine.Problems(err) {
			lines = append(lines, fmt.Sprintf("%s:%d:%d: error: %s", p.File, p.Line, p.Col, p.Message))
		}
		if len(lines) == 0 {
			lines = append(lines, "error: "+err.Error())
		}
		return outcome{text: strings.Join(lines, "\n"), raised: true}
	}
	var lines []string
	for _, p := range problems {
		lines = append(lines, p.String())
	}
	if len(lines) == 0 {
		lines = append(lines, "no problems")
	}
	return outcome{text: strings.Join(lines, "\n"), raised: engine.LintFailed(problems)}
}

func (ex *example) runTests(ctx context.Context) outcome {
	pkgs, err := ex.openPackages()
	if err != nil {
		return outcome{err: err}
	}
	rep, err := engine.RunTests(ctx, engine.TestRequest{Packages: pkgs, Package: pkgs[0].Name()})
	if err != nil {
		return outcome{err: err}
	}
	data, err := json.Marshal(rep)
	if err != nil {
		return outcome{err: err}
	}
	return testSummary(data)
}

// testSummary prints a test report ({"tests", "passed", "failed",
// "error"}) as muranopl test does.
func testSummary(data []byte) outcome {
	var rep struct {
		Tests []struct {
			Class, Method string
			OK            bool
			Error         *struct{ Type, Message string }
		}
		Passed, Failed int
		Error          *struct{ Type, Message string }
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return outcome{err: err}
	}
	var lines []string
	for _, t := range rep.Tests {
		line := t.Class + "." + t.Method + " ... "
		if t.OK {
			line += "OK"
		} else if t.Error != nil {
			line += "FAIL: " + t.Error.Type + ": " + t.Error.Message
		}
		lines = append(lines, line)
	}
	if rep.Error != nil {
		lines = append(lines, "error "+rep.Error.Type+": "+rep.Error.Message)
	}
	lines = append(lines, fmt.Sprintf("%d passed, %d failed", rep.Passed, rep.Failed))
	return outcome{text: strings.Join(lines, "\n"), raised: rep.Failed > 0 || rep.Error != nil}
}

// deploySummary prints what a deploy's document says, briefly: how it
// ended, the deployment log, the Heat stacks with their resources and the
// agents' plans. web/src/embed/format.ts prints the same.
func deploySummary(doc []byte) (string, error) {
	var d struct {
		OK        bool `json:"ok"`
		Exception *struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"exception"`
		Reports []struct {
			Level string `json:"level"`
			Text  string `json:"text"`
		} `json:"reports"`
		Stacks []struct {
			Name     string `json:"name"`
			Status   string `json:"status"`
			Template struct {
				Resources map[string]struct {
					Type string `json:"type"`
				} `json:"resources"`
			} `json:"template"`
		} `json:"stacks"`
		Heat []struct {
			Op    string `json:"op"`
			Stack string `json:"stack"`
		} `json:"heat"`
		Agent []struct {
			Queue string         `json:"queue"`
			Plan  map[string]any `json:"plan"`
		} `json:"agent"`
	}
	if err := json.Unmarshal(doc, &d); err != nil {
		return "", err
	}
	var b strings.Builder
	if d.Exception != nil {
		fmt.Fprintf(&b, "exception %s: %s\n", d.Exception.Type, d.Exception.Message)
	} else {
		b.WriteString("deployed\n")
	}
	if len(d.Reports) > 0 {
		b.WriteString("log:\n")
		for _, r := range d.Reports {
			fmt.Fprintf(&b, "  %s: %s\n", r.Level, r.Text)
		}
	}
	if len(d.Heat) > 0 {
		b.WriteString("heat:\n")
		for _, h := range d.Heat {
			fmt.Fprintf(&b, "  %s %s\n", h.Op, h.Stack)
		}
	}
	for _, s := range d.Stacks {
		fmt.Fprintf(&b, "stack %s %s:\n", s.Name, s.Status)
		names := slices.Sorted(mapKeys(s.Template.Resources))
		for _, n := range names {
			fmt.Fprintf(&b, "  %s %s\n", s.Template.Resources[n].Type, n)
		}
	}
	if len(d.Agent) > 0 {
		b.WriteString("agent plans:\n")
		for _, a := range d.Agent {
			name, _ := a.Plan["Name"].(string)
			if name == "" {
				name, _ = a.Plan["Action"].(string)
			}
			fmt.Fprintf(&b, "  %s\n", name)
		}
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// formOutline lists the steps a form example reached and their fields.
func formOutline(res *formgen.Result) []string {
	var lines []string
	for _, f := range res.Forms {
		title := f.Title
		if title == "" {
			title = f.Form
		}
		lines = append(lines, fmt.Sprintf("step %d: %s", f.Step+1, title))
		for _, fd := range f.Fields {
			mark := " "
			if fd.Required && fd.InputKind != "checkbox" {
				mark = "*"
			}
			line := fmt.Sprintf("  %s %s (%s)", mark, labelText(fd.Label), fd.InputKind)
			if fd.InputKind == "hidden" {
				line = fmt.Sprintf("    %s (hidden)", fd.Name)
			} else if fd.Name != "" {
				line = fmt.Sprintf("  %s %s: %s", mark, fd.Name, fd.InputKind)
				if l := labelText(fd.Label); l != "" {
					line += fmt.Sprintf(" %q", l)
				}
			}
			if s := labelText(fd.Initial); s != "" {
				line += " = " + s
			}
			lines = append(lines, line)
		}
	}
	return lines
}

// labelText is what a label, description or initial value shows (YAQL
// results may be any JSON), as web/src/forms/fields.ts text() shows it.
func labelText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSuffix(b.String(), "\n")
}
