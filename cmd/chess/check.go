package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ox88/chess"
)

const checkHelp = `Usage: chess check [-W[=CLASS,...]] [-strict] [-json] [-j N] [-q] [FILE ...]

Replays every move of every game of each PGN FILE (standard input when there is none or
FILE is "-"), variations included, checks that every move is legal and that the declared
result fits the final position, and prints one line per problem:

  FILE:LINE:COL: game N (White - Black, Round R), 23...Nf6: illegal move: ...

` + inputHelp + `
A summary goes to stderr. Exit status: 0 no errors, 1 errors found, 2 bad usage, a file
that cannot be opened, or a write error on standard output (a closed pipe ends the run
quietly, status 141).

With -json every line of standard output is a JSON object: one per game
  {"file", "game", "line", "white", "black", "result", "plies", "fen", "outcome",
   "errors": [{"line", "column", "ply", "move", "message", "kind", "class"}], "warnings": [...]}
one per problem of a whole file (it cannot be opened, is not PGN, reading it failed)
  {"file", "kind", "message", "offset" (in its text, when known), "warning"}
and a last one {"summary": {"files", "games", "moves", "errors", "warnings", "bytes", "seconds"}}.

Example:
  chess check -W games.pgn
  games.pgn:14:9: game 2 (Carlsen - Caruana, Round 3), 12...Nf6: illegal move: the knight on g8 is pinned

Flags:
`

// checkOptions are the flags of chess check.
type checkOptions struct {
	warnings warningClasses
	strict   bool
	json     bool
	workers  int
	quiet    bool
	stdout   *stdoutWriter // the run's standard output, whose failure stops the run
}

// checkStats are the totals of a run.
type checkStats struct {
	Files    int     `json:"files"`
	Unopened int     `json:"unopened"` // inputs that could not be opened
	Games    int     `json:"games"`
	Moves    int     `json:"moves"`
	Errors   int     `json:"errors"`
	Warnings int     `json:"warnings"`
	Hidden   int     `json:"-"` // warnings counted but not printed (no -W, or not of its classes)
	Bytes    int64   `json:"bytes"`
	Seconds  float64 `json:"seconds"`
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", stdout, stderr, checkHelp)
	var opt checkOptions
	fs.Var(&opt.warnings, "W", "also print warnings: lenient SAN spellings, missing move numbers or tags, result\nmismatches, moves after the game ended on the board; -W=CLASS,... only those classes,\n-W=all,-CLASS,... all but those (the classes: "+strings.Join(warningClassNames(), ", ")+")")
	fs.BoolVar(&opt.strict, "strict", false, "treat every warning as an error")
	fs.BoolVar(&opt.json, "json", false, "print only JSON objects, one a line (see above): one per game, one per problem of\na whole file, then a summary")
	fs.IntVar(&opt.workers, "j", runtime.NumCPU(), "work on `N` goroutines (at most 256): the games of a file of 4 MB or more are spread\nover them, smaller files are checked N at a time; the output is the same for every N")
	fs.BoolVar(&opt.quiet, "q", false, "no progress bar")
	if status, ok := parseFlags(fs, args, stdout); !ok {
		return status
	}
	if opt.workers < 1 {
		fmt.Fprintln(stderr, "chess check: -j must be at least 1")
		return exitUsage
	}
	files, expandErrs := expandArgs(fs.Args())
	if len(fs.Args()) == 0 {
		files = []string{"-"}
	}
	sw := &stdoutWriter{w: stdout}
	opt.stdout = sw
	out := bufio.NewWriterSize(sw, 64<<10)
	start := time.Now()
	var st checkStats
	status := exitOK
	for _, e := range expandErrs {
		status = mergeStatus(status, reportInputError(out, stderr, &opt, &st, e))
	}
	status = mergeStatus(status, checkFiles(files, stdin, out, stderr, &opt, &st))
	st.Seconds = time.Since(start).Seconds()
	if opt.json {
		json.NewEncoder(out).Encode(struct {
			Summary checkStats `json:"summary"`
		}{st})
	}
	out.Flush()
	if err := sw.failed(); err != nil {
		return writeFailure("check", err, stderr)
	}
	hidden := ""
	if st.Hidden > 0 {
		how := "-W shows them"
		if opt.warnings.any() {
			how = "-W=all shows them all"
		}
		hidden = fmt.Sprintf("; %s not shown (%s)", counted(st.Hidden, "warning"), how)
	}
	read := counted(st.Files, "file")
	if st.Unopened > 0 {
		read += fmt.Sprintf(" read, %d could not be opened", st.Unopened)
	}
	fmt.Fprintf(stderr, "%s, %s, %s, %s, %s in %.2f s (%.0f games/s, %.1f MB/s)%s\n",
		read, counted(st.Games, "game"), counted(st.Moves, "move"), counted(st.Errors, "error"), counted(st.Warnings, "warning"), st.Seconds,
		float64(st.Games)/st.Seconds, float64(st.Bytes)/1e6/st.Seconds, hidden)
	return status
}

