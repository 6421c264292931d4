package chess

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedTestdata returns the path of ../shared/testdata/<rel>, the public test data laid out
// beside the repository, and skips the test when it is not there.
func sharedTestdata(t testing.TB, rel string) string {
	t.Helper()
	path := filepath.Join("..", "shared", "testdata", filepath.FromSlash(rel))
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared test data not available: %v", err)
	}
	return path
}
