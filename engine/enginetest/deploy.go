// This file reads the deploy corpus (engine/testdata/deploy) and compares
// deploy outputs up to the ids, addresses and names generated while
// deploying.

package enginetest

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// DeployScenario is one txtar of the deploy corpus: the files of a
// deployment (package folders under packages/, environments, faults,
// applications to add) and the steps run on them in order, each one on the
// state the one before left.
type DeployScenario struct {
	*Archive
	// Applications tells that the packages require io.murano.applications.
	Applications bool
	Steps        []*DeployStep
}

// DeployStep is one run of the deploy command; the members it names are
// files of its scenario.
type DeployStep struct {
	// Action is "deploy" or OBJECT_ID.METHOD.
	Action string `json:"action"`
	// Env is the environment model; the first step has one, a later one
	// replaces the stored Objects with it ({"Objects": null}: delete).
	Env       string          `json:"env,omitempty"`
	Seed      *int            `json:"seed,omitempty"`
	Faults    string          `json:"faults,omitempty"`
	Args      json.RawMessage `json:"args,omitempty"`
	AddApp    []string        `json:"addApp,omitempty"`
	RemoveApp []string        `json:"removeApp,omitempty"`
	Fix       []string        `json:"fix,omitempty"`
	// Want is the output the reference printed; nil before it is recorded.
	Want json.RawMessage `json:"-"`
}

// DeployStepsMember is the member of a scenario that holds its steps.
const DeployStepsMember = "steps"

// actionPattern is what --action accepts: deploy, or an object id and a
// method name.
var actionPattern = regexp.MustCompile(`^(deploy|[^.\s]+\.[A-Za-z_][A-Za-z0-9_]*)$`)

// LoadDeployScenarios reads and parses the scenarios of dir; one that does
// not parse fails t.
func LoadDeployScenarios(t testing.TB, dir string) []*DeployScenario {
	t.Helper()
	return LoadArchives(t, dir, ParseDeployScenario)
}

// ParseDeployScenario reads the steps member of ar: optional
// "applications: true" and "note:" lines, then for every step a
// "step: {...}" line followed by its "want:". It checks what can be
// checked without running anything: known step keys, the actions, that the
// first step has an environment, that every member a step names exists and
// that there are packages. A missing want is not an error here (recording
// fills it in); [DeployScenario.Check] reports it.
func ParseDeployScenario(ar *Archive) (*DeployScenario, error) {
	s := &DeployScenario{Archive: ar}
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%s: %s", ar.Path, fmt.Sprintf(format, args...))
	}
	data, ok := ar.File(DeployStepsMember)
	if !ok {
		return nil, fail("no %q member", DeployStepsMember)
	}
	fields, err := ParseFields(data)
	if err != nil {
		return nil, fail("%s: %v", DeployStepsMember, err)
	}
	for _, f := range fields {
		var step *DeployStep
		if len(s.Steps) > 0 {
			step = s.Steps[len(s.Steps)-1]
		}
		switch f.Key {
		case "note":
		case "applications":
			if len(s.Steps) > 0 {
				return nil, fail("applications: before the first step")
			}
			if err := json.Unmarshal(f.Value, &s.Applications); err != nil {
				return nil, fail("applications: %v", err)
			}
		case "step":
			step = new(DeployStep)
			dec := json.NewDecoder(bytes.NewReader(f.Value))
			dec.DisallowUnknownFields()
			if err := dec.Decode(step); err != nil {
				return nil, fail("step %d: %v", len(s.Steps)+1, err)
			}
			s.Steps = append(s.Steps, step)
		case "want":
			switch {
			case step == nil:
				return nil, fail("want: before the first step")
			case step.Want != nil:
				return nil, fail("step %d: two wants", len(s.Steps))
			}
			step.Want = f.Value
		default:
			return nil, fail("unknown key %q", f.Key)
		}
	}
	if len(s.Steps) == 0 {
		return nil, fail("no steps")
	}
	if !s.hasPackages() {
		return nil, fail("no members under packages/")
	}
	for i, step := range s.Steps {
		if err := s.checkStep(i, step); err != nil {
			return nil, fail("step %d: %v", i+1, err)
		}
	}
	return s, nil
}

