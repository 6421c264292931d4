package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// chessBin is the command built once for the end-to-end tests.
var chessBin string

func TestMain(m *testing.M) {
	if os.Getenv(maxRSSHelperEnv) != "" {
		os.Exit(maxRSSHelper())
	}
	dir, err := os.MkdirTemp("", "chess-e2e-")
	if err != nil {
		panic(err)
	}
	chessBin = filepath.Join(dir, "chess")
	build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", chessBin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		panic("go build: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runChess runs the command from the repository root with args and stdin, and returns its
// stdout, stderr and exit status.
func runChess(t *testing.T, stdin []byte, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(chessBin, args...)
	cmd.Dir = "../.."
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

func readFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The README's first command: the sample file has one deliberate problem per game.
func TestCheckSampleGolden(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		golden string
	}{
		{[]string{"check", "testdata/sample.pgn"}, "../../testdata/sample.check.golden"},
		{[]string{"check", "-W", "testdata/sample.pgn"}, "../../testdata/sample.check-W.golden"},
	} {
		stdout, stderr, code := runChess(t, nil, tc.args...)
		if want := string(readFile(t, tc.golden)); stdout != want {
			t.Errorf("%v: stdout\n%s\nwant\n%s", tc.args, stdout, want)
		}
		if code != exitProblems {
			t.Errorf("%v: exit %d, want 1", tc.args, code)
		}
		if !strings.HasPrefix(stderr, "1 file, 7 games, 121 moves, 6 errors, 4 warnings in ") {
			t.Errorf("%v: summary %q", tc.args, stderr)
		}
		// the summary says how many warnings were hidden, and how to show them
		if hidden := strings.HasSuffix(stderr, "; 4 warnings not shown (-W shows them)\n"); hidden != (tc.args[1] != "-W") {
			t.Errorf("%v: summary %q", tc.args, stderr)
		}
	}
	// warnings of other classes than -W=CLASS's are hidden too
	if _, stderr, _ := runChess(t, nil, "check", "-W=missing-tag", "testdata/sample.pgn"); !strings.HasSuffix(stderr, "; 4 warnings not shown (-W=all shows them all)\n") {
		t.Errorf("-W=missing-tag: summary %q", stderr)
	}
}

func TestCheckStrict(t *testing.T) {
	stdout, stderr, code := runChess(t, nil, "check", "-strict", "testdata/sample.pgn")
	if code != exitProblems || strings.Contains(stdout, "warning:") {
		t.Errorf("exit %d, stdout\n%s", code, stdout)
	}
	if got := strings.Count(stdout, "\n"); got != 10 { // the 6 errors and the 4 warnings
		t.Errorf("%d lines, want 10:\n%s", got, stdout)
	}
	if !strings.Contains(stderr, ", 10 errors, 0 warnings") {
		t.Errorf("summary %q", stderr)
	}
	// a clean game with a lenient spelling fails only under -strict
	clean := []byte("[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"1\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 *\n")
	if _, _, code := runChess(t, clean, "check"); code != exitOK {
		t.Errorf("lenient game: exit %d, want 0", code)
	}
	out, _, code := runChess(t, clean, "check", "-strict", "-")
	if code != exitProblems || out != "-:9:13: game 1 (w - b, Round 1), 2.Ng1f3: lenient SAN: over-disambiguation\n" {
		t.Errorf("lenient game -strict: exit %d, %q", code, out)
	}
}

func TestCheckJSON(t *testing.T) {
	stdout, _, code := runChess(t, nil, "check", "-json", "testdata/sample.pgn")
	if code != exitProblems {
		t.Errorf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d JSON lines, want 7 games and a summary:\n%s", len(lines), stdout)
	}
	var g2 jsonGame
	if err := json.Unmarshal([]byte(lines[1]), &g2); err != nil {
		t.Fatal(err)
	}
	want := jsonProblem{Line: 24, Column: 34, Ply: 7, Move: "4.Nd5", Message: "illegal move: the knight on c3 is pinned by the bishop on b4", Kind: "illegal move", Class: "illegal-move"}
	if g2.Game != 2 || g2.Line != 16 || g2.White != "Claes, Carla" || g2.Result != "0-1" || g2.Plies != 6 ||
		len(g2.Errors) != 1 || g2.Errors[0] != want {
		t.Errorf("game 2: %+v", g2)
	}
	var g5 jsonGame
	json.Unmarshal([]byte(lines[4]), &g5)
	if g5.Outcome != "checkmate" || g5.FEN != "rnb1kbnr/pppp1ppp/8/4p3/5PPq/8/PPPPP2P/RNBQKBNR w KQkq - 1 3" {
		t.Errorf("game 5: %+v", g5)
	}
	var sum struct {
		Summary checkStats `json:"summary"`
	}
	json.Unmarshal([]byte(lines[7]), &sum)
	if s := sum.Summary; s.Files != 1 || s.Games != 7 || s.Moves != 121 || s.Errors != 6 || s.Warnings != 4 {
		t.Errorf("summary %+v", s)
	}
}

// -j N prints exactly what -j 1 prints, on input long enough to be cut into many chunks.
func TestCheckWorkersSameOutput(t *testing.T) {
	sample := readFile(t, "../../testdata/sample.pgn")
	big := bytes.Repeat(append(sample, '\n'), 300) // about 600 KB: several chunks
	one, _, code1 := runChess(t, big, "check", "-W", "-j", "1")
	four, _, code4 := runChess(t, big, "check", "-W", "-j", "4")
	if one != four || code1 != code4 {
		t.Errorf("-j 1 and -j 4 differ (exit %d, %d)", code1, code4)
	}
	if got := strings.Count(one, "\n"); got != 300*10 {
		t.Errorf("%d lines, want %d", got, 3000)
	}
	perCopy := strings.Count(string(sample), "\n") + 1
	last := fmt.Sprintf("-:%d:34: game %d (Claes, Carla - Dorn, David, Round 1), 4.Nd5: illegal move", 299*perCopy+24, 299*7+2)
	if !strings.Contains(one, last) {
		t.Errorf("game numbers or lines are off: no %q", last)
	}
}

// Many files: small ones are checked side by side, a large one alone with its games spread
// over the workers, and the output, the summary and the exit status are those of -j 1 in
// every mix, the file that cannot be opened included.
func TestCheckManyFiles(t *testing.T) {
	dir := t.TempDir()
	sample := readFile(t, "../../testdata/sample.pgn")
	var names []string
	add := func(name string, data []byte) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, path)
	}
	for i := 0; i < 12; i++ {
		// files of 1 to 12 sample copies, each with its own last game
		last := fmt.Sprintf("[Event \"%d\"]\n\n1. e4 e5 2. Ke%d *\n", i, i%3+2)
		add(fmt.Sprintf("small%02d.pgn", i), append(bytes.Repeat(append(sample, '\n'), i+1), last...))
	}
	add("empty.pgn", nil)
	add("garbage.pgn", []byte("<html>\n"))
	large := bytes.Repeat(append(sample, '\n'), largeFile/len(sample)+1)
	add("large.pgn", large)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(sample)
	w.Close()
	add("sample.pgn.gz", gz.Bytes())
	missing := filepath.Join(dir, "missing.pgn")

	mixes := map[string][]string{
		"small only":       names[:12],
		"all":              names,
		"large in between": append(append(append([]string{}, names[:5]...), names[14], missing, "-"), names[5:14]...),
	}
	// the summary's time and speeds differ from run to run
	jsonSeconds, lineSpeeds := regexp.MustCompile(`"seconds":[0-9.e+-]+`), regexp.MustCompile(` in [0-9.]+ s \(.*`)
	for mix, args := range mixes {
		for _, flags := range [][]string{{"-W"}, {"-json"}} {
			run := func(j string) (string, string, int) {
				stdout, stderr, code := runChess(t, sample, append(append([]string{"check", "-q", "-j", j}, flags...), args...)...)
				stdout = jsonSeconds.ReplaceAllString(stdout, "")
				stderr = lineSpeeds.ReplaceAllString(stderr, "")
				return stdout, stderr, code
			}
			out1, err1, code1 := run("1")
			if strings.Count(out1, "\n") < 12 {
				t.Fatalf("%s %v: only %d lines:\n%s%s", mix, flags, strings.Count(out1, "\n"), out1, err1)
			}
			for _, j := range []string{"2", "4"} {
				out, errs, code := run(j)
				if out != out1 || errs != err1 || code != code1 {
					t.Errorf("%s %v: -j %s differs from -j 1 (exit %d, %d)\n-j 1 stderr: %s-j %s stderr: %s", mix, flags, j, code1, code, err1, j, errs)
				}
			}
		}
	}
	// the exact totals of the "all" mix
	_, stderr, code := runChess(t, nil, append([]string{"check", "-q", "-j", "2"}, names...)...)
	games := (1+2+3+4+5+6+7+8+9+10+11+12)*7 + 12 + 1 + 7*(largeFile/len(sample)+1) + 7
	want := fmt.Sprintf("%d files, %d games, ", len(names), games)
	if code != exitProblems || !strings.HasPrefix(stderr, want) {
		t.Errorf("exit %d, %q; want exit 1, %q...", code, stderr, want)
	}
}

