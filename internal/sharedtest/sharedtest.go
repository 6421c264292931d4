// Package sharedtest locates the project's shared test data for the tests of subpackages, as
// the root package's sharedTestdata does for its own.
package sharedtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Path returns the path of rel (slash-separated) inside the shared test data, the folder
// shared/testdata beside the repository, and skips the test when it is not there.
func Path(t testing.TB, rel string) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Skip("shared test data: cannot locate the repository")
	}
	// file is REPO/internal/sharedtest/sharedtest.go.
	repo := filepath.Dir(filepath.Dir(filepath.Dir(file)))
	path := filepath.Join(filepath.Dir(repo), "shared", "testdata", filepath.FromSlash(rel))
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared test data %s not available: %v", rel, err)
	}
	return path
}
