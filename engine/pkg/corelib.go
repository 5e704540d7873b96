// This file finds the io.murano core library.

package pkg

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
)

// debCoreLibrary is where Debian's murano-common installs the core
// library, relative to the root.
const debCoreLibrary = "usr/share/murano-common/io.murano.zip"

// systemCoreLibrary is the core library of an installed murano-common.
var systemCoreLibrary = "/" + debCoreLibrary

// LocateCoreLibrary finds the io.murano core library where the reference
// oracle (../shared/oracle/oracle.py) looks for it and returns its files
// (the root holds manifest.yaml) and where they are:
//
//  1. $MURANO_CORE_LIBRARY: an io.murano.zip, its extracted folder, or
//     the root of an extracted murano-common .deb;
//  2. /usr/share/murano-common/io.murano.zip (murano-common installed);
//  3. the oracle's cache, $MURANO_ORACLE_CACHE or ~/.cache/murano-oracle:
//     the io.murano.zip `oracle.py core-lib --fetch` put there, else the
//     newest folder io.murano-* holding manifest.yaml that the oracle
//     extracted.
//
// A zip is read into memory; nothing is extracted or copied.
func LocateCoreLibrary() (fs.FS, string, error) {
	if env := os.Getenv("MURANO_CORE_LIBRARY"); env != "" {
		fsys, where, err := openCoreLibrary(env)
		if err != nil {
			return nil, "", fmt.Errorf("MURANO_CORE_LIBRARY=%s: %w", env, err)
		}
		return fsys, where, nil
	}
	if fsys, where, err := openCoreLibrary(systemCoreLibrary); !errors.Is(err, fs.ErrNotExist) {
		return fsys, where, err
	}
	cache := os.Getenv("MURANO_ORACLE_CACHE")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, "", notFound()
		}
		cache = filepath.Join(home, ".cache", "murano-oracle")
	}
	if fsys, where, err := openCoreLibrary(filepath.Join(cache, "io.murano.zip")); !errors.Is(err, fs.ErrNotExist) {
		return fsys, where, err
	}
	if dir := newestExtracted(cache); dir != "" {
		return os.DirFS(dir), dir, nil
	}
	return nil, "", notFound()
}

func notFound() error {
	return errors.New("the io.murano core library is not found: run `python3 ../shared/oracle/oracle.py core-lib --fetch` " +
		"(it downloads Debian's murano-common) or set MURANO_CORE_LIBRARY to an io.murano.zip or its extracted folder")
}

// openCoreLibrary opens a core library zip, a folder holding
// manifest.yaml, or an extracted .deb; fs.ErrNotExist when there is
// nothing.
func openCoreLibrary(where string) (fs.FS, string, error) {
	info, err := os.Stat(where)
	switch {
	case err != nil:
		return nil, "", err
	case !info.IsDir():
		data, err := os.ReadFile(where)
		if err != nil {
			return nil, "", err
		}
		fsys, err := zipFS(data)
		return fsys, where, err
	case isFile(filepath.Join(where, manifestFile)):
		return os.DirFS(where), where, nil
	case isFile(filepath.Join(where, debCoreLibrary)):
		return openCoreLibrary(filepath.Join(where, debCoreLibrary))
	}
	return nil, "", fmt.Errorf("%s has no %s: %w", where, manifestFile, fs.ErrNotExist)
}

// newestExtracted returns the most recently modified folder io.murano-*
// of the cache that holds manifest.yaml, or "".
func newestExtracted(cache string) string {
	dirs, _ := filepath.Glob(filepath.Join(cache, "io.murano-*"))
	dirs = slices.DeleteFunc(dirs, func(d string) bool { return !isFile(filepath.Join(d, manifestFile)) })
	var newest string
	var newestTime int64
	for _, d := range dirs {
		if info, err := os.Stat(d); err == nil && (newest == "" || info.ModTime().UnixNano() > newestTime) {
			newest, newestTime = d, info.ModTime().UnixNano()
		}
	}
	return newest
}

func isFile(name string) bool {
	info, err := os.Stat(name)
	return err == nil && info.Mode().IsRegular()
}
