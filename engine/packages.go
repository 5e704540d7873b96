// This file is the facade over application packages: what `muranopl
// inspect` and the playground show of a package.

package engine

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"maps"
	"slices"
	"strconv"

	"go.yaml.in/yaml/v3"

	"murano.dev/playground/engine/lint"
	"murano.dev/playground/engine/pkg"
)

// PackageInfo is what a package's manifest and files say, as the
// reference (murano.packages.load_utils.load_from_dir) reads them.
type PackageInfo struct {
	FullName    string
	Name        string // display name (FullName when absent)
	Type        string // Application or Library
	Format      string // "MuranoPL/1.4.0", "Heat.HOT/1.0.0"
	Version     string // SemVer, "0.0.0" when absent
	Description string
	Author      string
	Tags        []string
	Classes     map[string]string // class → file under Classes/ ("" when generated)
	Require     map[string]string // package → version spec
	UI          bool              // the package has a UI definition
	UIVersion   *string           // the UI definition's Version, nil when absent
}

// InspectPackage opens the package at the root of fsys (see [pkg.Open])
// and describes it. Errors are [diag.List]s with file:line:col.
func InspectPackage(fsys fs.FS) (*PackageInfo, error) {
	p, err := pkg.Open(fsys)
	if err != nil {
		return nil, err
	}
	return DescribePackage(p)
}

// InspectPackageZip is [InspectPackage] for the bytes of a .zip.
func InspectPackageZip(data []byte) (*PackageInfo, error) {
	p, err := pkg.OpenZip(data)
	if err != nil {
		return nil, err
	}
	return DescribePackage(p)
}

// LintPackage checks the package at the root of fsys as `muranopl lint`
// does; core is the io.murano core library, nil when it is not at hand.
func LintPackage(fsys, core fs.FS) ([]lint.Problem, error) { return lint.Check(fsys, core) }

// DescribePackage describes a package opened already (by [pkg.Open],
// [pkg.OpenZipWithWarnings] or a repository import), as [InspectPackage].
func DescribePackage(p *pkg.Package) (*PackageInfo, error) {
	m := p.Manifest
	info := &PackageInfo{
		FullName:    m.FullName,
		Name:        m.Name,
		Type:        m.Type,
		Format:      m.ID.String(),
		Version:     m.Version,
		Description: m.Description,
		Author:      m.Author,
		Tags:        m.Tags,
		Classes:     map[string]string{},
		Require:     p.Requirements(),
	}
	if info.Tags == nil {
		info.Tags = []string{}
	}
	if m.Classes != nil {
		for k, v := range m.Classes {
			info.Classes[k] = v
		}
	} else {
		for _, c := range p.ClassNames() {
			info.Classes[c] = ""
		}
	}
	ui, err := p.UI()
	if err != nil {
		return nil, err
	}
	if ui != nil {
		info.UI = true
		var doc map[string]any
		if yaml.Unmarshal(ui, &doc) == nil {
			if v, ok := doc["Version"]; ok && v != nil {
				s := pyScalar(v)
				info.UIVersion = &s
			}
		}
	}
	return info, nil
}

// pyScalar prints a decoded YAML scalar as Python's str() does for the
// common cases (2.1 → "2.1", 2 → "2").
func pyScalar(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case bool:
		if v {
			return "True"
		}
		return "False"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// JSON returns the description as a JSON object with the keys in the
// order fullName, name, type, format, version, description, author, tags,
// classes, require, ui, uiVersion (classes and require sorted by key; a
// null version spec is null), spaced as Python's json.dumps, followed by
// a newline.
func (i *PackageInfo) JSON() []byte {
	var b bytes.Buffer
	str := func(s string) {
		var q bytes.Buffer
		enc := json.NewEncoder(&q)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		b.Write(bytes.TrimSuffix(q.Bytes(), []byte("\n")))
	}
	dict := func(m map[string]string, nullEmpty bool) {
		keys := slices.Sorted(maps.Keys(m))
		b.WriteString("{")
		for n, k := range keys {
			if n > 0 {
				b.WriteString(", ")
			}
			str(k)
			b.WriteString(": ")
			if m[k] == "" && nullEmpty {
				b.WriteString("null")
			} else {
				str(m[k])
			}
		}
		b.WriteString("}")
	}
	key := func(k string) {
		if k != "fullName" {
			b.WriteString(", ")
		}
		str(k)
		b.WriteString(": ")
	}
	b.WriteString("{")
	for _, f := range []struct{ k, v string }{
		{"fullName", i.FullName}, {"name", i.Name}, {"type", i.Type}, {"format", i.Format},
		{"version", i.Version}, {"description", i.Description}, {"author", i.Author},
	} {
		key(f.k)
		str(f.v)
	}
	key("tags")
	b.WriteString("[")
	for n, t := range i.Tags {
		if n > 0 {
			b.WriteString(", ")
		}
		str(t)
	}
	b.WriteString("]")
	key("classes")
	dict(i.Classes, false)
	key("require")
	dict(i.Require, true)
	key("ui")
	b.WriteString(strconv.FormatBool(i.UI))
	key("uiVersion")
	if i.UIVersion == nil {
		b.WriteString("null")
	} else {
		str(*i.UIVersion)
	}
	b.WriteString("}\n")
	return b.Bytes()
}
