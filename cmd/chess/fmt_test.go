package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ox88/chess"
	"github.com/ox88/chess/internal/sharedtest"
)

// checkKinds returns the kinds of the errors that chess check -json finds in a file, in order.
func checkKinds(t *testing.T, name string) []string {
	t.Helper()
	out, _, _ := runChess(t, nil, "check", "-json", name)
	var kinds []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var obj struct {
			Errors  []jsonProblem `json:"errors"`
			Kind    string        `json:"kind"`
			Warning bool          `json:"warning"`
		}
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("not a JSON object: %q", line)
		}
		for _, e := range obj.Errors {
			kinds = append(kinds, e.Kind)
		}
		if obj.Kind != "" && !obj.Warning {
			kinds = append(kinds, obj.Kind)
		}
	}
	return kinds
}

// cut shortens a test's output for a failure message.
func cut(s string) string {
	if len(s) > 1500 {
		return s[:1500] + "..."
	}
	return s
}

// fmt keeps what it was given: a game with errors of any class is written as its original
// text, with one line on stderr, exit 1; the games around it are formatted; -w refuses the
// file unless -force, and with -force writes what standard output gets. Nothing is lost: check
// finds the same errors in the output as in the input.
func TestFmtForceKeepsEachErrorClass(t *testing.T) {
	goodA := "[Event \"A\"]\n1.e4 e5 2.Nf3 *\n"
	goodB := "[Event \"B\"]\n1.d4 d5 *\n"
	wantA := "[Event \"A\"]\n\n1. e4 e5 2. Nf3 *\n\n"
	wantB := "[Event \"B\"]\n\n1. d4 d5 *\n\n"
	deep := "1. e4 " + strings.Repeat("(1. d4 ", 130) + strings.Repeat(")", 130) + " *"
	for _, tc := range []struct {
		kind, game string
		last       bool // the error swallows what follows: the game goes last
	}{
		{"illegal move", "1. e4 e5 2. Ke3 Nc6 3. Nf3 *", false},
		{"ambiguous move", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\"]\n1. Nd2 Ke7 *", false},
		{"syntax error", "1. e4 @@ e5 *", false},
		{"bad tag pair", "[Event x]\n1. e4 *", false},
		{"bad FEN tag", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\"]\n*", false},
		{"budget exceeded", deep, false},
		{"unsupported variant", "[Variant \"Atomic\"]\n1. e4 *", false},
		{"result contradicts the final position", "1. f3 e5 2. g4 Qh4# 1-0", false},
		{"unbalanced variation", "1. e4 (1. d4 *", true},
		{"unterminated comment", "1. e4 { never closed", true},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			dir := t.TempDir()
			in := goodA + "\n" + tc.game + "\n\n" + goodB
			want := wantA + tc.game + "\n\n" + wantB
			if tc.last {
				in, want = goodA+"\n"+tc.game+"\n", wantA+tc.game+"\n\n"
			}
			name := filepath.Join(dir, "games.pgn")
			os.WriteFile(name, []byte(in), 0o644)
			kinds := checkKinds(t, name)
			if len(kinds) != 1 || kinds[0] != tc.kind {
				t.Fatalf("check finds %q in the input, want [%s]", kinds, tc.kind)
			}
			out, stderr, code := runChess(t, nil, "fmt", name)
			if code != exitProblems || out != want || strings.Count(stderr, "\n") != 1 || !strings.HasSuffix(stderr, ": written as it was\n") {
				t.Errorf("fmt: exit %d\n%s\nwant\n%s\nstderr %q", code, cut(out), cut(want), cut(stderr))
			}
			_, stderr, code = runChess(t, nil, "fmt", "-w", name)
			if code != exitProblems || string(readFile(t, name)) != in || !strings.Contains(stderr, "has errors: not rewritten (use -force)") {
				t.Errorf("fmt -w: exit %d, %s", code, stderr)
			}
			_, _, code = runChess(t, nil, "fmt", "-w", "-force", name)
			if got := string(readFile(t, name)); code != exitProblems || got != want {
				t.Errorf("fmt -w -force: exit %d\n%s", code, got)
			}
			if after := checkKinds(t, name); len(after) != 1 || after[0] != tc.kind {
				t.Errorf("check finds %q after fmt -w -force, want [%s]", after, tc.kind)
			}
		})
	}
}

