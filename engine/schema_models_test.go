// This file checks that the object models the schema forms make load
// back into the engine (issue 13, point 5): for every class of the schema
// generator's corpus, of the project's io.murano and
// io.murano.applications and of the built-in examples, in both modes, the
// values a user submits with the required fields filled (or every field),
// validated and built as the form does, loaded with the contracts run.

package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"
	"unicode/utf8"

	"murano.dev/playground/engine/corelib"
	"murano.dev/playground/engine/corelib/apps"
	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/system"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/formgen/schemaform"
)

// modelSkipsPath lists the classes (and modes) whose model is not made or
// does not load, one a line: "<suite>:<class>:<mode>  <what the test
// finds>". The test finds the same thing or fails: a class that starts to
// load must leave the list, one that stops must join it.
const modelSkipsPath = "testdata/schema-models/skip.txt"

// modelDepth bounds the nesting of the objects a model makes inline (or
// refers to) below its root.
const modelDepth = 4

// holderClass is an application whose property objects holds the
// objects of a model that are not applications (the class tested, or an
// object it refers to by id): such an object lives inside an application
// of an environment, whose form makes it inline, and many find their
// environment as they are made.
const holderClass = "schemamodels.Holder"

var holderPackage = func() *Package {
	p, err := pkg.Open(fstest.MapFS{
		"manifest.yaml": {Data: []byte("Format: MuranoPL/1.4\nType: Application\nFullName: schemamodels\nName: schemamodels\n" +
			"Require:\n  io.murano:\nClasses:\n  " + holderClass + ": Holder.yaml\n")},
		"Classes/Holder.yaml": {Data: []byte("Namespaces:\n  =: schemamodels\n  std: io.murano\nName: Holder\nExtends: std:Application\n" +
			"Properties:\n  objects:\n    Contract: [$.class(std:Object)]\n")},
	})
	if err != nil {
		panic(err)
	}
	return p
}()

// modelSuite is a set of packages whose classes get forms.
type modelSuite struct {
	name string
	// pkgs are the packages of the requests (the project's core
	// libraries come without being named).
	pkgs    []*Package
	classes []modelClass
	// cache holds the schemas generated (by mode, class and package) and
	// whether classes are applications, for every test of the suite.
	cache sync.Map
}

// modelClass is a class of a suite and the package that defines it.
type modelClass struct {
	name, pkg, version string
	key                string // "<suite>:<class>[/<version>]"
}

// builtInExamples are the folders of web/packages whose classes get
// forms on the page (a new example joins them).
var builtInExamples = []string{"blog", "cachecluster", "database", "flaky", "hotstack", "webserver"}