// counted returns n and the noun, in the plural unless n is 1: "1 file", "0 files", "2 files".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// largeFile is the size, in bytes on disk, from which a file is checked alone, its games spread
// over the -j workers, with a progress bar on a terminal. Smaller files are checked side by
// side, one goroutine each with its output held until its turn, so a directory of small files
// uses every worker too; a file of a few of the reader's 256 KB chunks would give its own
// workers little to share.
const largeFile = 4 << 20

// maxHeld is the most output, in bytes, that a file checked beside others holds before its
// turn to print comes; then it waits for its turn.
const maxHeld = 256 << 10

// mergeStatus combines the exit statuses of two files: exitUsage wins, then exitProblems.
func mergeStatus(a, b int) int {
	if a == exitUsage || b == exitUsage {
		return exitUsage
	}
	return max(a, b)
}

// fileJob is a small file checked beside others. It holds its output until its turn comes
// (the files before it are printed), then writes straight to the run's stdout and stderr.
type fileJob struct {
	out, stderr         io.Writer     // the run's
	heldOut, heldStderr bytes.Buffer  // written before the turn came
	turn                chan struct{} // closed when the files before this one are printed
	ours                bool          // the turn came and the held output is printed
	done                chan struct{} // closed when this file is checked and printed
	st                  checkStats
	status              int
}

// takeTurn waits for the job's turn and prints what it held.
func (j *fileJob) takeTurn() {
	if j.ours {
		return
	}
	<-j.turn
	j.ours = true
	j.stderr.Write(j.heldStderr.Bytes())
	j.out.Write(j.heldOut.Bytes())
	j.heldOut, j.heldStderr = bytes.Buffer{}, bytes.Buffer{}
}

// write writes p to w if the turn has come, else holds it in held, waiting for the turn
// when more than maxHeld bytes are held.
func (j *fileJob) write(w io.Writer, held *bytes.Buffer, p []byte) (int, error) {
	if !j.ours {
		select {
		case <-j.turn:
			j.takeTurn()
		default:
			if j.heldOut.Len()+j.heldStderr.Len()+len(p) <= maxHeld {
				return held.Write(p)
			}
			j.takeTurn()
		}
	}
	return w.Write(p)
}

// jobOut and jobStderr are a job's stdout and stderr.
type (
	jobOut    struct{ *fileJob }
	jobStderr struct{ *fileJob }
)

func (w jobOut) Write(p []byte) (int, error)    { return w.write(w.out, &w.heldOut, p) }
func (w jobStderr) Write(p []byte) (int, error) { return w.write(w.stderr, &w.heldStderr, p) }

// checkFiles checks the files in order and returns the combined exit status. With -j N above
// 1, a run of small regular files (see largeFile) is checked N at a time, each printing once
// the files before it are printed, and holding at most maxHeld bytes of output until then;
// every other file (larger, compressed, or standard input) is checked alone, its games spread
// over the N workers. Either way the output is that of -j 1.
func checkFiles(files []string, stdin io.Reader, out *bufio.Writer, stderr io.Writer, opt *checkOptions, st *checkStats) int {
	status := exitOK
	var pending []*fileJob
	// settle waits for the pending jobs, oldest first, until at most keep are left.
	settle := func(keep int) {
		for len(pending) > keep {
			j := pending[0]
			<-j.done
			st.add(&j.st)
			status = mergeStatus(status, j.status)
			pending = pending[1:]
		}
	}
	workers := min(opt.workers, chess.MaxPGNWorkers)
	running := make(chan struct{}, workers)
	oneWorker := *opt
	oneWorker.workers = 1
	turn := make(chan struct{}) // the turn of the next job: the files before it are printed
	close(turn)
	for _, name := range files {
		if opt.stdoutFailed() {
			break
		}
		if workers == 1 || !isSmallFile(name) {
			settle(0)
			status = mergeStatus(status, checkFile(name, stdin, out, stderr, opt, st))
			continue
		}
		settle(2 * workers) // a bound on the jobs that hold output
		j := &fileJob{out: out, stderr: stderr, turn: turn, done: make(chan struct{})}
		turn = j.done
		pending = append(pending, j)
		running <- struct{}{}
		go func() {
			defer close(j.done)
			j.status = checkFile(name, nil, jobOut{j}, jobStderr{j}, &oneWorker, &j.st)
			<-running
			j.takeTurn()
		}()
	}
	settle(0)
	return status
}

