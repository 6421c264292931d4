// Command chess works with chess positions and games from the command line.
//
// Usage:
//
//	chess perft [-divide] FEN DEPTH
//
// perft counts the leaf nodes of the legal-move tree DEPTH plies deep from the position FEN
// (bulk counting at the last ply) and prints the count; with -divide it first prints one
// "uci: count" line per legal move, sorted. The speed in nodes per second goes to stderr.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/ox88/chess"
)

const usage = `chess works with chess positions and games.

Usage:
  chess perft [-divide] FEN DEPTH   count the leaf nodes of the legal-move tree

Run "chess COMMAND -h" for a command's flags and an example.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args and returns the exit status: 0 success, 1 failure of
// the work itself, 2 bad usage.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "chess: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	divide := fs.Bool("divide", false, "print the count under each legal move first")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: chess perft [-divide] FEN DEPTH

Counts the leaf nodes of the tree of legal moves DEPTH plies deep from the position FEN
(bulk counting at the last ply) and prints the count; nodes per second go to stderr.

Example:
  chess perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 5
  4865609

Flags:
`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	pos, err := chess.ParseFEN(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	depth, err := strconv.Atoi(fs.Arg(1))
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "chess perft: depth %q is not a non-negative integer\n", fs.Arg(1))
		return 2
	}
	start := time.Now()
	var nodes uint64
	if *divide && depth > 0 {
		for _, mc := range chess.Divide(pos, depth) {
			fmt.Fprintf(stdout, "%s: %d\n", pos.UCI(mc.Move), mc.Nodes)
			nodes += mc.Nodes
		}
		fmt.Fprintln(stdout)
	} else {
		nodes = chess.Perft(pos, depth)
	}
	elapsed := time.Since(start)
	fmt.Fprintln(stdout, nodes)
	fmt.Fprintf(stderr, "%d nodes in %.3f s, %.1f M nodes/s\n", nodes, elapsed.Seconds(), float64(nodes)/elapsed.Seconds()/1e6)
	return 0
}
