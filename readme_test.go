package chess

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// readmeBlocks returns the fenced blocks of README.md in the given language.
func readmeBlocks(t *testing.T, lang string) []string {
	t.Helper()
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case !in && strings.TrimSpace(line) == "```"+lang:
			in, cur = true, nil
		case in && strings.TrimSpace(line) == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n"))
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// trimLines drops each line's indentation and the blank lines, so that a README block and
// the body of an Example compare by their content.
func trimLines(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// TestREADMECodeBlocks: every Go block of the README stands, line for line, in an Example
// of example_tour_test.go, which runs with its output checked; the README cannot drift.
func TestREADMECodeBlocks(t *testing.T) {
	src, err := os.ReadFile("example_tour_test.go")
	if err != nil {
		t.Fatal(err)
	}
	code := "\n" + strings.Join(trimLines(string(src)), "\n") + "\n"
	blocks := readmeBlocks(t, "go")
	if len(blocks) < 4 {
		t.Fatalf("README has %d Go blocks, want the tour's 4 or more", len(blocks))
	}
	for i, b := range blocks {
		if want := "\n" + strings.Join(trimLines(b), "\n") + "\n"; !strings.Contains(code, want) {
			t.Errorf("README Go block %d is not in example_tour_test.go:\n%s", i+1, b)
		}
	}
}

// TestREADMEQuickStart: the quick start is exactly two commands, the first runs the checker
// on the sample file with the output of its golden file, the second is the test command.
func TestREADMEQuickStart(t *testing.T) {
	var quick string
	for _, b := range readmeBlocks(t, "sh") {
		if strings.Contains(b, "go test ./...") {
			quick = b
			break
		}
	}
	cmds := trimLines(quick)
	if len(cmds) != 2 || cmds[0] != "go run ./cmd/chess check testdata/sample.pgn" || cmds[1] != "go test ./..." {
		t.Fatalf("quick start is %q", cmds)
	}
	if testing.Short() {
		t.Skip("go run takes a few seconds")
	}
	cmd := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "run", "./cmd/chess", "check", "testdata/sample.pgn")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Errorf("exit: %v, want status 1 (the sample has errors)", err)
	}
	if want, _ := os.ReadFile("testdata/sample.check.golden"); stdout.String() != string(want) {
		t.Errorf("output\n%s\nwant\n%s", stdout.String(), want)
	}
}
