package std_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"murano.dev/playground/engine/enginetest"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// The golden YAQL corpora: yaql's own test suite ported (conformance) and
// the project's differential corpus, with expectations recorded from the
// reference. The format is described in testdata/README.md.
var corpusDirs = []string{"testdata/conformance", "testdata/differential"}

type corpusCase struct {
	file, id  string
	flavour   string
	expr      string
	data      json.RawMessage
	vars      map[string]json.RawMessage
	options   map[string]json.RawMessage
	result    json.RawMessage
	err       *string
	unordered bool
}

// key names the case in skip.txt: "<archive>:<case id>".
func (c *corpusCase) key() string { return c.file + ":" + c.id }

// loadCorpus reads the cases of the corpus in dir.
func loadCorpus(t testing.TB, dir string) []*corpusCase {
	var cases []*corpusCase
	for _, ar := range enginetest.Archives(t, dir) {
		for _, m := range ar.Files {
			c, err := parseCase(ar.Name, m.Name, m.Data)
			if err != nil {
				t.Fatalf("%s: %s: %v", ar.Path, m.Name, err)
			}
			cases = append(cases, c)
		}
	}
	return cases
}

func parseCase(file, id string, data []byte) (*corpusCase, error) {
	fields, err := enginetest.ParseFields(data)
	if err != nil {
		return nil, err
	}
	c := &corpusCase{file: file, id: id, flavour: "plain"}
	for _, f := range fields {
		var err error
		switch f.Key {
		case "flavour":
			err = json.Unmarshal(f.Value, &c.flavour)
		case "expr":
			err = json.Unmarshal(f.Value, &c.expr)
		case "data":
			c.data = f.Value
		case "vars":
			err = json.Unmarshal(f.Value, &c.vars)
		case "options":
			err = json.Unmarshal(f.Value, &c.options)
		case "result":
			c.result = f.Value
		case "error":
			c.err = new(string)
			err = json.Unmarshal(f.Value, c.err)
		case "unordered":
			err = json.Unmarshal(f.Value, &c.unordered)
		case "note":
		default:
			err = errors.New("unknown key")
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %v", f.Key, err)
		}
	}
	return c, nil
}

type engineKey struct{ flavour, options string }

var (
	enginesMu sync.Mutex
	engines   = map[engineKey]struct {
		e *yaql.Engine
		c *yaql.Context
	}{}
)

func flavourEngine(c *corpusCase) (*yaql.Engine, *yaql.Context, error) {
	ob, _ := json.Marshal(c.options)
	key := engineKey{c.flavour, string(ob)}
	enginesMu.Lock()
	defer enginesMu.Unlock()
	if e, ok := engines[key]; ok {
		return e.e, e.c, nil
	}
	f := std.Flavor(c.flavour)
	opts := std.DefaultOptions(f)
	for k, v := range c.options {
		var n int
		var b bool
		switch k {
		case "limitIterators":
			json.Unmarshal(v, &n)
			opts.LimitIterators = n
		case "memoryQuota":
			json.Unmarshal(v, &n)
			opts.MemoryQuota = n
		case "convertSetsToLists":
			json.Unmarshal(v, &b)
			opts.ConvertSetsToLists = b
		case "convertTuplesToLists":
			json.Unmarshal(v, &b)
			opts.ConvertTuplesToLists = b
		case "iterableDicts":
			json.Unmarshal(v, &b)
			opts.IterableDicts = b
		default:
			return nil, nil, fmt.Errorf("unknown option %s", k)
		}
	}
	opts.MaxSteps = 20_000_000
	e, ctx, err := std.NewFlavor(f, std.Setup{Options: &opts})
	if err != nil {
		return nil, nil, err
	}
	engines[key] = struct {
		e *yaql.Engine
		c *yaql.Context
	}{e, ctx}
	return e, ctx, nil
}