func (s *DeployScenario) hasPackages() bool {
	for _, f := range s.Files {
		if strings.HasPrefix(f.Name, "packages/") {
			return true
		}
	}
	return false
}

func (s *DeployScenario) checkStep(i int, step *DeployStep) error {
	if !actionPattern.MatchString(step.Action) {
		return fmt.Errorf("action %q: want deploy or OBJECT_ID.METHOD", step.Action)
	}
	if i == 0 && step.Env == "" {
		return errors.New("the first step has no env")
	}
	if step.Args != nil && !bytes.HasPrefix(bytes.TrimSpace(step.Args), []byte("{")) {
		return fmt.Errorf("args %s: want a JSON object", step.Args)
	}
	members := append([]string{step.Env, step.Faults}, step.AddApp...)
	for _, name := range members {
		if _, ok := s.File(name); name != "" && !ok {
			return fmt.Errorf("no member %q", name)
		}
	}
	return nil
}

// Check reports what keeps a parsed scenario from being run against: a
// step without its recorded want, or a want that is not a deploy output.
func (s *DeployScenario) Check() error {
	for i, step := range s.Steps {
		if step.Want == nil {
			return fmt.Errorf("%s: step %d has no want", s.Path, i+1)
		}
		var out struct {
			OK        *bool           `json:"ok"`
			Exception json.RawMessage `json:"exception"`
		}
		if err := json.Unmarshal(step.Want, &out); err != nil || out.OK == nil || out.Exception == nil {
			return fmt.Errorf("%s: step %d: want is not a deploy output (ok, exception, ...)", s.Path, i+1)
		}
	}
	return nil
}

// Wants returns the recorded want of every step.
func (s *DeployScenario) Wants() [][]byte {
	wants := make([][]byte, len(s.Steps))
	for i, step := range s.Steps {
		wants[i] = step.Want
	}
	return wants
}

