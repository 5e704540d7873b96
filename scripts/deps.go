// This file finds and installs what the build and the tests need from outside
// the module: Debian packages, the io.murano core library and npm packages.

package main

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"murano.dev/playground/engine/pkg"
)

// debianPackages is the one list of Debian packages that the tests need.
var debianPackages = []string{
	"chromium",       // browser tests and screenshots, driven by playwright-core
	"python3-murano", // the class files of murano's DSL unit tests, which the MuranoPL conformance corpus loads
}

// referencePackages are the Debian packages of the reference
// implementation that the live re-checks run when MURANO_REFERENCE names
// the reference harness.
var referencePackages = []string{
	"python3-yaql",             // YAQL
	"python3-murano",           // MuranoPL
	"python3-pytest",           // needed by the MuranoPL harness
	"python3-oslotest",         // needed by the MuranoPL harness
	"python3-murano-pkg-check", // muranopl lint
	"python3-murano-dashboard", // the Dynamic UI forms
}

// neededDebianPackages are the Debian packages of this run: the tests',
// and the reference's when MURANO_REFERENCE is set.
func neededDebianPackages() []string {
	needed := debianPackages
	if os.Getenv("MURANO_REFERENCE") != "" {
		for _, p := range referencePackages {
			if !slices.Contains(needed, p) {
				needed = append(needed, p)
			}
		}
	}
	return needed
}

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// ensureDebianPackages installs the missing debianPackages with apt-get when
// it runs as root on Debian. Otherwise it prints the command to run and
// returns the packages that are still missing.
func ensureDebianPackages(ctx context.Context, out io.Writer) ([]string, error) {
	needed := neededDebianPackages()
	if !isDebian() {
		fmt.Fprintf(out, "not a Debian system: install the equivalents of %s yourself\n", strings.Join(needed, " "))
		return nil, nil
	}
	missing := missingDebianPackages(ctx, needed)
	if len(missing) == 0 {
		fmt.Fprintf(out, "Debian packages present: %s\n", strings.Join(needed, " "))
		return nil, nil
	}
	install := append([]string{"apt-get", "install", "-y"}, missing...)
	if os.Geteuid() != 0 {
		fmt.Fprintf(out, "missing Debian packages; install them with:\n  sudo apt-get update && sudo %s\n", strings.Join(install, " "))
		return missing, nil
	}
	fmt.Fprintf(out, "installing Debian packages: %s\n", strings.Join(missing, " "))
	env := []string{"DEBIAN_FRONTEND=noninteractive"}
	if err := run(ctx, out, env, "apt-get", "update"); err != nil {
		return missing, err
	}
	if err := run(ctx, out, env, install[0], install[1:]...); err != nil {
		// openstack-dashboard's first configuration can fail on a fresh
		// machine and succeed when it is run again.
		fmt.Fprintf(out, "apt-get install failed (%v); finishing the configuration with dpkg --configure -a\n", err)
		if err := run(ctx, out, env, "dpkg", "--configure", "-a"); err != nil {
			return missing, err
		}
	}
	if still := missingDebianPackages(ctx, needed); len(still) > 0 {
		return still, fmt.Errorf("still missing after apt-get install: %s", strings.Join(still, " "))
	}
	return nil, nil
}

func missingDebianPackages(ctx context.Context, needed []string) []string {
	var missing []string
	for _, name := range needed {
		status, err := exec.CommandContext(ctx, "dpkg-query", "-W", "-f=${Status}", name).Output()
		if err != nil || !strings.HasSuffix(string(status), " installed") {
			missing = append(missing, name)
		}
	}
	return missing
}

func isDebian() bool { return fileExists("/etc/debian_version") }

// debCoreLibrary is the core library's file in Debian's murano-common.
const debCoreLibrary = "./usr/share/murano-common/io.murano.zip"

// ensureCoreLibrary makes the io.murano core library available to the
// tests and to muranopl: pkg.LocateCoreLibrary finds it, or it is fetched
// into pkg.CoreLibraryCache. It returns where it is.
func ensureCoreLibrary(ctx context.Context, out io.Writer) (string, error) {
	_, where, err := pkg.LocateCoreLibrary()
	switch {
	case err == nil:
		fmt.Fprintf(out, "io.murano core library: %s\n", where)
		return where, nil
	case os.Getenv("MURANO_CORE_LIBRARY") != "":
		return "", err
	}
	dest, err := pkg.CoreLibraryCache()
	if err != nil {
		return "", err
	}
	if err := fetchCoreLibrary(ctx, out, dest); err != nil {
		return "", fmt.Errorf("fetching the io.murano core library: %w", err)
	}
	if _, where, err = pkg.LocateCoreLibrary(); err != nil {
		return "", err
	}
	fmt.Fprintf(out, "io.murano core library: %s\n", where)
	return where, nil
}

