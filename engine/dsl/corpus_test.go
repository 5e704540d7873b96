package dsl_test

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"murano.dev/playground/engine"
	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/pkg"
	"murano.dev/playground/engine/value"
)

// The golden MuranoPL corpora (testdata, format in testdata/README.md):
// murano's own DSL unit tests ported as cases (conformance) and programs
// of our own (differential), with expectations printed by the reference
// (oracle.py dsl of the reference harness). TestCorpus runs them through
// engine.RunMuranoPL; TestCorpusMatchesOracle checks that the reference
// still prints them.

var corpusDirs = []string{"testdata/conformance", "testdata/differential"}

// requestKeys are the case keys that describe the call, in the order of
// the format; each is a engine.RunRequest JSON field and an oracle flag.
var requestKeys = []string{"runtime", "package", "model", "objectId", "class", "static", "props", "method", "args", "kwargs", "exposeAll", "dumpModel", "finalize"}

type dslCase struct {
	archive, name string
	classes       string // "meta", "archive" or "packages"
	request       []enginetest.Field
	schema        bool
	methods       []string // schema cases: the model builders
	schemaPackage string
	unordered     []unorderedSpec
	want          json.RawMessage
	// files are the archive's class files (classes: "archive").
	files fstest.MapFS
}

// id names the case in skip.txt: "<archive>:<case>".
func (c *dslCase) id() string { return c.archive + ":" + c.name }

func (c *dslCase) field(key string) json.RawMessage {
	for _, f := range c.request {
		if f.Key == key {
			return f.Value
		}
	}
	return nil
}

// unorderedSpec names items of a want field compared as a multiset:
// "result", "traces" or "traces[0:2]".
type unorderedSpec struct {
	field  string
	lo, hi int // hi < 0: to the end
}

var unorderedRe = regexp.MustCompile(`^(\w+)(?:\[(\d+):(\d+)\])?$`)

func parseUnordered(s string) (unorderedSpec, error) {
	m := unorderedRe.FindStringSubmatch(s)
	if m == nil {
		return unorderedSpec{}, fmt.Errorf("bad unordered item %q", s)
	}
	u := unorderedSpec{field: m[1], hi: -1}
	if m[2] != "" {
		u.lo, _ = strconv.Atoi(m[2])
		u.hi, _ = strconv.Atoi(m[3])
		if u.hi < u.lo {
			return u, fmt.Errorf("bad unordered slice %q", s)
		}
	}
	return u, nil
}

// loadCorpus reads the cases of the corpus in dir.
func loadCorpus(t testing.TB, dir string) []*dslCase {
	t.Helper()
	var cases []*dslCase
	for _, ar := range enginetest.Archives(t, dir) {
		files := fstest.MapFS{}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".yaml") {
				files[f.Name] = &fstest.MapFile{Data: f.Data, Mode: 0o644}
			}
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".yaml") {
				continue
			}
			c, err := parseDSLCase(ar.Name, f.Name, f.Data)
			if err != nil {
				t.Fatalf("%s: %v", ar.Path, err)
			}
			c.files = files
			cases = append(cases, c)
		}
	}
	return cases
}

func parseDSLCase(archive, name string, data []byte) (*dslCase, error) {
	c := &dslCase{archive: archive, name: name}
	fields, err := enginetest.ParseFields(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	for _, f := range fields {
		var err error
		switch f.Key {
		case "classes":
			err = json.Unmarshal(f.Value, &c.classes)
			if err == nil && c.classes != "meta" && c.classes != "archive" && c.classes != "packages" {
				err = fmt.Errorf("want \"meta\", \"archive\" or \"packages\"")
			}
		case "schema":
			err = json.Unmarshal(f.Value, &c.schema)
		case "methods":
			err = json.Unmarshal(f.Value, &c.methods)
		case "schemaPackage":
			err = json.Unmarshal(f.Value, &c.schemaPackage)
		case "unordered":
			var items []string
			if err = json.Unmarshal(f.Value, &items); err == nil {
				for _, item := range items {
					u, perr := parseUnordered(item)
					if perr != nil {
						err = perr
						break
					}
					c.unordered = append(c.unordered, u)
				}
			}
		case "want":
			c.want = f.Value
		case "note":
		default:
			if !slices.Contains(requestKeys, f.Key) {
				err = fmt.Errorf("unknown key")
				break
			}
			c.request = append(c.request, f)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", name, f.Key, err)
		}
	}
	if c.classes == "" || c.want == nil {
		return nil, fmt.Errorf("%s: classes and want are required", name)
	}
	return c, nil
}

// runRequest maps the case to the facade's request (without Classes).
func (c *dslCase) runRequest() (engine.RunRequest, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range c.request {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.Key)
		b.Write(k)
		b.WriteString(": ")
		b.Write(f.Value)
	}
	b.WriteByte('}')
	var req engine.RunRequest
	err := req.UnmarshalJSON(b.Bytes())
	return req, err
}

// dslWant is the oracle's output for a dsl case.
type dslWant struct {
	OK       bool            `json:"ok"`
	Result   json.RawMessage `json:"result"`
	Error    string          `json:"error"`
	MuranoPL *struct {
		Names   []string        `json:"names"`
		Message string          `json:"message"`
		Extra   json.RawMessage `json:"extra"`
	} `json:"muranoplException"`
	Original  string          `json:"originalException"`
	Formatted string          `json:"formatted"`
	Model     json.RawMessage `json:"model"`
	Traces    json.RawMessage `json:"traces"`
	Log       json.RawMessage `json:"log"`
}

