package engine

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/tools/txtar"

	"murano.dev/playground/engine/value"
)

// The golden MuranoPL corpora (dsl/testdata, format in its README.md):
// murano's own DSL unit tests ported as cases (conformance) and programs of
// our own (differential), with expectations printed by the reference oracle
// (../shared/oracle/oracle.py dsl). TestDSLCorpus runs them through
// RunMuranoPL; TestDifferentialAgainstOracle checks that the oracle still
// prints them.

var (
	dslFilter    = flag.String("dsl-filter", "", "regexp selecting MuranoPL corpus cases by archive/case")
	dslStrict    = flag.Bool("dsl-strict", false, "fail when a case listed in skip.txt passes")
	dslStack     = flag.Bool("dsl-stack", true, "also compare MuranoPL stack traces with the oracle's formatted ones")
	dslOracleAll = flag.Bool("dsl-oracle-all", false, "TestDifferentialAgainstOracle: re-run every case, not every 10th")
)

var dslCorpora = []string{"dsl/testdata/conformance", "dsl/testdata/differential"}

// muranoTestMeta holds the class files of murano's DSL unit tests, which
// `classes: "meta"` cases load (never copied into the project).
const muranoTestMeta = "/usr/lib/python3/dist-packages/murano/tests/unit/dsl/meta"

const oracleScript = "../../shared/oracle/oracle.py"

// dslRequestKeys are the case keys that describe the call, in the order of
// the format; each is a RunRequest JSON field and an oracle flag.
var dslRequestKeys = []string{"runtime", "package", "model", "objectId", "class", "static", "props", "method", "args", "kwargs", "exposeAll", "dumpModel", "finalize"}

type dslField struct {
	key string
	raw json.RawMessage
}

type dslCase struct {
	archive, name string
	classes       string // "meta", "archive" or "packages"
	request       []dslField
	schema        bool
	methods       []string // schema cases: the model builders
	schemaPackage string
	unordered     []unorderedSpec
	want          json.RawMessage
	// files are the archive's class files (classes: "archive").
	files fstest.MapFS
}

func (c *dslCase) id() string { return c.archive + "/" + c.name }