// §8.2.6: the termination marker and the Result tag are written as they were when they
// disagree, with a warning; check accepts the output as it accepted the input.
func TestFmtKeepsResultAsWritten(t *testing.T) {
	in := "[Event \"e\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n"
	want := "[Event \"e\"]\n[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n"
	out, stderr, code := runChess(t, []byte(in), "fmt")
	if code != exitOK || out != want || stderr != "-:1: game 1: warning: the Result tag says 1-0, the termination marker 0-1: both kept\n" {
		t.Errorf("exit %d\n%s\n%q", code, out, stderr)
	}
	if _, _, code := runChess(t, []byte(out), "check"); code != exitOK {
		t.Errorf("check of the output: exit %d", code)
	}
}

// fmt -w edits the file a name points to, as gofmt -w does, and refuses what it cannot
// rewrite safely.
func TestFmtWriteSafety(t *testing.T) {
	in := "[Event \"e\"]\n1.e4 e5 *\n"
	want := "[Event \"e\"]\n\n1. e4 e5 *\n\n"
	dir := t.TempDir()

	// through a symbolic link: the target is rewritten, the link stays a link
	target := filepath.Join(dir, "target.pgn")
	os.WriteFile(target, []byte(in), 0o640)
	link := filepath.Join(dir, "link.pgn")
	os.Symlink("target.pgn", link)
	if _, stderr, code := runChess(t, nil, "fmt", "-w", link); code != exitOK || string(readFile(t, target)) != want {
		t.Errorf("symlink: exit %d %s", code, stderr)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is no longer a link: %v %v", fi.Mode(), err)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}

	// no write permission bit: refused, even as root
	readOnly := filepath.Join(dir, "ro.pgn")
	os.WriteFile(readOnly, []byte(in), 0o444)
	if _, stderr, code := runChess(t, nil, "fmt", "-w", readOnly); code != exitUsage || string(readFile(t, readOnly)) != in ||
		!strings.Contains(stderr, "ro.pgn: not rewritten: it has no write permission (mode -r--r--r--)") {
		t.Errorf("0444: exit %d %s", code, stderr)
	}

	// not a regular file
	fifo := filepath.Join(dir, "fifo.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := runChess(t, nil, "fmt", "-w", fifo); code != exitUsage || !strings.Contains(stderr, "fifo.pgn: not rewritten: not a regular file") {
		t.Errorf("fifo: exit %d %s", code, stderr)
	}
	if _, stderr, code := runChess(t, nil, "fmt", "-w", "/dev/null"); code != exitUsage || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("/dev/null: exit %d %s", code, stderr)
	}

	// the owner is kept (as root, a file of another user)
	owned := filepath.Join(dir, "owned.pgn")
	os.WriteFile(owned, []byte(in), 0o664)
	if os.Geteuid() == 0 {
		os.Chown(owned, 1234, 5678)
	}
	before, _ := os.Stat(owned)
	if _, stderr, code := runChess(t, nil, "fmt", "-w", owned); code != exitOK || string(readFile(t, owned)) != want {
		t.Errorf("owned: exit %d %s", code, stderr)
	}
	after, _ := os.Stat(owned)
	b, a := before.Sys().(*syscall.Stat_t), after.Sys().(*syscall.Stat_t)
	if a.Uid != b.Uid || a.Gid != b.Gid || after.Mode() != before.Mode() {
		t.Errorf("owner %d:%d mode %v, want %d:%d %v", a.Uid, a.Gid, after.Mode(), b.Uid, b.Gid, before.Mode())
	}
	noTemps(t, dir)
}

// noTemps fails when a temporary file of fmt -w is left in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	if m, _ := filepath.Glob(filepath.Join(dir, ".*.chess-fmt-*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