// expectedError maps the oracle's error to engine.RunError's Type and Message:
// a wrapped Python exception ("MuranoPlException: [names]: message" with
// originalException "Class: message") is the original's class and
// message; an exception thrown by MuranoPL code is its first name and
// message; any other error ("NoClassFound: …") is split at the first
// ": ".
func expectedError(w *dslWant) (typ, msg string) {
	switch {
	case w.Original != "":
		typ, msg, _ = strings.Cut(w.Original, ": ")
	case w.MuranoPL != nil && len(w.MuranoPL.Names) > 0:
		typ, msg = w.MuranoPL.Names[0], w.MuranoPL.Message
	default:
		typ, msg, _ = strings.Cut(w.Error, ": ")
	}
	return typ, msg
}

var (
	addrRe = regexp.MustCompile(`0x[0-9a-fA-F]{6,}`)
	pyIDRe = regexp.MustCompile(`\(\d{9,}\)`)
)

// scrub masks memory addresses and Python object ids as the oracle does.
func scrub(s string) string { return pyIDRe.ReplaceAllString(addrRe.ReplaceAllString(s, "0x?"), "(?)") }

// canonicalJSON is the canonical text (enginetest.CanonicalJSON) of a JSON
// value, with the unordered items of field sorted.
func canonicalJSON(raw []byte, field string, specs []unorderedSpec) (string, error) {
	for _, u := range specs {
		if u.field != field {
			continue
		}
		var err error
		if raw, err = enginetest.SortItems(raw, u.lo, u.hi); err != nil {
			return "", err
		}
	}
	return enginetest.CanonicalJSON(raw)
}

func encodeJSON(v value.Value) []byte {
	if v == nil {
		return []byte("null")
	}
	out, _, err := value.ToJSON(v)
	if err != nil {
		return []byte(strconv.Quote("unencodable: " + err.Error()))
	}
	return out
}

func logJSON(records []engine.LogRecord) []byte {
	items := make([]value.Value, len(records))
	for i, r := range records {
		d := value.NewDict(3)
		d.SetString("level", value.String(r.Level))
		d.SetString("logger", value.String(r.Logger))
		d.SetString("message", value.String(r.Message))
		items[i] = d
	}
	return encodeJSON(value.NewTuple(items))
}

// compareRun lists how got differs from the case's want; stack also
// compares the MuranoPL frames of the oracle's formatted trace.
func compareRun(c *dslCase, got *engine.RunResult, stack bool) []string {
	var w dslWant
	if err := json.Unmarshal(c.want, &w); err != nil {
		return []string{"want: " + err.Error()}
	}
	var diffs []string
	same := func(field string, want json.RawMessage, got []byte) {
		if want == nil {
			want = json.RawMessage("null")
		}
		wt, err1 := canonicalJSON(want, field, c.unordered)
		gt, err2 := canonicalJSON(got, field, c.unordered)
		if err := errors.Join(err1, err2); err != nil {
			diffs = append(diffs, fmt.Sprintf("%s: %v", field, err))
		} else if wt != gt {
			diffs = append(diffs, fmt.Sprintf("%s:\n    want %s\n    got  %s", field, wt, gt))
		}
	}
	if got.OK != w.OK {
		text, err := got.MarshalJSON()
		if err != nil {
			text = []byte(err.Error())
		}
		return []string{fmt.Sprintf("ok:\n    want %s\n    got  %s", c.want, text)}
	}
	if w.OK {
		same("result", w.Result, encodeJSON(got.Result))
		if dump := c.field("dumpModel"); string(dump) == "true" {
			same("model", w.Model, encodeJSON(got.Model))
		}
	} else {
		diffs = append(diffs, compareError(&w, got.Error, stack)...)
	}
	same("traces", w.Traces, encodeJSON(value.NewTuple(got.Traces)))
	same("log", w.Log, logJSON(got.Log))
	return diffs
}

func compareError(w *dslWant, got *engine.RunError, stack bool) []string {
	if got == nil {
		return []string{"error: want " + w.Error + ", got none"}
	}
	var diffs []string
	typ, msg := expectedError(w)
	if got.Type != typ || scrub(got.Message) != msg {
		diffs = append(diffs, fmt.Sprintf("error:\n    want %s: %s\n    got  %s: %s", typ, msg, got.Type, scrub(got.Message)))
	}
	if m := w.MuranoPL; m != nil {
		if strings.Join(got.Names, "\n") != strings.Join(m.Names, "\n") {
			diffs = append(diffs, fmt.Sprintf("error names: want %q, got %q", m.Names, got.Names))
		}
		extra := got.Extra
		if extra == nil {
			extra = value.NewDict(0)
		}
		wt, err1 := canonicalJSON(m.Extra, "", nil)
		gt, err2 := canonicalJSON(encodeJSON(extra), "", nil)
		if err := errors.Join(err1, err2); err != nil || wt != gt {
			diffs = append(diffs, fmt.Sprintf("error extra: want %s, got %s %v", wt, gt, err))
		}
	}
	if stack && w.Formatted != "" {
		diffs = append(diffs, compareStack(w.Formatted, got)...)
	}
	return diffs
}

var (
	muranoFrameRe  = regexp.MustCompile(`^  File "(.*)", line (\d+):(\d+) in method (\S+)(?: of type (\S+))?$`)
	unknownFrameRe = regexp.MustCompile(`^  File <unknown> in method (\S+)(?: of type (\S+))?$`)
	// packageFileRe is the folder of a package in --package-dir cases:
	// the reference names files from the working directory, the engine
	// from the package's root.
	packageFileRe = regexp.MustCompile(`^packages/[^/]+/`)
)

// unknownFile marks a MuranoPL frame the reference has no position for
// (it prints `File <unknown>`, e.g. for assignments): only its class and
// method are compared.
const unknownFile = "<unknown>"

