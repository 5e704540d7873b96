// This file reads what the reference harness prints for a schema.

package enginetest

import (
	"bytes"
	"encoding/json"
)

// SchemaOutput is an output of the reference harness's `oracle.py
// schema` as `muranopl schema` prints it: the document as it is, a
// failure as {"error": "<Type>: <message>"} (without the harness's "ok"
// and "log" members). Both print their keys sorted, so that the outputs
// compare as texts ([SameJSON]).
func SchemaOutput(raw []byte) ([]byte, error) {
	members, err := Members(raw)
	if err != nil {
		return nil, err
	}
	var failed bool
	var errorText json.RawMessage
	for _, m := range members {
		switch m.Key {
		case "ok":
			failed = bytes.Equal(bytes.TrimSpace(m.Value), []byte("false"))
		case "error":
			errorText = m.Value
		}
	}
	if !failed {
		return raw, nil
	}
	return append(append([]byte(`{"error": `), errorText...), '}'), nil
}