// failingWriter fails once it has taken n bytes, as a full disk does.
type failingWriter struct {
	w io.Writer
	n int
}

func (f *failingWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n, _ := f.w.Write(p[:f.n])
		f.n = 0
		return n, syscall.ENOSPC
	}
	f.n -= len(p)
	return f.w.Write(p)
}

// A write error half way through -w leaves the original intact, removes the temporary file,
// names the file and the OS error, and exits 2; the next file is still rewritten.
func TestFmtWriteErrorHalfWay(t *testing.T) {
	dir := t.TempDir()
	big := bytes.Repeat([]byte("[Event \"e\"]\n1.e4 e5 2.Nf3 Nc6 *\n\n"), 20000)
	first, second := filepath.Join(dir, "first.pgn"), filepath.Join(dir, "second.pgn")
	os.WriteFile(first, big, 0o644)
	os.WriteFile(second, []byte("1.e4 *"), 0o644)
	calls := 0
	wrapTemp = func(w io.Writer) io.Writer {
		calls++
		if calls == 1 {
			return &failingWriter{w, len(big) / 2}
		}
		return w
	}
	defer func() { wrapTemp = func(w io.Writer) io.Writer { return w } }()
	var stdout, stderr bytes.Buffer
	code := run([]string{"fmt", "-w", first, second}, nil, &stdout, &stderr)
	if code != exitUsage || !bytes.Equal(readFile(t, first), big) || string(readFile(t, second)) != "1. e4 *\n\n" ||
		!strings.HasPrefix(stderr.String(), "chess fmt: "+first+": not rewritten: ") ||
		!strings.HasSuffix(stderr.String(), ": no space left on device\n") {
		t.Errorf("exit %d, stderr %q", code, cut(stderr.String()))
	}
	noTemps(t, dir)
}

// A signal in the middle of -w (a child process stopped mid-run) leaves the original intact:
// SIGINT and SIGTERM remove the temporary file; SIGKILL cannot be caught, and the original is
// intact all the same.
func TestFmtWriteInterrupted(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("sees that the run is stopped in /proc")
	}
	var text bytes.Buffer
	for text.Len() < 8<<20 {
		text.WriteString("[Event \"e\"]\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 *\n\n")
	}
	dir := t.TempDir()
	name := filepath.Join(dir, "games.pgn")
	os.WriteFile(name, text.Bytes(), 0o644)
	formatted, err := exec.Command(chessBin, "fmt", name).Output() // what the temporary file holds in the end
	if err != nil {
		t.Fatal(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		var cmd *exec.Cmd
		var stderr bytes.Buffer
		// the run is stopped (SIGSTOP) with some of its output in the temporary file, not all,
		// so that the signal comes in the middle of it however long the test was held up
		// before it could stop it; a run stopped too late (it finished, or wrote everything)
		// is made again
		for attempt := 1; ; attempt++ {
			dir = t.TempDir()
			name = filepath.Join(dir, "games.pgn")
			os.WriteFile(name, text.Bytes(), 0o644)
			cmd = exec.Command(chessBin, "fmt", "-w", name)
			stderr.Reset()
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if stopMidRun(t, cmd, dir, int64(len(formatted))) {
				break
			}
			cmd.Process.Signal(syscall.SIGCONT)
			if err := cmd.Wait(); err != nil {
				t.Fatalf("%v: %v: %s", sig, err, stderr.String())
			}
			if attempt == 5 {
				t.Fatalf("%v: the run finished before it could be stopped, 5 times", sig)
			}
		}
		cmd.Process.Signal(sig)
		cmd.Process.Signal(syscall.SIGCONT) // the signal waits for the run to go on
		err := cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%v: %v (the run ended before the signal)", sig, err)
		}
		if !bytes.Equal(readFile(t, name), text.Bytes()) {
			t.Errorf("%v: the original changed", sig)
		}
		if sig != syscall.SIGKILL {
			if ee.ExitCode() != 128+int(sig) || !strings.Contains(stderr.String(), "stopped, the files not yet rewritten are unchanged") {
				t.Errorf("%v: exit %d, %s", sig, ee.ExitCode(), stderr.String())
			}
			noTemps(t, dir)
		}
	}
}

