package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ox88/chess"
	"github.com/ox88/chess/opening"
)

const fmtHelp = `Usage: chess fmt [-w] [-force] [-nocomments] [-novariations] [-nonags] [-width N] [FILE ...]

Rewrites the games of each PGN FILE (standard input when there is none or FILE is "-") in
PGN export format: the Seven Tag Roster first, then the other tags by name; moves in exact
SAN; lines under 80 characters (-width); comments, NAGs and variations kept unless
-nocomments, -novariations or -nonags drops them; the termination marker as written (a
Result tag that disagrees is kept too, with a warning; a missing one is written "*", as the
export format has one, §8.2.6). The result goes to standard output, or with -w back into
each file.

fmt keeps what it was given: the text that no game owns (escape lines, comments between
games, even with -nocomments) is written as it was, where it was; a game with errors (an
illegal move, a syntax error, ...) is written unchanged, byte for byte, as its original text
with the text around it that no game owns, with one line on stderr naming its first error;
so is a game that the writer refuses (a tag it cannot write), and, without counting as
errors, one whose export would be over the reader's default budgets (see chess check), one
whose text has a line beginning with "%" (an escape line, which no game keeps), and one with
text after its termination marker on the marker's line (which the reader ignores). A file
with errors is not rewritten unless -force is given. Games are read and written one at a
time: memory is bounded by the largest game, not by the file.

-w rewrites the file a name points to (through symbolic links) as gofmt -w does: through a
temporary file in the same folder, renamed over the original once complete, with the
original's mode and owner. It refuses a file with no write permission bit (even as root),
anything that is not a regular file, and compressed files. A run interrupted (a write error,
a full disk, SIGINT, SIGTERM, SIGHUP) leaves the original untouched and removes the
temporary file.

` + inputHelp + `
Exit status: 0 no errors, 1 errors found, 2 bad usage, a file that cannot be read or could
not be rewritten, or a write error on standard output (a closed pipe ends the run quietly,
status 141).

Example:
  chess fmt -w games.pgn

Flags:
`

// fmtOptions are the flags of chess fmt.
type fmtOptions struct {
	write bool
	force bool
	pgn   chess.PGNWriteOptions
	eco   bool // add or correct the ECO and Opening tags (opening.SetTags)
}

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("fmt", stdout, stderr, fmtHelp)
	var opt fmtOptions
	fs.BoolVar(&opt.write, "w", false, "write the result to each file instead of standard output")
	fs.BoolVar(&opt.force, "force", false, "with -w, also rewrite files that have errors (their games with errors\nare kept as written)")
	fs.BoolVar(&opt.pgn.NoComments, "nocomments", false, "leave out the games' comments (and the [%clk]-style commands in them);\nthe text that no game owns stays")
	fs.BoolVar(&opt.pgn.NoVariations, "novariations", false, "write the main line only")
	fs.BoolVar(&opt.pgn.NoNAGs, "nonags", false, "leave out the NAGs ($1, $14, ...)")
	fs.IntVar(&opt.pgn.LineWidth, "width", 79, "the longest movetext line, in bytes")
	fs.BoolVar(&opt.eco, "eco", false, "add or correct the ECO and Opening tags from the position the game reaches\n(the lichess opening tables, as pgn-extract -e does)")
	if status, ok := parseFlags(fs, args, stdout); !ok {
		return status
	}
	files, expandErrs := expandArgs(fs.Args())
	if len(fs.Args()) == 0 {
		files = []string{"-"}
	}
	status := exitOK
	for _, e := range expandErrs {
		fmt.Fprintf(stderr, "chess fmt: %v\n", e)
		status = exitUsage
	}
	if opt.write {
		stop := catchSignals()
		defer stop()
		for _, name := range files {
			status = mergeStatus(status, rewriteFile(name, stderr, &opt))
		}
		return status
	}
	sw := &stdoutWriter{w: stdout}
	out := bufio.NewWriterSize(sw, 64<<10)
	for _, name := range files {
		in, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "chess fmt: %v\n", err)
			status = exitUsage
			continue
		}
		bad, rerr, werr := formatGames(name, in, out, stderr, &opt)
		in.Close()
		if werr == nil {
			werr = sw.failed()
		}
		if werr != nil {
			out.Flush()
			return writeFailure("fmt", werr, stderr)
		}
		if rerr != nil {
			status = exitUsage
		} else if bad {
			status = mergeStatus(status, exitProblems)
		}
	}
	out.Flush()
	if err := sw.failed(); err != nil {
		return writeFailure("fmt", err, stderr)
	}
	return status
}