// fetchCoreLibrary downloads Debian's murano-common (apt-get download,
// without installing it: that would pull in a database set-up) and
// extracts its io.murano.zip to dest.
func fetchCoreLibrary(ctx context.Context, out io.Writer, dest string) error {
	if !isDebian() {
		return errors.New("not a Debian system: set MURANO_CORE_LIBRARY to the io.murano.zip of Debian's murano-common")
	}
	tmp, err := os.MkdirTemp("", "murano-common-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	fmt.Fprintf(out, "fetching Debian's murano-common for its io.murano.zip\n")
	download := func() error {
		args := []string{"download", "murano-common"}
		if os.Geteuid() == 0 {
			// as root apt would drop to its _apt user, who cannot write
			// to the private temporary folder, and say so
			args = append([]string{"-o", "APT::Sandbox::User=root"}, args...)
		}
		cmd := exec.CommandContext(ctx, "apt-get", args...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = tmp, out, out
		return cmd.Run()
	}
	if err := download(); err != nil {
		if os.Geteuid() != 0 {
			return fmt.Errorf("apt-get download murano-common: %w (its package list may be missing: sudo apt-get update)", err)
		}
		if err := run(ctx, out, []string{"DEBIAN_FRONTEND=noninteractive"}, "apt-get", "update"); err != nil {
			return err
		}
		if err := download(); err != nil {
			return fmt.Errorf("apt-get download murano-common: %w", err)
		}
	}
	debs, _ := filepath.Glob(filepath.Join(tmp, "murano-common_*.deb"))
	if len(debs) != 1 {
		return fmt.Errorf("apt-get download murano-common left %d .deb files", len(debs))
	}
	return extractFromDeb(ctx, debs[0], debCoreLibrary, dest)
}

// extractFromDeb writes the file name of the .deb's data to dest, through
// a temporary file beside it.
func extractFromDeb(ctx context.Context, deb, name, dest string) error {
	cmd := exec.CommandContext(ctx, "dpkg-deb", "--fsys-tarfile", deb)
	data, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	err = extractFromTar(data, name, dest)
	io.Copy(io.Discard, data)
	if werr := cmd.Wait(); werr != nil && err == nil {
		err = fmt.Errorf("dpkg-deb --fsys-tarfile %s: %w: %s", deb, werr, stderr.String())
	}
	return err
}

func extractFromTar(r io.Reader, name, dest string) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return fmt.Errorf("no %s in the package", name)
		}
		if err != nil {
			return err
		}
		if h.Name != name {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return err
		}
		f, err := os.CreateTemp(filepath.Dir(dest), ".io.murano-*.zip")
		if err != nil {
			return err
		}
		defer os.Remove(f.Name())
		_, err = io.Copy(f, tr)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Chmod(f.Name(), 0o644)
		}
		if err != nil {
			return err
		}
		return os.Rename(f.Name(), dest)
	}
}

// ensureNodeModules runs `npm ci` (or `npm install` without a lock file) when
// node_modules is missing or older than package-lock.json.
func ensureNodeModules(ctx context.Context, out io.Writer) error {
	if !nodeModulesStale() {
		return nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return errors.New("npm not found: install Node.js 20 or newer with npm")
	}
	args := []string{"install", "--no-audit", "--no-fund"}
	if _, err := os.Stat("package-lock.json"); err == nil {
		args[0] = "ci"
	}
	fmt.Fprintf(out, "npm %s\n", strings.Join(args, " "))
	return run(ctx, out, nil, "npm", args...)
}

func nodeModulesStale() bool {
	installed, err := os.Stat("node_modules/.package-lock.json")
	if err != nil {
		return true
	}
	lock, err := os.Stat("package-lock.json")
	return err == nil && lock.ModTime().After(installed.ModTime())
}

// run runs a command with its output going to out and env added to the
// current environment.
func run(ctx context.Context, out io.Writer, env []string, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", name, strings.Join(args, " "), err)
	}
	return nil
}