// stopMidRun waits until the temporary file of fmt -w (cmd) in dir has some output, stops the
// process (SIGSTOP) and waits until every thread of it is stopped; it reports whether the
// temporary file then has less than all the output (all bytes): the run is in the middle of
// formatting, and cannot rename the file before it goes on. False: it finished, or is at its
// end. The 20 s only bound a hang.
func stopMidRun(t *testing.T, cmd *exec.Cmd, dir string, all int64) bool {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	wait := func(what string, done func() bool) {
		for !done() {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("no %s in 20 s", what)
			}
			time.Sleep(time.Millisecond)
		}
	}
	tempSize := func() int64 {
		if m, _ := filepath.Glob(filepath.Join(dir, ".games.pgn.chess-fmt-*")); len(m) == 1 {
			if fi, err := os.Stat(m[0]); err == nil {
				return fi.Size()
			}
		}
		return -1 // none (not yet, or renamed)
	}
	finished := false
	wait("temporary file with output", func() bool {
		finished = processState(cmd.Process.Pid) == "Z" // it exited
		return finished || tempSize() > 0
	})
	if finished {
		return false
	}
	cmd.Process.Signal(syscall.SIGSTOP)
	wait("stopped process", func() bool {
		if processState(cmd.Process.Pid) == "Z" {
			finished = true
			return true
		}
		tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*", cmd.Process.Pid))
		for _, task := range tasks {
			if s := processState(strings.TrimPrefix(task, "/proc/")); s != "T" && s != "t" {
				return false
			}
		}
		return len(tasks) > 0
	})
	if finished {
		return false
	}
	size := tempSize()
	return size > 0 && size < all
}

// processState returns the state letter of /proc/PID/stat (or of "PID/task/TID"): "R", "S",
// "T" stopped, "Z" exited but not waited for; "" when there is none.
func processState(pid any) string {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%v/stat", pid))
	if err != nil {
		return ""
	}
	// "pid (comm) state ...": comm may hold spaces and parentheses, the last ")" ends it
	if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) {
		return string(stat[i+2])
	}
	return ""
}

// A write error on standard output is reported with the OS error and exit status 2; a closed
// pipe ends the run at once and quietly.
func TestWriteErrorsOnStdout(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{{"check", "-json", "testdata/sample.pgn"}, {"fmt", "testdata/sample.pgn"}, {"check", "-W", "testdata/sample.pgn"}} {
		cmd := exec.Command(chessBin, args...)
		cmd.Dir = "../.."
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		want := fmt.Sprintf("chess %s: writing standard output: write /dev/stdout: no space left on device\n", args[0])
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage || !strings.HasSuffix(stderr.String(), want) {
			t.Errorf("%v >/dev/full: %v, stderr %q", args, err, cut(stderr.String()))
		}
	}

	// a reader that stops at once: the run ends soon after, with nothing on stderr
	var bad, good bytes.Buffer
	for bad.Len() < 4<<20 {
		bad.WriteString("1.e4 e5 2.Ke3 *\n\n")
		good.WriteString("1.e4 e5 2.Ke2 *\n\n")
	}
	for _, tc := range []struct {
		args  []string
		input []byte
	}{{[]string{"check", "-j", "1"}, bad.Bytes()}, {[]string{"check", "-json", "-j", "2"}, good.Bytes()}, {[]string{"fmt"}, good.Bytes()}} {
		args := tc.args
		cmd := exec.Command(chessBin, args...)
		cmd.Stdin = bytes.NewReader(tc.input)
		r, w, _ := os.Pipe()
		cmd.Stdout = w
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		w.Close()
		r.Read(make([]byte, 10))
		r.Close()
		err := cmd.Wait()
		if err == nil || stderr.Len() > 0 {
			t.Errorf("%v | closed pipe: %v, stderr %q", args, err, cut(stderr.String()))
		}
	}
}