// isSmallFile reports whether name is a regular, uncompressed file smaller than largeFile.
func isSmallFile(name string) bool {
	if name == "-" {
		return false
	}
	// stat before opening: opening a named pipe would take its writer from the real open
	if fi, err := os.Stat(name); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() >= largeFile {
		return false
	}
	head := make([]byte, 8)
	n, _ := io.ReadFull(f, head)
	return compression(head[:n]) == ""
}

// add adds the totals of another run to st, all but the elapsed time.
func (st *checkStats) add(o *checkStats) {
	st.Files += o.Files
	st.Unopened += o.Unopened
	st.Games += o.Games
	st.Moves += o.Moves
	st.Errors += o.Errors
	st.Warnings += o.Warnings
	st.Hidden += o.Hidden
	st.Bytes += o.Bytes
}

// jsonProblem is one error or warning in -json output.
type jsonProblem struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Message string `json:"message"`
	Kind    string `json:"kind"`
	Class   string `json:"class"` // the class's short name, chess.PGNError.Class
}

// jsonGame is one game in -json output.
type jsonGame struct {
	File     string        `json:"file"`
	Game     int           `json:"game"`
	Line     int           `json:"line"`
	White    string        `json:"white"`
	Black    string        `json:"black"`
	Result   string        `json:"result"`
	Plies    int           `json:"plies"`
	FEN      string        `json:"fen"`
	Outcome  string        `json:"outcome"`
	Errors   []jsonProblem `json:"errors"`
	Warnings []jsonProblem `json:"warnings"`
}

// checkFile checks one file and returns exitOK, exitProblems or exitUsage.
func checkFile(name string, stdin io.Reader, out, stderr io.Writer, opt *checkOptions, st *checkStats) int {
	in, err := openInput(name, stdin)
	if err != nil {
		return reportInputError(out, stderr, opt, st, err.(*inputError))
	}
	defer in.Close()
	st.Files++
	status := exitOK
	if in.mismatch != "" {
		// a warning of the class "warning": -W=CLASS filters it, -strict makes it an error
		warn := &inputError{name, -1, "name mismatch", in.mismatch}
		switch {
		case opt.strict:
			st.Errors++
			status = exitProblems
			reportProblem(out, opt, warn)
		case opt.json:
			st.Warnings++
			writeJSONFileProblem(out, warn, true)
		case opt.warnings.shows("warning"):
			st.Warnings++
			fmt.Fprintf(out, "%s: warning: %s\n", name, in.mismatch)
		default:
			st.Warnings++
			st.Hidden++
		}
	}
	var games atomic.Int64
	stopProgress := startProgress(stderr, opt, name, in.size, in.raw, &games)
	defer stopProgress()

	r := chess.NewPGNReader(in.text)
	r.NoTree = true
	r.Workers = opt.workers
	if opt.warnings.shows("overlong-line") {
		r.MaxLineLength = chess.PGNMaxLineLength // checked only when shown: lichess writes long lines
	}
	defer r.Close()
	for g, err := range r.All() {
		if g == nil {
			// the input failed between games
			st.Errors++
			status = exitProblems
			reportProblem(out, opt, &inputError{name, in.textOffset(), "I/O error", err.Error()})
			break
		}
		games.Add(1)
		st.Games++
		st.Moves += g.Plies
		if err == nil && !opt.json && !opt.strict && !opt.warnings.any() {
			// nothing to print: the warnings are only counted (most games of most files)
			n := len(g.Warnings) + missingTags(g, nil)
			st.Warnings += n
			st.Hidden += n
			if opt.stdoutFailed() {
				break
			}
			continue
		}
		errs, warns := problems(g, err, opt)
		ioErr := cutByIOError(&errs)
		st.Errors += len(errs)
		st.Warnings += len(warns)
		if len(errs) > 0 || ioErr != nil {
			status = exitProblems
		}
		if opt.json {
			if opt.warnings.set {
				shown := opt.warnings.shownWarnings(warns)
				st.Hidden += len(warns) - len(shown)
				warns = shown
			}
			writeJSONGame(out, name, g, errs, warns)
		} else {
			printed := errs
			if opt.warnings.any() {
				shown := opt.warnings.shownWarnings(warns)
				st.Hidden += len(warns) - len(shown)
				printed = append(append([]*chess.PGNError(nil), errs...), shown...)
				sort.SliceStable(printed, func(i, j int) bool { return printed[i].Offset < printed[j].Offset })
			} else {
				st.Hidden += len(warns)
			}
			for _, e := range printed {
				fmt.Fprintf(out, "%s:%s\n", name, e)
			}
		}
		if ioErr != nil {
			st.Errors++
			reportProblem(out, opt, &inputError{name, ioErr.Offset, "I/O error",
				fmt.Sprintf("%s (in game %d, line %d)", ioErrorText(ioErr), g.Index, ioErr.Line)})
		}
		if opt.stdoutFailed() {
			break
		}
	}
	st.Bytes += in.textOffset()
	return status
}