// parseFormatted splits the reference's formatted MuranoPL stack trace
// into its first line and its MuranoPL frames (innermost last); frames of
// the reference's own Python source are not ours to reproduce.
func parseFormatted(text string) (first string, frames []engine.StackFrame, cause string) {
	text, cause, _ = strings.Cut(text, "\n\n Caused by ")
	lines := strings.Split(text, "\n")
	var cur *engine.StackFrame
	var instr []string
	flush := func() {
		if cur != nil {
			cur.Instruction = strings.Join(instr, "\n")
			frames = append(frames, *cur)
		}
		cur, instr = nil, nil
	}
	for _, line := range lines[1:] {
		if strings.HasPrefix(line, "  File ") {
			flush()
			if m := muranoFrameRe.FindStringSubmatch(line); m != nil {
				ln, _ := strconv.Atoi(m[2])
				col, _ := strconv.Atoi(m[3])
				file := packageFileRe.ReplaceAllString(strings.TrimPrefix(m[1], "murano/tests/unit/dsl/meta/"), "")
				cur = &engine.StackFrame{File: file, Line: ln, Col: col, Method: m[4], Class: m[5]}
			} else if m := unknownFrameRe.FindStringSubmatch(line); m != nil {
				cur = &engine.StackFrame{File: unknownFile, Method: m[1], Class: m[2]}
			}
			continue
		}
		if cur != nil {
			instr = append(instr, strings.TrimPrefix(line, "      "))
		}
	}
	flush()
	return lines[0], frames, cause
}

// formattedFirstLine is the first line of the reference's formatted trace
// for e: its names (one name alone, several as a Python list) and message.
func formattedFirstLine(e *engine.RunError) string {
	names := e.Type
	switch len(e.Names) {
	case 0:
	case 1:
		names = e.Names[0]
	default:
		names = "['" + strings.Join(e.Names, "', '") + "']"
	}
	return names + ": " + scrub(e.Message)
}

func compareStack(formatted string, got *engine.RunError) []string {
	var diffs []string
	first, frames, cause := parseFormatted(formatted)
	if g := formattedFirstLine(got); g != first {
		diffs = append(diffs, fmt.Sprintf("stack first line:\n    want %s\n    got  %s", first, g))
	}
	// A frame the reference has no position for compares by class and
	// method only.
	render := func(b *strings.Builder, f engine.StackFrame, unknown bool) {
		if unknown {
			fmt.Fprintf(b, "\n      <unknown> %s.%s", f.Class, f.Method)
			return
		}
		fmt.Fprintf(b, "\n      %s:%d:%d %s.%s: %s", f.File, f.Line, f.Col, f.Class, f.Method, f.Instruction)
	}
	var want, have strings.Builder
	for i := 0; i < len(frames) || i < len(got.Stack); i++ {
		unknown := i < len(frames) && frames[i].File == unknownFile
		if i < len(frames) {
			render(&want, frames[i], unknown)
		}
		if i < len(got.Stack) {
			render(&have, got.Stack[i], unknown)
		}
	}
	if want.String() != have.String() {
		diffs = append(diffs, fmt.Sprintf("stack:\n    want%s\n    got%s", want.String(), have.String()))
	}
	switch {
	case cause != "" && got.Cause == nil:
		diffs = append(diffs, "cause: want "+strings.SplitN(cause, "\n", 2)[0]+", got none")
	case cause == "" && got.Cause != nil:
		diffs = append(diffs, "cause: want none, got "+formattedFirstLine(got.Cause))
	case cause != "":
		// the cause is formatted with a one-space prefix on every line
		lines := strings.Split(cause, "\n")
		for i := 1; i < len(lines); i++ {
			lines[i] = strings.TrimPrefix(lines[i], " ")
		}
		for _, d := range compareStack(strings.Join(lines, "\n"), got.Cause) {
			diffs = append(diffs, "cause "+d)
		}
	}
	return diffs
}

// testMetaClasses is murano's DSL test classes (python3-murano): a test
// without them is skipped, or fails under CI=true.
func testMetaClasses(t *testing.T) fs.FS {
	_, err := os.Stat(testMeta)
	enginetest.Need(t, "murano's DSL test classes (Debian's python3-murano)", err)
	return os.DirFS(testMeta)
}

// TestCorpusFormat reads every case of both corpora: its request maps
// to engine.RunRequest, its want to an outcome (and for errors to a type
// and a message, and MuranoPL frames for a formatted trace).
func TestCorpusFormat(t *testing.T) {
	for _, dir := range corpusDirs {
		cases := loadCorpus(t, dir)
		known := map[string]bool{}
		for _, c := range cases {
			known[c.id()] = true
			if c.schema {
				continue
			}
			if _, err := c.runRequest(); err != nil {
				t.Errorf("%s: %v", c.id(), err)
			}
			if (c.classes == "archive" || c.classes == "packages") && len(c.files) == 0 {
				t.Errorf("%s: classes %q without class files", c.id(), c.classes)
			}
			var w dslWant
			if err := json.Unmarshal(c.want, &w); err != nil {
				t.Errorf("%s: want: %v", c.id(), err)
				continue
			}
			if w.OK {
				continue
			}
			if typ, _ := expectedError(&w); typ == "" || strings.ContainsAny(typ, " :") {
				t.Errorf("%s: error %q maps to type %q", c.id(), w.Error, typ)
			}
			if w.Formatted != "" {
				if _, frames, _ := parseFormatted(w.Formatted); len(frames) == 0 {
					t.Errorf("%s: no MuranoPL frame in %.300q", c.id(), w.Formatted)
				}
			}
		}
		enginetest.LoadSkips(t, filepath.Join(dir, "skip.txt")).CheckKeys(t, func(key string) bool { return known[key] })
	}
}

