// This file defines the bridge's run methods: the methods of an open
// package's classes (run.methods), and a call of one (run.call), as
// `muranopl run` makes it, on the packages the page opened.

package bridge

import (
	"context"
	"encoding/json"

	"murano.dev/playground/engine"
)

func init() {
	methods["run.methods"] = runMethods
	methods["run.call"] = runCall
}

// runParams name the packages (handles: the one whose classes are meant
// first, then what it requires) and the core library (a handle; none: the
// project's own); for run.call, what `muranopl run` takes: the receiver
// (a model and one of its objects, a new object of class with props, or
// the class with static), the method and its arguments.
type runParams struct {
	Packages    []string        `json:"packages"`
	CoreLibrary string          `json:"coreLibrary"`
	Model       json.RawMessage `json:"model"`
	ObjectID    string          `json:"objectId"`
	Class       string          `json:"class"`
	Static      bool            `json:"static"`
	Props       json.RawMessage `json:"props"`
	Method      string          `json:"method"`
	Args        json.RawMessage `json:"args"`
	Kwargs      json.RawMessage `json:"kwargs"`
	ExposeAll   bool            `json:"exposeAll"`
	MaxSteps    int64           `json:"maxSteps"`
	// Stream asks for the logger records as they are written, through the
	// call's event sink: {"kind": "log", "level", "logger", "message"}.
	Stream bool `json:"stream"`
}

// runMethods answers {"ok": true, "classes": [{"class", "error",
// "methods": [{"name", "static", "public", "args": [{"name", "contract",
// "default", "kind"}]}]}]}: the classes of the first package.
func runMethods(ctx context.Context, raw []byte) []byte {
	var p runParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	packages, _, core, fail := packagesOf(p.Packages, p.CoreLibrary)
	if fail != nil {
		return fail
	}
	classes, err := engine.MethodsOf(ctx, packages, core)
	if err != nil {
		return failure("request", err.Error())
	}
	return answer(map[string]any{"classes": classes})
}

// runAnswer is run.call's answer.
type runAnswer struct {
	OK        bool               `json:"ok"`
	Result    json.RawMessage    `json:"result,omitempty"`
	Exception any                `json:"exception,omitempty"`
	Traces    []json.RawMessage  `json:"traces"`
	Log       []engine.LogRecord `json:"log"`
}

// runCall calls a method with the platform of a test run (system classes
// without a cloud) and answers {"ok": true, "result", "traces", "log":
// [{"level", "logger", "message"}]} or, when it raised, {"ok": true,
// "exception": {"type", "message", "stack" …}, "traces", "log"}.
func runCall(ctx context.Context, raw []byte) []byte {
	var p runParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	opened, _, core, fail := packagesOf(p.Packages, p.CoreLibrary)
	if fail != nil {
		return fail
	}
	if len(opened) == 0 {
		return failure("request", "packages: none is open")
	}
	req := engine.RunRequest{Opened: opened, CoreLibrary: core, System: true, ObjectID: p.ObjectID, Class: p.Class, Static: p.Static,
		Method: p.Method, ExposeAll: p.ExposeAll, MaxSteps: p.MaxSteps}
	for _, v := range []struct {
		name string
		raw  json.RawMessage
	}{{"model", p.Model}, {"props", p.Props}, {"args", p.Args}, {"kwargs", p.Kwargs}} {
		if !isGiven(v.raw) {
			continue
		}
		val, err := engine.DecodeJSON(v.raw)
		if err != nil {
			return failure("request", v.name+": "+err.Error())
		}
		list, _ := val.(*engine.List)
		dict, _ := val.(*engine.Dict)
		switch {
		case v.name == "model":
			req.Model = val
		case v.name == "args" && list != nil:
			req.Args = list.Items
		case v.name == "args":
			return failure("request", "args: not a JSON array")
		case dict == nil:
			return failure("request", v.name+": not a JSON object")
		case v.name == "props":
			req.Props = dict
		default:
			req.Kwargs = dict
		}
	}
	if sink := eventSink(ctx); p.Stream && sink != nil {
		req.Logged = func(r engine.LogRecord) {
			if out, err := json.Marshal(struct {
				Kind string `json:"kind"`
				engine.LogRecord
			}{"log", r}); err == nil {
				sink(out)
			}
		}
	}
	res, err := engine.RunMuranoPL(ctx, req)
	if err != nil {
		return failure("request", err.Error())
	}
	a := runAnswer{OK: true, Traces: []json.RawMessage{}, Log: res.Log}
	for _, v := range res.Traces {
		out, _, err := engine.EncodeJSON(v)
		if err != nil {
			return failure("engine", err.Error())
		}
		a.Traces = append(a.Traces, out)
	}
	if res.Error != nil {
		a.Exception = exceptionOf(res.Error)
	} else if a.Result, _, err = engine.EncodeJSON(res.Result); err != nil {
		return failure("engine", err.Error())
	}
	return respond(a)
}
