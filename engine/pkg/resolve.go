// This file computes the Require closure of packages over a set of
// available packages, keeping the number of versions in use minimal.

package pkg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/Masterminds/semver/v3"

	"murano.dev/playground/engine/versions"
)

// CoreLibrary is the full name of the core library, which every other
// package requires implicitly with the spec "0" (any 0.x.y version).
const CoreLibrary = "io.murano"

// Requirements returns the package's requirements as the reference's
// MuranoPackage builds them (packages.md §3.3), in order: the implicit
// io.murano "0" (unless the package is io.murano or its manifest names
// io.murano itself, which then overrides it), then the manifest's Require
// section. The package's own name is left out. A class folder has none.
func RequirementsOf(p *Package) []Requirement {
	if p.Manifest == nil {
		return nil
	}
	var reqs []Requirement
	explicitCore := slices.ContainsFunc(p.Manifest.Require, func(r Requirement) bool { return r.Package == CoreLibrary })
	if p.name != CoreLibrary && !explicitCore {
		reqs = append(reqs, Requirement{Package: CoreLibrary, Spec: "0"})
	}
	for _, r := range p.Manifest.Require {
		if r.Package != p.name {
			reqs = append(reqs, r)
		}
	}
	return reqs
}

// Step is one package of a requirement chain.
type Step struct {
	Name, Version string
}

// Chain is how a package came to be required: the root package first,
// each following one required by the one before.
type Chain []Step

// String renders the chain as "app 1.0.0 → util 1.3.0".
func (c Chain) String() string {
	parts := make([]string, len(c))
	for i, s := range c {
		parts[i] = s.Name + " " + s.Version
	}
	return strings.Join(parts, " → ")
}

// ResolveOptions tune [Resolve].
type ResolveOptions struct {
	// SingleVersion allows one version per package name, as in a catalog
	// that does not store versions (the murano API's own database): a
	// requirement the chosen version does not satisfy is then a conflict,
	// unless another version satisfies every requirement met so far.
	// Otherwise several versions are used side by side, as the engine
	// (and a Glare catalog) does.
	SingleVersion bool
	// Fixations are the versions already in use (full name → versions,
	// the reference's fixation table); a requirement they satisfy reuses
	// one of them (the highest) rather than the highest available.
	Fixations map[string][]string
}

// ResolveError is a requirement [Resolve] cannot satisfy: no available
// version matches it (Other is nil), or, with SingleVersion, the version
// another requirement chose (Chosen, required by Other with OtherSpec)
// does not and no version satisfies both.
type ResolveError struct {
	Chain     Chain  // the chain of the requiring package, root first
	Name      string // the package required
	Spec      string // as written ("" for null: major version 0)
	Available []string

	Other     Chain
	OtherSpec string
	Chosen    string

	Err error // an invalid spec
}

func renderSpec(s string) string {
	if s == "" {
		return `"" (0.x)`
	}
	return s
}

func (e *ResolveError) Error() string {
	who := e.Chain.String()
	if len(e.Chain) == 0 {
		who = "the import" // a package named for import
	}
	head := fmt.Sprintf("%s requires %s %s", who, e.Name, renderSpec(e.Spec))
	switch {
	case e.Err != nil:
		return fmt.Sprintf("%s: invalid version spec: %v", head, e.Err)
	case e.Other != nil:
		return fmt.Sprintf("%s requires %s %s (chosen %s) but %s, and no version satisfies both",
			e.Other, e.Name, renderSpec(e.OtherSpec), e.Chosen, head)
	case len(e.Available) == 0:
		return head + " but no version of it is available"
	}
	return fmt.Sprintf("%s but only %s %s available", head, strings.Join(e.Available, ", "),
		map[bool]string{true: "is", false: "are"}[len(e.Available) == 1])
}

func (e *ResolveError) Unwrap() error { return e.Err }

// constraint is a requirement met during resolution.
type constraint struct {
	spec  versions.Spec
	raw   string
	chain Chain
}

type resolver struct {
	byName    map[string][]*Package
	opts      ResolveOptions
	fixed     map[string][]*semver.Version
	extra     map[string][]constraint // learnt from conflicts (SingleVersion)
	chosen    map[string][]*Package
	why       map[*Package]constraint // the requirement that chose it
	deps      map[*Package][]*Package
	conflicts int
}

// Resolve returns the roots and the Require closure of the roots over the
// available packages, dependencies before dependents (members of a cycle
// in any order), each package once. Requirements are those of
// [RequirementsOf], met as the reference's package loader meets them
// (packages.md §3.4): a version already chosen (or fixed) that satisfies
// a requirement is reused, otherwise the highest available version that
// satisfies it is chosen. The roots are chosen first. The implicit
// io.murano requirement is skipped when no io.murano is available (the
// platform provides it); any other unmet requirement is a
// [*ResolveError], and so is a conflict with SingleVersion.
func Resolve(roots, available []*Package, opts ResolveOptions) ([]*Package, error) {
	r := &resolver{byName: map[string][]*Package{}, opts: opts, fixed: map[string][]*semver.Version{}, extra: map[string][]constraint{}}
	for _, p := range append(slices.Clone(available), roots...) {
		if !slices.Contains(r.byName[p.name], p) {
			r.byName[p.name] = append(r.byName[p.name], p)
		}
	}
	for name, vs := range opts.Fixations {
		for _, s := range vs {
			v, err := versions.Parse(s)
			if err != nil {
				return nil, fmt.Errorf("fixation %s %s: %w", name, s, err)
			}
			r.fixed[name] = append(r.fixed[name], v)
		}
	}
	for {
		order, err := r.run(roots)
		if retry, ok := err.(*retryError); ok && r.conflicts < 64 {
			r.conflicts++
			r.extra[retry.name] = append(r.extra[retry.name], retry.cons...)
			continue
		} else if ok {
			return nil, retry.err
		}
		return order, err
	}
}

