// This file finds and installs what the build and the tests need from outside
// the module: Debian packages and npm packages.

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
)

// debianPackages is the one list of Debian packages that the tests need.
var debianPackages = []string{
	"chromium",                 // browser tests and screenshots, driven by playwright-core
	"python3-yaql",             // oracle of the differential YAQL tests
	"python3-murano",           // oracle of the differential MuranoPL tests
	"python3-pytest",           // needed by the murano oracle
	"python3-oslotest",         // needed by the murano oracle
	"python3-murano-pkg-check", // oracle of muranopl lint
	"python3-murano-dashboard", // oracle of the Dynamic UI forms
}

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// ensureDebianPackages installs the missing debianPackages with apt-get when
// it runs as root on Debian. Otherwise it prints the command to run and
// returns the packages that are still missing.
func ensureDebianPackages(ctx context.Context, out io.Writer) ([]string, error) {
	if _, err := os.Stat("/etc/debian_version"); err != nil {
		fmt.Fprintf(out, "not a Debian system: install the equivalents of %s yourself\n", strings.Join(debianPackages, " "))
		return nil, nil
	}
	missing := missingDebianPackages(ctx)
	if len(missing) == 0 {
		fmt.Fprintf(out, "Debian packages present: %s\n", strings.Join(debianPackages, " "))
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
	if still := missingDebianPackages(ctx); len(still) > 0 {
		return still, fmt.Errorf("still missing after apt-get install: %s", strings.Join(still, " "))
	}
	return nil, nil
}

func missingDebianPackages(ctx context.Context) []string {
	var missing []string
	for _, pkg := range debianPackages {
		status, err := exec.CommandContext(ctx, "dpkg-query", "-W", "-f=${Status}", pkg).Output()
		if err != nil || !strings.HasSuffix(string(status), " installed") {
			missing = append(missing, pkg)
		}
	}
	return missing
}

// oraclePath is the reference oracle beside the repository (shared/oracle).
const oraclePath = "../shared/oracle/oracle.py"

// ensureCoreLibrary makes the reference's core library io.murano (from
// Debian's murano-common) available to the oracle and to the tests that
// load it: `oracle.py core-lib` finds it, or `--fetch` downloads and
// extracts it (apt-get download, no installation).
func ensureCoreLibrary(ctx context.Context, out io.Writer) error {
	if !fileExists(oraclePath) {
		return fmt.Errorf("the oracle is not at %s", oraclePath)
	}
	if exec.CommandContext(ctx, "/usr/bin/python3", oraclePath, "core-lib").Run() == nil {
		fmt.Fprintln(out, "io.murano core library present")
		return nil
	}
	return run(ctx, out, nil, "/usr/bin/python3", oraclePath, "core-lib", "--fetch")
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
