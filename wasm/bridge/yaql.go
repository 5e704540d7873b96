// This file defines the bridge's YAQL methods.

package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"

	"murano.dev/playground/engine"
)

func init() {
	methods["yaql.eval"] = yaqlEval
	methods["version"] = versionInfo
}

type yaqlEvalParams struct {
	Expr       string `json:"expr"`
	Data       string `json:"data"`
	DataFormat string `json:"dataFormat"`
	Flavor     string `json:"flavor"`
	// Vars are extra variables ($name), as JSON values.
	Vars map[string]json.RawMessage `json:"vars"`
	// LimitIterators and MemoryQuota override the flavour's engine options.
	LimitIterators *int `json:"limitIterators"`
	MemoryQuota    *int `json:"memoryQuota"`
}

// errorInfo locates an error for the editor: offsets in characters of
// the expression (or of the data text for kind "data"), 1-based line and
// column.
type errorInfo struct {
	Kind    string `json:"kind"`
	Class   string `json:"class,omitempty"`
	Message string `json:"message"`
	Detail  string `json:"detail,omitempty"`
	Offset  *int   `json:"offset,omitempty"`
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	EndCol  int    `json:"endCol,omitempty"`
}

func yaqlEval(ctx context.Context, raw []byte) []byte {
	var p yaqlEvalParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	data, err := engine.DecodeData([]byte(p.Data), p.DataFormat)
	if err != nil {
		info := errorInfo{Kind: "data", Message: err.Error()}
		var de *engine.DataError
		if errors.As(err, &de) {
			info.Message, info.Line, info.Col = de.Msg, de.Line, de.Col
		}
		return respond(map[string]any{"ok": false, "error": info})
	}
	req := engine.YAQLRequest{
		Expr: p.Expr, Data: data, Flavor: engine.Flavor(p.Flavor),
		LimitIterators: p.LimitIterators, MemoryQuota: p.MemoryQuota,
	}
	if len(p.Vars) > 0 {
		req.Vars = map[string]engine.Value{}
		for name, raw := range p.Vars {
			v, err := engine.DecodeJSON(raw)
			if err != nil {
				return failure("request", "invalid variable "+name+": "+err.Error())
			}
			req.Vars[name] = v
		}
	}
	v, err := engine.EvalYAQL(ctx, req)
	if err != nil {
		var ye *engine.YAQLError
		if !errors.As(err, &ye) {
			return failure("request", err.Error())
		}
		info := errorInfo{Kind: ye.Kind, Class: ye.Class, Message: ye.Message, Detail: ye.Detail}
		if ye.Start >= 0 {
			start := ye.Start
			info.Offset = &start
			info.Line, info.Col = ye.Line, ye.Col
			info.EndCol = info.Col + max(1, ye.End-ye.Start)
		}
		return respond(map[string]any{"ok": false, "error": info})
	}
	out, unordered, err := engine.EncodeJSON(v)
	if err != nil {
		return failure("runtime", err.Error())
	}
	resp := map[string]any{"ok": true, "result": json.RawMessage(out)}
	if unordered {
		resp["unordered"] = true
	}
	return respond(resp)
}

func versionInfo(context.Context, []byte) []byte {
	return respond(map[string]any{"version": engine.Version(), "go": runtime.Version()})
}

func respond(v any) []byte {
	out, err := json.Marshal(v)
	if err != nil {
		return failure("request", err.Error())
	}
	return out
}