func (c *dslCase) field(key string) json.RawMessage {
	for _, f := range c.request {
		if f.key == key {
			return f.raw
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

// loadDSLCorpus reads the *.txtar archives of dir.
func loadDSLCorpus(dir string) ([]*dslCase, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	var cases []*dslCase
	for _, path := range paths {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			return nil, err
		}
		archive := strings.TrimSuffix(filepath.Base(path), ".txtar")
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
			c, err := parseDSLCase(archive, f.Name, f.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
			c.files = files
			cases = append(cases, c)
		}
	}
	return cases, nil
}

func parseDSLCase(archive, name string, data []byte) (*dslCase, error) {
	c := &dslCase{archive: archive, name: name}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, text, ok := strings.Cut(line, ":")
		raw := json.RawMessage(strings.TrimSpace(text))
		if !ok || !json.Valid(raw) {
			return nil, fmt.Errorf("%s: bad line %.80q", name, line)
		}
		var err error
		switch key {
		case "classes":
			err = json.Unmarshal(raw, &c.classes)
			if err == nil && c.classes != "meta" && c.classes != "archive" && c.classes != "packages" {
				err = fmt.Errorf("want \"meta\" or \"archive\"")
			}
		case "schema":
			err = json.Unmarshal(raw, &c.schema)
		case "methods":
			err = json.Unmarshal(raw, &c.methods)
		case "schemaPackage":
			err = json.Unmarshal(raw, &c.schemaPackage)
		case "unordered":
			var items []string
			if err = json.Unmarshal(raw, &items); err == nil {
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
			c.want = raw
		case "note":
		default:
			if !containsString(dslRequestKeys, key) {
				err = fmt.Errorf("unknown key")
				break
			}
			c.request = append(c.request, dslField{key, raw})
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %v", name, key, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if c.classes == "" || c.want == nil {
		return nil, fmt.Errorf("%s: classes and want are required", name)
	}
	return c, nil
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// runRequest maps the case to the facade's request (without Classes).
func (c *dslCase) runRequest() (RunRequest, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range c.request {
		if i > 0 {
			b.WriteString(", ")
		}
		k, _ := json.Marshal(f.key)
		b.Write(k)
		b.WriteString(": ")
		b.Write(f.raw)
	}
	b.WriteByte('}')
	var req RunRequest
	err := req.UnmarshalJSON(b.Bytes())
	return req, err
}

// loadDSLSkips reads skip.txt: "<archive>:<case>  <reason>" lines, '#'
// comments; keys are returned as "archive/case".
func loadDSLSkips(dir string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, "skip.txt"))
	if err != nil {
		return nil, err
	}
	skips := map[string]string{}
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, reason, _ := strings.Cut(line, " ")
		archive, name, ok := strings.Cut(key, ":")
		if !ok || strings.TrimSpace(reason) == "" {
			return nil, fmt.Errorf("skip.txt:%d: want \"<archive>:<case>  <reason>\", got %q", n+1, line)
		}
		skips[archive+"/"+name] = strings.TrimSpace(reason)
	}
	return skips, nil
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

// expectedError maps the oracle's error to RunError's Type and Message:
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

// canonicalJSON re-encodes a JSON text with value.ToJSON after sorting the
// unordered items of field.
func canonicalJSON(raw []byte, field string, specs []unorderedSpec) (string, error) {
	v, err := value.FromJSON(raw)
	if err != nil {
		return "", err
	}
	for _, u := range specs {
		if u.field == field {
			v = sortItems(v, u.lo, u.hi)
		}
	}
	out, _, err := value.ToJSON(v)
	return string(out), err
}

// sortItems sorts the items [lo:hi] of a list by their JSON text.
func sortItems(v value.Value, lo, hi int) value.Value {
	l, ok := v.(*value.List)
	if !ok {
		return v
	}
	items := append([]value.Value(nil), l.Items...)
	if hi < 0 || hi > len(items) {
		hi = len(items)
	}
	if lo > hi {
		return v
	}
	part := items[lo:hi]
	sort.SliceStable(part, func(i, j int) bool {
		a, _, _ := value.ToJSON(part[i])
		b, _, _ := value.ToJSON(part[j])
		return string(a) < string(b)
	})
	return value.NewTuple(items)
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

func logJSON(records []LogRecord) []byte {
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
func compareRun(c *dslCase, got *RunResult, stack bool) []string {
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

func compareError(w *dslWant, got *RunError, stack bool) []string {
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
func parseFormatted(text string) (first string, frames []StackFrame, cause string) {
	text, cause, _ = strings.Cut(text, "\n\n Caused by ")
	lines := strings.Split(text, "\n")
	var cur *StackFrame
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
				cur = &StackFrame{File: file, Line: ln, Col: col, Method: m[4], Class: m[5]}
			} else if m := unknownFrameRe.FindStringSubmatch(line); m != nil {
				cur = &StackFrame{File: unknownFile, Method: m[1], Class: m[2]}
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
func formattedFirstLine(e *RunError) string {
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

func compareStack(formatted string, got *RunError) []string {
	var diffs []string
	first, frames, cause := parseFormatted(formatted)
	if g := formattedFirstLine(got); g != first {
		diffs = append(diffs, fmt.Sprintf("stack first line:\n    want %s\n    got  %s", first, g))
	}
	// A frame the reference has no position for compares by class and
	// method only.
	render := func(b *strings.Builder, f StackFrame, unknown bool) {
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

// metaClasses is the folder of murano's DSL test classes; it skips the
// test when python3-murano is not installed (fails it under CI=true).
func metaClasses(t *testing.T) string {
	if _, err := os.Stat(muranoTestMeta); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("murano's DSL test classes: %v (install python3-murano)", err)
		}
		t.Skipf("murano's DSL test classes are not installed (python3-murano): %v", err)
	}
	return muranoTestMeta
}

func dslFilterRe(t *testing.T) *regexp.Regexp {
	if *dslFilter == "" {
		return nil
	}
	re, err := regexp.Compile(*dslFilter)
	if err != nil {
		t.Fatalf("-dsl-filter: %v", err)
	}
	return re
}

// TestDSLCorpusFormat reads every case of both corpora: its request maps
// to RunRequest, its want to an outcome (and for errors to a type and a
// message, and MuranoPL frames for a formatted trace).
func TestDSLCorpusFormat(t *testing.T) {
	for _, dir := range dslCorpora {
		cases, err := loadDSLCorpus(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(cases) == 0 {
			t.Fatalf("%s: no cases", dir)
		}
		skips, err := loadDSLSkips(dir)
		if err != nil {
			t.Fatal(err)
		}
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
		for key := range skips {
			if !known[key] {
				t.Errorf("%s/skip.txt: %s is not a case", dir, key)
			}
		}
	}
}

// TestDSLCorpus runs every case (except schema cases) through RunMuranoPL
// and compares with want: results, traces, log records and the model
// exactly (JSON text, after sorting the unordered items); errors by the
// type and message the reference gives them (see expectedError), their
// MuranoPL names and extra; with -dsl-stack also the stack trace.
func TestDSLCorpus(t *testing.T) {
	if _, err := RunMuranoPL(context.Background(), RunRequest{}); errors.Is(err, ErrNotImplemented) {
		t.Skip(err)
	}
	filter := dslFilterRe(t)
	for _, dir := range dslCorpora {
		corpus := filepath.Base(dir)
		t.Run(corpus, func(t *testing.T) {
			cases, err := loadDSLCorpus(dir)
			if err != nil {
				t.Fatal(err)
			}
			skips, err := loadDSLSkips(dir)
			if err != nil {
				t.Fatal(err)
			}
			var meta fs.FS
			for _, c := range cases {
				if c.classes == "meta" && meta == nil {
					meta = os.DirFS(metaClasses(t))
				}
			}
			var passed, skipped, failed int
			for _, c := range cases {
				if filter != nil && !filter.MatchString(c.id()) {
					continue
				}
				t.Run(c.id(), func(t *testing.T) {
					if c.schema {
						skipped++
						t.Skip("schema generation: issue 4/formgen")
					}
					diffs := runDSLCase(t, c, meta)
					reason, listed := skips[c.id()]
					switch {
					case listed && len(diffs) == 0:
						passed++
						t.Logf("passes but is in skip.txt (%s): remove it", reason)
						if *dslStrict {
							t.Error("a skipped case passes (-dsl-strict)")
						}
					case listed:
						skipped++
						t.Skip(reason)
					case len(diffs) == 0:
						passed++
					default:
						failed++
						t.Errorf("%s", strings.Join(diffs, "\n  "))
					}
				})
			}
			t.Logf("%s: %d passed, %d skipped, %d failed", corpus, passed, skipped, failed)
		})
	}
}

// runDSLCase runs a case (classes "meta" from meta) and returns its
// differences from want.
func runDSLCase(t *testing.T, c *dslCase, meta fs.FS) []string {
	req, err := c.runRequest()
	if err != nil {
		t.Fatal(err)
	}
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
	got, err := RunMuranoPL(ctx, req)
	if err != nil {
		return []string{"request failed: " + err.Error()}
	}
	return compareRun(c, got, *dslStack)
}

// oracleAvailable reports the reference oracle's path; it skips the test
// when python3-murano, the oracle or the core library is missing (fails
// it under CI=true).
func oracleAvailable(t *testing.T) string {
	missing := func(what string, err error) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s: %v", what, err)
		}
		t.Skipf("%s is not available: %v", what, err)
	}
	oracle, err := filepath.Abs(oracleScript)
	if err == nil {
		_, err = os.Stat(oracle)
	}
	if err != nil {
		missing("the reference oracle", err)
	}
	if out, err := exec.Command("/usr/bin/python3", oracle, "core-lib").CombinedOutput(); err != nil {
		missing("the reference (python3-murano and the io.murano core library)", fmt.Errorf("%v: %s", err, out))
	}
	return oracle
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
		if err := json.Unmarshal(f.raw, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
		switch v := v.(type) {
		case bool:
			if v {
				args = append(args, flags[f.key])
			}
		case string:
			args = append(args, flags[f.key], v)
		case nil:
		default:
			args = append(args, flags[f.key], string(f.raw))
		}
	}
	return args, nil
}

// sameOracleOutput compares an oracle output line with want as JSON
// values, with the unordered items sorted.
func sameOracleOutput(c *dslCase, out []byte) (bool, error) {
	norm := func(raw []byte) (string, error) {
		v, err := value.FromJSON(raw)
		if err != nil {
			return "", err
		}
		if d, ok := v.(*value.Dict); ok {
			for _, u := range c.unordered {
				if item, ok := d.GetString(u.field); ok {
					d.SetString(u.field, sortItems(item, u.lo, u.hi))
				}
			}
		}
		text, _, err := value.ToJSON(v)
		return string(text), err
	}
	w, err := norm(c.want)
	if err != nil {
		return false, fmt.Errorf("want: %w", err)
	}
	g, err := norm(out)
	if err != nil {
		return false, fmt.Errorf("oracle output: %w", err)
	}
	return w == g, nil
}

// TestDifferentialAgainstOracle re-runs a sample of the corpora (every
// 10th case; -dsl-oracle-all: every case) through the reference oracle
// and checks that it still prints want: the goldens are the reference's.
func TestDifferentialAgainstOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("slow: runs the Python reference")
	}
	oracle := oracleAvailable(t)
	filter := dslFilterRe(t)
	var sample []*dslCase
	for _, dir := range dslCorpora {
		cases, err := loadDSLCorpus(dir)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range cases {
			if (*dslOracleAll || i%10 == 0) && (filter == nil || filter.MatchString(c.id())) {
				sample = append(sample, c)
			}
		}
	}
	if len(sample) == 0 {
		t.Skip("no case selected")
	}
	metaNeeded := false
	for _, c := range sample {
		metaNeeded = metaNeeded || c.classes == "meta"
	}
	if metaNeeded {
		metaClasses(t)
	}
	// Each archive's classes are extracted once; the oracle runs in that
	// folder, so that file names in stack traces are Classes/…, and the
	// absolute folder is the recording's /tmp/muranopl-diff/<archive>.
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
	for _, c := range sample {
		t.Run(c.id(), func(t *testing.T) {
			t.Parallel()
			dir := dirs[c.archive]
			args, err := oracleArgs(c, dir)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, "/usr/bin/python3", append([]string{oracle}, args...)...)
			cmd.Dir = neutral
			if dir != "" {
				cmd.Dir = dir
			}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, _ := cmd.Output()
			out = bytes.TrimSpace(out)
			if dir != "" {
				out = bytes.ReplaceAll(out, []byte(dir), []byte("/tmp/muranopl-diff/"+c.archive))
			}
			if len(out) == 0 {
				t.Fatalf("the oracle printed nothing: %s", stderr.String())
			}
			same, err := sameOracleOutput(c, out)
			if err != nil {
				t.Fatal(err)
			}
			if !same {
				t.Errorf("the golden want is not what the oracle prints:\n  oracle %s\n  want   %s\n  (python3 %s)", out, c.want, strings.Join(args, " "))
			}
		})
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
	if c.id() != "a/c" || c.classes != "archive" || len(c.request) != 4 || string(c.field("args")) != `[1, "x: y"]` {
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
		{"classes: \"meta\"\nmethod: m\nwant: {}", "c: bad line"},
		{"classes: \"meta\"", "c: classes and want are required"},
		{"classes: \"folder\"\nwant: {}", `c: classes: want "meta" or "archive"`},
		{"classes: \"meta\"\nunordered: [\"traces[2:1]\"]\nwant: {}", "bad unordered slice"},
		{"classes: \"meta\"\nunordered: [\"a b\"]\nwant: {}", "bad unordered item"},
	} {
		if _, err := parseDSLCase("a", "c", []byte(tt.text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: err = %v, want %q", tt.text, err, tt.want)
		}
	}
}

func TestLoadDSLSkips(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "skip.txt"), []byte("# header\n\nlogger:exception  absolute path of the recording\n"), 0o644)
	skips, err := loadDSLSkips(dir)
	if err != nil || len(skips) != 1 || skips["logger/exception"] != "absolute path of the recording" {
		t.Errorf("skips = %v, %v", skips, err)
	}
	os.WriteFile(filepath.Join(dir, "skip.txt"), []byte("logger:exception\n"), 0o644)
	if _, err := loadDSLSkips(dir); err == nil || !strings.Contains(err.Error(), "skip.txt:1:") {
		t.Errorf("a line without reason: err = %v", err)
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
	list := func(text string) []value.Value { return mustJSON(t, text).(*value.List).Items }
	thrown := `{"ok": false, "error": "MuranoPlException: [org.acme.errors.Oops]: 3 things", "muranoplException": {"names": ["org.acme.errors.Oops"], "message": "3 things", "extra": {"code": 42}}, "traces": [], "log": []}`
	wrapped := `{"ok": false, "error": "MuranoPlException: [murano.dsl.exceptions.NoClassFound]: Class \"X\" is not found", "muranoplException": {"names": ["murano.dsl.exceptions.NoClassFound"], "message": "Class \"X\" is not found", "extra": {}}, "originalException": "NoClassFound: Class \"X\" is not found", "traces": [], "log": []}`
	contract := `{"ok": false, "error": "ContractViolationException: Value <C/0.0.0 00000000000000000000000000000001 (?)> doesn't match predicate", "traces": [], "log": []}`
	logged := `{"ok": true, "result": "logged", "traces": [], "log": [{"level": "INFO", "logger": "applications.x", "message": "hi"}]}`
	tests := []struct {
		name      string
		want      string
		unordered []unorderedSpec
		dumpModel bool
		got       RunResult
		diff      string // "" for none, else a substring of the differences
	}{
		{name: "same result", want: `{"ok": true, "result": {"a": [1, 2.0]}, "traces": ["t"], "log": []}`,
			got: RunResult{OK: true, Result: mustJSON(t, `{"a": [1, 2.0]}`), Traces: list(`["t"]`)}},
		{name: "int is not float", want: `{"ok": true, "result": [1], "traces": [], "log": []}`,
			got: RunResult{OK: true, Result: mustJSON(t, `[1.0]`)}, diff: "result:\n    want [1]\n    got  [1.0]"},
		{name: "key order counts", want: `{"ok": true, "result": {"a": 1, "b": 2}, "traces": [], "log": []}`,
			got: RunResult{OK: true, Result: mustJSON(t, `{"b": 2, "a": 1}`)}, diff: "result:"},
		{name: "unordered result", want: `{"ok": true, "result": [111, 1, 4, 2], "traces": [], "log": []}`,
			unordered: []unorderedSpec{{"result", 0, -1}}, got: RunResult{OK: true, Result: mustJSON(t, `[1, 2, 4, 111]`)}},
		{name: "unordered is a multiset", want: `{"ok": true, "result": [1, 1, 2], "traces": [], "log": []}`,
			unordered: []unorderedSpec{{"result", 0, -1}}, got: RunResult{OK: true, Result: mustJSON(t, `[1, 2, 2]`)}, diff: "result:"},
		{name: "ordered result", want: `{"ok": true, "result": [111, 1, 4, 2], "traces": [], "log": []}`,
			got: RunResult{OK: true, Result: mustJSON(t, `[1, 2, 4, 111]`)}, diff: "result:"},
		{name: "unordered slice of traces", want: `{"ok": true, "result": null, "traces": ["node2", "node1", "root"], "log": []}`,
			unordered: []unorderedSpec{{"traces", 0, 2}}, got: RunResult{OK: true, Traces: list(`["node1", "node2", "root"]`)}},
		{name: "outside the unordered slice", want: `{"ok": true, "result": null, "traces": ["node2", "node1", "root"], "log": []}`,
			unordered: []unorderedSpec{{"traces", 0, 2}}, got: RunResult{OK: true, Traces: list(`["root", "node1", "node2"]`)}, diff: "traces:"},
		{name: "model compared with dumpModel", want: `{"ok": true, "result": null, "model": {"Objects": null}, "traces": [], "log": []}`,
			dumpModel: true, got: RunResult{OK: true, Model: mustJSON(t, `{"Objects": {}}`)}, diff: "model:"},
		{name: "model ignored without dumpModel", want: `{"ok": true, "result": null, "traces": [], "log": []}`,
			got: RunResult{OK: true, Model: mustJSON(t, `{"Objects": {}}`)}},
		{name: "log", want: logged, got: RunResult{OK: true, Result: value.String("logged"), Log: []LogRecord{{"INFO", "applications.x", "hi"}}}},
		{name: "log level", want: logged, got: RunResult{OK: true, Result: value.String("logged"), Log: []LogRecord{{"DEBUG", "applications.x", "hi"}}}, diff: "log:"},
		{name: "ok differs", want: logged, got: RunResult{Error: &RunError{Type: "X", Message: "m"}},
			diff: `got  {"ok": false, "error": {"type": "X", "message": "m"}, "traces": [], "log": []}`},
		{name: "thrown", want: thrown,
			got: RunResult{Error: &RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"org.acme.errors.Oops"}, Extra: mustJSON(t, `{"code": 42}`)}}},
		{name: "thrown: extra", want: thrown,
			got: RunResult{Error: &RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"org.acme.errors.Oops"}}}, diff: `error extra: want {"code": 42}, got {}`},
		{name: "thrown: names", want: thrown,
			got: RunResult{Error: &RunError{Type: "org.acme.errors.Oops", Message: "3 things", Names: []string{"Oops"}, Extra: mustJSON(t, `{"code": 42}`)}}, diff: "error names:"},
		{name: "wrapped, no extra", want: wrapped,
			got: RunResult{Error: &RunError{Type: "NoClassFound", Message: `Class "X" is not found`, Names: []string{"murano.dsl.exceptions.NoClassFound"}}}},
		{name: "wrapped: type", want: wrapped,
			got:  RunResult{Error: &RunError{Type: "murano.dsl.exceptions.NoClassFound", Message: `Class "X" is not found`, Names: []string{"murano.dsl.exceptions.NoClassFound"}}},
			diff: "error:\n    want NoClassFound: Class \"X\" is not found\n    got  murano.dsl.exceptions.NoClassFound: "},
		{name: "engine error, object id scrubbed", want: contract,
			got: RunResult{Error: &RunError{Type: "ContractViolationException", Message: "Value <C/0.0.0 00000000000000000000000000000001 (140234567890123)> doesn't match predicate"}}},
		{name: "engine error: message", want: contract,
			got: RunResult{Error: &RunError{Type: "ContractViolationException", Message: "Value doesn't match"}}, diff: "error:"},
		{name: "error expected, a result", want: contract, got: RunResult{OK: true, Result: value.Int(1)}, diff: "got  {\"ok\": true, \"result\": 1"},
		{name: "error expected, none", want: contract, got: RunResult{}, diff: "got none"},
	}
	for _, tt := range tests {
		c := &dslCase{archive: "a", name: tt.name, want: json.RawMessage(tt.want), unordered: tt.unordered}
		if tt.dumpModel {
			c.request = []dslField{{"dumpModel", json.RawMessage("true")}}
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
	deep := &RunError{Type: "org.acme.errors.Deep", Message: "from level 2", Names: []string{"org.acme.errors.Deep"}, Stack: []StackFrame{
		{Class: "org.acme.errors.Thrower", Method: "testThrowNestedCall", File: "Classes/Thrower.yaml", Line: 46, Col: 9, Instruction: "$.level1()"},
		{Class: "org.acme.errors.Thrower", Method: "level2", File: "Classes/Thrower.yaml", Line: 56, Col: 9, Instruction: "block construct"},
	}}
	write := &RunError{Type: "NoWriteAccessError", Message: `Property "p" is immutable to the caller`, Names: []string{"murano.dsl.exceptions.NoWriteAccessError"}, Stack: []StackFrame{
		{Method: "None", Instruction: "None"},
		{Class: "Sample", Method: "testIt", File: "Sample.yaml", Line: 3, Col: 5, Instruction: "$.set()"},
		{Class: "Sample", Method: "set", Instruction: "None"},
	}}
	several := &RunError{Type: "a.A", Message: "m", Names: []string{"a.A", "b.B"}}
	moved := *deep
	moved.Stack = append([]StackFrame{}, deep.Stack...)
	moved.Stack[1].Col = 10
	tests := []struct {
		formatted string
		got       *RunError
		diff      string
	}{
		{nested, deep, ""},
		{wrapped, write, ""},
		{nested, &moved, "Classes/Thrower.yaml:56:10"},
		{nested, &RunError{Type: "org.acme.errors.Deep", Message: "from level 2", Names: []string{"org.acme.errors.Deep"}, Stack: deep.Stack[:1]}, "stack:"},
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
