package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"

	"github.com/klauspost/compress/zstd"
)

// debianTool returns the path of a Debian tool that a test needs (.ci/run installs it), or
// skips the test when it cannot be had.
func debianTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s is not installed (apt-get install %s): %v", name, name, err)
	}
	return path
}

func gzipped(t *testing.T, data []byte) []byte {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func zstded(t *testing.T, data []byte, opts ...zstd.EOption) []byte {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b, append([]zstd.EOption{zstd.WithEncoderConcurrency(1)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// bzipped compresses with Debian's bzip2: the standard library has no bzip2 writer.
func bzipped(t *testing.T, data []byte) []byte {
	cmd := exec.Command(debianTool(t, "bzip2"), "-c", "-1") // blocks of 100 kB: a cut stream still has whole blocks
	cmd.Stdin = bytes.NewReader(data)
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every input kind gives the same report as the plain file, on files and on standard input:
// the format is found from the first bytes, whatever the name says.
func TestCheckInputKinds(t *testing.T) {
	dir := t.TempDir()
	sample := readFile(t, "../../testdata/sample.pgn")
	golden := string(readFile(t, "../../testdata/sample.check.golden"))
	kinds := []struct {
		name string
		data []byte
	}{
		{"sample.pgn.gz", gzipped(t, sample)},
		{"sample.pgn.zst", zstded(t, sample)},
		{"sample.pgn.bz2", bzipped(t, sample)},
		// concatenated frames and members read as one text
		{"two.pgn.gz", append(gzipped(t, sample[:1000]), gzipped(t, sample[1000:])...)},
		{"two.pgn.zst", append(zstded(t, sample[:1000]), zstded(t, sample[1000:])...)},
		{"two.pgn.bz2", append(bzipped(t, sample[:1000]), bzipped(t, sample[1000:])...)},
		// a frame whose window needs zstd --long=27
		{"long.pgn.zst", zstded(t, sample, zstd.WithWindowSize(1<<27))},
		// the name does not decide
		{"zstd-named.pgn", zstded(t, sample)},
	}
	for _, k := range kinds {
		name := filepath.Join(dir, k.name)
		os.WriteFile(name, k.data, 0o644)
		out, _, code := runChess(t, nil, "check", name)
		if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", name+":"); out != want || code != exitProblems {
			t.Errorf("%s: exit %d\n%s", k.name, code, out)
		}
		out, _, code = runChess(t, k.data, "check")
		if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", "-:"); out != want || code != exitProblems {
			t.Errorf("%s on stdin: exit %d\n%s", k.name, code, out)
		}
	}
}

// A real zstd --long=27 frame from Debian's zstd.
func TestCheckZstdLongWindow(t *testing.T) {
	zstdTool := debianTool(t, "zstd")
	dir := t.TempDir()
	name := filepath.Join(dir, "long.pgn")
	os.WriteFile(name, readFile(t, "../../testdata/sample.pgn"), 0o644)
	if out, err := exec.Command(zstdTool, "-q", "--long=27", name).CombinedOutput(); err != nil {
		t.Fatalf("zstd: %v %s", err, out)
	}
	out, _, code := runChess(t, nil, "check", name+".zst")
	golden := string(readFile(t, "../../testdata/sample.check.golden"))
	if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", name+".zst:"); out != want || code != exitProblems {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// A stream cut short is one I/O error with the file and the offset in its text, after the
// games read whole, never a syntax error of the half-read token; the run goes on.
func TestCheckTruncatedFrames(t *testing.T) {
	dir := t.TempDir()
	var text bytes.Buffer
	for i := 0; text.Len() < 600<<10; i++ {
		text.WriteString("[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n")
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut.pgn.gz", gzipped(t, text.Bytes()), "gzip: the compressed data is cut short: unexpected EOF"},
		{"cut.pgn.zst", zstded(t, text.Bytes()), "zstd: the compressed data is cut short: unexpected EOF"},
		{"cut.pgn.bz2", bzipped(t, text.Bytes()), "bzip2: the compressed data is cut short: unexpected EOF"},
	} {
		name := filepath.Join(dir, tc.name)
		os.WriteFile(name, tc.data[:len(tc.data)*2/3], 0o644)
		out, stderr, code := runChess(t, nil, "check", name, "testdata/sample.pgn")
		lines := strings.SplitN(out, "\n", 2)
		if code != exitProblems || !strings.HasPrefix(lines[0], name+": read error at offset ") || !strings.Contains(lines[0], tc.want) ||
			!strings.HasPrefix(lines[1], "testdata/sample.pgn:") || !strings.HasPrefix(stderr, "2 files, ") {
			t.Errorf("%s: exit %d\n%s%s", tc.name, code, lines[0], stderr)
		}
		// the offset is where the text stops: the games before it are all counted
		var off int64
		if _, err := fmtSscanf(lines[0], name+": read error at offset %d:", &off); err != nil || off <= 0 || off >= int64(text.Len()) {
			t.Errorf("%s: offset %d, %v", tc.name, off, err)
		}
	}
}

// Input that is not PGN text stops that file with one error naming the file and what it looks
// like (exit 1), and the run goes on with the next file.
func TestCheckNotPGN(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, data, 0o644)
		return p
	}
	sample := readFile(t, "../../testdata/sample.pgn")
	withNUL := append(append([]byte(nil), sample[:500]...), 0)
	for _, tc := range []struct {
		name, want string
	}{
		{write("exe.pgn", readFile(t, chessBin)), ": not PGN text: it looks like an ELF executable"},
		{write("nul.pgn", withNUL), ": not PGN text: it looks like binary data (a NUL byte at offset 500)"},
		{write("games.zip", []byte("PK\x03\x04rest of a zip")), ": not PGN text: it looks like a zip archive"},
		{write("games.pgn.xz", []byte("\xfd7zXZ\x00\x00rest")), ": xz-compressed data: not supported, decompress it with xz -d"},
		{write("gz-in-gz.pgn.gz", gzipped(t, gzipped(t, sample))), ": not PGN text: it looks like gzip-compressed data inside gzip"},
		{write("tar.pgn.zst", zstded(t, append(make([]byte, 257), "ustar\x00"...))), ": not PGN text: it looks like a tar archive inside zstd"},
	} {
		out, stderr, code := runChess(t, nil, "check", tc.name, "testdata/sample.pgn")
		golden := string(readFile(t, "../../testdata/sample.check.golden"))
		first, rest, _ := strings.Cut(out, "\n")
		if code != exitProblems || !strings.HasPrefix(first, tc.name+tc.want) || rest != golden || !strings.HasPrefix(stderr, "2 files, 7 games, 121 moves, 7 errors") {
			t.Errorf("%s: exit %d\n%s\n%s", tc.name, code, first, stderr)
		}
		// the same on standard input, and as a JSON object under -json
		out, _, code = runChess(t, readFile(t, tc.name), "check", "-json")
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var p jsonFileProblem
		if err := json.Unmarshal([]byte(lines[0]), &p); err != nil || code != exitProblems || len(lines) != 2 ||
			p.File != "-" || !strings.HasPrefix("-: "+p.Message, "-"+tc.want) || p.Warning {
			t.Errorf("%s on stdin -json: exit %d, %v\n%s", tc.name, code, err, out)
		}
	}
}

// A directory stands for the PGN files under it, recursively, in name order; other files are
// left out; a directory without any is an error.
func TestCheckDirectory(t *testing.T) {
	dir := t.TempDir()
	sample := readFile(t, "../../testdata/sample.pgn")
	os.MkdirAll(filepath.Join(dir, "b", "deep"), 0o755)
	os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
	files := map[string][]byte{
		"a.pgn":            []byte("1. e4 e5 2. Ke3 *\n"),
		"b/deep/c.pgn.zst": zstded(t, sample),
		"b/d.pgn.gz":       gzipped(t, []byte("1. d4 d5 2. Kd3 *\n")),
		"c.txt":            []byte("not looked at"),
		"z.pgn.xz":         []byte("not looked at"),
	}
	for name, data := range files {
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	out, stderr, code := runChess(t, nil, "check", dir)
	golden := string(readFile(t, "../../testdata/sample.check.golden"))
	want := filepath.Join(dir, "a.pgn") + ":1:13: game 1, 2.Ke3: illegal move: no king can move to e3\n" +
		filepath.Join(dir, "b/d.pgn.gz") + ":1:13: game 1, 2.Kd3: illegal move: no king can move to d3\n" +
		strings.ReplaceAll(golden, "testdata/sample.pgn:", filepath.Join(dir, "b/deep/c.pgn.zst")+":")
	if code != exitProblems || out != want || !strings.HasPrefix(stderr, "3 files, 9 games") {
		t.Errorf("exit %d\n%s\nwant\n%s%s", code, out, want, stderr)
	}
	_, stderr, code = runChess(t, nil, "check", filepath.Join(dir, "empty"))
	if code != exitUsage || !strings.Contains(stderr, "empty: directory has no .pgn, .pgn.gz, .pgn.bz2, .pgn.zst files") {
		t.Errorf("empty directory: exit %d %s", code, stderr)
	}
}

var fmtSscanf = fmt.Sscanf

// Under -json every line of standard output is a JSON object of the documented schema: games,
// problems of whole files (one that cannot be opened, is not PGN, is cut short, or whose name
// promises another format), and the summary.
func TestCheckJSONEveryLine(t *testing.T) {
	dir := t.TempDir()
	var text bytes.Buffer
	for text.Len() < 300<<10 {
		text.WriteString("[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n")
	}
	cutGz := gzipped(t, text.Bytes())
	files := map[string][]byte{
		"cut.pgn.gz":   cutGz[:len(cutGz)/2],
		"exe.pgn":      []byte("\x7fELF\x02\x01\x01"),
		"plain.pgn.gz": []byte("1. e4 e5 *\n"),
		"xz.pgn":       []byte("\xfd7zXZ\x00\x00"),
	}
	var args []string
	for _, name := range []string{"cut.pgn.gz", "exe.pgn", "plain.pgn.gz", "xz.pgn"} {
		os.WriteFile(filepath.Join(dir, name), files[name], 0o644)
		args = append(args, filepath.Join(dir, name))
	}
	args = append(args, filepath.Join(dir, "missing.pgn"), "testdata/sample.pgn")
	out, _, code := runChess(t, nil, append([]string{"check", "-json"}, args...)...)
	var kinds []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil {
			t.Fatalf("not a JSON object: %q", line)
		}
		switch {
		case obj["summary"] != nil:
			kinds = append(kinds, "summary")
		case obj["game"] != nil:
			if len(kinds) == 0 || kinds[len(kinds)-1] != "games" {
				kinds = append(kinds, "games")
			}
		default:
			for _, key := range []string{"file", "kind", "message", "warning"} {
				if _, ok := obj[key]; !ok {
					t.Errorf("no %q in %s", key, line)
				}
			}
			kinds = append(kinds, obj["kind"].(string))
		}
	}
	want := []string{"games", "I/O error", "not PGN", "name mismatch", "games", "unsupported compression", "open error", "games", "summary"}
	if code != exitUsage || fmt.Sprint(kinds) != fmt.Sprint(want) {
		t.Errorf("exit %d, objects %q, want %q", code, kinds, want)
	}
}

// readAhead gives the bytes and the final error of its reader unchanged, and stops when told.
func TestReadAhead(t *testing.T) {
	data := bytes.Repeat([]byte("0123456789"), 100_000) // four chunks and a short one
	fail := errors.New("disk on fire")
	for _, end := range []error{nil, fail} {
		var r io.Reader = bytes.NewReader(data)
		if end != nil {
			r = io.MultiReader(r, iotest.ErrReader(end))
		}
		ahead, stop := readAhead(r)
		got, err := io.ReadAll(iotest.OneByteReader(io.LimitReader(ahead, 1000)))
		rest, err2 := io.ReadAll(ahead)
		got = append(got, rest...)
		_, err3 := ahead.Read(make([]byte, 10)) // after the end, the end again
		stop()
		if want := end; want == nil && err3 != io.EOF || want != nil && err3 != want {
			t.Errorf("end %v: a read after the end gives %v", end, err3)
		}
		if err != nil || err2 != end || !bytes.Equal(got, data) {
			t.Errorf("end %v: read %d bytes, %v, %v", end, len(got), err, err2)
		}
	}
	// stopped before the end: the goroutine ends (the race detector and the leak of a blocked
	// goroutine would show it), and stop may be called again
	ahead, stop := readAhead(bytes.NewReader(data))
	ahead.Read(make([]byte, 10))
	stop()
	stop()
}

// A read error names the file once: the OS error without the "read FILE:" that *fs.PathError
// adds (reading /proc/self/mem at offset 0 fails with EIO on Linux).
func TestCheckReadErrorNamesFileOnce(t *testing.T) {
	const name = "/proc/self/mem"
	if _, err := os.Stat(name); err != nil {
		t.Skip("no /proc/self/mem on this system")
	}
	out, _, code := runChess(t, nil, "check", "-q", name)
	if want := name + ": read error at offset 0: input/output error\n"; code != exitProblems || out != want {
		t.Errorf("exit %d\n%q\nwant %q", code, out, want)
	}
	out, _, _ = runChess(t, nil, "check", "-json", name)
	first, _, _ := strings.Cut(out, "\n")
	var p jsonFileProblem
	if err := json.Unmarshal([]byte(first), &p); err != nil || p.Kind != "I/O error" || p.Message != "input/output error" {
		t.Errorf("-json: %v\n%s", err, out)
	}
	_, stderr, code := runChess(t, nil, "fmt", name)
	if want := "chess fmt: " + name + ": read error at offset 0: input/output error\n"; code != exitUsage || stderr != want {
		t.Errorf("fmt: exit %d\n%q\nwant %q", code, stderr, want)
	}
}

// A zstd stream may begin with a skippable frame (RFC 8878 §3.1.2: magic 0x184D2A50 to
// 0x184D2A5F, a 4-byte size, data to skip): pzstd starts every file with one. It is zstd, read
// as such, on files and on standard input; never "not PGN text: ... a NUL byte".
func TestCheckZstdSkippableFrame(t *testing.T) {
	dir := t.TempDir()
	sample := readFile(t, "../../testdata/sample.pgn")
	golden := string(readFile(t, "../../testdata/sample.check.golden"))
	skippable := func(last byte, data string) []byte {
		return append([]byte{last, 0x2a, 0x4d, 0x18, byte(len(data)), 0, 0, 0}, data...)
	}
	for _, k := range []struct {
		name string
		data []byte
	}{
		{"pzstd.pgn.zst", append(skippable(0x50, "\x54\x03\x00\x00"), zstded(t, sample)...)},
		{"between.pgn.zst", append(append(append(skippable(0x5f, ""), zstded(t, sample[:1000])...), skippable(0x5a, "skip me")...), zstded(t, sample[1000:])...)},
	} {
		name := filepath.Join(dir, k.name)
		os.WriteFile(name, k.data, 0o644)
		out, stderr, code := runChess(t, nil, "check", name)
		if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", name+":"); out != want || code != exitProblems {
			t.Errorf("%s: exit %d\n%s%s", k.name, code, out, stderr)
		}
		out, _, code = runChess(t, k.data, "check")
		if want := strings.ReplaceAll(golden, "testdata/sample.pgn:", "-:"); out != want || code != exitProblems {
			t.Errorf("%s on stdin: exit %d\n%s", k.name, code, out)
		}
	}
}

// The warning that a file's name promises another format is of the class "warning": -W=CLASS
// shows it only when that class is named, and -strict makes it an error, as every warning.
func TestCheckNameMismatchFollowsWAndStrict(t *testing.T) {
	name := filepath.Join(t.TempDir(), "plain.pgn.bz2")
	os.WriteFile(name, []byte("[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n"), 0o644)
	line := name + ": warning: named .bz2 but holds plain text: read as such\n"
	for _, tc := range []struct {
		flag, stdout, summary string
		code                  int
	}{
		{"-W", line, "0 errors, 1 warning", exitOK},
		{"-W=warning", line, "0 errors, 1 warning", exitOK},
		{"-W=missing-tag", "", "0 errors, 1 warning", exitOK},
		{"-W=all,-warning", "", "0 errors, 1 warning", exitOK},
		{"-strict", name + ": named .bz2 but holds plain text: read as such\n", "1 error, 0 warnings", exitProblems},
	} {
		out, stderr, code := runChess(t, nil, "check", tc.flag, name)
		if code != tc.code || out != tc.stdout || !strings.Contains(stderr, tc.summary) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.flag, code, out, stderr, tc.code, tc.stdout, tc.summary)
		}
	}
	out, _, code := runChess(t, nil, "check", "-json", "-strict", name)
	first, _, _ := strings.Cut(out, "\n")
	var p jsonFileProblem
	if err := json.Unmarshal([]byte(first), &p); err != nil || code != exitProblems || p.Kind != "name mismatch" || p.Warning {
		t.Errorf("-json -strict: exit %d, %v\n%s", code, err, out)
	}
}