// What fmt writes is read back by check with the default budgets: an export that a reader with
// them would cut (the move numbers fmt adds count as tokens) is found before it is written.
func TestFmtExportWithinDefaultBudgets(t *testing.T) {
	over := "1. e4 " + strings.Repeat("{c} ", chess.DefaultMaxTokens) + "*\n"
	under := "1. e4 " + strings.Repeat("{comment} ", chess.DefaultMaxTokens/2) + "*\n" // longer than the quick bound, read back
	for _, tc := range []struct {
		name, text string
		want       bool
	}{{"short", "1. e4 e5 *\n", true}, {"long, under the budget", under, true}, {"over the token budget", over, false}} {
		if got := readableByDefault([]byte(tc.text)); got != tc.want {
			t.Errorf("%s: readableByDefault = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// fmt streams: its memory is bounded by the largest game, not by the input: 64 MB of games with
// long comments from a small gzip stream on standard input, where a whole-file fmt would hold
// the 64 MB at least once and its trees besides. (The peak also holds what the garbage
// collector has not freed yet, more on a busy machine.)
func TestFmtStreamsMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("formats 64 MB")
	}
	game := []byte("[Event \"e\"]\n[Site \"s\"]\n\n1. e4 {" + strings.Repeat("a long comment ", 200) + "} e5 2. Nf3 Nc6 1/2-1/2\n\n")
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	n := 0
	for n < 64<<20 {
		w.Write(game)
		n += len(game)
	}
	w.Close()
	var out countingWriter
	rss := commandMaxRSS(t, bytes.NewReader(gz.Bytes()), &out, "fmt")
	t.Logf("%d MB in, %d MB out, peak RSS %d MB", n>>20, out.n>>20, rss>>20)
	if out.n < int64(n)/2 || rss > 60<<20 {
		t.Errorf("wrote %d bytes of %d; peak RSS %d MB, want under 60 MB", out.n, n, rss>>20)
	}
}

type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

// fmt -w on a name that cannot be resolved (missing, a loop of symbolic links) says which file
// and the OS error once, as fmt without -w and check do, never Go's "EvalSymlinks:" or "lstat".
func TestFmtWriteUnresolvableNameNamesFile(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pgn")
	a, b := filepath.Join(dir, "a.pgn"), filepath.Join(dir, "b.pgn")
	os.Symlink("b.pgn", a)
	os.Symlink("a.pgn", b)
	for _, tc := range []struct{ name, want string }{
		{missing, "chess fmt: " + missing + ": no such file or directory\n"},
		{a, "chess fmt: " + a + ": too many levels of symbolic links\n"},
	} {
		if _, stderr, code := runChess(t, nil, "fmt", "-w", tc.name); code != exitUsage || stderr != tc.want {
			t.Errorf("fmt -w %s: exit %d\n%q\nwant %q", tc.name, code, stderr, tc.want)
		}
	}
	noTemps(t, dir)
}

// A game with errors is written with its bytes as they were: CRLF line ends stay, and only a
// missing blank line after the last game is added, in the game's own line-end style.
func TestFmtBadGameKeepsOriginalBytes(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"1. e4 e5 2. Ke3 *\r\n", "1. e4 e5 2. Ke3 *\r\n\r\n"},
		{"[Event \"a\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 d5 2. Kd3 *\r\n\r\n",
			"[Event \"a\"]\r\n\r\n1. e4 e5 2. Ke3 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 d5 2. Kd3 *\r\n\r\n"},
		{"1. e4 e5 2. Ke3 *  \t", "1. e4 e5 2. Ke3 *  \t\n\n"},
	} {
		out, _, code := runChess(t, []byte(tc.in), "fmt")
		if code != exitProblems || out != tc.want {
			t.Errorf("fmt %q: exit %d, %q, want %q", tc.in, code, out, tc.want)
		}
	}
}

