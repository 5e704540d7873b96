package dynui

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"murano.dev/playground/engine/enginetest"
)

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

// corpusDir holds the corpus and its skip.txt.
const corpusDir = "testdata/corpus"

// archiveOptions are the oracle options of the archive's comment line
// "options: …".
func archiveOptions(ar *enginetest.Archive) []string {
	for line := range strings.SplitSeq(string(ar.Comment), "\n") {
		if rest, ok := strings.CutPrefix(line, "options:"); ok {
			return strings.Fields(rest)
		}
	}
	return nil
}

// corpusCase is one input of a corpus file.
type corpusCase struct {
	file, name string
	yaml       string
	args       []string
	input      string
	want       string
}

// key names the case in skip.txt: "<file>:<case>".
func (c corpusCase) key() string { return c.file + ":" + c.name }

// wantMember is the archive member holding the case's want.
func (c corpusCase) wantMember() string { return c.name + ".want.json" }

func corpusCases(t *testing.T) []corpusCase {
	var out []corpusCase
	for _, ar := range enginetest.Archives(t, corpusDir) {
		yaml, _ := ar.File("ui.yaml")
		var cases []corpusCase
		for _, f := range ar.Files {
			name, ok := strings.CutSuffix(f.Name, ".input.json")
			if !ok {
				continue
			}
			args := archiveOptions(ar)
			if extra, ok := ar.File(name + ".options"); ok {
				args = append(append([]string(nil), args...), strings.Fields(string(extra))...)
			}
			want, _ := ar.File(name + ".want.json")
			cases = append(cases, corpusCase{file: ar.Name, name: name, yaml: string(yaml), args: args,
				input: string(f.Data), want: string(want)})
		}
		if want, ok := ar.File("describe.want.json"); ok {
			// Recorded with the first case's input.
			first := corpusCase{args: archiveOptions(ar), input: "{}"}
			if len(cases) > 0 {
				first = cases[0]
			}
			cases = append(cases, corpusCase{file: ar.Name, name: "describe", yaml: string(yaml),
				args: append(append([]string(nil), first.args...), "--describe"), input: first.input, want: string(want)})
		}
		out = append(out, cases...)
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
	out, _ := decodeJSON(data)
	return out, res.ExitCode()
}

// decodeJSON decodes an output, numbers kept as their text (so that 1
// and 1.0 stay apart).
func decodeJSON(data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out map[string]any
	err := dec.Decode(&out)
	return out, err
}

// sameJSON compares two decoded values as their canonical JSON texts
// (enginetest.CanonicalJSON): the reference sorts the keys of its
// output, so their order carries nothing; ints and floats stay apart.
func sameJSON(a, b any) (bool, string, string) {
	aj, _ := json.Marshal(a)
	bj, _ := json.Marshal(b)
	at, err1 := enginetest.CanonicalJSON(aj)
	bt, err2 := enginetest.CanonicalJSON(bj)
	return err1 == nil && err2 == nil && at == bt, at, bt
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
		if same, gt, wt := sameJSON(g, w); !same {
			diffs = append(diffs, what+":\n got: "+gt+"\nwant: "+wt)
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

// TestCorpus runs every case and compares what the runner compares with
// the recorded want; skip.txt lists the cases whose differences are
// accepted.
func TestCorpus(t *testing.T) {
	skips := enginetest.LoadSkips(t, filepath.Join(corpusDir, "skip.txt"))
	cases := corpusCases(t)
	known := map[string]bool{}
	var tally enginetest.Tally
	for _, c := range cases {
		known[c.key()] = true
		t.Run(c.file+"/"+c.name, func(t *testing.T) {
			want, err := decodeJSON([]byte(c.want))
			if err != nil {
				t.Fatalf("bad want file: %v", err)
			}
			got, code := runCase(c)
			outcome := skips.Judge(t, c.key(), compare(c, got, code, want))
			tally.Add(outcome)
			if outcome == enginetest.Skipped {
				t.SkipNow()
			}
		})
	}
	skips.CheckKeys(t, func(key string) bool { return known[key] })
	t.Logf("corpus: %s", &tally)
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
				if same, gt, wt := sameJSON(g[k], w[k]); !same {
					diffs = append(diffs, "step "+strconv.Itoa(i)+" field "+strconv.Itoa(j)+" "+k+": got "+gt+", want "+wt)
				}
			}
		}
	}
	sort.Strings(diffs)
	return diffs
}