// evalCase runs a case through the project's engine and returns its
// outcome in the corpus's terms: the JSON result or the error text.
func evalCase(c *corpusCase) (result []byte, errText string) {
	e, root, err := flavourEngine(c)
	if err != nil {
		return nil, "SetupError: " + err.Error()
	}
	st, err := e.Parse(c.expr)
	if err != nil {
		return nil, errorText(err)
	}
	data := value.Value(value.Null)
	if len(c.data) > 0 {
		if data, err = value.FromJSON(c.data); err != nil {
			return nil, "DataError: " + err.Error()
		}
	}
	ctx := root.Child()
	if c.flavour == "tests" {
		ctx.Set("data", data)
	}
	for k, raw := range c.vars {
		v, err := value.FromJSON(raw)
		if err != nil {
			return nil, "DataError: " + err.Error()
		}
		ctx.Set(k, v)
	}
	cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	v, err := st.Evaluate(cctx, ctx, data)
	if err != nil {
		return nil, errorText(err)
	}
	out, _, err := value.ToJSON(v)
	if err != nil {
		return nil, errorText(err)
	}
	return out, ""
}

func errorText(err error) string {
	var se *syntax.Error
	if errors.As(err, &se) {
		return se.Class + ": " + se.Msg
	}
	var ye *yaql.Error
	if errors.As(err, &ye) {
		if ye.Msg == "" {
			return ye.Class
		}
		return ye.Class + ": " + ye.Msg
	}
	return err.Error()
}

// sameOutcome compares an outcome with the expectation: results as JSON
// texts (enginetest.CanonicalJSON: ints and floats distinct, dictionary
// order kept; the top-level list as a multiset when unordered), errors by
// class and message ("Class" alone in the expectation matches any message
// of that class).
func sameOutcome(c *corpusCase, result []byte, errText string) bool {
	if c.err != nil {
		if result != nil {
			return false
		}
		want := strings.TrimSuffix(*c.err, ": ")
		got := strings.TrimSuffix(errText, ": ")
		if !strings.Contains(want, ":") {
			got, _, _ = strings.Cut(got, ":")
		}
		return want == got
	}
	if result == nil {
		return false
	}
	want, got := []byte(c.result), result
	if c.unordered {
		var err1, err2 error
		want, err1 = enginetest.SortItems(want, 0, -1)
		got, err2 = enginetest.SortItems(got, 0, -1)
		if err1 != nil || err2 != nil {
			return false
		}
	}
	same, err := enginetest.SameJSON(want, got)
	return err == nil && same
}

// TestCorpus runs every case through the project's engine and compares
// its outcome with the recorded one; skip.txt beside a corpus lists the
// cases it does not agree with yet.
func TestCorpus(t *testing.T) {
	for _, dir := range corpusDirs {
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			cases := loadCorpus(t, dir)
			skips := enginetest.LoadSkips(t, filepath.Join(dir, "skip.txt"))
			known := map[string]bool{}
			var tally enginetest.Tally
			for _, c := range cases {
				known[c.key()] = true
				t.Run(c.file+"/"+c.id, func(t *testing.T) {
					result, errText := evalCase(c)
					var diffs []string
					if !sameOutcome(c, result, errText) {
						want := string(c.result)
						if c.err != nil {
							want = "error " + *c.err
						}
						got := string(result)
						if result == nil {
							got = "error " + errText
						}
						diffs = []string{fmt.Sprintf("[%s] %s\n  want %s\n  got  %s", c.flavour, c.expr, want, got)}
					}
					outcome := skips.Judge(t, c.key(), diffs)
					tally.Add(outcome)
					if outcome == enginetest.Skipped {
						t.SkipNow()
					}
				})
			}
			skips.CheckKeys(t, func(key string) bool { return known[key] })
			t.Logf("%s: %s", name, &tally)
		})
	}
}

