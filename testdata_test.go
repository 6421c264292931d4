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

// allPGNFiles returns the paths of the shared PGN files (sharedPGNFiles) and of the project's
// own (testdata/pgn), failing when fewer than 100 are found.
func allPGNFiles(t *testing.T) []string {
	t.Helper()
	dir, shared := sharedPGNFiles(t)
	var files []string
	for _, rel := range shared {
		files = append(files, filepath.Join(dir, filepath.FromSlash(rel)))
	}
	own, _ := filepath.Glob(filepath.Join("testdata", "pgn", "*.pgn"))
	files = append(files, own...)
	if len(files) < 100 {
		t.Fatalf("%d PGN files, want the shared ones", len(files))
	}
	return files
}