// -j accepts any positive count: a huge one, where 2N overflows an int, checks small files
// and standard input with the output and exit status of -j 1, instead of panicking in
// checkFiles (files) or in the reader (standard input).
func TestCheckHugeWorkers(t *testing.T) {
	args := []string{"testdata/sample.pgn", "-", "testdata/pgn/errors.pgn"}
	stdin := readFile(t, "../../testdata/pgn/quirks.pgn")
	out1, _, code1 := runChess(t, stdin, append([]string{"check", "-q", "-j", "1"}, args...)...)
	for _, j := range []string{strconv.Itoa(math.MaxInt/2 + 1), strconv.Itoa(math.MaxInt)} { // 2^62 and 2^63-1 where int has 64 bits
		out, stderr, code := runChess(t, stdin, append([]string{"check", "-q", "-j", j}, args...)...)
		if out != out1 || code != code1 || strings.Contains(stderr, "panic") {
			t.Errorf("-j %s: exit %d, want %d; output same: %v; stderr:\n%s", j, code, code1, out == out1, stderr)
		}
	}
}

// heapWriter discards what is written and records the largest heap seen at a write.
type heapWriter struct{ peak uint64 }

func (w *heapWriter) Write(p []byte) (int, error) {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	w.peak = max(w.peak, m.HeapAlloc)
	return len(p), nil
}