// TestCorpus runs every case through engine.RunMuranoPL (schema cases
// through engine.GenerateSchema), in parallel, and compares with want: results,
// traces, log records and the model exactly (JSON text, after sorting the
// unordered items); errors by the type and message the reference gives
// them (see expectedError), their MuranoPL names and extra, and their
// MuranoPL stack trace. skip.txt beside a corpus lists the cases the
// engine does not agree with yet.
func TestCorpus(t *testing.T) {
	if _, err := engine.RunMuranoPL(context.Background(), engine.RunRequest{}); errors.Is(err, engine.ErrNotImplemented) {
		t.Skip(err)
	}
	core := coreLibrary(t)
	for _, dir := range corpusDirs {
		corpus := filepath.Base(dir)
		cases := loadCorpus(t, dir)
		skips := enginetest.LoadSkips(t, filepath.Join(dir, "skip.txt"))
		var meta fs.FS
		if slices.ContainsFunc(cases, func(c *dslCase) bool { return c.classes == "meta" }) {
			meta = testMetaClasses(t)
		}
		var tally enginetest.Tally
		t.Run(corpus, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.archive+"/"+c.name, func(t *testing.T) {
					t.Parallel()
					run := runDSLCase
					if c.schema {
						run = runSchemaCase
					}
					outcome := skips.Judge(t, c.id(), run(t, c, core, meta))
					tally.Add(outcome)
					if outcome == enginetest.Skipped {
						t.SkipNow()
					}
				})
			}
		})
		t.Logf("%s: %s", corpus, &tally)
	}
}