// A directory's entry named *.pgn that is not a regular file (a named pipe, or a link to one)
// is reported and left out, not opened: opening a FIFO with no writer would hang the run.
func TestCheckDirectoryLeavesOutFIFO(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.pgn"), []byte("1. e4 e5 2. Ke3 *\n"), 0o644)
	fifo := filepath.Join(dir, "b.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	os.Symlink("b.pgn", filepath.Join(dir, "c.pgn"))
	stdout, stderr, err := runKilledAfter10s(t, "check", dir)
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitUsage {
		t.Fatalf("exit %v (killed after 10 s: it hangs on the FIFO)\n%s%s", err, stdout.String(), stderr.String())
	}
	wantOut := filepath.Join(dir, "a.pgn") + ":1:13: game 1, 2.Ke3: illegal move: no king can move to e3\n"
	wantErr := "chess check: " + fifo + ": not a regular file (a named pipe): left out\n" +
		"chess check: " + filepath.Join(dir, "c.pgn") + ": not a regular file (a named pipe): left out\n"
	if stdout.String() != wantOut || !strings.HasPrefix(stderr.String(), wantErr) {
		t.Errorf("stdout %q\nstderr %q\nwant %q\nand %q", stdout.String(), stderr.String(), wantOut, wantErr)
	}

}

// runKilledAfter10s runs the command with args and kills it after 10 s, for the tests of
// inputs that once made it hang; it returns its stdout, stderr and Wait's error.
func runKilledAfter10s(t *testing.T, args ...string) (stdout, stderr bytes.Buffer, err error) {
	t.Helper()
	cmd := exec.Command(chessBin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(10*time.Second, func() { cmd.Process.Kill() })
	err = cmd.Wait()
	timer.Stop()
	return stdout, stderr, err
}

// A named pipe given as an argument beside other files is opened once: its writer's text is
// read. It was opened a first time to look at its size (are the files small enough to be
// checked side by side?), which took the writer and left the real open waiting forever.
func TestCheckFIFOArgumentOpenedOnce(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "games.pgn")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Write([]byte("1. d4 d5 2. Kd3 *\n"))
			w.Close()
		}
	}()
	stdout, stderr, err := runKilledAfter10s(t, "check", fifo, "../../testdata/sample.pgn")
	want := fifo + ":1:13: game 1, 2.Kd3: illegal move: no king can move to d3\n" +
		strings.ReplaceAll(string(readFile(t, "../../testdata/sample.check.golden")), "testdata/sample.pgn:", "../../testdata/sample.pgn:")
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitProblems || stdout.String() != want {
		t.Errorf("exit %v (killed after 10 s: it waits for a second writer)\n%q\nwant %q\n%s", err, stdout.String(), want, stderr.String())
	}
}

