package chess

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedTestdata returns the path of rel inside ../shared/testdata, the project's shared
// test data kept beside the repository (never copied into it), and skips the test when that
// file or folder is not there.
func sharedTestdata(t testing.TB, rel string) string {
	t.Helper()
	path := filepath.Join("..", "shared", "testdata", filepath.FromSlash(rel))
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared test data %s not available: %v", rel, err)
	}
	return path
}
