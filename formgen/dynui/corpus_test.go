package dynui

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// archive is a txtar file: a comment and named sections.
type archive struct {
	comment string
	files   map[string]string
	order   []string
}

func readArchive(t *testing.T, path string) *archive {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a := &archive{files: map[string]string{}}
	name := ""
	var b strings.Builder
	flush := func() {
		if name == "" {
			a.comment = b.String()
		} else {
			a.files[name] = b.String()
			a.order = append(a.order, name)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(string(data), "\n") {
		trimmed := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			flush()
			name = trimmed[3 : len(trimmed)-3]
			continue
		}
		b.WriteString(line)
	}
	flush()
	return a
}

// options reads oracle command-line options into wizard options.
func parseOptions(args []string) (Options, bool) {
	var o Options
	describe := false
	for i := 0; i < len(args); i++ {
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch args[i] {
		case "--fqn":
			o.FQN = next()
		case "--package-name":
			o.PackageName = next()
		case "--package-version":
			o.PackageVersion = next()
		case "--seed":
			o.Seed, _ = strconv.ParseInt(next(), 10, 64)
			o.SeedSet = true
		case "--nested":
			o.Nested = true
		case "--describe":
			describe = true
		}
	}
	return o, describe
}

func (a *archive) options() []string {
	sc := bufio.NewScanner(strings.NewReader(a.comment))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "options:"); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

func readSkips(t *testing.T) map[string]string {
	data, err := os.ReadFile(filepath.Join("testdata", "corpus", "skip.txt"))
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, reason, _ := strings.Cut(line, ":")
		out[strings.TrimSpace(k)] = strings.TrimSpace(reason)
	}
	return out
}

// corpusCase is one input of a corpus file.
type corpusCase struct {
	file, name string
	yaml       string
	args       []string
	input      string
	want       string
}

func corpusCases(t *testing.T) []corpusCase {
	paths, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.txtar"))
	var out []corpusCase
	for _, p := range paths {
		a := readArchive(t, p)
		base := strings.TrimSuffix(filepath.Base(p), ".txtar")
		for _, name := range a.order {
			c, ok := strings.CutSuffix(name, ".input.json")
			if !ok {
				continue
			}
			args := a.options()
			if extra, ok := a.files[c+".options"]; ok {
				args = append(append([]string(nil), args...), strings.Fields(extra)...)
			}
			out = append(out, corpusCase{file: base, name: c, yaml: a.files["ui.yaml"], args: args,
				input: a.files[name], want: a.files[c+".want.json"]})
		}
		if want, ok := a.files["describe.want.json"]; ok {
			// Recorded with the first case's input.
			first := corpusCase{args: a.options(), input: "{}"}
			for _, c := range out {
				if c.file == base {
					first = c
					break
				}
			}
			out = append(out, corpusCase{file: base, name: "describe", yaml: a.files["ui.yaml"],
				args: append(append([]string(nil), first.args...), "--describe"), input: first.input, want: want})
		}
	}
	return out
}

// runCase runs one case and returns the output in the oracle's JSON
// shape (decoded) and the exit status.
func runCase(c corpusCase) (map[string]any, int) {
	opts, describe := parseOptions(c.args)
	def, err := Load("ui.yaml", []byte(c.yaml))
	var res *Result
	if err != nil {
		res = &Result{Error: AsError(err)}
	} else {
		in, err := ParseInput([]byte(c.input))
		if err != nil {
			res = &Result{Error: &Error{Type: "JSONDecodeError", Message: err.Error()}}
		} else {
			res = Run(def, in, opts, describe)
		}
	}
	data, _ := json.Marshal(res.JSON())
	var out map[string]any
	_ = json.Unmarshal(data, &out)
	return out, res.ExitCode()
}

func exitOf(want map[string]any) int {
	switch {
	case want["error"] != nil:
		return 2
	case want["valid"] == true:
		return 0
	}
	return 1
}