// Extract writes the members of the scenario, but its steps, under dir.
func (s *DeployScenario) Extract(dir string) error {
	for _, f := range s.Files {
		if f.Name == DeployStepsMember {
			continue
		}
		name := path.Clean(f.Name)
		if path.IsAbs(name) || strings.HasPrefix(name, "../") {
			return fmt.Errorf("%s: member %q is outside the scenario", s.Path, f.Name)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// CommandArgs returns the arguments of the deploy command for the step,
// the same for the reference harness and `muranopl deploy`: it runs in the
// folder the scenario was extracted to, with the package folders given
// (packages first), continuing from state when not empty and saving to
// saveState.
func (step *DeployStep) CommandArgs(packages []string, state, saveState string) []string {
	var args []string
	for _, p := range packages {
		args = append(args, "--packages", p)
	}
	if step.Env != "" {
		args = append(args, "--env", step.Env)
	}
	if step.Seed != nil {
		args = append(args, "--seed", fmt.Sprint(*step.Seed))
	}
	if step.Faults != "" {
		args = append(args, "--faults", step.Faults)
	}
	if state != "" {
		args = append(args, "--state", state)
	}
	if saveState != "" {
		args = append(args, "--save-state", saveState)
	}
	args = append(args, "--action", step.Action)
	if step.Args != nil {
		args = append(args, "--args", string(step.Args))
	}
	for _, app := range step.AddApp {
		args = append(args, "--add-app", app)
	}
	for _, id := range step.RemoveApp {
		args = append(args, "--remove-app", id)
	}
	for _, fix := range step.Fix {
		args = append(args, "--fix", fix)
	}
	return args
}

// SetWants replaces the want of every step by wants[i] (nil: keep it) in
// the steps member, adding the line after the step where it has none.
func (s *DeployScenario) SetWants(wants [][]byte) {
	for i, f := range s.Files {
		if f.Name != DeployStepsMember {
			continue
		}
		var b bytes.Buffer
		step := -1
		flush := func() {
			if step >= 0 && step < len(wants) && wants[step] != nil {
				fmt.Fprintf(&b, "want: %s\n", bytes.TrimSpace(wants[step]))
			} else if step >= 0 && s.Steps[step].Want != nil {
				fmt.Fprintf(&b, "want: %s\n", s.Steps[step].Want)
			}
		}
		for line := range strings.SplitAfterSeq(string(f.Data), "\n") {
			key, _, _ := strings.Cut(strings.TrimSpace(line), ":")
			switch key {
			case "want":
				continue
			case "step":
				flush()
				step++
			}
			b.WriteString(line)
			if line != "" && !strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
		}
		flush()
		s.Files[i].Data = b.Bytes()
		for j, w := range wants {
			if w != nil {
				s.Steps[j].Want = json.RawMessage(bytes.TrimSpace(w))
			}
		}
	}
}

// The generated values a deploy output is compared up to, by kind.
var (
	// generatedToken finds, in order: a uuid (cloud ids, object ids of
	// the dashboard), a 32-digit hex id (engine ids; with one more
	// character before it, the agent's queue name e<environment id>), a
	// MAC address of the cloud, an IPv4 address, a randomName() value.
	generatedToken = regexp.MustCompile(`([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})|([0-9a-f]{32,33})|(fa:16:3e(?::[0-9a-f]{2}){3})|([0-9]{1,3}(?:\.[0-9]{1,3}){3})|([a-z]{5}[0-9a-z]{9,10})`)
	tokenKinds     = []string{"", "uuid", "id", "mac", "ip", "name"}
	// base64Run is a candidate for an encoded text (an agent's
	// configuration in a VM's user data).
	base64Run = regexp.MustCompile(`[A-Za-z0-9+/]{24,}={0,2}`)
)

// randomName() is 5 letters, the first 8 base-36 digits of the time in
// milliseconds, and a counter of 1 or 2 base-36 digits; the time tells it
// from a word.
const (
	randomNameFrom = 1577836800000 // 2020-01-01
	randomNameTo   = 2208988800000 // 2040-01-01
)

// DeployNames renames the values a deployment generates — ids, IP and MAC
// addresses, randomName() values (stack names and the like) — to
// placeholders numbered by order of first appearance per kind (<id:1>,
// <uuid:2>, <ip:1>, <mac:1>, <name:1>), inside any string and object key,
// and inside base64-encoded texts. One DeployNames renames the outputs of
// the steps of a scenario, so that a name kept from one step to the next
// must be kept by both sides. The order of first appearance follows lists
// in their order and object members in an order that does not depend on the
// generated values (their keys and values with every generated value
// masked).
type DeployNames struct {
	names map[string]string
	count map[string]int
}

// NewDeployNames returns a renaming with no names yet.
func NewDeployNames() *DeployNames {
	return &DeployNames{names: map[string]string{}, count: map[string]int{}}
}

// Normalise parses the JSON document doc and returns it renamed, with
// numbers as json.Number.
func (n *DeployNames) Normalise(doc []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, errors.New("more than one JSON value")
	}
	return n.value(v), nil
}

func (n *DeployNames) name(kind, token string) string {
	key := kind + " " + token
	if p, ok := n.names[key]; ok {
		return p
	}
	n.count[kind]++
	p := fmt.Sprintf("<%s:%d>", kind, n.count[kind])
	n.names[key] = p
	return p
}

func maskName(kind, _ string) string { return "<" + kind + ">" }

func (n *DeployNames) value(v any) any {
	switch v := v.(type) {
	case string:
		return rewriteGenerated(v, n.name)
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			out[i] = n.value(item)
		}
		return out
	case map[string]any:
		type member struct{ key, mask string }
		members := make([]member, 0, len(v))
		for k, item := range v {
			members = append(members, member{k, rewriteGenerated(k, maskName) + "\x00" + maskedText(item)})
		}
		slices.SortFunc(members, func(a, b member) int {
			return cmp.Or(strings.Compare(a.mask, b.mask), strings.Compare(a.key, b.key))
		})
		out := make(map[string]any, len(v))
		for _, m := range members {
			key := rewriteGenerated(m.key, n.name)
			out[key] = n.value(v[m.key])
		}
		return out
	}
	return v
}

// maskedText is the JSON text of v with every generated value masked.
func maskedText(v any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			text, _ := json.Marshal(rewriteGenerated(v, maskName))
			b.Write(text)
		case []any:
			b.WriteByte('[')
			for _, item := range v {
				walk(item)
				b.WriteByte(',')
			}
			b.WriteByte(']')
		case map[string]any:
			var parts []string
			for k, item := range v {
				parts = append(parts, rewriteGenerated(k, maskName)+"\x00"+maskedText(item))
			}
			slices.Sort(parts)
			b.WriteString("{" + strings.Join(parts, ",") + "}")
		default:
			text, _ := json.Marshal(v)
			b.Write(text)
		}
	}
	walk(v)
	return b.String()
}