// RFC 1952 §2.2: a gzip file is a series of members. Bytes after the last member that are not
// one are reported as trailing data at their offset in the file, whatever their length (not as
// a stream cut short or a bad header); members in a row are read whole.
func TestCheckGzipTrailingData(t *testing.T) {
	dir := t.TempDir()
	game := []byte("[Event \"e\"]\n\n1. e4 e5 *\n\n")
	gz := gzipped(t, game)
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"short.pgn.gz", append(append([]byte(nil), gz...), "junk"...),
			fmt.Sprintf("read error at offset %d: gzip: trailing data after the gzip stream at file offset %d\n", len(game), len(gz))},
		{"long.pgn.gz", append(append([]byte(nil), gz...), "this is not gzip data at all"...),
			fmt.Sprintf("read error at offset %d: gzip: trailing data after the gzip stream at file offset %d\n", len(game), len(gz))},
		{"zeros.pgn.gz", append(append(append([]byte(nil), gz...), gz...), make([]byte, 3)...),
			fmt.Sprintf("read error at offset %d: gzip: trailing data after the gzip stream at file offset %d\n", 2*len(game), 2*len(gz))},
	} {
		name := filepath.Join(dir, tc.name)
		os.WriteFile(name, tc.data, 0o644)
		out, _, code := runChess(t, nil, "check", name)
		if code != exitProblems || !strings.Contains(out, name+": "+tc.want) {
			t.Errorf("%s: exit %d\n%s\nwant %s", tc.name, code, out, tc.want)
		}
	}
	name := filepath.Join(dir, "two.pgn.gz")
	os.WriteFile(name, append(append([]byte(nil), gz...), gz...), 0o644)
	if out, stderr, code := runChess(t, nil, "check", name); code != exitOK || out != "" || !strings.Contains(stderr, "2 games") {
		t.Errorf("two members: exit %d, %s%s", code, out, stderr)
	}
}