// runDSLCase runs a case (classes "meta" from meta) with the core library
// core and returns its differences from want.
func runDSLCase(t *testing.T, c *dslCase, core, meta fs.FS) []string {
	req, err := c.runRequest()
	if err != nil {
		t.Fatal(err)
	}
	req.CoreLibrary = core
	switch c.classes {
	case "meta":
		req.Classes = meta
	case "packages":
		sub, err := fs.Sub(c.files, "packages")
		if err != nil {
			t.Fatal(err)
		}
		req.Packages = sub
	default:
		req.Classes = c.files
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	got, err := engine.RunMuranoPL(ctx, req)
	if err != nil {
		return []string{"request failed: " + err.Error()}
	}
	return compareRun(c, got, true)
}

// runSchemaCase generates the schemas a schema case asks for (classes
// "meta" from meta, or the archive's) with engine.GenerateSchema and
// returns their differences from want.
func runSchemaCase(t *testing.T, c *dslCase, core, meta fs.FS) []string {
	var class string
	if err := json.Unmarshal(c.field("class"), &class); err != nil {
		t.Fatalf("class: %v", err)
	}
	req := engine.SchemaRequest{Classes: c.files, CoreLibrary: core, Class: class, Methods: c.methods, Package: c.schemaPackage}
	switch c.classes {
	case "meta":
		req.Classes = meta
	case "packages":
		t.Fatal("schema cases load classes, not packages")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	res, err := engine.GenerateSchema(ctx, req)
	if err != nil {
		return []string{"request failed: " + err.Error()}
	}
	got, err := res.JSON(-1)
	if err != nil {
		return []string{"output: " + err.Error()}
	}
	want, err := enginetest.SchemaOutput(c.want)
	if err != nil {
		t.Fatalf("want: %v", err)
	}
	if same, err := enginetest.SameJSON(want, got); err != nil || !same {
		return []string{fmt.Sprintf("schema:\n    want %s\n    got  %s %v", want, got, err)}
	}
	return nil
}

// oracleArgs are the oracle's command-line arguments for a case (classes
// in classDir for archive cases).
func oracleArgs(c *dslCase, classDir string) ([]string, error) {
	src := []string{"--test-meta"}
	switch c.classes {
	case "archive":
		src = []string{"--classes", classDir}
	case "packages":
		src = []string{"--package-dir", "packages"}
	}
	if c.schema {
		var class string
		if err := json.Unmarshal(c.field("class"), &class); err != nil {
			return nil, fmt.Errorf("class: %w", err)
		}
		args := append([]string{"schema"}, src...)
		args = append(args, "--class", class)
		for _, m := range c.methods {
			args = append(args, "--method", m)
		}
		if c.schemaPackage != "" {
			args = append(args, "--schema-package", c.schemaPackage)
		}
		return args, nil
	}
	flags := map[string]string{
		"runtime": "--runtime", "package": "--package-name", "model": "--model", "objectId": "--object-id",
		"class": "--class", "static": "--static", "props": "--props", "method": "--method", "args": "--args",
		"kwargs": "--kwargs", "exposeAll": "--expose-all", "dumpModel": "--dump-model", "finalize": "--finalize",
	}
	args := append([]string{"dsl"}, src...)
	for _, f := range c.request {
		var v any
		if err := json.Unmarshal(f.Value, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", f.Key, err)
		}
		switch v := v.(type) {
		case bool:
			if v {
				args = append(args, flags[f.Key])
			}
		case string:
			args = append(args, flags[f.Key], v)
		case nil:
		default:
			args = append(args, flags[f.Key], string(f.Value))
		}
	}
	return args, nil
}

// sameOracleOutput compares an output line of the reference with want:
// the same members in the same order, with the same values
// (enginetest.CanonicalJSON) after sorting the unordered items.
func sameOracleOutput(c *dslCase, out []byte) (bool, error) {
	norm := func(raw []byte) (string, error) {
		members, err := enginetest.Members(raw)
		if err != nil {
			return "", err
		}
		var b strings.Builder
		for _, m := range members {
			text, err := canonicalJSON(m.Value, m.Key, c.unordered)
			if err != nil {
				return "", err
			}
			fmt.Fprintf(&b, "%q: %s\n", m.Key, text)
		}
		return b.String(), nil
	}
	w, err := norm(c.want)
	if err != nil {
		return false, fmt.Errorf("want: %w", err)
	}
	g, err := norm(out)
	if err != nil {
		return false, fmt.Errorf("output of the reference: %w", err)
	}
	return w == g, nil
}

// oracleModules are what every run of oracle.py dsl imports: a batch of
// runs imports them once.
var oracleModules = []string{
	"murano.common.config", "murano.dsl.yaql_integration", "murano.dsl.executor",
	"murano.engine.system.system_objects", "murano.engine.system.yaql_functions",
	"murano.tests.unit.dsl.foundation.test_package_loader",
}

// TestCorpusMatchesOracle re-runs a sample of the corpora
// (enginetest.Sample) through the reference and checks that it still
// prints want: the goldens are the reference's. With MURANO_UPDATE=1 it
// rewrites the stale wants. It runs when MURANO_REFERENCE names the
// reference harness.
func TestCorpusMatchesOracle(t *testing.T) {
	oracle := enginetest.ReferenceScript(t, "oracle.py")
	_, core, err := pkg.LocateCoreLibrary()
	enginetest.Need(t, "the io.murano core library", err)
	var sample []*dslCase
	for _, dir := range corpusDirs {
		for i, c := range loadCorpus(t, dir) {
			if enginetest.Sample(i) {
				sample = append(sample, c)
			}
		}
	}
	if slices.ContainsFunc(sample, func(c *dslCase) bool { return c.classes == "meta" }) {
		testMetaClasses(t)
	}
	// Each archive's classes are extracted once; the reference runs in
	// that folder, so that file names in stack traces are Classes/…, and
	// the absolute folder is the recording's /tmp/muranopl-diff/<archive>.
	root := t.TempDir()
	neutral := filepath.Join(root, "cwd")
	if err := os.Mkdir(neutral, 0o755); err != nil {
		t.Fatal(err)
	}
	dirs := map[string]string{}
	for _, c := range sample {
		if (c.classes != "archive" && c.classes != "packages") || dirs[c.archive] != "" {
			continue
		}
		dir := filepath.Join(root, c.archive)
		for name, f := range c.files {
			path := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		dirs[c.archive] = dir
	}
	batch := enginetest.NewBatch(t, oracle, oracleModules...)
	batch.Env = []string{"MURANO_CORE_LIBRARY=" + core}
	var mu sync.Mutex
	updates := map[string]json.RawMessage{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range sample {
			t.Run(c.archive+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				dir := dirs[c.archive]
				args, err := oracleArgs(c, dir)
				if err != nil {
					t.Fatal(err)
				}
				cwd := cmp.Or(dir, neutral)
				res, err := batch.Run(context.Background(), cwd, 2*time.Minute, args...)
				if err != nil {
					t.Fatal(err)
				}
				out := bytes.TrimSpace([]byte(res.Stdout))
				if dir != "" {
					out = bytes.ReplaceAll(out, []byte(dir), []byte("/tmp/muranopl-diff/"+c.archive))
				}
				// the harness's own frames in a formatted Python trace
				out = bytes.ReplaceAll(out, []byte(filepath.Dir(oracle)), []byte("<reference>"))
				if len(out) == 0 {
					t.Fatalf("the reference printed nothing (exit status %d): %s", res.Code, res.Stderr)
				}
				same, err := sameOracleOutput(c, out)
				switch {
				case err != nil:
					t.Fatal(err)
				case same:
				case enginetest.Update():
					mu.Lock()
					updates[c.id()] = out
					mu.Unlock()
				default:
					t.Errorf("the golden want is stale (MURANO_UPDATE=1 rewrites it):\n  reference %s\n  want      %s\n  (oracle.py %s)", out, c.want, strings.Join(args, " "))
				}
			})
		}
	})
	if len(updates) > 0 {
		rewriteWants(t, updates)
	}
}

// rewriteWants replaces the want of the given cases (by id) in the
// corpus files.
func rewriteWants(t *testing.T, updates map[string]json.RawMessage) {
	for _, dir := range corpusDirs {
		for _, ar := range enginetest.Archives(t, dir) {
			changed := false
			for i, f := range ar.Files {
				if want, ok := updates[ar.Name+":"+f.Name]; ok {
					ar.Files[i].Data = enginetest.ReplaceFields(f.Data, []string{"want"}, []enginetest.Field{{Key: "want", Value: want}})
					changed = true
				}
			}
			if changed {
				if err := ar.Write(); err != nil {
					t.Fatal(err)
				}
				t.Logf("rewrote wants in %s", ar.Path)
			}
		}
	}
}

func TestParseDSLCase(t *testing.T) {
	c, err := parseDSLCase("a", "c", []byte(`# comment
classes: "archive"

model: {"?": {"type": "A", "id": "a1"}}
method: "m"
args: [1, "x: y"]
static: false
unordered: ["result", "traces[0:2]"]
want: {"ok": true, "result": null, "traces": [], "log": []}
note: "n"
`))
	if err != nil {
		t.Fatal(err)
	}
	if c.id() != "a:c" || c.classes != "archive" || len(c.request) != 4 || string(c.field("args")) != `[1, "x: y"]` {
		t.Errorf("parsed %+v", c)
	}
	if want := []unorderedSpec{{"result", 0, -1}, {"traces", 0, 2}}; fmt.Sprint(c.unordered) != fmt.Sprint(want) {
		t.Errorf("unordered = %v, want %v", c.unordered, want)
	}
	req, err := c.runRequest()
	if err != nil || req.Method != "m" || len(req.Args) != 2 || req.Model == nil || req.Static {
		t.Errorf("request %+v, %v", req, err)
	}
	for _, tt := range []struct{ text, want string }{
		{"classes: \"meta\"\nfoo: 1\nwant: {}", "c: foo: unknown key"},
		{"classes: \"meta\"\nmethod: m\nwant: {}", `c: line 2: want key: <JSON>, got "method: m"`},
		{"classes: \"meta\"", "c: classes and want are required"},
		{"classes: \"folder\"\nwant: {}", `c: classes: want "meta", "archive" or "packages"`},
		{"classes: \"meta\"\nunordered: [\"traces[2:1]\"]\nwant: {}", "bad unordered slice"},
		{"classes: \"meta\"\nunordered: [\"a b\"]\nwant: {}", "bad unordered item"},
	} {
		if _, err := parseDSLCase("a", "c", []byte(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want %q", tt.text, err, tt.want)
		}
	}
}

// The want lines are the oracle's (from the corpora, shortened).
func TestExpectedError(t *testing.T) {
	tests := []struct{ want, typ, msg string }{
		{`{"ok": false, "error": "ContractViolationException: [C::m(arg)] Value 'str' violates int() contract: really"}`,
			"ContractViolationException", "[C::m(arg)] Value 'str' violates int() contract: really"},
		{`{"ok": false, "error": "NoClassFound: Class \"x.Y\" is not found in io.murano/0.0.0, tests/0.0.0"}`,
			"NoClassFound", `Class "x.Y" is not found in io.murano/0.0.0, tests/0.0.0`},
		{`{"ok": false, "error": "KeyError: 'other.pkg'"}`, "KeyError", "'other.pkg'"},
		{`{"ok": false, "error": "MuranoPlException: [org.acme.errors.Oops, io.murano.Failure]: several", "muranoplException": {"names": ["org.acme.errors.Oops", "io.murano.Failure"], "message": "several", "extra": {}}}`,
			"org.acme.errors.Oops", "several"},
		{`{"ok": false, "error": "MuranoPlException: [org.acme.errors.Oops]: None", "muranoplException": {"names": ["org.acme.errors.Oops"], "message": "None", "extra": {}}}`,
			"org.acme.errors.Oops", "None"},
		{`{"ok": false, "error": "MuranoPlException: [murano.dsl.exceptions.NoClassFound]: Class \"io.murano.Failure\" is not found", "muranoplException": {"names": ["murano.dsl.exceptions.NoClassFound"], "message": "Class \"io.murano.Failure\" is not found", "extra": {}}, "originalException": "NoClassFound: Class \"io.murano.Failure\" is not found"}`,
			"NoClassFound", `Class "io.murano.Failure" is not found`},
		{`{"ok": false, "error": "MuranoPlException: [RuntimeError]: No active exception to reraise", "muranoplException": {"names": ["RuntimeError"], "message": "No active exception to reraise", "extra": {}}, "originalException": "RuntimeError: No active exception to reraise"}`,
			"RuntimeError", "No active exception to reraise"},
	}
	for _, tt := range tests {
		var w dslWant
		if err := json.Unmarshal([]byte(tt.want), &w); err != nil {
			t.Fatal(err)
		}
		if typ, msg := expectedError(&w); typ != tt.typ || msg != tt.msg {
			t.Errorf("%s:\n got %q, %q\nwant %q, %q", tt.want, typ, msg, tt.typ, tt.msg)
		}
	}
}

func TestCompareRun(t *testing.T) {
	list := func(text string) []value.Value { return jsonValue(t, text).(*value.List).Items }
	thrown := `{"ok": false, "error": "MuranoPlException: [org.acme.errors.Oops]: 3 things", "muranoplException": {"names": ["org.acme.errors.Oops"], "message": "3 things", "extra": {"code": 42}}, "traces": [], "log": []}`
	wrapped := `{"ok": false, "error": "MuranoPlException: [murano.dsl.exceptions.NoClassFound]: Class \"X\" is not found", "muranoplException": {"names": ["murano.dsl.exceptions.NoClassFound"], "message": "Class \"X\" is not found", "extra": {}}, "originalException": "NoClassFound: Class \"X\" is not found", "traces": [], "log": []}`
	contract := `{"ok": false, "error": "ContractViolationException: Value <C/0.0.0 00000000000000000000000000000001 (?)> doesn't match predicate", "traces": [], "log": []}`
	logged := `{"ok": true, "result": "logged", "traces": [], "log": [{"level": "INFO", "logger": "applications.x", "message": "hi"}]}`
	tests := []struct {
		name      string
		want      string
		unordered []unorderedSpec
		dumpModel bool
		got       engine.RunResult
		diff      string // "" for none, else a substring of the differences
	}{
		{name: "same result", want: `{"ok": true, "result": {"a": [1, 2.0]}, "traces": ["t"], "log": []}`,
			got: engine.RunResult{OK: true, Result: jsonValue(t, `{"a": [1, 2.0]}`), Traces: list(`["t"]`)}},
		{name: "int is not float", want: `{"ok": true, "result": [1], "traces": [], "log": []}`,
			got: engine.RunResult{OK: true, Result: jsonValue(t, `[1.0]`)}, diff: "result:\n    want [1]\n    got  [1.0]"},
		{name: "key order counts", want: `{"ok": true, "result": {"a": 1, "b": 2}, "traces": [], "log": []}`,
			got: engine.RunResult{OK: true, Result: jsonValue(t, `{"b": 2, "a": 1}`)}, diff: "result:"},
		{name: "unordered result", want: `{"ok": true, "result": [111, 1, 4, 2], "traces": [], "log": []}`,
			unordered: []unorderedSpec{{"result", 0, -1}}, got: engine.RunResult{OK: true, Result: jsonValue(t, `[1, 2, 4, 111]`)}},
		{name: "unordered is a multiset", want: `{"ok": true, "result": [1, 1, 2], "traces": [], "log": []}`,
			unordered: []unorderedSpec{{"result", 0, -1}}, got: engine.RunResult{OK: true, Result: jsonValue(t, `[1, 2, 2]`)}, diff: "result:"},
		{name: "ordered result", want: `{"ok": true, "result": [111, 1, 4, 2], "traces": [], "log": []}`,
			got: engine.RunResult{OK: true, Result: jsonValue(t, `[1, 2, 4, 111]`)}, diff: "result:"},
		{name: "unordered slice of traces", want: `{"ok": true, "result": null, "traces": ["node2", "node1", "root"], "log": []}`,
			unordered: []unorderedSpec{{"traces", 0, 2}}, got: engine.RunResult{OK: true, Traces: list(`["node1", "node2", "root"]`)}},
		{name: "outside the unordered slice", want: `{"ok": true, "result": null, "traces": ["node2", "node1", "root"], "log": []}`,
			unordered: []unorderedSpec{{"traces", 0, 2}}, got: engine.RunResult{OK: true, Traces: list(`["root", "node1", "node2"]`)}, diff: "traces:"},
		{name: "model compared with dumpModel", want: `{"ok": true, "result": null, "model": {"Objects": null}, "traces": [], "log": []}`,
			dumpModel: true, got: engine.RunResult{OK: true, Model: jsonValue(t, `{"Objects": {}}`)}, diff: "model:"},
		{name: "model ignored without dumpModel", want: `{"ok": true, "result": null, "traces": [], "log": []}`,
			got: engine.RunResult{OK: true, Model: jsonValue(t, `{"Objects": {}}`)}},
		{name: "log", want: logged, got: engine.RunResult{OK: true, Result: value.String("logged"), Log: []engine.LogRecord{{Level: "INFO", Logger: "applications.x", Message: "hi"}}}},
		{name: "log level", want: logged, got: engine.RunResult{OK: true, Result: value.String("logged"), Log: []engine.LogRecord{{Level: "DEBUG", Logger: "applications.x", Message: "hi"}}}, diff: "log:"},
		{name: "ok differs", want: logged, got: engine.RunResult{Error: &engine.RunError{Type: "X", Message: "m"}},
			diff: `got  {"ok": false, "error": {"type": "X", "message": "m"}, "traces": [], "log": []}`},
		{name: "thrown", want: thrown,
			got: engine.RunResult{Error: &engine.RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"org.acme.errors.Oops"}, Extra: jsonValue(t, `{"code": 42}`)}}},
		{name: "thrown: extra", want: thrown,
			got: engine.RunResult{Error: &engine.RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"org.acme.errors.Oops"}}}, diff: `error extra: want {"code": 42}, got {}`},
		{name: "thrown: names", want: thrown,
			got: engine.RunResult{Error: &engine.RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"Oops"}, Extra: jsonValue(t, `{"code": 42}`)}}, diff: "error names:"},
		{name: "wrapped, no extra", want: wrapped,
			got: engine.RunResult{Error: &engine.RunError{Type: "NoClassFound", Message: `Class "X" is not found`, Names: []string{"murano.dsl.exceptions.NoClassFound"}}}},
		{name: "wrapped: type", want: wrapped,
			got:  engine.RunResult{Error: &engine.RunError{Type: "murano.dsl.exceptions.NoClassFound", Message: `Class "X" is not found`, Names: []string{"murano.dsl.exceptions.NoClassFound"}}},
			diff: "error:\n    want NoClassFound: Class \"X\" is not found\n    got  murano.dsl.exceptions.NoClassFound: "},
		{name: "engine error, object id scrubbed", want: contract,
			got: engine.RunResult{Error: &engine.RunError{Type: "ContractViolationException", Message: "Value <C/0.0.0 00000000000000000000000000000001 (140234567890123)> doesn't match predicate"}}},
		{name: "engine error: message", want: contract,
			got: engine.RunResult{Error: &engine.RunError{Type: "ContractViolationException", Message: "Value doesn't match"}}, diff: "error:"},
		{name: "error expected, a result", want: contract, got: engine.RunResult{OK: true, Result: value.Int(1)}, diff: "got  {\"ok\": true, \"result\": 1"},
		{name: "error expected, none", want: contract, got: engine.RunResult{}, diff: "got none"},
	}
	for _, tt := range tests {
		c := &dslCase{archive: "a", name: tt.name, want: json.RawMessage(tt.want), unordered: tt.unordered}
		if tt.dumpModel {
			c.request = []enginetest.Field{{Key: "dumpModel", Value: json.RawMessage("true")}}
		}
		diffs := strings.Join(compareRun(c, &tt.got, false), "\n")
		switch {
		case tt.diff == "" && diffs != "":
			t.Errorf("%s: unexpected differences:\n%s", tt.name, diffs)
		case tt.diff != "" && !strings.Contains(diffs, tt.diff):
			t.Errorf("%s: differences %q, want them to contain %q", tt.name, diffs, tt.diff)
		}
	}
}