// The output held by -j N is bounded in bytes, not only in files: five small files, each of
// whose -json output is some 11 MB, are not held before the first is printed (-j 1 holds
// 64 KB). Each file holds at most maxHeld (256 KB) before its turn; the bound allows 16 MB
// over -j 1 for the garbage a heap reading counts. Holding whole files, -j 2 peaked at 279 MB
// on files twice as large.
func TestCheckManyFilesMemory(t *testing.T) {
	dir := t.TempDir()
	game := []byte("[White \"a\"]\n\n1. e5 *\n\n") // an error and six warnings
	data := bytes.Repeat(game, (256<<10)/len(game))
	var args []string
	for i := 0; i < 5; i++ {
		name := filepath.Join(dir, fmt.Sprintf("f%d.pgn", i))
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, name)
	}
	run := func(j string) uint64 {
		w := &heapWriter{}
		runtime.GC()
		var stderr bytes.Buffer
		code := runCheck(append([]string{"-q", "-json", "-j", j}, args...), nil, w, &stderr)
		if code != exitProblems {
			t.Fatalf("-j %s: exit %d: %s", j, code, stderr.String())
		}
		return w.peak
	}
	var out bytes.Buffer
	runCheck([]string{"-q", "-json", "-j", "1", args[0]}, nil, &out, io.Discard)
	perFile := uint64(out.Len())
	peak1, peak2 := run("1"), run("2")
	t.Logf("one file's output %d MB; peak heap at a write: -j 1 %d MB, -j 2 %d MB", perFile>>20, peak1>>20, peak2>>20)
	if peak2 > peak1+16<<20 {
		t.Errorf("-j 2 holds %d MB at a write, -j 1 %d MB; one file's output is %d MB", peak2>>20, peak1>>20, perFile>>20)
	}
}

func TestCheckCompressed(t *testing.T) {
	dir := t.TempDir()
	sample := readFile(t, "../../testdata/sample.pgn")
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(sample)
	w.Close()
	gzName := filepath.Join(dir, "sample.pgn.gz")
	os.WriteFile(gzName, gz.Bytes(), 0o644)
	golden := string(readFile(t, "../../testdata/sample.check.golden"))

	out, _, code := runChess(t, nil, "check", gzName)
	if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", gzName+":"); out != want || code != exitProblems {
		t.Errorf(".gz: exit %d\n%s", code, out)
	}
	out, _, code = runChess(t, nil, "check", "testdata/sample.pgn.bz2")
	if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", "testdata/sample.pgn.bz2:"); out != want || code != exitProblems {
		t.Errorf(".bz2: exit %d\n%s", code, out)
	}

	// a truncated stream is an error in its last game, and the run goes on to the next file
	truncName := filepath.Join(dir, "truncated.pgn.gz")
	os.WriteFile(truncName, gz.Bytes()[:gz.Len()-40], 0o644)
	out, stderr, code := runChess(t, nil, "check", truncName, "testdata/sample.pgn")
	if code != exitProblems || !strings.Contains(out, truncName+":") || !strings.Contains(out, truncName+": read error at offset 2061: gzip: the compressed data is cut short: unexpected EOF (in game 7, line 81)\n") ||
		!strings.HasSuffix(out, golden) || !strings.HasPrefix(stderr, "2 files, ") {
		t.Errorf("truncated: exit %d\n%s%s", code, out, stderr)
	}
	// not gzip at all: the first bytes decide, the name's suffix is a warning
	bad := filepath.Join(dir, "bad.pgn.gz")
	os.WriteFile(bad, []byte("1. e4 e5 *\n"), 0o644)
	out, stderr, code = runChess(t, nil, "check", "-W", bad)
	if code != exitOK || out != bad+": warning: named .gz but holds plain text: read as such\n" || !strings.HasPrefix(stderr, "1 file, 1 game, 2 moves, 0 errors, 1 warning") {
		t.Errorf("bad gzip: exit %d, %q %q", code, out, stderr)
	}
}