// reportInputError reports a file that could not be checked at all and returns the exit
// status: exitUsage when it could not be opened (a message on stderr, or an object under
// -json), else exitProblems, with the error counted and printed as the file's problem.
func reportInputError(out, stderr io.Writer, opt *checkOptions, st *checkStats, e *inputError) int {
	if e.Kind == "open error" {
		if opt.json {
			writeJSONFileProblem(out, e, false)
		} else {
			fmt.Fprintf(stderr, "chess check: %v\n", e)
		}
		st.Unopened++
		return exitUsage
	}
	st.Files++
	st.Errors++
	reportProblem(out, opt, e)
	return exitProblems
}

// reportProblem prints a problem of a whole file: an object under -json, else a line.
func reportProblem(out io.Writer, opt *checkOptions, e *inputError) {
	if opt.json {
		writeJSONFileProblem(out, e, false)
	} else {
		fmt.Fprintln(out, e)
	}
}

// cutByIOError takes the I/O error out of a game's errors and returns it, or nil when reading
// did not fail in the game. The reader leaves out the errors that the failure itself causes (a
// half-read token, a comment never closed): the I/O error is the problem, reported apart.
func cutByIOError(errs *[]*chess.PGNError) *chess.PGNError {
	for i, e := range *errs {
		if e.Kind() == "I/O error" {
			*errs = append((*errs)[:i:i], (*errs)[i+1:]...)
			return e
		}
	}
	return nil
}

// ioErrorText is the OS or decompressor error of a game's I/O error.
func ioErrorText(e *chess.PGNError) string {
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Message
}

// stdoutFailed reports whether writing to the run's standard output has failed.
func (opt *checkOptions) stdoutFailed() bool {
	return opt.stdout != nil && opt.stdout.failed() != nil
}

// problems sorts a game's findings into errors and warnings: the reader's errors, its
// warnings, and the tags of the Seven Tag Roster (PGN Standard §8.1.1) that the game lacks.
// With -strict every warning is an error.
func problems(g *chess.PGNGame, err error, opt *checkOptions) (errs, warns []*chess.PGNError) {
	var list chess.ErrorList
	if errors.As(err, &list) {
		errs = append(errs, list...)
	} else if err != nil {
		errs = append(errs, &chess.PGNError{Game: g.Index, GameLine: g.Line, Line: g.Line, Column: 1, Message: err.Error(), Err: err})
	}
	warns = append(warns, g.Warnings...)
	missingTags(g, func(name string) {
		warns = append(warns, &chess.PGNError{Game: g.Index, GameLine: g.Line, Line: g.Line, Column: 1, Offset: g.Offset,
			Players: playersOf(g), Warning: true, Message: "missing tag " + name + " of the Seven Tag Roster", Err: chess.ErrMissingTag})
	})
	if opt.strict {
		for _, w := range warns {
			e := *w
			e.Warning = false
			errs = append(errs, &e)
		}
		sort.SliceStable(errs, func(i, j int) bool { return errs[i].Offset < errs[j].Offset })
		warns = nil
	}
	return errs, warns
}

