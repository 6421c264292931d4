// Command chess checks, formats and explores chess games and positions.
//
// Usage:
//
//	chess check [-W] [-strict] [-json] [-j N] [-q] [FILE ...]
//	chess fmt [-w] [-force] [FILE ...]
//	chess perft [-divide] FEN DEPTH
//	chess book FILE.bin [FEN] | -make -o OUT.bin [flags] GAMES.pgn... | -merge -o OUT.bin A.bin B.bin
//
// check replays every move of every game of PGN files (variations included) and reports each
// problem as FILE:LINE:COL: game N (White - Black, Round R), 23...Nf6: illegal move: …
// fmt rewrites games in PGN export format. perft counts the leaf nodes of the legal-move tree.
// Run "chess COMMAND -h" for each command's flags and an example.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
)

const usage = `chess checks, formats and explores chess games and positions.

Usage:
  chess check [-W] [-strict] [-json] [-j N] [-q] [FILE ...]   validate PGN files
  chess fmt [-w] [-force] [FILE ...]                          rewrite PGN in export format
  chess perft [-divide] FEN DEPTH                             count the legal-move tree
  chess book FILE.bin [FEN]                                   list a PolyGlot book's moves
  chess book -make -o OUT.bin [flags] GAMES.pgn...            build a book (polyglot make-book)
  chess book -merge -o OUT.bin A.bin B.bin                    merge two books (merge-book)

Run "chess COMMAND -h" for a command's flags and an example.
`

// Exit statuses.
const (
	exitOK       = 0 // no errors
	exitProblems = 1 // errors found in the input
	exitUsage    = 2 // bad usage, or a file that cannot be opened
)

func main() {
	var ballast []byte
	if len(os.Args) > 1 && os.Args[1] == "check" && os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		ballast = make([]byte, gcBallast)
	}
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	runtime.KeepAlive(ballast)
	os.Exit(status)
}

// gcBallast is the size of a block that chess check allocates and never touches, so that the
// garbage collector, which lets the heap grow to twice what is live before it runs again,
// counts it as live: the heap grows by at least this much between two collections instead of
// 4 MB. Checking a large file then takes 2 or 3 collections instead of 10 to 20, each of which
// stops every worker (and waits for the slowest, on a busy machine); the block is never
// written, so the system gives it no memory, and the peak resident size grows by at most this
// much. Setting GOGC or GOMEMLIMIT leaves the collector as the environment says.
const gcBallast = 16 << 20

// run executes the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "book":
		return runBook(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "chess: unknown command %q\n\n%s", args[0], usage)
	return exitUsage
}