// §6: an escape line (or a comment) between games stays with the game with errors after it,
// as the text after a game with errors stays with it: at the start of the input and after a
// game that fmt rewrites.
func TestFmtKeepsEscapeLineBeforeBadGame(t *testing.T) {
	bad := "[Event \"bad\"]\n1. e4 e5 2. Ke3 *\n"
	for _, tc := range []struct{ in, want string }{
		{"%escape\n" + bad, "%escape\n" + bad + "\n"},
		{"{before}\n%x\n\n" + bad, "{before}\n%x\n\n" + bad + "\n"},
		{"[Event \"A\"]\n1.e4 e5 *\n\n%x\n{c}\n" + bad, "[Event \"A\"]\n\n1. e4 e5 *\n\n%x\n{c}\n" + bad + "\n"},
		{"[Event \"A\"]\n1.e4 e5 *\n" + bad, "[Event \"A\"]\n\n1. e4 e5 *\n\n" + bad + "\n"},
	} {
		out, _, code := runChess(t, []byte(tc.in), "fmt")
		if code != exitProblems || out != tc.want {
			t.Errorf("fmt %q: exit %d\n%q\nwant\n%q", tc.in, code, out, tc.want)
		}
	}
}

// §6: the text that no game owns (escape lines, comments before a tag section or after the
// last game) is kept where it was when the games around it are rewritten, with fmt -w too; a
// byte order mark and white space alone are not kept. The output, formatted again, stays as
// it is.
func TestFmtKeepsTextNoGameOwns(t *testing.T) {
	dir := t.TempDir()
	for i, tc := range []struct{ in, want string }{
		{"[Event \"A\"]\n1.e4 e5 *\n\n%x private\n{between}\n[Event \"B\"]\n1.d4 d5 *\n",
			"[Event \"A\"]\n\n1. e4 e5 *\n\n%x private\n{between}\n\n[Event \"B\"]\n\n1. d4 d5 *\n\n"},
		{"%top\n{c0}\n[Event \"A\"]\n1.e4 e5 *\n", "%top\n{c0}\n\n[Event \"A\"]\n\n1. e4 e5 *\n\n"},
		{"\ufeff{c0}\r\n[Event \"A\"]\n1.e4 e5 *\n", "{c0}\r\n\r\n[Event \"A\"]\n\n1. e4 e5 *\n\n"},
		{"[Event \"A\"]\n1.e4 e5 *\n%end\n{z}", "[Event \"A\"]\n\n1. e4 e5 *\n\n%end\n{z}\n\n"},
		{"\ufeff\n[Event \"A\"]\n1.e4 e5 *\n \n\n", "[Event \"A\"]\n\n1. e4 e5 *\n\n"},
		// the game's end is its marker's, wherever the marker's text comes again
		{"[Event \"a\"]\n\n1. e4 e5 0-1\n{ played 2010-10-12 }\n[Event \"b\"]\n\n1. d4 *\n",
			"[Event \"a\"]\n\n1. e4 e5 0-1\n\n{ played 2010-10-12 }\n\n[Event \"b\"]\n\n1. d4 *\n\n"},
		{"[Event \"a\"]\n1.e4 e5 1-0\n{ after: 1-0 was agreed }\n", "[Event \"a\"]\n\n1. e4 e5 1-0\n\n{ after: 1-0 was agreed }\n\n"},
		{"[Event \"a\"]\n1.e4 *\n% see * here\n[Event \"b\"]\n1.d4 *", "[Event \"a\"]\n\n1. e4 *\n\n% see * here\n\n[Event \"b\"]\n\n1. d4 *\n\n"},
		// CR alone ends the lines of the text kept
		{"[Event \"a\"]\r1.e4 e5 *\r%esc\r[Event \"b\"]\r1.d4 *\r", "[Event \"a\"]\n\n1. e4 e5 *\n\n%esc\r\r[Event \"b\"]\n\n1. d4 *\n\n"},
	} {
		out, stderr, code := runChess(t, []byte(tc.in), "fmt")
		if code != exitOK || out != tc.want || stderr != "" {
			t.Errorf("fmt %q: exit %d\n%q\nwant\n%q\nstderr %q", tc.in, code, out, tc.want, stderr)
		}
		if again, _, _ := runChess(t, []byte(out), "fmt"); again != out {
			t.Errorf("fmt of fmt %q: %q, want it unchanged", tc.in, again)
		}
		name := filepath.Join(dir, fmt.Sprintf("games%d.pgn", i))
		os.WriteFile(name, []byte(tc.in), 0o644)
		if _, stderr, code := runChess(t, nil, "fmt", "-w", name); code != exitOK || string(readFile(t, name)) != tc.want {
			t.Errorf("fmt -w %q: exit %d, file %q, stderr %q", tc.in, code, readFile(t, name), stderr)
		}
	}
}

