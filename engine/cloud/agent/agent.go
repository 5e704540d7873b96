// Package agent is the murano agent of a simulated VM: what murano-agent
// does with the execution plans the engine sends to its queue, as the
// reference's fake cloud simulates it. It knows nothing of MuranoPL: plans
// and results are JSON-like Go values (map[string]any, []any, string,
// bool, nil, int64, float64).
//
// [ParseUserData] finds the agent's configuration in a server's user
// data, as cloud-init would: its input queue and the routing key of its
// results. An [Agent] handles the plans of its queue one at a time
// ([Agent.Handle]): it drops stale ones, checks them as murano-agent's
// validation.py does (error codes 2 and 9), runs their Body — Python, of
// which the agent runs the subset real packages use (error code 1 for
// the rest) — with one callable per script, and answers with
// execution_result.py's envelope. The scripts themselves run on a
// [Scripts] strategy: [SuccessStub], [Fixtures] or [FakeShell].
package agent

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"murano.dev/playground/engine/hashes"
)

// Config is the agent's configuration as cloud-init writes it on the VM.
// FormatVersion is 2 for the Linux agent (an INI file) and 1 for the
// Windows agent (an XML file), whose plans are format 1 whatever they
// say.
type Config struct {
	FormatVersion                                int
	InputQueue, ResultExchange, ResultRoutingKey string
	RabbitHost                                   string
	RabbitPort                                   int
	Login, Password, VirtualHost                 string
	SigningKey                                   string
}

// Agent is the state of one VM's agent; it serialises to JSON.
type Agent struct {
	Config Config
	// LastStamp is the greatest plan Stamp seen: a plan whose Stamp is not
	// greater is dropped without an answer.
	LastStamp int64
	// Stopped is set when a plan made the agent stop (see Handle); a
	// stopped agent answers nothing.
	Stopped bool `json:",omitempty"`
	// Answered counts the results the agent sent.
	Answered int64 `json:",omitempty"`
	// NewID, when set, makes the ID of each result; the cloud sets it to
	// its own id counter ("cloud:<seed>:<n>"). Without it a result's ID
	// is the md5 of "agent:<input queue>:<Answered>", as a uuid4 in hex.
	NewID func() string `json:"-"`
}

// New returns the agent of a VM configured with cfg.
func New(cfg Config) *Agent { return &Agent{Config: cfg} }

// Handle processes one plan and returns the result message, or nil when
// there is none: a stale Stamp, or a plan the reference's agent stops
// on (a FormatVersion that is not a string, a script or file entry of
// the wrong kind; the agent is Stopped then). now stamps the result's
// Time. The plan is not modified.
func (a *Agent) Handle(plan map[string]any, scripts Scripts, now time.Time) map[string]any {
	return a.HandleMessage("", plan, scripts, now)
}

// HandleMessage is Handle for a message with an id: a plan without an ID
// takes the message's, as its result's SourceID.
func (a *Agent) HandleMessage(messageID string, plan map[string]any, scripts Scripts, now time.Time) map[string]any {
	if a.Stopped {
		return nil
	}
	if scripts == nil {
		scripts = SuccessStub()
	}
	plan = copyMap(plan)
	fv, hasFV := plan["FormatVersion"]
	fvText, isText := fv.(string)
	if !hasFV {
		fvText, isText = "1.0.0", true
	}
	if a.Config.FormatVersion != 1 && !isText {
		a.Stopped = true
		return nil
	}
	if a.Config.FormatVersion == 1 || strings.HasPrefix(fvText, "1.") {
		result, err := formatOneResult(plan)
		if err != nil {
			a.Stopped = true
			return nil
		}
		return result
	}
	if stamp, ok := pyInt(plan["Stamp"]); ok && stamp >= 0 {
		if stamp <= a.LastStamp {
			return nil
		}
		a.LastStamp = stamp
	}
	if _, ok := plan["ID"]; !ok && messageID != "" {
		plan["ID"] = messageID
	}
	body, err := a.execute(plan, parseVersion(fvText), scripts)
	if err == errCrash {
		a.Stopped = true
		return nil
	}
	if err != nil {
		e := err.(*planError)
		return a.envelope(plan, e.code, map[string]any{"Message": e.message, "AdditionalInfo": e.additional}, now)
	}
	return a.envelope(plan, 0, body, now)
}

func copyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// pyInt is a value Python sees as an int (bools included).
func pyInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int:
		return int64(x), true
	case bool:
		if x {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// formatOneResult answers a plan of the Windows agent (format 1): every
// command succeeds and returns nothing.
func formatOneResult(plan map[string]any) (map[string]any, error) {
	var commands []any
	if c := plan["Commands"]; truth(c) {
		items, err := iterate(c)
		if err != nil {
			return nil, err
		}
		commands = items
	}
	results := make([]any, max(len(commands), 1))
	for i := range results {
		results[i] = map[string]any{"IsException": false, "Result": nil}
	}
	return map[string]any{"FormatVersion": "1.0.0", "IsException": false, "Result": results}, nil
}

func (a *Agent) envelope(plan map[string]any, code int, body any, now time.Time) map[string]any {
	a.Answered++
	id := ""
	if a.NewID != nil {
		id = a.NewID()
	} else {
		id = uuidHex(fmt.Sprintf("agent:%s:%d", a.Config.InputQueue, a.Answered))
	}
	return map[string]any{
		"FormatVersion": "2.0.0",
		"ID":            id,
		"SourceID":      plan["ID"],
		"Action":        "Execution:Result",
		"ErrorCode":     int64(code),
		"Body":          body,
		"Time":          pythonTime(now),
	}
}

// uuidHex is the md5 of seed as a version 4 uuid, in hex.
func uuidHex(seed string) string {
	sum := hashes.MD5([]byte(seed))
	sum[6] = sum[6]&0x0f | 0x40
	sum[8] = sum[8]&0x3f | 0x80
	return hex.EncodeToString(sum[:])
}

// pythonTime is str() of a UTC datetime: microseconds only when not 0.
func pythonTime(t time.Time) string {
	t = t.UTC()
	s := t.Format("2006-01-02 15:04:05")
	if us := t.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(".%06d", us)
	}
	return s
}

// execute validates a format 2 plan and runs its Body.
func (a *Agent) execute(plan map[string]any, ver version, scripts Scripts) (any, error) {
	if err := validate(plan, ver); err != nil {
		return nil, err
	}
	run := &planRun{plan: plan, scripts: scripts}
	globals := map[string]any{}
	scriptDefs := plan["Scripts"].(map[string]any)
	runners := map[string]any{}
	for _, name := range sortedKeys(scriptDefs) {
		info := scriptDefs[name].(map[string]any)
		switch info["Type"] {
		case "Application", "Chef", "Puppet":
		default:
			return nil, pyErr("The application type in %s is not a valid executor %s", name, str(info["Type"]))
		}
		runners[name] = &scriptRunner{name: name, info: info, run: run}
	}
	body := ""
	if b := plan["Body"]; truth(b) {
		text, ok := b.(string)
		if !ok {
			return nil, pyErr("'%s' object has no attribute 'expandtabs'", pyType(b))
		}
		body = text
	}
	args, err := toBunch(plan["Parameters"])
	if err != nil {
		return nil, err
	}
	globals["args"] = args
	for name, r := range runners {
		globals[name] = r
	}
	prog, err := parse(body)
	if err != nil {
		return nil, err
	}
	in := &interp{prog: prog, globals: globals, locals: map[string]any{}}
	result, err := in.run()
	if err != nil {
		return nil, err
	}
	return toJSON(result)
}

// toBunch is Bunch(Parameters or {}): dict()'s conversions and errors.
func toBunch(v any) (bunch, error) {
	if !truth(v) {
		return bunch{}, nil
	}
	switch x := v.(type) {
	case map[string]any:
		return bunch(copyMap(x)), nil
	case bunch:
		return x, nil
	case string, []any:
		items, _ := iterate(x)
		b := bunch{}
		for i, item := range items {
			var pair []any
			switch p := item.(type) {
			case string, []any, map[string]any:
				pair, _ = iterate(p)
			default:
				return nil, pyErr("cannot convert dictionary update sequence element #%d to a sequence", i)
			}
			if len(pair) != 2 {
				return nil, pyErr("dictionary update sequence element #%d has length %d; 2 is required", i, len(pair))
			}
			key, ok := pair[0].(string)
			if !ok {
				if isUnhashable(pair[0]) {
					return nil, pyErr("unhashable type: '%s'", pyType(pair[0]))
				}
				return nil, pyErr("the simulated murano agent's dicts have string keys only")
			}
			b[key] = pair[1]
		}
		return b, nil
	}
	return nil, pyErr("'%s' object is not iterable", pyType(v))
}

