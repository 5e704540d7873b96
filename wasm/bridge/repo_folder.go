// This file defines repository folders for the bridge: a folder the user
// opens that holds a murano package repository (apps/<FQN>[.<version>].zip,
// bundles/<name>.bundle, images/ and an images.lst, packages.md §6), kept
// in memory by handle so that its packages and bundles can be imported.

package bridge

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"murano.dev/playground/engine"
)

func init() {
	methods["repo.open"] = repoOpen
}

// RepoFolder is a repository folder opened in the playground.
type RepoFolder struct {
	Handle string
	// Root is the folder of the picked files that holds apps/ and
	// bundles/ ("" for the root).
	Root string
	// Files are the files read, by path relative to Root.
	Files map[string][]byte
	// Unread are the files handed over by name and size only (the
	// images, which may be large), by path relative to Root.
	Unread map[string]int
}

// maxRepoFolders is the number of repository folders kept open; opening
// one more closes the oldest.
const maxRepoFolders = 8

var repoFolders = newHandles[*RepoFolder]("repo-", maxRepoFolders)

// isRepositoryFile reports whether a path (relative to a repository's
// root) is a package or a bundle where the reference's client looks for
// them.
func isRepositoryFile(name string) bool {
	dir, file := path.Split(name)
	return dir == "apps/" && strings.HasSuffix(file, ".zip") || dir == "bundles/" && strings.HasSuffix(file, ".bundle")
}

// repositoryRoot finds a repository in the picked files: the root when it
// has a package in apps/ or a bundle in bundles/, else the single
// top-level folder that does (macOS's __MACOSX and .DS_Store aside). A
// package (a manifest.yaml there) is not a repository.
func repositoryRoot(names []string) (string, bool) {
	holds := func(prefix string) bool {
		if slices.Contains(names, prefix+"manifest.yaml") {
			return false
		}
		return slices.ContainsFunc(names, func(n string) bool {
			rest, ok := strings.CutPrefix(n, prefix)
			return ok && isRepositoryFile(rest)
		})
	}
	if holds("") {
		return "", true
	}
	top := topFolder(names)
	return top, top != "" && holds(top+"/")
}