// A game written as it was keeps the blanks at the start of its first line (" %p" is no escape
// line, "%p" would be) and is followed by a blank line in the style of its last line end (a CR
// alone then gets a CR, not an LF, which would make one CRLF of them); formatting the output
// again changes nothing, and check reads the same games in it.
func TestFmtAsItWasKeepsLineStartAndEnd(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"[White \"a\"]\n\n1. e4 e5 1-0\n %p\n[White \"b\"]\n\n1. d4 *\n",
			"[White \"a\"]\n\n1. e4 e5 1-0\n\n %p\n\n[White \"b\"]\n\n1. d4 *\n\n"},
		{"[White \"x\"]\n\n1. e4 Kxx 1-0\r[White \"y\"]\n\n1. d4 *\n",
			"[White \"x\"]\n\n1. e4 Kxx 1-0\r\r[White \"y\"]\n\n1. d4 *\n\n"},
	} {
		out, _, code := runChess(t, []byte(tc.in), "fmt")
		if code != exitProblems || out != tc.want {
			t.Errorf("fmt %q: exit %d\n%q\nwant\n%q", tc.in, code, out, tc.want)
		}
		if again, _, _ := runChess(t, []byte(out), "fmt"); again != out {
			t.Errorf("fmt of fmt %q: %q, want it unchanged", tc.in, again)
		}
		_, before, _ := runChess(t, []byte(tc.in), "check", "-q")
		_, after, _ := runChess(t, []byte(out), "check", "-q")
		if cut := func(s string) string { return s[:strings.Index(s, " in ")] }; cut(before) != cut(after) {
			t.Errorf("fmt %q: check says %q of the input, %q of the output", tc.in, cut(before), cut(after))
		}
	}
}

// §6: a game whose text holds an escape line, which no game keeps, is written as it was (not
// an error: exit status 0, one line on stderr); the games around it are rewritten. So is a
// game with text after its marker on the marker's line (ignored by the reader, a warning).
func TestFmtKeepsGameWithEscapeLine6(t *testing.T) {
	in := "[Event \"A\"]\n1.e4 e5 *\n\n[Event \"B\"]\n% app data\n1.d4 d5 *\n[Event \"C\"]\n1.c4 e5\n%more\n2.Nc3 *\n[Event \"D\"]\n1.f4 *"
	want := "[Event \"A\"]\n\n1. e4 e5 *\n\n[Event \"B\"]\n% app data\n1.d4 d5 *\n\n[Event \"C\"]\n1.c4 e5\n%more\n2.Nc3 *\n\n[Event \"D\"]\n\n1. f4 *\n\n"
	out, stderr, code := runChess(t, []byte(in), "fmt")
	wantErr := "-:4: game 2: holds an escape line (\"%\", §6), which no game keeps: written as it was\n" +
		"-:7: game 3: holds an escape line (\"%\", §6), which no game keeps: written as it was\n"
	if code != exitOK || out != want || stderr != wantErr {
		t.Errorf("exit %d\n%q\nwant\n%q\nstderr %q\nwant %q", code, out, want, stderr, wantErr)
	}
	if again, _, _ := runChess(t, []byte(out), "fmt"); again != out {
		t.Errorf("fmt of the output: %q", again)
	}
	// so is a game with text after its termination marker on its line, which the reader ignores
	in = "[Event \"a\"]\n1.e4 e5 * junk\n[Event \"b\"]\n1.d4 *\n"
	want = "[Event \"a\"]\n1.e4 e5 * junk\n\n[Event \"b\"]\n\n1. d4 *\n\n"
	wantErr = "-:1: game 1: has text after its termination marker, which the reader ignores: written as it was\n"
	if out, stderr, code := runChess(t, []byte(in), "fmt"); code != exitOK || out != want || stderr != wantErr {
		t.Errorf("exit %d\n%q\nwant\n%q\nstderr %q\nwant %q", code, out, want, stderr, wantErr)
	}
	// -nocomments leaves out the games' comments; text that no game owns stays as it was
	in = "{intro}\n[Event \"a\"]\n1.e4 {c} e5 *\n{between}\n[Event \"b\"]\n1.d4 *\n"
	want = "{intro}\n\n[Event \"a\"]\n\n1. e4 e5 *\n\n{between}\n\n[Event \"b\"]\n\n1. d4 *\n\n"
	if out, _, code := runChess(t, []byte(in), "fmt", "-nocomments"); code != exitOK || out != want {
		t.Errorf("-nocomments: exit %d\n%q\nwant\n%q", code, out, want)
	}
}