// formatGames writes the games of in to w in export format, one at a time, and the text that
// no game owns as it was. A game with errors is written as its original text, with one line
// on stderr; bad reports whether there was one. readErr is the error that cut the input short
// (reported on stderr with the file and offset); writeErr the first error of w, which stops
// the run.
func formatGames(name string, in *input, w io.Writer, stderr io.Writer, opt *fmtOptions) (bad bool, readErr, writeErr error) {
	rec := &recorder{r: in.text}
	r := chess.NewPGNReader(rec)
	pending := int64(-1)    // the start of text to write as it was, once its end is known
	pendingMsg := ""        // the stderr line that says so, printed once it is written
	var held *chess.PGNGame // a good game whose export, in buf, waits for the end of its text
	written := int64(0)     // the end of the input's text written so far, as a game or as it was
	var buf bytes.Buffer
	// say prints msg, the stderr line of a game written as it was, once it was
	say := func(msg string) error {
		if f, ok := w.(interface{ Flush() error }); ok {
			if err := f.Flush(); err != nil {
				return err
			}
		}
		io.WriteString(stderr, msg)
		return nil
	}
	flushPending := func(end int64) error {
		if pending < 0 {
			return nil
		}
		text, msg := rec.text(pending, end), pendingMsg
		pending, pendingMsg, written = -1, "", end
		if err := writeAsItWas(w, text); err != nil {
			return err
		}
		return say(msg)
	}
	// flushHeld writes the held game, next the offset of what follows it: its export, or its
	// text as it was when the export would lose some of it (an escape line, or text after its
	// termination marker on the marker's line, which the reader ignores).
	flushHeld := func(next int64) error {
		g := held
		if g == nil {
			return nil
		}
		held = nil
		end := min(max(g.End, g.Offset), next)
		rest := rec.text(end, next) // the rest of the marker's line
		if i := bytes.IndexAny(rest, "\r\n"); i >= 0 {
			rest = rest[:i]
		}
		why := ""
		switch {
		case holdsEscapeLine(rec.text(g.Offset, end)):
			why = "holds an escape line (\"%\", §6), which no game keeps"
		case len(bytes.TrimSpace(rest)) > 0:
			why = "has text after its termination marker, which the reader ignores"
		default:
			written = end
			_, err := w.Write(buf.Bytes())
			return err
		}
		written = end + int64(len(rest))
		if err := writeAsItWas(w, rec.text(g.Offset, written)); err != nil {
			return err
		}
		return say(fmt.Sprintf("%s:%d: game %d: %s: written as it was\n", name, g.Line, g.Index, why))
	}
	for {
		g, err := r.Read()
		next := rec.n
		if g != nil {
			next = g.Offset
		}
		if werr := flushPending(next); werr != nil {
			return bad, nil, werr
		}
		if werr := flushHeld(next); werr != nil {
			return bad, nil, werr
		}
		if g == nil {
			if err == io.EOF {
				err = nil
			}
			if werr := writeUnowned(w, rec.text(written, rec.n)); werr != nil {
				return bad, err, werr
			}
			if err != nil {
				readErr = &inputError{name, in.textOffset(), "I/O error", err.Error()}
				fmt.Fprintf(stderr, "chess fmt: %v\n", readErr)
			}
			return bad, readErr, nil
		}
		// the text before g that no game owns, from the start of the line of its first byte
		// that is not white space after what was written (from the input's start at first):
		// written before g's export, or with g's text when g is written as it was
		lead := written
		if lead > 0 {
			between := rec.text(lead, g.Offset)
			lead += int64(len(between) - len(fromLineStart(between)))
		}
		rec.discard(lead)
		if result := g.Tag("Result"); g.Result != "" && result != "" && result != g.Result {
			fmt.Fprintf(stderr, "%s:%d: game %d: warning: the Result tag says %s, the termination marker %s: both kept\n",
				name, g.Line, g.Index, result, g.Result)
		}
		if err != nil {
			bad = true
			pending = lead
			var list chess.ErrorList
			errors.As(err, &list)
			if ioErr := cutByIOError((*[]*chess.PGNError)(&list)); ioErr != nil {
				// written as far as it was read; the I/O error ends the input
				pendingMsg = fmt.Sprintf("%s:%d: game %d: cut short by a read error: written as read\n", name, g.Line, g.Index)
				continue
			}
			more := ""
			if len(list) > 1 {
				more = fmt.Sprintf(" (and %d more errors)", len(list)-1)
			}
			first := err.Error()
			if len(list) > 0 {
				first = list[0].Error()
			}
			pendingMsg = fmt.Sprintf("%s:%s%s: written as it was\n", name, first, more)
			continue
		}
		if opt.eco {
			if _, _, err := opening.SetTags(g); err != nil {
				fmt.Fprintf(stderr, "%s:%d: game %d: %v\n", name, g.Line, g.Index, err)
			}
		}
		buf.Reset()
		if _, err := g.WritePGN(&buf, opt.pgn); err != nil {
			bad = true
			// the library's "chess: " prefix says nothing to the command's user
			pendingMsg = fmt.Sprintf("%s:%d: game %d: %s: written as it was\n", name, g.Line, g.Index, strings.TrimPrefix(err.Error(), "chess: "))
			pending = lead
			continue
		}
		if !readableByDefault(buf.Bytes()) {
			pendingMsg = fmt.Sprintf("%s:%d: game %d: its export would be over the reader's default budgets: written as it was\n", name, g.Line, g.Index)
			pending = lead
			continue
		}
		if err := writeUnowned(w, rec.text(lead, g.Offset)); err != nil {
			return bad, nil, err
		}
		held = g
	}
}

