// This file writes the links that open an example in the full
// playground, in the format of web/src/state.ts: "#share=" and the
// base64url (no padding) of the deflate-raw compression of the state's
// JSON.

package main

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/json"
	"io"
	"strings"
)

// sharedState is web/src/state.ts's SharedState.
type sharedState struct {
	V       int            `json:"v"`
	View    string         `json:"view"`
	YAQL    *sharedYAQL    `json:"yaql,omitempty"`
	Package *sharedPackage `json:"package,omitempty"`
}

type sharedYAQL struct {
	Expr       string `json:"expr"`
	Data       string `json:"data"`
	DataFormat string `json:"dataFormat"`
	Flavor     string `json:"flavor"`
}

type sharedPackage struct {
	Files map[string]string `json:"files"`
	Tab   string            `json:"tab,omitempty"`
	File  string            `json:"file,omitempty"`
}

const sharePrefix = "#share="

// encodeState returns the fragment of a link to s.
func encodeState(s sharedState) (string, error) {
	var js bytes.Buffer
	enc := json.NewEncoder(&js)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return "", err
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(bytes.TrimSuffix(js.Bytes(), []byte("\n")))
	if err := w.Close(); err != nil {
		return "", err
	}
	return sharePrefix + base64.RawURLEncoding.EncodeToString(z.Bytes()), nil
}

// decodeState reads a fragment encodeState wrote.
func decodeState(fragment string) (sharedState, error) {
	var s sharedState
	raw, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(fragment, sharePrefix))
	if err != nil {
		return s, err
	}
	js, err := io.ReadAll(flate.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return s, err
	}
	err = json.Unmarshal(js, &s)
	return s, err
}

// dataFormat is the format the console detects for a data text: JSON when
// it parses as JSON, otherwise YAML (console.ts).
func dataFormat(text string) string {
	if json.Valid([]byte(text)) {
		return "json"
	}
	return "yaml"
}

// tabs are the sub-views of the Packages view that show each kind of
// example.
var tabs = map[string]string{"run": "run", "form": "forms", "model": "forms", "schema": "schema", "deploy": "forms", "lint": "lint", "test": "tests"}

// state is the playground state that shows the example.
func (ex *example) state() sharedState {
	if ex.kind == "yaql" {
		flavor := ex.opts["flavor"]
		if flavor == "" {
			flavor = "plain"
		}
		data := ex.text("data")
		return sharedState{V: 1, View: "yaql", YAQL: &sharedYAQL{Expr: ex.text("expression"), Data: data, DataFormat: "auto", Flavor: flavor}}
	}
	files := ex.packageFiles()
	roots := packageRoots(files)
	p := &sharedPackage{Files: map[string]string{}, Tab: tabs[ex.kind]}
	if len(roots) > 0 {
		for name, data := range packageOf(files, roots[0]) {
			p.Files[name] = string(data)
		}
	}
	for _, f := range ex.files {
		if f.hidden || f.path == modelFile || f.path == answers {
			continue
		}
		if rest, ok := strings.CutPrefix(f.path, roots[0]+"/"); ok || roots[0] == "" {
			if roots[0] == "" {
				rest = f.path
			}
			p.File = rest
			break
		}
	}
	return sharedState{V: 1, View: "packages", Package: p}
}