func TestCheckInputs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.pgn")
	os.WriteFile(empty, nil, 0o644)
	garbage := filepath.Join(dir, "garbage.pgn")
	os.WriteFile(garbage, []byte("<html>\nthis is not PGN at all\n</html>\n"), 0o644)
	several := filepath.Join(dir, "several.pgn")
	// errors in three variations (each ends only its variation) and in the main line
	os.WriteFile(several, []byte("1. e4 e5 (1... e4 2. d4) 2. Nf3 (2. Ke3 Nc6) (2. Bb6 d6) Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. Ke3 Nf6 *\n"), 0o644)

	for _, tc := range []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"empty file", []string{"check", empty}, "", exitOK, "", "1 file, 0 games, 0 moves, 0 errors, 0 warnings"},
		{"stdin", []string{"check"}, "1. e4 e5 2. Ke3 *\n", exitProblems,
			"-:1:13: game 1, 2.Ke3: illegal move: no king can move to e3\n", "1 file, 1 game"},
		{"stdin dash", []string{"check", "-"}, "1. e4 e5 *\n", exitOK, "", "1 file, 1 game, 2 moves, 0 errors"},
		{"garbage", []string{"check", garbage}, "", exitProblems,
			garbage + ":1:1: game 1, \"<\": unexpected '<'\n" +
				garbage + ":1:2: game 1, 1.html: syntax error: want a destination square like e4\n" +
				garbage + ":1:6: game 1, \">\": unexpected '>'\n" +
				garbage + ":3:1: game 1, \"<\": unexpected '<'\n" +
				garbage + ":3:7: game 1, \">\": unexpected '>'\n", "1 file, 1 game, 0 moves, 5 errors"},
		{"several errors", []string{"check", several}, "", exitProblems,
			several + ":1:16: game 1, 1...e4: illegal move: no pawn can move to e4\n" +
				several + ":1:37: game 1, 2.Ke3: illegal move: no king can move to e3\n" +
				several + ":1:50: game 1, 2.Bb6: illegal move: no bishop can move to b6\n" +
				several + ":1:88: game 1, 5.Ke3: illegal move: no king can move to e3\n", "1 file, 1 game, 8 moves, 4 errors"},
		{"missing file", []string{"check", filepath.Join(dir, "nope.pgn")}, "", exitUsage, "",
			"chess check: " + filepath.Join(dir, "nope.pgn") + ": no such file or directory"},
		{"usage wins over errors", []string{"check", "testdata/sample.pgn", filepath.Join(dir, "nope.pgn")}, "", exitUsage,
			string(readFile(t, "../../testdata/sample.check.golden")), "no such file or directory"},
		{"bad flag", []string{"check", "-nope"}, "", exitUsage, "", "flag provided but not defined: -nope"},
		{"bad -j", []string{"check", "-j", "0"}, "", exitUsage, "", "-j must be at least 1"},
		{"unknown command", []string{"frobnicate"}, "", exitUsage, "", "unknown command \"frobnicate\""},
		{"no command", nil, "", exitUsage, "", "Usage:"},
	} {
		stdout, stderr, code := runChess(t, []byte(tc.stdin), tc.args...)
		if code != tc.code || stdout != tc.stdout || !strings.Contains(stderr, tc.stderr) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.name, code, stdout, stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"check", "fmt", "perft", "book"} {
		stdout, _, code := runChess(t, nil, cmd, "-h")
		if code != exitOK || !strings.Contains(stdout, "Usage: chess "+cmd) || !strings.Contains(stdout, "Example:") {
			t.Errorf("%s -h: exit %d\n%s", cmd, code, stdout)
		}
	}
	if stdout, _, code := runChess(t, nil, "-h"); code != exitOK || !strings.Contains(stdout, "chess check") {
		t.Errorf("-h: exit %d\n%s", code, stdout)
	}
}

