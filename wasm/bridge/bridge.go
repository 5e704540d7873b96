// Package bridge is the JSON-in/JSON-out API that the web playground calls
// through the WebAssembly glue in package wasm. It reaches the engine only
// through the facades engine and formgen, and has no dependency on
// syscall/js, so every request and response is tested natively.
package bridge

import (
	"context"
	"encoding/json"

	"murano.dev/playground/engine"
)

// Call runs one request: method names the operation and params holds its
// JSON arguments. The response is always a JSON document; failures are
// reported inside it, never as a Go error.
func Call(ctx context.Context, method string, params []byte) []byte {
	h, ok := methods[method]
	if !ok {
		return failure("request", "unknown method "+method)
	}
	return h(ctx, params)
}

var methods = map[string]func(context.Context, []byte) []byte{}

type eventsKey struct{}

// WithEvents returns a context whose calls may tell of their progress:
// a method that streams (deploy.run with "stream") hands sink each event
// as a JSON document while it runs, before its answer.
func WithEvents(ctx context.Context, sink func(event []byte)) context.Context {
	return context.WithValue(ctx, eventsKey{}, sink)
}

func eventSink(ctx context.Context) func([]byte) {
	sink, _ := ctx.Value(eventsKey{}).(func([]byte))
	return sink
}

func failure(kind, msg string) []byte {
	out, _ := json.Marshal(map[string]any{"ok": false, "error": map[string]any{"kind": kind, "message": msg}})
	return out
}

// ProvideCoreLibraries gives an engine that does not embed the
// project's core libraries (the WebAssembly one) their archive, as
// engine.CoreLibrariesArchive writes it.
func ProvideCoreLibraries(archive []byte) error { return engine.ProvideCoreLibraries(archive) }

// Warm prepares what the first request would otherwise pay for (the
// default flavour's library, the JSON and YAML decoders), so that the page
// says "ready" only when the first evaluation will be quick.
func Warm() {
	ctx := context.Background()
	Call(ctx, "yaql.eval", []byte(`{"expr": "$.where($ > 1).select(str($))", "data": "[1, 2]", "dataFormat": "json"}`))
	Call(ctx, "yaql.eval", []byte(`{"expr": "$.a", "data": "a: 1", "dataFormat": "yaml"}`))
}
