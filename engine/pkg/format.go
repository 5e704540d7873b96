// This file is the registry of package formats (package-type plug-ins).

package pkg

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/versions"
)

// FormatID identifies a package format: a name and a SemVer version,
// written "Name/major.minor.patch" ("MuranoPL/1.4.0", "Heat.HOT/1.0.0").
type FormatID struct {
	Name    string
	Version *semver.Version
}

// String returns "Name/major.minor.patch".
func (id FormatID) String() string {
	if id.Version == nil {
		return id.Name
	}
	return id.Name + "/" + id.Version.String()
}

// ParseFormat reads a format identifier as the reference does: "Name/Version"
// split at the last "/", the name stripped of spaces; a string starting
// with a digit is a MuranoPL version ("1.4" is "MuranoPL/1.4"); the
// version is coerced to SemVer (missing components are zero, "1.0" is
// 1.0.0). An empty string is "MuranoPL/1.0". A string without "/" is an
// error (whose message is the string, as the reference's ValueError).
func ParseFormat(s string) (FormatID, error) {
	if s == "" {
		s = "MuranoPL/1.0"
	}
	if r := []rune(s); unicode.IsDigit(r[0]) {
		s = "MuranoPL/" + s
	}
	i := strings.LastIndex(s, "/")
	if i < 0 {
		return FormatID{}, errors.New(s)
	}
	v, err := versions.Parse(s[i+1:])
	if err != nil {
		return FormatID{}, err
	}
	return FormatID{Name: strings.TrimSpace(s[:i]), Version: v}, nil
}

// Contents is what a package-type plug-in provides: the part of the
// reference's Package API (seed 003) that depends on the format. The rest
// (full name, version, type, display name, description, author, supplier,
// tags, logo, supplier logo, resources) is read from the manifest by
// [Open], as the reference's PackageBase does, and is the same for every
// format.
type Contents interface {
	// Runtime is the MuranoPL runtime the classes are written for
	// (Heat.HOT's generated classes: 1.0).
	Runtime() decl.Version
	// Classes lists the full names of the package's classes.
	Classes() []string
	// Requirements maps required packages to version specs (nil: none).
	Requirements() map[string]string
	// GetClass returns the MuranoPL source of a class (YAML, possibly
	// generated) and the file name its positions are reported in. A
	// class the package does not have is an error.
	GetClass(name string) (src []byte, file string, err error)
	// UI returns the package's UI definition (YAML), nil when it has
	// none.
	UI() ([]byte, error)
}

// Format is a package-type plug-in: a format name, the format versions it
// reads, and how to open a package of that format.
//
// Open is given the package's files and its manifest, whose common fields
// ([Manifest]: FullName, Version, Type, Name, Description, Author, Tags,
// Supplier, Logo) are already read and checked; it returns the
// format-specific contents or an error (a [diag.List] with positions
// preferably, see loadError). The raw manifest is in the unexported field
// Manifest.root for plug-ins of this package.
//
// A plug-in registers itself from an init function:
//
//	func init() {
//		pkg.MustRegister(pkg.Format{Name: "Heat.HOT", Versions: []string{"1.0"}, Open: openHOT})
//	}
//
// The built-in MuranoPL/1.0–1.4 format is registered by this package.
type Format struct {
	Name string
	// Versions are the format versions read, coerced as in
	// [ParseFormat] ("1.0" is 1.0.0); a format identifier must equal
	// one of them exactly (prerelease and metadata included).
	Versions []string
	Open     func(id FormatID, fsys fs.FS, m *Manifest) (Contents, error)
}

var registry struct {
	sync.RWMutex
	formats map[string]map[string]*Format // name → version → format
}

// Register adds a package format to the registry. A format name and
// version that is already registered is an error, and so are a missing
// name, version or Open function and a version that does not parse.
func Register(f Format) error {
	if f.Name == "" || len(f.Versions) == 0 || f.Open == nil && f.Name != muranoPL {
		return fmt.Errorf("pkg.Register: format %q needs a name, versions and an Open function", f.Name)
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.formats == nil {
		registry.formats = map[string]map[string]*Format{}
	}
	byVersion := registry.formats[f.Name]
	if byVersion == nil {
		byVersion = map[string]*Format{}
	}
	var add []string
	for _, s := range f.Versions {
		v, err := versions.Parse(s)
		if err != nil {
			return fmt.Errorf("pkg.Register: format %s/%s: %v", f.Name, s, err)
		}
		if _, dup := byVersion[v.String()]; dup || slices.Contains(add, v.String()) {
			return fmt.Errorf("pkg.Register: format %s/%s is already registered", f.Name, v)
		}
		add = append(add, v.String())
	}
	for _, v := range add {
		byVersion[v] = &f
	}
	registry.formats[f.Name] = byVersion
	return nil
}

// MustRegister is [Register] that panics on error, for init functions.
func MustRegister(f Format) {
	if err := Register(f); err != nil {
		panic(err)
	}
}

// Formats returns the registered format identifiers, sorted by name and
// version ("MuranoPL/1.0.0", …).
func Formats() []FormatID {
	registry.RLock()
	defer registry.RUnlock()
	var ids []FormatID
	for name, byVersion := range registry.formats {
		for v := range byVersion {
			ids = append(ids, FormatID{Name: name, Version: semver.MustParse(v)})
		}
	}
	sort.Slice(ids, func(i, j int) bool {
		if ids[i].Name != ids[j].Name {
			return ids[i].Name < ids[j].Name
		}
		return ids[i].Version.LessThan(ids[j].Version)
	})
	return ids
}

// lookupFormat returns the format registered for an identifier, or nil.
func lookupFormat(id FormatID) *Format {
	registry.RLock()
	defer registry.RUnlock()
	if id.Version == nil {
		return nil
	}
	return registry.formats[id.Name][id.Version.String()]
}

// availableFormats lists the registered formats for error messages, as
// "MuranoPL/1.0, MuranoPL/1.1, …" (major.minor when the patch is 0).
func availableFormats() string {
	var names []string
	for _, id := range Formats() {
		v := id.Version
		s := fmt.Sprintf("%s/%d.%d", id.Name, v.Major(), v.Minor())
		if v.Patch() != 0 || v.Prerelease() != "" || v.Metadata() != "" {
			s = id.String()
		}
		names = append(names, s)
	}
	return strings.Join(names, ", ")
}

const muranoPL = "MuranoPL"

func init() {
	// MuranoPL's contents are read from Classes/ and UI/ by Package
	// itself (Open is nil).
	MustRegister(Format{Name: muranoPL, Versions: []string{"1.0", "1.1", "1.2", "1.3", "1.4"}})
}