// A game with errors is said to be "written as it was" only once it was: after a write error
// on standard output, stderr says nothing of the kind, only the write error.
func TestFmtNoWrittenAsItWasAfterWriteError(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full: %v", err)
	}
	defer full.Close()
	for _, in := range []string{"1. e4 e5 2. Ke3 *\n", "1. e4 e5 2. Ke3 *\n\n[Event \"b\"]\n1. d4 d5 *\n\n1. d4 d5 2. Kd3 *\n", "[Event \"a\"]\n%x\n1. e4 e5 *\n"} {
		cmd := exec.Command(chessBin, "fmt")
		cmd.Stdin = strings.NewReader(in)
		cmd.Stdout = full
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		want := "chess fmt: writing standard output: write /dev/stdout: no space left on device\n"
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitUsage || stderr.String() != want {
			t.Errorf("fmt %q >/dev/full: %v, stderr %q, want %q", in, err, stderr.String(), want)
		}
	}
}

// fmt on every shared PGN file (the corpus aside): formatting its output again changes
// nothing; check finds the same games, moves and errors in the output as in the input; every
// escape line (§6) of the input is in the output.
func TestFmtSharedFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("formats the shared PGN files")
	}
	var files []string
	filepath.WalkDir(sharedtest.Path(t, "pgn"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "corpus" {
			return filepath.SkipDir
		}
		if err == nil && strings.HasSuffix(path, ".pgn") {
			files = append(files, path)
		}
		return nil
	})
	if len(files) < 100 {
		t.Fatalf("%d shared PGN files, want the 112 outside the corpus", len(files))
	}
	counts := func(text string) string {
		_, stderr, _ := runChess(t, []byte(text), "check", "-q")
		summary := stderr[strings.LastIndex(strings.TrimSuffix(stderr, "\n"), "\n")+1:]
		fields := strings.SplitN(summary, ", ", 5) // "1 file, N games, M moves, E errors, ..."
		if len(fields) < 5 {
			t.Fatalf("check -q said %q", stderr)
		}
		return strings.Join(fields[1:4], ", ")
	}
	for _, name := range files {
		in := string(readFile(t, name))
		out, _, _ := runChess(t, []byte(in), "fmt")
		if again, _, _ := runChess(t, []byte(out), "fmt"); again != out {
			t.Errorf("%s: fmt of fmt differs from fmt", name)
		}
		if before, after := counts(in), counts(out); before != after {
			t.Errorf("%s: check finds %s in the input, %s in fmt's output", name, before, after)
		}
		for _, line := range strings.Split(in, "\n") {
			if line = strings.TrimRight(line, "\r"); strings.HasPrefix(line, "%") && !strings.Contains(out, line) {
				t.Errorf("%s: escape line %q lost", name, line)
			}
		}
	}
}