// The formatted traces are the oracle's (differential exceptions and
// assignments, shortened).
func TestCompareStack(t *testing.T) {
	nested := "org.acme.errors.Deep: from level 2\nTraceback (most recent call last):\n" +
		"  File \"Classes/Thrower.yaml\", line 46:9 in method testThrowNestedCall of type org.acme.errors.Thrower\n      $.level1()\n" +
		"  File \"Classes/Thrower.yaml\", line 56:9 in method level2 of type org.acme.errors.Thrower\n      block construct"
	wrapped := "murano.dsl.exceptions.NoWriteAccessError: Property \"p\" is immutable to the caller\nTraceback (most recent call last):\n" +
		"  File <unknown> in method None\n      None\n" +
		"  File \"murano/tests/unit/dsl/meta/Sample.yaml\", line 3:5 in method testIt of type Sample\n      $.set()\n" +
		"  File <unknown> in method set of type Sample\n      None\n" +
		"  File \"murano/dsl/lhs_expression.py\", line 191 in method __call__\n      prop.set(value)"
	deep := &engine.RunError{Type: "org.acme.errors.Deep", Message: "from level 2", Names: []string{"org.acme.errors.Deep"}, Stack: []engine.StackFrame{
		{Class: "org.acme.errors.Thrower", Method: "testThrowNestedCall", File: "Classes/Thrower.yaml", Line: 46, Col: 9, Instruction: "$.level1()"},
		{Class: "org.acme.errors.Thrower", Method: "level2", File: "Classes/Thrower.yaml", Line: 56, Col: 9, Instruction: "block construct"},
	}}
	write := &engine.RunError{Type: "NoWriteAccessError", Message: `Property "p" is immutable to the caller`, Names: []string{"murano.dsl.exceptions.NoWriteAccessError"}, Stack: []engine.StackFrame{
		{Method: "None", Instruction: "None"},
		{Class: "Sample", Method: "testIt", File: "Sample.yaml", Line: 3, Col: 5, Instruction: "$.set()"},
		{Class: "Sample", Method: "set", Instruction: "None"},
	}}
	several := &engine.RunError{Type: "a.A", Message: "m", Names: []string{"a.A", "b.B"}}
	moved := *deep
	moved.Stack = append([]engine.StackFrame{}, deep.Stack...)
	moved.Stack[1].Col = 10
	tests := []struct {
		formatted string
		got       *engine.RunError
		diff      string
	}{
		{nested, deep, ""},
		{wrapped, write, ""},
		{nested, &moved, "Classes/Thrower.yaml:56:10"},
		{nested, &engine.RunError{Type: "org.acme.errors.Deep", Message: "from level 2", Names: []string{"org.acme.errors.Deep"}, Stack: deep.Stack[:1]}, "stack:"},
		{"['a.A', 'b.B']: m\nTraceback (most recent call last):\n  File \"Classes/X.yaml\", line 1:1 in method f of type X\n      block construct", several, "stack:\n    want\n      Classes/X.yaml:1:1 X.f: block construct\n    got"},
		{"['a.A', 'b.B']: n\nTraceback (most recent call last):", several, "stack first line:\n    want ['a.A', 'b.B']: n\n    got  ['a.A', 'b.B']: m"},
	}
	for _, tt := range tests {
		diffs := strings.Join(compareStack(tt.formatted, tt.got), "\n")
		switch {
		case tt.diff == "" && diffs != "":
			t.Errorf("%.40q: unexpected differences:\n%s", tt.formatted, diffs)
		case tt.diff != "" && !strings.Contains(diffs, tt.diff):
			t.Errorf("%.40q: differences %q, want them to contain %q", tt.formatted, diffs, tt.diff)
		}
	}
}

