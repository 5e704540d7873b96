// This file defines the calls the page makes: the formatter behind the
// JSON the forms module (wasm/forms) takes and answers.

package yamlfmt

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Call answers one call of the page. Every answer is {"ok": true, …} or
// {"ok": false, "error": {"kind", "message", "line", "col"}} (line and
// col 1-based, 0 when unknown). The method:
//
//	yaml.format {text} → {text, changed}: Format; an error of kind
//	                     "syntax" is a file it refuses
func Call(method string, params []byte) []byte {
	if method != "yaml.format" {
		return failure("request", fmt.Sprintf("unknown method %q", method), 0, 0)
	}
	var p struct {
		Text *string `json:"text"`
	}
	if err := json.Unmarshal(params, &p); err != nil || p.Text == nil {
		return failure("request", "yaml.format takes {text}", 0, 0)
	}
	out, err := Format([]byte(*p.Text))
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return failure("syntax", e.Msg, e.Line, e.Col)
		}
		return failure("syntax", err.Error(), 0, 0)
	}
	b, _ := json.Marshal(map[string]any{"ok": true, "text": string(out), "changed": string(out) != *p.Text})
	return b
}

func failure(kind, message string, line, col int) []byte {
	b, _ := json.Marshal(map[string]any{"ok": false, "error": map[string]any{"kind": kind, "message": message, "line": line, "col": col}})
	return b
}
