// This file defines the checks murano-agent makes on a plan before it
// runs it (its validation.py), with its error codes and messages.

package agent

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// planError is an error the agent reports in its result: the plan's
// error code, the message and the additional data.
type planError struct {
	code       int
	message    string
	additional any
}

func (e *planError) Error() string { return e.message }

func failf(code int, format string, args ...any) *planError {
	return &planError{code: code, message: fmt.Sprintf(format, args...)}
}

// errCrash is a plan the harness's agent cannot even report on: its
// consumer stops on an exception outside the plan's error handling, and
// no result comes back for this plan or any later one.
var errCrash = errors.New("the agent stopped")

// version is a plan's FormatVersion as the agent compares it: three
// numbers, in decimal without leading zeros.
type version [3]string

var digits = regexp.MustCompile(`\d+`)

func parseVersion(text string) version {
	if text == "" {
		text = "1.0.0"
	}
	v := version{"0", "0", "0"}
	for i, d := range digits.FindAllString(text, 3) {
		d = strings.TrimLeft(d, "0")
		if d == "" {
			d = "0"
		}
		v[i] = d
	}
	return v
}

func (v version) String() string { return strings.Join(v[:], ".") }

// cmp compares two versions as tuples of integers.
func (v version) cmp(w version) int {
	for i := range v {
		if len(v[i]) != len(w[i]) {
			if len(v[i]) < len(w[i]) {
				return -1
			}
			return 1
		}
		if c := strings.Compare(v[i], w[i]); c != 0 {
			return c
		}
	}
	return 0
}

var (
	v200 = version{"2", "0", "0"}
	v210 = version{"2", "1", "0"}
	v220 = version{"2", "2", "0"}
)

// contains is Python's `item in container` for the values a plan holds;
// errCrash where Python raises TypeError.
func contains(container any, item string) (bool, error) {
	switch c := container.(type) {
	case map[string]any:
		_, ok := c[item]
		return ok, nil
	case string:
		return strings.Contains(c, item), nil
	case []any:
		for _, e := range c {
			if equal(e, item) {
				return true, nil
			}
		}
		return false, nil
	}
	return false, errCrash
}

// iterate is Python's iteration over a plan value: a dict's keys, a
// string's characters, a list's items; errCrash for what is not iterable.
func iterate(v any) ([]any, error) {
	switch c := v.(type) {
	case map[string]any:
		var keys []any
		for _, k := range sortedKeys(c) {
			keys = append(keys, k)
		}
		return keys, nil
	case string:
		var chars []any
		for _, r := range c {
			chars = append(chars, string(r))
		}
		return chars, nil
	case []any:
		return c, nil
	}
	return nil, errCrash
}

// validate checks a format 2 plan as murano-agent does. Scripts and files
// are checked in the order of their keys.
func validate(plan map[string]any, ver version) error {
	if ver.cmp(v220) > 0 {
		return failf(9, "Unsupported format version %s (I support versions <=2.2.0)", ver)
	}
	for _, attr := range []string{"Scripts", "Files"} {
		if _, ok := plan[attr]; !ok {
			return failf(2, "%s is not in the execution plan", attr)
		}
	}
	for _, attr := range []string{"Scripts", "Files", "Options"} {
		if v, ok := plan[attr]; ok {
			if _, isDict := v.(map[string]any); !isDict {
				return failf(2, "%s is not a dictionary", attr)
			}
		}
	}
	files := plan["Files"].(map[string]any)
	scripts := plan["Scripts"].(map[string]any)
	for _, name := range sortedKeys(scripts) {
		if err := validateScript(name, scripts[name], files, ver); err != nil {
			return err
		}
	}
	for _, key := range sortedKeys(files) {
		if err := validateFile(key, files[key], ver); err != nil {
			return err
		}
	}
	return nil
}

func validateScript(name string, script any, files map[string]any, ver version) error {
	for _, attr := range []string{"Type", "EntryPoint"} {
		in, err := contains(script, attr)
		if err != nil {
			return err
		}
		if !in {
			return failf(2, "Incorrect %s entry in script %s", attr, name)
		}
		dict, ok := script.(map[string]any)
		if !ok {
			return errCrash
		}
		if _, isStr := dict[attr].(string); !isStr {
			return failf(2, "Incorrect %s entry in script %s", attr, name)
		}
	}
	dict := script.(map[string]any)
	typ, entry := dict["Type"].(string), dict["EntryPoint"].(string)
	_, entryIsFile := files[entry]
	if ver.cmp(v200) >= 0 && ver.cmp(v210) < 0 {
		if typ != "Application" {
			return failf(2, "Type %s is not valid for format %s", typ, ver)
		}
		if !entryIsFile {
			return failf(2, "Script %s misses entry point %s", name, entry)
		}
	}
	if ver.cmp(v210) >= 0 {
		switch {
		case typ != "Application" && typ != "Chef" && typ != "Puppet":
			return failf(2, "Script has not a valid type %s", typ)
		case typ == "Application" && !entryIsFile:
			return failf(2, "Script %s misses entry point %s", name, entry)
		case typ != "Application" && !strings.Contains(entry, "::"):
			return failf(2, "Wrong EntryPoint %s for Puppet/Chef executors. :: needed", entry)
		}
	}
	extras, ok := dict["Files"]
	if !ok {
		return nil
	}
	items, err := iterate(extras)
	if err != nil {
		return err
	}
	for _, extra := range items {
		var key any = extra
		switch e := extra.(type) {
		case map[string]any:
			keys := sortedKeys(e)
			if len(keys) == 0 {
				return errCrash
			}
			key = keys[0]
		case []any:
			return errCrash
		}
		if k, isStr := key.(string); isStr {
			if _, found := files[k]; found {
				continue
			}
		}
		return failf(2, "Script %s misses file %s", name, str(extra))
	}
	return nil
}

func validateFile(key string, file any, ver version) error {
	if ver.cmp(v200) >= 0 && ver.cmp(v210) < 0 {
		attrs, err := iterate(file)
		if err != nil {
			return err
		}
		for _, attr := range attrs {
			if equal(attr, "Type") || equal(attr, "URL") {
				return failf(2, "Download file is %s not valid for this version %s", key, ver)
			}
		}
	}
	required := func(attrs ...string) error {
		for _, attr := range attrs {
			in, err := contains(file, attr)
			if err != nil {
				return err
			}
			if !in {
				return failf(2, "Incorrect %s entry in file %s", attr, key)
			}
		}
		return nil
	}
	if in, err := contains(file, "Type"); err != nil {
		return err
	} else if in {
		return required("Type", "URL", "Name")
	}
	if in, _ := contains(file, "Body"); !in {
		return failf(2, "Invalid file %s: %s", key, str(file))
	}
	if err := required("BodyType", "Body", "Name"); err != nil {
		return err
	}
	dict, ok := file.(map[string]any)
	if !ok {
		return errCrash
	}
	if bt := dict["BodyType"]; !equal(bt, "Text") && !equal(bt, "Base64") {
		return failf(2, "Incorrect BodyType in file %s", key)
	}
	return nil
}