// toJSON turns a body's return value into a JSON-like value.
func toJSON(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, int64, float64, string:
		return x, nil
	case []any, tuple:
		items := asItems(x)
		out := make([]any, len(items))
		for i, item := range items {
			j, err := toJSON(item)
			if err != nil {
				return nil, err
			}
			out[i] = j
		}
		return out, nil
	case map[string]any, bunch:
		d := asDict(x)
		out := make(map[string]any, len(d))
		for k, item := range d {
			j, err := toJSON(item)
			if err != nil {
				return nil, err
			}
			out[k] = j
		}
		return out, nil
	}
	return nil, pyErr("Object of type %s is not JSON serializable", pyType(v))
}

// planRun is what the scripts of one plan share.
type planRun struct {
	plan    map[string]any
	scripts Scripts
	files   map[string]string
}

// fileTexts are the plan's files by Name, base64 bodies decoded.
func (r *planRun) fileTexts() map[string]string {
	if r.files != nil {
		return r.files
	}
	r.files = map[string]string{}
	files, _ := r.plan["Files"].(map[string]any)
	for _, key := range sortedKeys(files) {
		f, ok := files[key].(map[string]any)
		if !ok {
			continue
		}
		name, okName := f["Name"].(string)
		body, okBody := f["Body"].(string)
		if !okName || !okBody {
			continue
		}
		if f["BodyType"] == "Base64" {
			if decoded, err := base64.StdEncoding.DecodeString(strings.Join(strings.Fields(body), "")); err == nil {
				body = string(decoded)
			}
		}
		r.files[name] = body
	}
	return r.files
}

// scriptRunner is the callable a plan's Body sees for one script.
type scriptRunner struct {
	name string
	info map[string]any
	run  *planRun
}

// call runs the script (function is "" for name(...), else the method of
// name.function(...)) with murano-agent's run(commandline=”, input=None).
func (s *scriptRunner) call(function string, args []any, kwargs []namedValue) (any, error) {
	params := []string{"commandline", "input"}
	values := []any{"", nil}
	copy(values, args)
	for _, kw := range kwargs {
		i := -1
		for j, p := range params {
			if p == kw.name {
				i = j
			}
		}
		switch {
		case kw.name == "function":
			return nil, pyErr("ScriptRunner.run() got multiple values for argument 'function'")
		case i < 0:
			return nil, pyErr("ScriptRunner.run() got an unexpected keyword argument '%s'", kw.name)
		case i < len(args):
			return nil, pyErr("ScriptRunner.run() got multiple values for argument '%s'", kw.name)
		}
		values[i] = kw.value
	}
	if len(args) > 2 {
		return nil, pyErr("ScriptRunner.run() takes from 2 to 4 positional arguments but %d were given", len(args)+2)
	}
	opts := map[string]any{}
	if o := s.info["Options"]; truth(o) {
		d := asDict(o)
		if d == nil {
			return nil, pyErr("'%s' object has no attribute 'get'", pyType(o))
		}
		opts = d
	}
	entry := map[string]any{}
	files, _ := s.run.plan["Files"].(map[string]any)
	entryPoint, _ := s.info["EntryPoint"].(string)
	if f := files[entryPoint]; truth(f) {
		d := asDict(f)
		if d == nil {
			return nil, pyErr("'%s' object has no attribute 'get'", pyType(f))
		}
		entry = d
	}
	typ, _ := s.info["Type"].(string)
	entryName, _ := entry["Name"].(string)
	entryBody, _ := entry["Body"].(string)
	out, err := s.run.scripts.Run(ScriptCall{
		Name: s.name, Type: typ, Function: function,
		EntryFile: entryName, Body: entryBody,
		CommandLine: str(values[0]), Options: opts, Files: s.run.fileTexts(),
	})
	if err != nil {
		return nil, pyErr("%s", err.Error())
	}
	captured := func(option, text string) any {
		v, ok := opts[option]
		if ok && !truth(v) {
			return nil
		}
		if text = strip(text); text == "" {
			return nil
		}
		return text
	}
	result := bunch{
		"exitCode": int64(out.ExitCode),
		"stdout":   captured("captureStdout", out.Stdout),
		"stderr":   captured("captureStderr", out.Stderr),
	}
	verify, ok := opts["verifyExitcode"]
	if typ == "Application" && (!ok || truth(verify)) && out.ExitCode != 0 {
		return nil, &planError{code: 100, message: fmt.Sprintf("Script %s returned error code", s.name), additional: map[string]any(result)}
	}
	return result, nil
}