// TestCorpusMatchesOracle re-runs the reference over the corpora, one
// process per flavour and options, and checks that the recorded
// expectations are what it says today; with MURANO_UPDATE=1 it rewrites
// the stale ones. It runs when MURANO_REFERENCE names the reference
// harness (enginetest.Reference).
func TestCorpusMatchesOracle(t *testing.T) {
	oracle := enginetest.ReferenceScript(t, "oracle.py")
	for _, dir := range corpusDirs {
		groups := map[string][]*corpusCase{}
		var keys []string
		for _, c := range loadCorpus(t, dir) {
			ob, _ := json.Marshal(c.options)
			k := c.flavour + " " + string(ob)
			if groups[k] == nil {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], c)
		}
		var mu sync.Mutex
		updates := map[string][]enginetest.Field{}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, k := range keys {
				t.Run(k, func(t *testing.T) {
					t.Parallel()
					for key, fields := range recheckGroup(t, oracle, k, groups[k]) {
						mu.Lock()
						updates[key] = fields
						mu.Unlock()
					}
				})
			}
		})
		if len(updates) > 0 {
			rewriteExpectations(t, dir, updates)
		}
	}
}

// recheckGroup runs the cases of one flavour and options ("<flavour>
// <options JSON>") through the reference in one process and reports the
// stale expectations, or with MURANO_UPDATE=1 returns them as new
// expectation fields by case key.
func recheckGroup(t *testing.T, oracle, group string, cases []*corpusCase) map[string][]enginetest.Field {
	flavour, opts, _ := strings.Cut(group, " ")
	args := []string{oracle, "yaql", "--flavour", flavour, "--timeout", "10"}
	var o map[string]json.RawMessage
	json.Unmarshal([]byte(opts), &o)
	for name, v := range o {
		args = append(args, "--option", name+"="+string(v))
	}
	var in bytes.Buffer
	for _, c := range cases {
		req := map[string]any{"expr": c.expr}
		if len(c.data) > 0 {
			req["data"] = c.data
		}
		if len(c.vars) > 0 {
			req["vars"] = c.vars
		}
		b, _ := json.Marshal(req)
		in.Write(b)
		in.WriteByte('\n')
	}
	cmd := exec.Command(enginetest.Python, args...)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", enginetest.Python, strings.Join(args, " "), err, stderr.Bytes())
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("the reference gave %d answers for %d cases", len(lines), len(cases))
	}
	updates := map[string][]enginetest.Field{}
	for i, c := range cases {
		var ans struct {
			OK        bool            `json:"ok"`
			Result    json.RawMessage `json:"result"`
			Error     string          `json:"error"`
			Unordered bool            `json:"unordered"`
		}
		if err := json.Unmarshal([]byte(lines[i]), &ans); err != nil {
			t.Fatalf("answer of the reference %q: %v", lines[i], err)
		}
		var res []byte
		if ans.OK {
			res = ans.Result
		}
		switch {
		case sameOutcome(c, res, ans.Error):
		case enginetest.Update():
			updates[c.key()] = expectation(ans.OK, ans.Result, ans.Error, ans.Unordered)
		default:
			t.Errorf("%s: the golden expectation is stale: the reference now says %s (MURANO_UPDATE=1 rewrites it)", c.key(), lines[i])
		}
	}
	return updates
}

// expectation renders an answer of the reference as the expectation
// fields of a case.
func expectation(ok bool, result json.RawMessage, errText string, unordered bool) []enginetest.Field {
	var fields []enginetest.Field
	if ok {
		fields = append(fields, enginetest.Field{Key: "result", Value: result})
	} else {
		e, _ := json.Marshal(errText)
		fields = append(fields, enginetest.Field{Key: "error", Value: e})
	}
	if unordered {
		fields = append(fields, enginetest.Field{Key: "unordered", Value: json.RawMessage("true")})
	}
	return fields
}

// rewriteExpectations replaces the expectation fields of the given cases
// (by key) in the corpus files of dir.
func rewriteExpectations(t *testing.T, dir string, updates map[string][]enginetest.Field) {
	for _, ar := range enginetest.Archives(t, dir) {
		changed := false
		for i, m := range ar.Files {
			if exp, ok := updates[ar.Name+":"+m.Name]; ok {
				ar.Files[i].Data = enginetest.ReplaceFields(m.Data, []string{"result", "error", "unordered"}, exp)
				changed = true
			}
		}
		if changed {
			if err := ar.Write(); err != nil {
				t.Fatal(err)
			}
			t.Logf("rewrote expectations in %s", ar.Path)
		}
	}
}