func TestOracleArgs(t *testing.T) {
	c, err := parseDSLCase("objects", "c", []byte(`classes: "archive"
runtime: "1.4"
package: "p"
model: {"?": {"type": "A", "id": "a1"}}
objectId: "a1"
static: false
method: "m"
args: [1, "two"]
kwargs: {"k": null}
exposeAll: true
dumpModel: true
want: {}`))
	if err != nil {
		t.Fatal(err)
	}
	args, err := oracleArgs(c, "/x")
	want := `dsl --classes /x --runtime 1.4 --package-name p --model {"?": {"type": "A", "id": "a1"}} --object-id a1 --method m --args [1, "two"] --kwargs {"k": null} --expose-all --dump-model`
	if got := strings.Join(args, " "); err != nil || got != want {
		t.Errorf("dsl args:\n got %s %v\nwant %s", got, err, want)
	}
	c, err = parseDSLCase("test_schema_generation", "c", []byte(`classes: "meta"
class: "TestSchema"
schema: true
methods: ["modelBuilder"]
schemaPackage: "pkg"
want: {}`))
	if err != nil {
		t.Fatal(err)
	}
	args, err = oracleArgs(c, "")
	want = `schema --test-meta --class TestSchema --method modelBuilder --schema-package pkg`
	if got := strings.Join(args, " "); err != nil || got != want {
		t.Errorf("schema args:\n got %s %v\nwant %s", got, err, want)
	}
}

func TestSameOracleOutput(t *testing.T) {
	c := &dslCase{want: json.RawMessage(`{"ok": true, "result": [2, 1], "traces": ["b", "a", "c"], "log": []}`),
		unordered: []unorderedSpec{{"traces", 0, 2}}}
	for out, want := range map[string]bool{
		`{"ok": true, "result": [2, 1], "traces": ["a", "b", "c"], "log": []}`:   true,
		`{"ok":true,"result":[2,1],"traces":["b","a","c"],"log":[]}`:             true,
		`{"ok": true, "result": [1, 2], "traces": ["a", "b", "c"], "log": []}`:   false,
		`{"ok": true, "result": [2, 1], "traces": ["c", "b", "a"], "log": []}`:   false,
		`{"ok": true, "result": [2, 1], "log": [], "traces": ["a", "b", "c"]}`:   false,
		`{"ok": true, "result": [2, 1.0], "traces": ["a", "b", "c"], "log": []}`: false,
	} {
		if got, err := sameOracleOutput(c, []byte(out)); got != want || err != nil {
			t.Errorf("%s: same = %v (%v), want %v", out, got, err, want)
		}
	}
}