// rewriteGenerated returns s with every generated value replaced by
// name(kind, value); a base64 run that decodes to text is decoded,
// rewritten and encoded again.
func rewriteGenerated(s string, name func(kind, token string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range base64Run.FindAllStringIndex(s, -1) {
		text, ok := base64Text(s[m[0]:m[1]])
		if !ok {
			continue
		}
		b.WriteString(rewriteTokens(s[last:m[0]], name))
		b.WriteString(base64.StdEncoding.EncodeToString([]byte(rewriteGenerated(text, name))))
		last = m[1]
	}
	b.WriteString(rewriteTokens(s[last:], name))
	return b.String()
}

// base64Text decodes run when it is base64 (not a bare hex id) of a
// printable UTF-8 text.
func base64Text(run string) (string, bool) {
	if len(run)%4 != 0 || strings.Trim(run, "0123456789abcdef") == "" {
		return "", false
	}
	data, err := base64.StdEncoding.DecodeString(run)
	if err != nil || !utf8.Valid(data) {
		return "", false
	}
	for _, r := range string(data) {
		if !unicode.IsPrint(r) && r != '\n' && r != '\r' && r != '\t' {
			return "", false
		}
	}
	return string(data), true
}

func rewriteTokens(s string, name func(kind, token string) string) string {
	var b strings.Builder
	last := 0
	for _, m := range generatedToken.FindAllStringSubmatchIndex(s, -1) {
		kind := 0
		for k := 1; k < len(tokenKinds); k++ {
			if m[2*k] >= 0 {
				kind = k
				break
			}
		}
		start, end := m[0], m[1]
		before, after := byte(0), byte(0)
		if start > 0 {
			before = s[start-1]
		}
		if end < len(s) {
			after = s[end]
		}
		prefix := ""
		switch tokenKinds[kind] {
		case "uuid", "mac":
			if isHex(before) || isHex(after) {
				continue
			}
		case "id":
			if isHex(before) || isHex(after) {
				continue
			}
			if end-start == 33 {
				prefix = s[start : start+1]
				start++
			}
		case "ip":
			if !isIPv4(s[start:end]) || isDigit(before) || before == '.' || isDigit(after) ||
				(after == '.' && end+1 < len(s) && isDigit(s[end+1])) {
				continue
			}
		case "name":
			if isAlnum(before) || isAlnum(after) || !randomNameTime(s[start+5:start+13]) {
				continue
			}
		}
		b.WriteString(s[last:m[0]])
		b.WriteString(prefix)
		b.WriteString(name(tokenKinds[kind], s[start:end]))
		last = end
	}
	b.WriteString(s[last:])
	return b.String()
}

// isIPv4 tells an address from a version number: four numbers up to
// 255, not the "any" address 0.0.0.0 (a rule's prefix, not generated).
func isIPv4(s string) bool {
	if s == "0.0.0.0" {
		return false
	}
	for part := range strings.SplitSeq(s, ".") {
		if n, err := strconv.Atoi(part); err != nil || n > 255 || (len(part) > 1 && part[0] == '0') {
			return false
		}
	}
	return true
}

func randomNameTime(digits string) bool {
	n, err := strconv.ParseInt(digits, 36, 64)
	return err == nil && n >= randomNameFrom && n < randomNameTo
}

func isHex(c byte) bool   { return isDigit(c) || 'a' <= c && c <= 'f' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlnum(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// CompareDeploy compares the outputs of the steps of a scenario, want and
// got, each side renamed by its own [DeployNames], and returns the
// differences (at most maxDiffs), each with the step and its JSON path.
func CompareDeploy(want, got [][]byte) ([]string, error) {
	if len(want) != len(got) {
		return []string{fmt.Sprintf("%d steps, want %d", len(got), len(want))}, nil
	}
	wn, gn := NewDeployNames(), NewDeployNames()
	var diffs []string
	for i := range want {
		w, err := wn.Normalise(want[i])
		if err != nil {
			return nil, fmt.Errorf("step %d: want: %w", i+1, err)
		}
		g, err := gn.Normalise(got[i])
		if err != nil {
			return nil, fmt.Errorf("step %d: got: %w", i+1, err)
		}
		diffJSON(fmt.Sprintf("step %d: $", i+1), w, g, &diffs)
	}
	if len(diffs) > maxDiffs {
		diffs = append(diffs[:maxDiffs], fmt.Sprintf("... and %d more", len(diffs)-maxDiffs))
	}
	return diffs, nil
}

// maxDiffs is how many differences CompareDeploy reports at most.
const maxDiffs = 20

// diffJSON appends the differences of two renamed values to diffs, each
// as "<path>: <what>".
func diffJSON(at string, want, got any, diffs *[]string) {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			if gv, ok := g[k]; ok {
				diffJSON(at+jsonPathKey(k), w[k], gv, diffs)
			} else {
				*diffs = append(*diffs, at+jsonPathKey(k)+": missing, want "+shortJSON(w[k]))
			}
		}
		for _, k := range slices.Sorted(maps.Keys(g)) {
			if _, ok := w[k]; !ok {
				*diffs = append(*diffs, at+jsonPathKey(k)+": unexpected "+shortJSON(g[k]))
			}
		}
		return
	case []any:
		g, ok := got.([]any)
		if !ok {
			break
		}
		if len(g) != len(w) {
			*diffs = append(*diffs, fmt.Sprintf("%s: %d items, want %d", at, len(g), len(w)))
		}
		for i := range min(len(w), len(g)) {
			diffJSON(fmt.Sprintf("%s[%d]", at, i), w[i], g[i], diffs)
		}
		return
	default:
		if sameScalar(want, got) {
			return
		}
	}
	*diffs = append(*diffs, fmt.Sprintf("%s: got %s, want %s", at, shortJSON(got), shortJSON(want)))
}

// sameScalar compares two JSON scalars strictly: numbers by their
// canonical text (1 is not 1.0).
func sameScalar(want, got any) bool {
	if w, ok := want.(json.Number); ok {
		g, ok := got.(json.Number)
		return ok && canonicalNumber(w) == canonicalNumber(g)
	}
	switch got.(type) {
	case map[string]any, []any, json.Number:
		return false
	}
	return want == got
}

// jsonPathKey is the path step to the member k: .k, or ["k"] when k is
// not a plain name.
func jsonPathKey(k string) string {
	if plainKey.MatchString(k) {
		return "." + k
	}
	return "[" + shortJSON(k) + "]"
}

var plainKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// shortJSON is v's JSON text, cut after 200 bytes.
func shortJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	text := strings.TrimSpace(b.String())
	if len(text) > 200 {
		text = text[:200] + "..."
	}
	return text
}