// compare checks what the runner compares and returns the differences.
func compare(c corpusCase, got map[string]any, code int, want map[string]any) []string {
	var diffs []string
	diff := func(what string, g, w any) {
		if !reflect.DeepEqual(g, w) {
			gj, _ := json.MarshalIndent(g, "", " ")
			wj, _ := json.MarshalIndent(w, "", " ")
			diffs = append(diffs, what+":\n got: "+string(gj)+"\nwant: "+string(wj))
		}
	}
	if c.name == "describe" {
		return describeDiffs(got["forms"], want["forms"])
	}
	if w := exitOf(want); w != code {
		diffs = append(diffs, "exit status "+strconv.Itoa(code)+", want "+strconv.Itoa(w))
	}
	switch exitOf(want) {
	case 2:
		we, _ := want["error"].(map[string]any)
		ge, _ := got["error"].(map[string]any)
		if ge == nil {
			ge = map[string]any{}
		}
		diff("error.type", ge["type"], we["type"])
		diff("error.message", ge["message"], we["message"])
	case 1:
		diff("step", got["step"], want["step"])
		diff("form", got["form"], want["form"])
		diff("errors", got["errors"], want["errors"])
	default:
		diff("objectModel", got["objectModel"], want["objectModel"])
		if w, ok := want["cleanedData"]; ok {
			diff("cleanedData", got["cleanedData"], w)
		}
	}
	return diffs
}

func TestCorpus(t *testing.T) {
	skips := readSkips(t)
	cases := corpusCases(t)
	if len(cases) == 0 {
		t.Skip("no corpus files")
	}
	passed := 0
	for _, c := range cases {
		id := c.file + "/" + c.name
		t.Run(id, func(t *testing.T) {
			var want map[string]any
			if err := json.Unmarshal([]byte(c.want), &want); err != nil {
				t.Fatalf("bad want file: %v", err)
			}
			got, code := runCase(c)
			diffs := compare(c, got, code, want)
			if len(diffs) == 0 {
				passed++
				return
			}
			if reason, ok := skips[id]; ok {
				t.Skipf("skipped (%s)", reason)
			}
			for _, d := range diffs {
				t.Error(d)
			}
		})
	}
	t.Logf("corpus: %d/%d cases pass", passed, len(cases))
}

// TestSkipListNamesExistingCases keeps skip.txt in step with the corpus.
func TestSkipListNamesExistingCases(t *testing.T) {
	known := map[string]bool{}
	for _, c := range corpusCases(t) {
		known[c.file+"/"+c.name] = true
	}
	var stale []string
	for id := range readSkips(t) {
		if !known[id] {
			stale = append(stale, id)
		}
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("skip.txt names cases that do not exist: %v", stale)
	}
}

// describeDiffs compares rendered forms field by field, key by key.
func describeDiffs(got, want any) []string {
	gf, _ := got.([]any)
	wf, _ := want.([]any)
	if len(gf) != len(wf) {
		return []string{"forms: got " + strconv.Itoa(len(gf)) + " steps, want " + strconv.Itoa(len(wf))}
	}
	var diffs []string
	for i := range wf {
		gfs, _ := gf[i].(map[string]any)["fields"].([]any)
		wfs, _ := wf[i].(map[string]any)["fields"].([]any)
		if len(gfs) != len(wfs) {
			diffs = append(diffs, "step "+strconv.Itoa(i)+": got "+strconv.Itoa(len(gfs))+" fields, want "+strconv.Itoa(len(wfs)))
			continue
		}
		for j := range wfs {
			g, _ := gfs[j].(map[string]any)
			w, _ := wfs[j].(map[string]any)
			keys := map[string]bool{}
			for k := range w {
				keys[k] = true
			}
			for k := range g {
				if k != "errorWidgetMessage" {
					keys[k] = true
				}
			}
			for k := range keys {
				if !reflect.DeepEqual(g[k], w[k]) {
					gj, _ := json.Marshal(g[k])
					wj, _ := json.Marshal(w[k])
					diffs = append(diffs, "step "+strconv.Itoa(i)+" field "+strconv.Itoa(j)+" "+k+": got "+string(gj)+", want "+string(wj))
				}
			}
		}
	}
	sort.Strings(diffs)
	return diffs
}