// holdsEscapeLine reports whether text has a line that begins with "%": an escape line (§6),
// or a line of a comment that would read as one elsewhere.
func holdsEscapeLine(text []byte) bool {
	return bytes.HasPrefix(text, []byte("%")) || bytes.Contains(text, []byte("\n%")) || bytes.Contains(text, []byte("\r%"))
}

// writeUnowned writes text that no game owns (escape lines, §6, and comments before a tag
// section or after the last game) as it was, from the start of the line of its first byte
// that is not white space or a byte order mark; text of nothing else it leaves out.
func writeUnowned(w io.Writer, text []byte) error {
	text = fromLineStart(bytes.TrimPrefix(text, []byte("\uFEFF")))
	if len(bytes.TrimSpace(text)) == 0 {
		return nil
	}
	return writeAsItWas(w, text)
}

// fromLineStart returns text from the start of the line of its first byte that is not white
// space: the blank lines before it go, the blanks at the start of its line stay (" %x" is no
// escape line, "%x" is).
func fromLineStart(text []byte) []byte {
	first := len(text) - len(bytes.TrimLeft(text, " \t\r\n"))
	return text[bytes.LastIndexAny(text[:first], "\r\n")+1:]
}

// writeAsItWas writes text of the input as it was and a blank line after it (in the text's
// own line-end style), so that what follows starts on a line of its own, as after an export.
func writeAsItWas(w io.Writer, text []byte) error {
	if _, err := w.Write(text); err != nil {
		return err
	}
	_, err := io.WriteString(w, blankLineAfter(text))
	return err
}

// blankLineAfter returns what ends text with a blank line: nothing when it ends with two line
// ends, else one or two line ends in the style of its last one (LF, CRLF or CR alone; of its
// first one when it does not end with one), so that no CR alone is followed by an LF.
func blankLineAfter(text []byte) string {
	trail := text[len(bytes.TrimRight(text, "\r\n")):] // the line ends at its end
	ends := len(trail) - bytes.Count(trail, []byte("\r\n"))
	nl := "\n"
	switch {
	case ends >= 2:
		return ""
	case ends == 1 && bytes.HasSuffix(trail, []byte("\r\n")):
		nl = "\r\n"
	case ends == 1 && trail[len(trail)-1] == '\r':
		nl = "\r"
	case ends == 0:
		if i := bytes.IndexAny(text, "\r\n"); i >= 0 && text[i] == '\r' {
			nl = "\r"
			if i+1 < len(text) && text[i+1] == '\n' {
				nl = "\r\n"
			}
		}
		return nl + nl
	}
	return nl
}

// readableByDefault reports whether a reader with the default budgets reads the game text
// whole. Text shorter than DefaultMaxTokens bytes has fewer tokens than that; longer text (a
// game of hundreds of thousands of moves, whose move numbers add tokens) is read back.
func readableByDefault(text []byte) bool {
	if len(text) < chess.DefaultMaxTokens {
		return true
	}
	r := chess.NewPGNReader(bytes.NewReader(text))
	r.NoTree = true
	_, err := r.Read()
	return !errors.Is(err, chess.ErrBudget)
}

// recorder keeps the text read through it from a given offset on, so that a game can be
// written as it was. It holds the text from the start of the last game read: the largest
// game and the reader's read-ahead.
type recorder struct {
	r    io.Reader
	buf  []byte
	base int64 // the offset of buf[0]
	n    int64 // the bytes read
}

func (c *recorder) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.buf = append(c.buf, p[:n]...)
	c.n += int64(n)
	return n, err
}

// text returns the text from offset start to end.
func (c *recorder) text(start, end int64) []byte {
	start, end = max(start, c.base), min(end, c.n)
	if start >= end {
		return nil
	}
	return c.buf[start-c.base : end-c.base]
}

// discard forgets the text before offset. The text kept moves to the front of the buffer only
// once the forgotten part is the larger one, so each byte is moved about once.
func (c *recorder) discard(offset int64) {
	k := min(offset-c.base, int64(len(c.buf)))
	if k <= 0 || k < int64(len(c.buf))/2 {
		return
	}
	c.buf = c.buf[:copy(c.buf, c.buf[k:])]
	c.base += k
}