func TestFmt(t *testing.T) {
	in := "[White \"w\"]\n[Event \"e\"]\n[Black \"b\"]\n1.e4 {best by test} e5 2.Nf3 (2.f4 exf4) Nc6! *"
	want := "[Event \"e\"]\n[White \"w\"]\n[Black \"b\"]\n\n1. e4 { best by test } 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 *\n\n"
	out, _, code := runChess(t, []byte(in), "fmt")
	if code != exitOK || out != want {
		t.Errorf("fmt: exit %d\n%q\nwant\n%q", code, out, want)
	}

	dir := t.TempDir()
	good := filepath.Join(dir, "good.pgn")
	os.WriteFile(good, []byte(in), 0o644)
	if _, _, code := runChess(t, nil, "fmt", "-w", good); code != exitOK || string(readFile(t, good)) != want {
		t.Errorf("fmt -w: exit %d\n%s", code, readFile(t, good))
	}
	broken := filepath.Join(dir, "broken.pgn")
	original := "1. e4 e5 2. Ke3 *\n"
	os.WriteFile(broken, []byte(original), 0o644)
	_, stderr, code := runChess(t, nil, "fmt", "-w", broken)
	if code != exitProblems || string(readFile(t, broken)) != original || !strings.Contains(stderr, "not rewritten (use -force)") {
		t.Errorf("fmt -w broken: exit %d, %s", code, stderr)
	}
	if _, _, code := runChess(t, nil, "fmt", "-w", "-force", broken); code != exitProblems || string(readFile(t, broken)) != original+"\n" {
		t.Errorf("fmt -w -force: exit %d, %q", code, readFile(t, broken))
	}
	if _, stderr, code := runChess(t, nil, "fmt", "-w", "testdata/sample.pgn.bz2"); code != exitUsage || !strings.Contains(stderr, "cannot rewrite") {
		t.Errorf("fmt -w .bz2: exit %d, %s", code, stderr)
	}
}

func TestPerft(t *testing.T) {
	out, stderr, code := runChess(t, nil, "perft", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "3")
	if code != exitOK || out != "97862\n" || !strings.Contains(stderr, "nodes/s") {
		t.Errorf("perft: exit %d, %q", code, out)
	}
	out, _, code = runChess(t, nil, "perft", "-divide", "8/8/8/8/8/8/4K3/k7 w - - 0 1", "2")
	want := "e2d1: 3\ne2d2: 3\ne2d3: 3\ne2e1: 3\ne2e3: 3\ne2f1: 3\ne2f2: 3\ne2f3: 3\n\n24\n"
	if code != exitOK || out != want {
		t.Errorf("perft -divide: exit %d\n%s", code, out)
	}
	if _, stderr, code := runChess(t, nil, "perft", "not a fen", "3"); code != exitUsage || !strings.Contains(stderr, "invalid FEN") {
		t.Errorf("bad FEN: exit %d %s", code, stderr)
	}
}

// The summary says "1 file", "1 game", "1 move", "1 error", "1 warning" in the singular, and
// counts the inputs that could not be opened beside the files read (and in -json).
func TestCheckSummaryCountsInWords(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.pgn")
	plainGz := filepath.Join(dir, "plain.pgn.gz") // a warning: named .gz but holds plain text
	os.WriteFile(plainGz, []byte("1. e4 e5 2. Ke3 *\n\n1. d4 *\n"), 0o644)
	for _, tc := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"check", plainGz}, "", "1 file, 2 games, 3 moves, 1 error, 1 warning in "},
		{[]string{"check", "-", "-"}, "1. e4 e5 *\n", "2 files, 1 game, 2 moves, 0 errors, 0 warnings in "},
		{[]string{"check", missing}, "", "0 files read, 1 could not be opened, 0 games, 0 moves, 0 errors, 0 warnings in "},
		{[]string{"check", "-", missing}, "1. e4 *\n", "1 file read, 1 could not be opened, 1 game, 1 move, 0 errors, 0 warnings in "},
	} {
		_, stderr, _ := runChess(t, []byte(tc.stdin), tc.args...)
		last := stderr[strings.LastIndex(strings.TrimSuffix(stderr, "\n"), "\n")+1:]
		if !strings.HasPrefix(last, tc.want) {
			t.Errorf("%v: summary %q, want %q...", tc.args, last, tc.want)
		}
	}
	out, _, _ := runChess(t, nil, "check", "-json", missing)
	if !strings.Contains(out, `{"summary":{"files":0,"unopened":1,"games":0,`) {
		t.Errorf("-json summary: %s", out)
	}
}
