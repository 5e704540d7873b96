// This file finds packages by name and version spec.

package pkg

import (
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/versions"
)

// Loader is a [decl.Loader] over a fixed set of packages.
//
// Like the reference's package loaders it keeps a fixation table: the
// versions of each package in use. A spec that a version in use satisfies
// gets that version (the highest such) even when a higher one is
// available, so that the number of versions in use stays minimal
// (packages.md §3.4).
type Loader struct {
	byName map[string][]*Package // in the order given

	mu       sync.Mutex
	fixed    map[string][]*semver.Version // in use, including earlier runs
	newFixed map[string][]*semver.Version // in use by this run
}

var (
	_ decl.Loader             = (*Loader)(nil)
	_ decl.ClassPackageLoader = (*Loader)(nil)
)

// NewLoader returns a loader over the packages. Several versions of a
// package may be given; of two with the same name and version, the later
// one is used.
func NewLoader(pkgs ...*Package) *Loader {
	l := &Loader{byName: map[string][]*Package{}, fixed: map[string][]*semver.Version{}, newFixed: map[string][]*semver.Version{}}
	for _, p := range pkgs {
		l.byName[p.name] = append(l.byName[p.name], p)
	}
	return l
}

// Load returns the highest version of the named package that satisfies
// the version spec (see [versions.ParseSpec]: "" means major version 0,
// "*" any version). A class folder matches any spec, as in murano's test
// foundation. An invalid spec is a ValueError [decl.PyError]; no match is
// a [*NotFoundError].
func (l *Loader) Load(name, spec string) (decl.Package, error) {
	candidates := l.byName[name]
	var found *Package
	for i := len(candidates) - 1; i >= 0; i-- {
		if p := candidates[i]; p.anyVersion {
			found = p
			break
		}
	}
	if found == nil && len(candidates) > 0 {
		s, err := versions.ParseSpec(spec)
		if err != nil {
			return nil, &decl.PyError{Class: "ValueError", Msg: err.Error()}
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		vs := versionsOf(candidates)
		if fixed := l.fixed[name]; len(fixed) > 0 {
			// The reference narrows the spec to the fixed version, which
			// must then be available.
			if i := s.Select(fixed); i >= 0 {
				s = exactly(fixed[i])
			}
		}
		if i := s.Select(vs); i >= 0 {
			found = candidates[i]
			l.fixed[name] = addVersion(l.fixed[name], found.version)
			l.newFixed[name] = addVersion(l.newFixed[name], found.version)
		}
	}
	if found == nil {
		return nil, &NotFoundError{Name: name, Spec: spec}
	}
	return found, nil
}

// LoadClassPackage returns the highest version, among the packages whose
// classes include className, that satisfies the version spec, as the
// reference's load_class_package: the versions in use do not count, nor
// does the choice add one. A class folder matches any spec. No match is
// the reference's NoPackageForClassFound (a [decl.PyError]).
func (l *Loader) LoadClassPackage(className, spec string) (decl.Package, error) {
	s, err := versions.ParseSpec(spec)
	if err != nil {
		return nil, &decl.PyError{Class: "ValueError", Msg: err.Error()}
	}
	var found *Package
	for _, name := range slices.Sorted(maps.Keys(l.byName)) {
		for _, p := range l.byName[name] {
			if !slices.Contains(p.ClassNames(), className) || !p.anyVersion && !s.Match(p.version) {
				continue
			}
			if found == nil || p.anyVersion || !found.anyVersion && p.version.Compare(found.version) >= 0 {
				found = p
			}
		}
	}
	if found == nil {
		return nil, &decl.PyError{Class: "NoPackageForClassFound", Msg: `Package for class "` + className + `" is not found`}
	}
	return found, nil
}

// NotFoundError is the reference's NoPackageFound: no package has the
// name, or none of its versions satisfies the spec.
type NotFoundError struct {
	Name, Spec string
}

// Error returns the reference's message, which does not name the spec.
func (e *NotFoundError) Error() string { return `Package "` + e.Name + `" is not found` }

func addVersion(vs []*semver.Version, v *semver.Version) []*semver.Version {
	if slices.ContainsFunc(vs, func(x *semver.Version) bool { return x.Equal(v) && x.Metadata() == v.Metadata() }) {
		return vs
	}
	return append(vs, v)
}

// ImportFixations replaces the fixation table with one in the form the
// reference stores in an environment's SystemData.Packages: full name →
// versions in use. Versions are parsed as package versions.
func (l *Loader) ImportFixations(table map[string][]string) error {
	fixed := map[string][]*semver.Version{}
	for name, vs := range table {
		for _, s := range vs {
			v, err := versions.Parse(s)
			if err != nil {
				return fmt.Errorf("fixation %s %s: %w", name, s, err)
			}
			fixed[name] = addVersion(fixed[name], v)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fixed = fixed
	return nil
}

// ExportFixations returns the fixation table: full name → versions in
// use, sorted.
func (l *Loader) ExportFixations() map[string][]string {
	l.mu.Lock()
	defer l.mu.Unlock()
	table := map[string][]string{}
	for name, vs := range l.fixed {
		sorted := slices.Clone(vs)
		slices.SortFunc(sorted, func(a, b *semver.Version) int { return a.Compare(b) })
		for _, v := range sorted {
			table[name] = append(table[name], v.String())
		}
	}
	return table
}

// CompactFixations keeps only the versions this loader chose since it
// was made (or last compacted), dropping those no longer in use, as the
// reference does after a deployment.
func (l *Loader) CompactFixations() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.fixed = map[string][]*semver.Version{}
	for name, vs := range l.newFixed {
		l.fixed[name] = slices.Clone(vs)
	}
}