// sevenTagRoster are the tags that every game in export format has (PGN Standard §8.1.1).
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// missingTags calls f, unless it is nil, with each tag of the Seven Tag Roster that g lacks,
// in the roster's order, and returns how many. A game with no tag section at all lacks none:
// it is no game in export format (and is warned of as such). The tags are looked at once
// each, by one switch on the name: this runs for every game, and with -j N on the goroutine
// that hands the games out, where each tag is a cache miss away (the worker read it).
func missingTags(g *chess.PGNGame, f func(name string)) int {
	if len(g.Tags) == 0 {
		return 0
	}
	var have uint8 // bit i: the tag sevenTagRoster[i]
	for i := range g.Tags {
		have |= rosterBit(g.Tags[i].Name)
	}
	const all = 1<<len(sevenTagRoster) - 1
	if have == all {
		return 0
	}
	n := 0
	for i, name := range sevenTagRoster {
		if have&(1<<i) == 0 {
			n++
			if f != nil {
				f(name)
			}
		}
	}
	return n
}

// rosterBit returns 1<<i when name is sevenTagRoster[i], else 0 (TestRosterBit checks that
// the two agree). By length first: most other tags (WhiteElo, UTCDate, TimeControl, ECO) are
// turned down by it alone.
func rosterBit(name string) uint8 {
	switch len(name) {
	case 4:
		switch name {
		case "Site":
			return 1 << 1
		case "Date":
			return 1 << 2
		}
	case 5:
		switch name {
		case "Event":
			return 1 << 0
		case "Round":
			return 1 << 3
		case "White":
			return 1 << 4
		case "Black":
			return 1 << 5
		}
	case 6:
		if name == "Result" {
			return 1 << 6
		}
	}
	return 0
}

func playersOf(g *chess.PGNGame) string {
	w, b := g.Tag("White"), g.Tag("Black")
	if w == "" && b == "" {
		return ""
	}
	s := w + " - " + b
	if r := g.Tag("Round"); r != "" && r != "?" && r != "-" {
		s += ", Round " + r
	}
	return s
}

func writeJSONGame(out io.Writer, file string, g *chess.PGNGame, errs, warns []*chess.PGNError) {
	conv := func(list []*chess.PGNError) []jsonProblem {
		out := make([]jsonProblem, 0, len(list))
		for _, e := range list {
			out = append(out, jsonProblem{e.Line, e.Column, e.Ply, e.Move, e.Message, e.Kind(), e.Class()})
		}
		return out
	}
	result := g.Result
	if result == "" {
		result = g.Tag("Result")
	}
	if result == "" {
		result = "*" // neither marker nor tag: an unfinished game (PGN Standard §8.2.6), with a warning
	}
	json.NewEncoder(out).Encode(jsonGame{
		File: file, Game: g.Index, Line: g.Line, White: g.Tag("White"), Black: g.Tag("Black"), Result: result,
		Plies: g.Plies, FEN: g.Final.FEN(), Outcome: g.BoardEnd.String(), Errors: conv(errs), Warnings: conv(warns),
	})
}

// startProgress shows a progress bar on stderr while a large file is read, when stderr is a
// terminal and -q is not given; the returned function stops it and clears the line.
func startProgress(stderr io.Writer, opt *checkOptions, name string, size int64, counter *countingReader, games *atomic.Int64) func() {
	f, ok := stderr.(*os.File)
	if opt.quiet || !ok || size < largeFile || !isTerminal(f) {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	start := time.Now()
	go func() {
		defer close(finished)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				fmt.Fprint(f, "\r\033[K")
				return
			case <-tick.C:
				n := counter.n.Load()
				el := time.Since(start).Seconds()
				frac := float64(n) / float64(size)
				eta := 0.0
				if frac > 0 {
					eta = el/frac - el
				}
				const width = 30
				bar := strings.Repeat("#", int(frac*width)) + strings.Repeat(".", width-min(width, int(frac*width)))
				fmt.Fprintf(f, "\r%s [%s] %5.1f%% %d/%d MB %.0f games/s ETA %.0fs\033[K", name, bar, 100*frac,
					n>>20, size>>20, float64(games.Load())/el, eta)
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// isTerminal reports whether f is a character device, such as a terminal.
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