// retryError asks for resolution to start again with more constraints.
type retryError struct {
	name string
	cons []constraint
	err  *ResolveError // reported if retrying does not help
}

func (e *retryError) Error() string { return e.err.Error() }

func (r *resolver) run(roots []*Package) ([]*Package, error) {
	r.chosen = map[string][]*Package{}
	r.why = map[*Package]constraint{}
	r.deps = map[*Package][]*Package{}
	type item struct {
		p     *Package
		chain Chain
	}
	var queue []item
	for _, p := range roots {
		if r.opts.SingleVersion {
			if other := r.chosen[p.name]; len(other) > 0 && other[0] != p {
				return nil, &ResolveError{Chain: Chain{{p.name, p.Version()}}, Name: p.name, Spec: "==" + p.Version(),
					Other: Chain{{other[0].name, other[0].Version()}}, OtherSpec: "==" + other[0].Version(), Chosen: other[0].Version()}
			}
		}
		if !slices.Contains(r.chosen[p.name], p) {
			r.chosen[p.name] = append(r.chosen[p.name], p)
			r.why[p] = constraint{raw: "==" + p.Version()}
			queue = append(queue, item{p, Chain{{p.name, p.Version()}}})
		}
	}
	for len(queue) > 0 {
		it := queue[0]
		queue = queue[1:]
		for _, req := range RequirementsOf(it.p) {
			dep, fresh, err := r.choose(req, it.chain)
			if err != nil {
				return nil, err
			}
			if dep == nil {
				continue
			}
			r.deps[it.p] = append(r.deps[it.p], dep)
			if fresh {
				queue = append(queue, item{dep, append(slices.Clone(it.chain), Step{dep.name, dep.Version()})})
			}
		}
	}
	// Dependencies before dependents: post-order from the roots.
	var order []*Package
	seen := map[*Package]bool{}
	var visit func(p *Package)
	visit = func(p *Package) {
		if seen[p] {
			return
		}
		seen[p] = true
		for _, d := range r.deps[p] {
			visit(d)
		}
		order = append(order, p)
	}
	for _, p := range roots {
		visit(p)
	}
	return order, nil
}

// choose meets one requirement; fresh reports a package chosen for the
// first time. A nil package with no error is a skipped requirement.
func (r *resolver) choose(req Requirement, chain Chain) (p *Package, fresh bool, err error) {
	name := req.Package
	fail := &ResolveError{Chain: chain, Name: name, Spec: req.Spec}
	spec, perr := versions.ParseSpec(req.Spec)
	if perr != nil {
		fail.Err = perr
		return nil, false, fail
	}
	cons := constraint{spec: spec, raw: req.Spec, chain: chain}
	candidates := r.byName[name]
	if len(candidates) == 0 && name == CoreLibrary {
		return nil, false, nil
	}
	for _, c := range candidates {
		if c.anyVersion {
			fresh = !slices.Contains(r.chosen[name], c)
			if fresh {
				r.chosen[name] = append(r.chosen[name], c)
			}
			return c, fresh, nil
		}
	}
	// Versions in use first.
	inUse := r.chosen[name]
	if i := spec.Select(versionsOf(inUse)); i >= 0 {
		return inUse[i], false, nil
	}
	if r.opts.SingleVersion && len(inUse) > 0 {
		prev := inUse[0]
		why := r.why[prev]
		fail.Other, fail.OtherSpec, fail.Chosen = why.chain, why.raw, prev.Version()
		if fail.Other == nil { // a root
			fail.Other = Chain{{prev.name, prev.Version()}}
		}
		all := append(slices.Clone(r.extra[name]), cons)
		if why.chain != nil {
			all = append(all, why)
		}
		if why.chain != nil && bestMatching(candidates, all) != nil {
			return nil, false, &retryError{name: name, cons: []constraint{cons, why}, err: fail}
		}
		return nil, false, fail
	}
	// Then fixed versions, then the highest available one (satisfying
	// what earlier attempts learnt, when possible).
	var found *Package
	if fixed := r.fixed[name]; len(fixed) > 0 {
		if i := spec.Select(fixed); i >= 0 {
			found = bestMatching(candidates, []constraint{{spec: exactly(fixed[i])}})
		}
	}
	if found == nil {
		found = bestMatching(candidates, append(slices.Clone(r.extra[name]), cons))
	}
	if found == nil {
		found = bestMatching(candidates, []constraint{cons})
	}
	if found == nil {
		for _, c := range candidates {
			fail.Available = append(fail.Available, c.Version())
		}
		return nil, false, fail
	}
	r.chosen[name] = append(r.chosen[name], found)
	r.why[found] = cons
	return found, true, nil
}

func versionsOf(ps []*Package) []*semver.Version {
	vs := make([]*semver.Version, len(ps))
	for i, p := range ps {
		vs[i] = p.version
	}
	return vs
}

// bestMatching returns the highest of the packages that satisfies every
// constraint (the last of equal versions), or nil.
func bestMatching(ps []*Package, cons []constraint) *Package {
	var best *Package
	for _, p := range ps {
		ok := true
		for _, c := range cons {
			ok = ok && c.spec.Match(p.version)
		}
		if ok && (best == nil || p.version.Compare(best.version) >= 0) {
			best = p
		}
	}
	return best
}

// exactly is the spec "==v".
func exactly(v *semver.Version) versions.Spec {
	s, err := versions.ParseSpec("==" + v.String())
	if err != nil {
		panic(err)
	}
	return s
}
