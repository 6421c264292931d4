package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestCheckJSONMemoryBoundedByBytes: `chess check -json -j 2` holds a bounded amount of input
// whatever its shape, also where there is no tag section to cut the input at for the workers
// (issue "PGN layer in layers"): millions of tagless empty games from a few KB of gzip, tag
// records with no movetext, one endless tag section, and random text and bytes. The peak
// resident size of the process stays under 200 MB. (The peak holds what the garbage collector
// has not freed yet, too.)
func TestCheckJSONMemoryBoundedByBytes(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the peak resident size from getrusage's ru_maxrss, in kB on Linux only")
	}
	const bound = 200 << 20
	scale := 1
	if testing.Short() {
		scale = 0
	}
	rng := rand.New(rand.NewSource(1))
	repeat := func(unit string, n int) func(io.Writer) {
		return func(w io.Writer) {
			block := strings.Repeat(unit, 1000)
			for range n / 1000 {
				io.WriteString(w, block)
			}
		}
	}
	random := func(n int, text bool) func(io.Writer) {
		return func(w io.Writer) {
			if !text {
				// a head of empty games, then random bytes past the 4 kB that are sniffed
				io.WriteString(w, strings.Repeat("*\n", 4096))
			}
			b := make([]byte, 64<<10)
			for range n / len(b) {
				rng.Read(b)
				if text { // printing ASCII and line ends: text, not binary
					for i, c := range b {
						if c %= 103; c < 95 {
							b[i] = ' ' + c
						} else {
							b[i] = '\n'
						}
					}
				}
				w.Write(b)
			}
		}
	}
	shapes := []struct {
		name  string
		write func(io.Writer)
		games int // -1: not counted here
	}{
		{"tagless empty games", repeat("*\n", []int{300_000, 3_000_000}[scale]), []int{300_000, 3_000_000}[scale]},
		{"tag records without movetext", repeat("[White \"a\"]\n\n", []int{30_000, 300_000}[scale]), []int{30_000, 300_000}[scale]},
		// past the byte budget of one game (32 MB): the longest chunk a worker holds
		{"one endless tag section", repeat("[Event \"x\"]\n", []int{3_000_000, 8_000_000}[scale]), -1},
		{"random text", random([]int{4 << 20, 16 << 20}[scale], true), -1},
		{"random bytes after a PGN head", random([]int{4 << 20, 16 << 20}[scale], false), -1},
	}
	dir := t.TempDir()
	for _, sh := range shapes {
		name := filepath.Join(dir, strings.ReplaceAll(sh.name, " ", "-")+".pgn.gz")
		f, err := os.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		z, _ := gzip.NewWriterLevel(f, gzip.BestSpeed)
		text := &countingWriter{}
		sh.write(io.MultiWriter(z, text))
		if err := z.Close(); err != nil {
			t.Fatal(err)
		}
		f.Close()
		st, rss := checkMaxRSS(t, "check", "-json", "-j", "2", name)
		t.Logf("%s: %d MB of text, %d games: peak RSS %d MB", sh.name, text.n>>20, st.Games, rss>>20)
		if st.Bytes != text.n || sh.games >= 0 && st.Games != sh.games {
			t.Errorf("%s: the summary says %d games, %d bytes; want %d games, %d bytes", sh.name, st.Games, st.Bytes, sh.games, text.n)
		}
		if rss > bound {
			t.Errorf("%s: peak RSS %d MB, want under %d MB", sh.name, rss>>20, bound>>20)
		}
	}
}

// checkMaxRSS runs the chess command with args (check -json ...) and returns the summary
// (the last line of stdout) and the command's peak resident size in bytes.
func checkMaxRSS(t *testing.T, args ...string) (checkStats, int64) {
	t.Helper()
	var out bytes.Buffer
	rss := commandMaxRSS(t, nil, &lastLine{&out}, args...)
	var summary struct {
		Summary checkStats `json:"summary"`
	}
	if err := json.Unmarshal(out.Bytes(), &summary); err != nil {
		t.Fatalf("the last line %q is no summary: %v", out.Bytes(), err)
	}
	return summary.Summary, rss
}

// commandMaxRSS runs the chess command with args, stdin and stdout, and returns its peak
// resident size in bytes. A child's ru_maxrss on Linux starts from the peak of the process
// that started it (exec records the old memory's peak, and os/exec's vfork shares the
// test's), so the command is started by a small helper, this test binary started afresh
// (maxRSSHelper), whose own peak is a few MB: the test process's own peak, which depends on
// the tests run before and on the machine's load, is not counted.
func commandMaxRSS(t *testing.T, stdin io.Reader, stdout io.Writer, args ...string) int64 {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(self, append([]string{chessBin}, args...)...)
	cmd.Env = append(os.Environ(), maxRSSHelperEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v: %s", err, stderr.Bytes())
	}
	lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
	kB, err := strconv.ParseInt(strings.TrimPrefix(lines[len(lines)-1], "maxrss kB "), 10, 64)
	if err != nil {
		t.Fatalf("no peak resident size from the helper: %q", stderr.String())
	}
	return kB << 10
}

// maxRSSHelperEnv set makes the test binary maxRSSHelper instead of running the tests.
const maxRSSHelperEnv = "CHESS_TEST_MAXRSS_HELPER"

// maxRSSHelper runs the command os.Args[1:] with the helper's stdin, stdout and stderr, then
// writes "maxrss kB N", the command's peak resident size, as the last line of stderr, and
// returns 0 (the command's exit status is not the point).
func maxRSSHelper() int {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	rusage, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		fmt.Fprintln(os.Stderr, "no rusage")
		return 2
	}
	w := bufio.NewWriter(os.Stderr)
	fmt.Fprintf(w, "\nmaxrss kB %d\n", rusage.Maxrss) // kB on Linux
	w.Flush()
	return 0
}

// lastLine keeps the last line written to it, the -json summary: the lines before it are
// many, and only the process's memory is measured.
type lastLine struct{ b *bytes.Buffer }

func (l *lastLine) Write(p []byte) (int, error) {
	l.b.Write(p)
	if b := l.b.Bytes(); len(b) > 1 {
		if i := bytes.LastIndexByte(b[:len(b)-1], '\n'); i >= 0 {
			l.b.Next(i + 1)
		}
	}
	return len(p), nil
}
