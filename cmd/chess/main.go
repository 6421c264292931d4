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
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

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