// openRepoFolder returns the repository the picked files are (nil when
// they are not one), within the limits of a package archive: a package
// of apps/ as large as a whole archive, the repository's files no more.
func openRepoFolder(files map[string][]byte, unread map[string]int) (*RepoFolder, error) {
	names := make([]string, 0, len(files)+len(unread))
	for name := range files {
		names = append(names, strings.ReplaceAll(name, `\`, "/"))
	}
	for name := range unread {
		names = append(names, strings.ReplaceAll(name, `\`, "/"))
	}
	root, ok := repositoryRoot(names)
	if !ok {
		return nil, nil
	}
	if len(names) > engine.MaxPackageEntries {
		return nil, fmt.Errorf("the folder has %d files, more than %d", len(names), engine.MaxPackageEntries)
	}
	f := &RepoFolder{Root: root, Files: map[string][]byte{}, Unread: map[string]int{}}
	relative := func(name string) (string, error) {
		p, err := packagePath(name)
		if err != nil {
			return "", err
		}
		if root != "" {
			p = strings.TrimPrefix(p, root+"/")
		}
		if _, dup := f.Files[p]; dup {
			return "", fmt.Errorf("the folder has two files named %q", p)
		}
		return p, nil
	}
	var total int
	for name, data := range files {
		p, err := relative(name)
		if err != nil {
			return nil, err
		}
		if len(data) > engine.MaxPackageSize {
			return nil, fmt.Errorf("the file %q is larger than %d bytes", name, engine.MaxPackageSize)
		}
		if total += len(data); total > engine.MaxPackageSize {
			return nil, fmt.Errorf("the folder's files are larger than %d bytes", engine.MaxPackageSize)
		}
		f.Files[p] = data
	}
	for name, size := range unread {
		p, err := relative(name)
		if err != nil {
			return nil, err
		}
		f.Unread[p] = size
	}
	return f, nil
}

// openFolderRepo prepares the repository folder with the handle for one
// request, like [openRepo] for a URL.
func openFolderRepo(handle string) (*remoteRepo, error) {
	f, ok := repoFolders.lookup(handle)
	if !ok {
		return nil, fmt.Errorf("no open repository %q", handle)
	}
	label := "the opened folder"
	if f.Root != "" {
		label = f.Root + "/"
	}
	return &remoteRepo{
		label:   label,
		repo:    engine.NewRepository(filesFS(f.Files)),
		fetched: f.Files,
		opened:  map[string]*engine.Package{},
	}, nil
}

// brokenPackages returns why the files read for a package name
// (apps/<name>.zip, apps/<name>.<version>.zip) do not open: the reason an
// import finds no version of it.
func (r *remoteRepo) brokenPackages(name string) []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	for _, file := range sortedPaths(r.fetched) {
		stem, ok := strings.CutSuffix(strings.TrimPrefix(file, "apps/"), ".zip")
		if !ok || !strings.HasPrefix(file, "apps/") || stem != name && !strings.HasPrefix(stem, name+".") {
			continue
		}
		if _, _, err := engine.OpenPackageZip(r.fetched[file]); err != nil {
			errs = append(errs, fmt.Errorf("%s: %s", file, err))
		}
	}
	return errs
}

// repositoryAt prepares the repository folder with a handle ("repo-N")
// or the repository at a base URL.
func repositoryAt(ctx context.Context, ref string) (*remoteRepo, error) {
	if _, ok := repoFolders.lookup(ref); ok {
		return openFolderRepo(ref)
	}
	return openRepo(ctx, ref)
}

type repoOpenParams struct {
	// Files are the base64 of the folder's files by path, Unread the
	// sizes of files handed over by name only.
	Files  map[string]string `json:"files"`
	Unread map[string]int    `json:"unread"`
}

// repoOpen opens the picked files as a repository folder and answers
// {"ok", "repository": …} (see [describeRepoFolder]).
func repoOpen(_ context.Context, raw []byte) []byte {
	var p repoOpenParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return failure("request", "invalid parameters: "+err.Error())
	}
	files, fail := decodeFiles(p.Files)
	if fail != nil {
		return fail
	}
	f, err := openRepoFolder(files, p.Unread)
	switch {
	case err != nil:
		return packageFailure("repository", err)
	case f == nil:
		return failure("repository", "the folder is not a repository: it has no apps/<name>.zip nor bundles/<name>.bundle")
	}
	return answerRepoFolder(f)
}

// decodeFiles decodes the base64 of files by path; on failure it returns
// the answer.
func decodeFiles(encoded map[string]string) (map[string][]byte, []byte) {
	files := make(map[string][]byte, len(encoded))
	for name, b64 := range encoded {
		data, err := base64.StdEncoding.DecodeString(b64)
		if err != nil {
			return nil, failure("request", name+": invalid base64: "+err.Error())
		}
		files[name] = data
	}
	return files, nil
}

// answerRepoFolder keeps a repository folder and describes it.
func answerRepoFolder(f *RepoFolder) []byte {
	f.Handle = repoFolders.keep(f)
	return respond(map[string]any{"ok": true, "repository": describeRepoFolder(f)})
}

// repoPackage is a package of a repository folder: its file, the package
// as `muranopl inspect` prints it (null when it does not open), why not,
// and what Murano would object to.
type repoPackage struct {
	File     string          `json:"file"`
	Package  json.RawMessage `json:"package"`
	Errors   []problem       `json:"errors"`
	Warnings []string        `json:"warnings"`
}

type repoBundle struct {
	Name    string        `json:"name"`
	File    string        `json:"file"`
	Format  string        `json:"format"` // "json" or "yaml"
	Entries []bundleEntry `json:"entries"`
	Error   *string       `json:"error"`
}

type bundleEntry struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
	URL     string `json:"url,omitempty"`
}

type repoImage struct {
	Name            string `json:"name"`
	DiskFormat      string `json:"diskFormat"`
	ContainerFormat string `json:"containerFormat"`
	URL             string `json:"url"`
	// Package is the package whose images.lst lists the image ("" for the
	// repository's own images.lst).
	Package string `json:"package"`
	// Present tells whether images/ holds the file (always false for an
	// http(s) URL).
	Present bool `json:"present"`
}

// describeRepoFolder lists what a repository folder holds: its packages
// (broken ones with their errors), bundles with their entries, the
// images the packages and the repository's images.lst ask for, and the
// files of images/.
func describeRepoFolder(f *RepoFolder) map[string]any {
	packages := []repoPackage{}
	bundles := []repoBundle{}
	images := []repoImage{}
	present := func(url string) bool {
		if _, ok := f.Files[url]; ok {
			return true
		}
		_, ok := f.Unread[url]
		return ok
	}
	for _, name := range sortedPaths(f.Files) {
		dir, file := path.Split(name)
		switch {
		case dir == "apps/" && strings.HasSuffix(file, ".zip"):
			rp := repoPackage{File: name, Errors: []problem{}, Warnings: []string{}}
			p, warnings, err := engine.OpenPackageZip(f.Files[name])
			rp.Warnings = append(rp.Warnings, warnings...)
			if err != nil {
				rp.Errors = problemsOf("package", err)
				packages = append(packages, rp)
				continue
			}
			if info, err := engine.DescribePackage(p); err != nil {
				rp.Errors = problemsOf("package", err)
			} else {
				rp.Package = json.RawMessage(info.JSON())
			}
			if stem := strings.TrimSuffix(file, ".zip"); stem != p.Name() && !strings.HasPrefix(stem, p.Name()+".") {
				rp.Warnings = append(rp.Warnings, fmt.Sprintf(
					"%s holds %s: the client looks for it at apps/%s.zip, so it cannot be imported by name", name, p.Name(), p.Name()))
			}
			for _, img := range p.Images() {
				images = append(images, repoImage{img.Name, img.DiskFormat, img.ContainerFormat, img.URL, p.Name(), present(img.URL)})
			}
			packages = append(packages, rp)
		case dir == "bundles/" && strings.HasSuffix(file, ".bundle"):
			b := repoBundle{Name: strings.TrimSuffix(file, ".bundle"), File: name, Format: "yaml", Entries: []bundleEntry{}}
			if json.Valid(f.Files[name]) {
				b.Format = "json"
			}
			if entries, err := engine.ParseBundle(f.Files[name]); err != nil {
				msg := err.Error()
				b.Error = &msg
			} else {
				for _, e := range entries {
					b.Entries = append(b.Entries, bundleEntry(e))
				}
			}
			bundles = append(bundles, b)
		}
	}
	for _, img := range engine.ParseImages(f.Files["images.lst"]) {
		images = append(images, repoImage{img.Name, img.DiskFormat, img.ContainerFormat, img.URL, "", present(img.URL)})
	}
	imageFiles := []string{}
	for name := range f.Files {
		if strings.HasPrefix(name, "images/") {
			imageFiles = append(imageFiles, name)
		}
	}
	for name := range f.Unread {
		if strings.HasPrefix(name, "images/") {
			imageFiles = append(imageFiles, name)
		}
	}
	slices.Sort(imageFiles)
	return map[string]any{
		"handle": f.Handle, "root": f.Root, "packages": packages, "bundles": bundles,
		"images": images, "imageFiles": imageFiles,
	}
}
