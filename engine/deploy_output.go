// This file finds the packages of a deploy in folders, as the deploy
// reference harness does, and writes the deploy output as it prints it.

package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FindPackages returns the packages under dir: dir itself when it holds
// manifest.yaml, else the top-most folders that hold one and the .zip
// packages found on the way (links followed), in name order. Those that
// do not load are listed as skipped, named by their path from dir's
// parent.
func FindPackages(dir string) ([]*Package, []SkippedPackage, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, nil, err
	}
	if !st.IsDir() {
		return nil, nil, fmt.Errorf("%s is not a folder", dir)
	}
	var found []*Package
	var skipped []SkippedPackage
	open := func(path, shown string) {
		pp, err := ReadPackagePath(path)
		if err == nil {
			var p *Package
			if p, err = pp.Open(); err == nil {
				found = append(found, p)
				return
			}
		}
		skipped = append(skipped, SkippedPackage{Package: shown, Error: err.Error()})
	}
	var walk func(path, shown string, depth int) error
	walk = func(path, shown string, depth int) error {
		if _, err := os.Stat(filepath.Join(path, "manifest.yaml")); err == nil {
			open(path, shown)
			return nil
		}
		if depth > 32 {
			return nil
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		var dirs []string
		for _, e := range entries {
			full := filepath.Join(path, e.Name())
			info, err := os.Stat(full)
			switch {
			case err != nil:
			case info.IsDir():
				dirs = append(dirs, e.Name())
			case strings.HasSuffix(e.Name(), ".zip"):
				open(full, filepath.Join(shown, e.Name()))
			}
		}
		slices.Sort(dirs)
		for _, d := range dirs {
			if err := walk(filepath.Join(path, d), filepath.Join(shown, d), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	err = walk(dir, filepath.Base(filepath.Clean(dir)), 0)
	return found, skipped, err
}

// DeployOutputJSON writes a deploy output as Python's json.dumps with
// sort_keys and ensure_ascii=False does: indented by indent spaces, or
// on one line (", " and ": " between items) when indent is negative.
// The text ends with a newline.
func DeployOutputJSON(out map[string]any, indent int) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return nil, err
	}
	compact := bytes.TrimSuffix(b.Bytes(), []byte("\n"))
	var res bytes.Buffer
	if indent >= 0 {
		if err := json.Indent(&res, compact, "", strings.Repeat(" ", indent)); err != nil {
			return nil, err
		}
	} else {
		spaced(&res, compact)
	}
	res.WriteByte('\n')
	return res.Bytes(), nil
}

// spaced writes compact JSON with Python's default separators.
func spaced(w *bytes.Buffer, compact []byte) {
	inString, escaped := false, false
	for _, c := range compact {
		w.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			w.WriteByte(' ')
		}
	}
}