// modelSuites lists the suites: the corpus's archives, the core
// libraries, the examples.
func modelSuites(t *testing.T) []*modelSuite {
	var suites []*modelSuite
	add := func(name string, pkgs []*Package, defining ...*Package) {
		s := &modelSuite{name: name, pkgs: pkgs}
		count := map[string]int{}
		for _, p := range defining {
			for _, c := range p.ClassNames() {
				count[c]++
			}
		}
		for _, p := range defining {
			for _, c := range p.ClassNames() {
				key := name + ":" + c
				if count[c] > 1 {
					key += "/" + p.Version()
				}
				s.classes = append(s.classes, modelClass{name: c, pkg: p.Name(), version: p.Version(), key: key})
			}
		}
		suites = append(suites, s)
	}
	for _, ar := range enginetest.Archives(t, filepath.Join("schema", "testdata")) {
		dir := t.TempDir()
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, "packages/") {
				continue
			}
			path := filepath.Join(dir, filepath.FromSlash(f.Name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		pkgs, skipped, err := FindPackages(filepath.Join(dir, "packages"))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range skipped {
			t.Logf("corpus %s: package %s does not load: %s", ar.Name, s.Package, s.Error)
		}
		add(ar.Name, pkgs, pkgs...)
	}
	core, err := pkg.Open(corelib.FS())
	if err != nil {
		t.Fatal(err)
	}
	framework, err := pkg.Open(apps.FS())
	if err != nil {
		t.Fatal(err)
	}
	add(core.Name(), nil, core)
	add(framework.Name(), nil, framework)
	var examples []*Package
	for _, name := range builtInExamples {
		p, err := pkg.Open(os.DirFS(filepath.Join("..", "web", "packages", name)))
		if err != nil {
			t.Fatalf("example %s: %v", name, err)
		}
		examples = append(examples, p)
	}
	add("examples", examples, examples...)
	return suites
}

// TestSchemaModelsLoad makes, for every class of the suites and in each
// mode (the schema exact or with the extensions; the required fields
// filled, or every field), the object model that the class's schema form
// gives when the user keeps the defaults and gives each other field a
// minimal value (see modelMaker); checks the values with the form's
// validator, builds the model as the form does and loads it into the
// engine in an environment, contracts and .init included: an application
// as one of the environment's, another class held by one (holderClass).
// The skip list names the models that are not made (no schema, or no
// value found), not valid, or not loaded, with what the test finds; the
// log counts them by mode.
func TestSchemaModelsLoad(t *testing.T) {
	skips := enginetest.LoadSkips(t, modelSkipsPath)
	suites := modelSuites(t)
	known := map[string]bool{}
	var mu sync.Mutex
	counts := map[string]map[string]int{} // mode → outcome → models
	var tally enginetest.Tally
	var found []string
	t.Run("classes", func(t *testing.T) {
		for _, s := range suites {
			for _, c := range s.classes {
				for _, v := range modelVariants {
					key := c.key + ":" + v.mode
					known[key] = true
					t.Run(key, func(t *testing.T) {
						t.Parallel()
						ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
						defer cancel()
						got := strings.TrimSpace(loadClassModel(ctx, s, c, v.ext, v.filled))
						kind, _, _ := strings.Cut(got, ":")
						mu.Lock()
						if counts[v.mode] == nil {
							counts[v.mode] = map[string]int{}
						}
						counts[v.mode][cmpOr(kind, "loaded")]++
						if got != "" {
							found = append(found, key+"  "+got)
						}
						mu.Unlock()
						var diffs []string
						if got != "" {
							diffs = []string{got}
						}
						if reason, ok := skips.Reason(key); ok && got != "" && reason != got {
							t.Errorf("%s: %s lists %q, the test finds %q", key, skips.Path, reason, got)
						}
						tally.Add(skips.Judge(t, key, diffs))
					})
				}
			}
		}
	})
	skips.CheckKeys(t, func(key string) bool { return known[key] })
	slices.Sort(found)
	var lines []string
	for _, v := range modelVariants {
		n := counts[v.mode]
		lines = append(lines, fmt.Sprintf("%-12s %3d loaded, %3d unsatisfiable, %3d invalid, %3d not loaded", v.mode, n["loaded"], n["unsatisfiable"], n["invalid"], n["load"]))
	}
	t.Logf("the models of %d classes (%d suites), by mode:\n%s\n%s", len(known)/len(modelVariants), len(suites), strings.Join(lines, "\n"), tally.String())
	if enginetest.Update() || t.Failed() {
		t.Logf("what the test finds, as %s lists it:\n%s", modelSkipsPath, strings.Join(found, "\n"))
	}
}

// modelVariants are the modes of the test: the schemas exact or with the
// extensions; the fields the user fills the required ones or all.
var modelVariants = []struct {
	mode        string
	ext, filled bool
}{{"exact", false, false}, {"ext", true, false}, {"exact+filled", false, true}, {"ext+filled", true, true}}

// wrapping are the paths of the environment and the holder that the
// engine's contract messages start with.
var wrapping = regexp.MustCompile(`^\[io\.murano\.Environment\.applications\[\d+\]\] (\[schemamodels\.Holder\.objects\[\d+\]\] )?`)

// loadClassModel makes the model of a class and loads it, and returns
// "" or what went wrong: "unsatisfiable: …" when no model is made,
// "invalid: …" when the form's validator rejects the values, "load: …"
// when the engine does not load the model.
func loadClassModel(ctx context.Context, s *modelSuite, c modelClass, ext, filled bool) string {
	m := &modelMaker{ctx: ctx, suite: s, ext: ext, filled: filled, root: c}
	model, err := m.object(c.name, 0, nil)
	if err != nil {
		return err.Error()
	}
	app, err := m.isApplication(c.name)
	if err != nil {
		return "unsatisfiable: " + err.Error()
	}
	// The environment's applications: the root when it is one, the
	// objects it refers to that are, and the holder of the others.
	var envApps, held []any
	for i, o := range append([]map[string]any{model}, m.referred...) {
		isApp := app
		if i > 0 {
			isApp, _ = m.isApplication(o["?"].(map[string]any)["type"].(string))
		}
		if isApp {
			envApps = append(envApps, o)
		} else {
			held = append(held, o)
		}
	}
	if len(held) > 0 {
		m.ids++
		envApps = append(envApps, map[string]any{"?": map[string]any{"type": holderClass, "id": fmt.Sprintf("%032x", m.ids)}, "objects": held})
	}
	var values []Value
	for _, o := range envApps {
		v, err := jsonValue(o)
		if err != nil {
			return "unsatisfiable: " + err.Error()
		}
		values = append(values, v)
	}
	doc, err := NewEnvironment(values, EnvironmentOptions{Network: "none"})
	if err != nil {
		return "unsatisfiable: " + err.Error()
	}
	pkgs := append(slices.Clip(s.pkgs), holderPackage)
	host := testHost()
	ex, failed, err := schemaExecutor(ctx, SchemaRequest{Packages: pkgs},
		dsl.Options{Natives: system.Natives(host), CoreFunctions: system.CoreFunctions(host)})
	if err == nil {
		err = failed
	}
	if err != nil {
		return "load: " + err.Error()
	}
	if _, err := ex.LoadModel(value.WithLists(doc, true).(*Dict)); err != nil {
		re := runError(err)
		msg, _, _ := strings.Cut(re.Message, "\n")
		return "load: " + re.Type + ": " + wrapping.ReplaceAllString(msg, "")
	}
	return ""
}

// jsonValue turns JSON data into an engine value.
func jsonValue(v any) (Value, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return DecodeJSON(b)
}

// modelMaker makes the object model of a class as a user fills its form:
// each field keeps its default (one that is a YAQL expression is left to
// the engine, as the form leaves it), a required field without one gets
// a minimal value that satisfies its schema (see minimal), and any other
// field is left out. A muranoObject field gets an object of its class
// made the same way: inline, or, when the contract wants an object it
// does not own, one of the environment referred to by its id.
type modelMaker struct {
	ctx   context.Context
	suite *modelSuite
	ext   bool
	root  modelClass
	ids   int
	// referred are the objects given by id, which the environment holds
	// beside the root.
	referred []map[string]any
	// making are the classes of the objects being made, outermost first.
	making []string
	// filled: every field the form shows gets a value, not only the
	// required ones (a field that cannot have one is left out).
	filled bool
}

type schemaOrError struct {
	schema  map[string]any
	version string
	err     error
}

// unsatisfiable is why the maker gives up on a class.
type unsatisfiable string

func (u unsatisfiable) Error() string { return "unsatisfiable: " + string(u) }

func giveUp(format string, args ...any) error { return unsatisfiable(fmt.Sprintf(format, args...)) }

// schemaOf is the class schema of a class (with the version of its
// package, when it is the root's package), as the page generates it: the
// root with its package and version, another class by its name.
func (m *modelMaker) schemaOf(class string) (map[string]any, string, error) {
	req := SchemaRequest{Packages: m.suite.pkgs, Class: class, Methods: []string{""}, Extensions: m.ext}
	version := ""
	if class == m.root.name || slices.Contains(m.packageClasses(), class) {
		req.Package, req.ClassVersion, version = m.root.pkg, "="+m.root.version, m.root.version
	}
	key := fmt.Sprintf("schema %v %s %s %s", m.ext, class, req.Package, version)
	if s, ok := m.suite.cache.Load(key); ok {
		s := s.(*schemaOrError)
		return s.schema, s.version, s.err
	}
	s := &schemaOrError{version: version}
	s.schema, s.err = generateClassSchema(m.ctx, req)
	m.suite.cache.Store(key, s)
	return s.schema, s.version, s.err
}

// generateClassSchema is the class schema a request generates, as JSON
// data.
func generateClassSchema(ctx context.Context, req SchemaRequest) (map[string]any, error) {
	res, err := GenerateSchema(ctx, req)
	if err == nil && res.Error != nil {
		err = giveUp("%s: no schema: %s", req.Class, res.Error.Error())
	}
	if err != nil {
		return nil, err
	}
	text, err := res.JSON(-1)
	if err != nil {
		return nil, err
	}
	doc, err := schemaform.Decode(text)
	if err != nil {
		return nil, err
	}
	schema, _ := doc.(map[string]any)[""].(map[string]any)
	if schema == nil {
		return nil, giveUp("%s: no class schema in %s", req.Class, text)
	}
	return schema, nil
}

// packageClasses lists the classes of the root's package.
func (m *modelMaker) packageClasses() []string {
	for _, p := range m.suite.pkgs {
		if p.Name() == m.root.pkg && p.Version() == m.root.version {
			return p.ClassNames()
		}
	}
	return nil
}

// isApplication reports whether the class is an io.murano.Application.
func (m *modelMaker) isApplication(class string) (bool, error) {
	spec := ""
	if _, version, _ := m.schemaOf(class); version != "" {
		spec = "=" + version
	}
	type answer struct {
		app bool
		err error
	}
	key := "application " + class + " " + spec
	if a, ok := m.suite.cache.Load(key); ok {
		return a.(answer).app, a.(answer).err
	}
	app, err := func() (bool, error) {
		ex, failed, err := schemaExecutor(m.ctx, SchemaRequest{Packages: m.suite.pkgs}, dsl.Options{})
		if err == nil {
			err = failed
		}
		if err != nil {
			return false, err
		}
		p, err := ex.ClassPackage(class, spec)
		if err != nil {
			return false, err
		}
		c, err := p.FindClass(class, false)
		if err != nil {
			return false, err
		}
		for _, a := range append([]*dsl.Class{c}, c.Ancestors()...) {
			if a.Name == "io.murano.Application" {
				return true, nil
			}
		}
		return false, nil
	}()
	m.suite.cache.Store(key, answer{app, err})
	return app, err
}

// object makes the model of a new object of class: its schema's form
// (without the excluded properties) filled, validated and built.
func (m *modelMaker) object(class string, depth int, excluded []string) (map[string]any, error) {
	if i := slices.Index(m.making, class); i >= 0 {
		return nil, giveUp("a %s needs another inside it (%s)", class, strings.Join(append(m.making[i:], class), " > "))
	}
	if depth > modelDepth {
		return nil, giveUp("objects nest deeper than %d (%s)", modelDepth, strings.Join(append(m.making, class), " > "))
	}
	m.making = append(m.making, class)
	defer func() { m.making = m.making[:len(m.making)-1] }()
	schema, version, err := m.schemaOf(class)
	if err != nil {
		return nil, err
	}
	schema, _ = schemaform.Exclude(schema, excluded).(map[string]any)
	form, err := schemaform.Describe(schema)
	if err != nil {
		return nil, giveUp("%s: the form: %v", class, err)
	}
	values := map[string]any{}
	for _, s := range form.Sections {
		for _, f := range s.Fields {
			v, given, err := m.fieldValue(f, depth)
			if err != nil {
				return nil, err
			}
			if given {
				values[f.Name] = v
			}
		}
	}
	v, err := schemaform.NewValidator(schema)
	if err != nil {
		return nil, giveUp("%s: the validator: %v", class, err)
	}
	data, err := roundTrip(values)
	if err != nil {
		return nil, err
	}
	if errs := v.Validate(data); len(errs) > 0 {
		var msgs []string
		for path, list := range errs {
			msgs = append(msgs, fmt.Sprintf("%s: %s", cmpOr(path, "(form)"), strings.Join(list, "; ")))
		}
		slices.Sort(msgs)
		return nil, fmt.Errorf("invalid: %s: %s", class, strings.Join(msgs, "; "))
	}
	m.ids++
	return schemaform.Build(schemaform.NewHeader(class, version, fmt.Sprintf("%032x", m.ids)), data.(map[string]any), nil), nil
}

func cmpOr(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// roundTrip is v as the form's validator reads JSON (numbers as they are
// written).
func roundTrip(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return schemaform.Decode(b)
}

// fieldValue is the value a field submits: its default (none when the
// default is an expression, which the engine evaluates), a minimal value
// when it is required, else none.
func (m *modelMaker) fieldValue(f *schemaform.Field, depth int) (any, bool, error) {
	switch {
	case f.HasDefault && f.Expression == "":
		return f.Initial, true, nil
	case f.HasDefault:
		return nil, false, nil
	case f.Required:
		v, err := m.minimal(f, depth)
		return v, true, err
	case m.filled && !f.Hidden:
		if v, err := m.minimal(f, depth); err == nil {
			return v, true, nil
		} else if _, ok := err.(unsatisfiable); !ok {
			return nil, false, err
		}
	}
	return nil, false, nil
}

// minimal is the least value a field takes: the first choice of an
// enum, a string or number inside its bounds (and matching its pattern,
// when one is found), false, a list of as many minimal items as it needs,
// a map of its fixed keys' values, an object of the field's class.
func (m *modelMaker) minimal(f *schemaform.Field, depth int) (any, error) {
	for _, c := range f.Choices {
		if c[0] != nil {
			return c[0], nil
		}
	}
	if len(f.Choices) > 0 {
		return nil, giveUp("%s: an enum of null only", f.Name)
	}
	switch f.Kind {
	case "string":
		return minimalString(f)
	case "integer", "number":
		return minimalNumber(f)
	case "boolean":
		return false, nil
	case "list", "tuple":
		out := []any{}
		for _, it := range f.Items {
			v, err := m.item(it, depth)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		n, _ := attrNumber(f, "minItems")
		for len(out) < int(n) {
			if f.Item == nil {
				return nil, giveUp("%s: %v items, and no item schema past %d", f.Name, n, len(out))
			}
			v, err := m.item(f.Item, depth)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case "map", "object":
		out := map[string]any{}
		for _, p := range f.Properties {
			v, given, err := m.fieldValue(p, depth)
			if err != nil {
				return nil, err
			}
			if given {
				out[p.Name] = v
			}
		}
		return out, nil
	case "muranoObject":
		return m.objectField(f, depth)
	}
	if f.Nullable && !f.Required {
		// A JSON field of a contract that says nothing of its value: the
		// user leaves it empty unless it must be given.
		return nil, giveUp("%s: a value of any type", f.Name)
	}
	return "", nil // the least to type in a JSON field
}

// item is a list's item: null when it may be, else a minimal value.
func (m *modelMaker) item(f *schemaform.Field, depth int) (any, error) {
	if f.HasDefault && f.Expression == "" {
		return f.Initial, nil
	}
	if f.Nullable {
		return nil, nil
	}
	return m.minimal(f, depth)
}

// objectField makes the object of a muranoObject field: inline, unless
// the contract wants one it does not own, which the environment holds
// and the field names by id.
func (m *modelMaker) objectField(f *schemaform.Field, depth int) (any, error) {
	if f.MuranoType == "" {
		return nil, giveUp("%s: a muranoObject of no class", f.Name)
	}
	o, err := m.object(f.MuranoType, depth+1, f.Excluded)
	if err != nil {
		return nil, err
	}
	if f.Owned == nil || *f.Owned {
		return o, nil
	}
	m.referred = append(m.referred, o)
	return o["?"].(map[string]any)["id"], nil
}

// attrNumber reads a number of a field's widget attributes.
func attrNumber(f *schemaform.Field, key string) (float64, bool) {
	switch n := f.WidgetAttrs[key].(type) {
	case json.Number:
		x, err := n.Float64()
		return x, err == nil
	case float64:
		return n, true
	}
	return 0, false
}

// minimalNumber is 0 or the bound nearest to it, moved by one inside an
// exclusive bound.
func minimalNumber(f *schemaform.Field) (any, error) {
	lo, hi := math.Inf(-1), math.Inf(1)
	if x, ok := attrNumber(f, "min"); ok {
		lo = x
		if f.WidgetAttrs["exclusiveMinimum"] == true {
			lo = math.Nextafter(x, math.Inf(1))
		}
	}
	if x, ok := attrNumber(f, "max"); ok {
		hi = x
		if f.WidgetAttrs["exclusiveMaximum"] == true {
			hi = math.Nextafter(x, math.Inf(-1))
		}
	}
	if f.Kind == "integer" {
		lo, hi = math.Ceil(lo), math.Floor(hi)
	}
	var x float64
	switch {
	case lo > hi:
		return nil, giveUp("%s: no %s between its bounds %v", f.Name, f.Kind, f.WidgetAttrs)
	case lo <= 0 && 0 <= hi:
	case lo > 0:
		x = lo
		if f.Kind == "number" && f.WidgetAttrs["exclusiveMinimum"] == true && hi >= math.Floor(lo)+1 {
			x = math.Floor(lo) + 1
		}
	default:
		x = hi
		if f.Kind == "number" && f.WidgetAttrs["exclusiveMaximum"] == true && lo <= math.Ceil(hi)-1 {
			x = math.Ceil(hi) - 1
		}
	}
	return json.Number(fmt.Sprint(x)), nil
}

// minimalString is the shortest string its pattern's regular expression
// spells (see spell) or "", padded to its minimum length.
func minimalString(f *schemaform.Field) (any, error) {
	s := ""
	pattern, hasPattern := f.WidgetAttrs["pattern"].(string)
	var re *regexp.Regexp
	if hasPattern {
		var err error
		if re, err = regexp.Compile(pattern); err != nil {
			return nil, giveUp("%s: pattern %q is not a Go regular expression", f.Name, pattern)
		}
		parsed, err := syntax.Parse(pattern, syntax.Perl)
		if err != nil {
			return nil, giveUp("%s: pattern %q: %v", f.Name, pattern, err)
		}
		s = spell(parsed.Simplify())
	}
	if n, ok := attrNumber(f, "minLength"); ok && utf8.RuneCountInString(s) < int(n) {
		if hasPattern {
			return nil, giveUp("%s: the pattern %q spells %q, shorter than %v", f.Name, pattern, s, n)
		}
		s = strings.Repeat("a", int(n))
	}
	if n, ok := attrNumber(f, "maxLength"); ok && utf8.RuneCountInString(s) > int(n) {
		return nil, giveUp("%s: %q is longer than %v", f.Name, s, n)
	}
	if re != nil && !re.MatchString(s) {
		return nil, giveUp("%s: no trivial string matches %q", f.Name, pattern)
	}
	return s, nil
}

// spell is a short string a regular expression matches, when it has no
// assertion but at its ends: the first branch of an alternation, the
// least repetitions, a letter, digit or the first character of a class.
func spell(re *syntax.Regexp) string {
	switch re.Op {
	case syntax.OpLiteral:
		return string(re.Rune)
	case syntax.OpCharClass:
		for _, want := range "a0A-_ " {
			for i := 0; i+1 < len(re.Rune); i += 2 {
				if re.Rune[i] <= want && want <= re.Rune[i+1] {
					return string(want)
				}
			}
		}
		if len(re.Rune) > 0 {
			return string(re.Rune[0])
		}
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		return "a"
	case syntax.OpCapture:
		return spell(re.Sub[0])
	case syntax.OpPlus:
		return spell(re.Sub[0])
	case syntax.OpRepeat:
		return strings.Repeat(spell(re.Sub[0]), re.Min)
	case syntax.OpConcat:
		var b strings.Builder
		for _, s := range re.Sub {
			b.WriteString(spell(s))
		}
		return b.String()
	case syntax.OpAlternate:
		return spell(re.Sub[0])
	}
	return ""
}
