package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ox88/chess"
)

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("perft", stdout, stderr, `Usage: chess perft [-divide] FEN DEPTH

Counts the leaf nodes of the tree of legal moves DEPTH plies deep from the position FEN
(bulk counting at the last ply) and prints the count; nodes per second go to stderr.

Example:
  chess perft "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" 5
  4865609

Flags:
`)
	divide := fs.Bool("divide", false, "print the count under each legal move first, sorted")
	if status, ok := parseFlags(fs, args, stdout); !ok {
		return status
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	pos, err := chess.ParseFEN(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	depth, err := strconv.Atoi(fs.Arg(1))
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "chess perft: depth %q is not a non-negative integer\n", fs.Arg(1))
		return exitUsage
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
	return exitOK
}

// newFlagSet returns a flag set whose -h prints help to stdout and errors go to stderr.
func newFlagSet(name string, stdout, stderr io.Writer, help string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), help)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args; ok is false when the command must stop with status (0 after -h).
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (status int, ok bool) {
	out := fs.Output()
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			fs.SetOutput(stdout)
			fs.Usage()
			fs.SetOutput(out)
			return exitOK, false
		}
	}
	// the error is printed here, not by the flag package, to give it the command's prefix
	// and to word a bad -W=CLASS as a bad value, not as a bad boolean
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	if err != nil {
		if err != flag.ErrHelp {
			fmt.Fprintf(out, "chess %s: %s\n", fs.Name(), strings.Replace(err.Error(), "invalid boolean value ", "invalid value ", 1))
		}
		fs.Usage()
		return exitUsage, false
	}
	return 0, true
}
