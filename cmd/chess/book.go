package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/ox88/chess"
	"github.com/ox88/chess/polyglot"
)

const bookHelp = `Usage: chess book FILE.bin [FEN]
       chess book -make -o OUT.bin [-max-ply N] [-min-game N] [-min-score S] [-only-white]
                  [-only-black] [-uniform] GAMES.pgn...
       chess book -merge -o OUT.bin A.bin B.bin

Reads and writes PolyGlot opening books. With a book and a position (FEN, the starting
position when none is given) it lists the book's moves there: SAN, weight, and the share
of the position's total weight. Entries whose move is illegal there are reported on stderr.

-make builds a book from the main lines of PGN games as PolyGlot's make-book does, with its
option names and defaults, byte for byte: each move of the first -max-ply halfmoves is
scored 2 for a win of the side that played it, 1 for a draw or an unknown result, 0 for a
loss (by the Result tag); a move is kept when at least -min-game games played it and it
scored at least -min-score percent; its weight is its score (1 with -uniform). Games with
errors are reported and left out; an input that cannot be read writes no book. A progress
bar shows on a terminal for large input.

-merge merges two books as PolyGlot's merge-book -in1 A.bin -in2 B.bin does: a position in
both gets A's moves, with the weights of B's same moves added, then B's other moves.

Example:
  chess book book.bin
  chess book book.bin "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
  chess book -make -o games.bin -max-ply 20 -min-game 1 games.pgn
  chess book -merge -o all.bin white.bin black.bin

Flags:
`

func runBook(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("book", stdout, stderr, bookHelp)
	makeBook := fs.Bool("make", false, "build a book from PGN games")
	merge := fs.Bool("merge", false, "merge two books")
	out := fs.String("o", "", "the book to write (with -make and -merge)")
	var opts polyglot.MakeOptions
	fs.IntVar(&opts.MaxPly, "max-ply", polyglot.DefaultMaxPly, "the halfmoves of each game that count")
	fs.IntVar(&opts.MinGame, "min-game", polyglot.DefaultMinGame, "the fewest games a kept move was played in")
	fs.Float64Var(&opts.MinScore, "min-score", 0, "the lowest score of a kept move, in percent")
	fs.BoolVar(&opts.OnlyWhite, "only-white", false, "keep White's moves only")
	fs.BoolVar(&opts.OnlyBlack, "only-black", false, "keep Black's moves only")
	fs.BoolVar(&opts.Uniform, "uniform", false, "give every kept move the weight 1")
	if status, ok := parseFlags(fs, args, stdout); !ok {
		return status
	}
	switch {
	case *makeBook && *merge:
		fmt.Fprintln(stderr, "chess book: -make and -merge exclude each other")
		return exitUsage
	case *makeBook:
		if *out == "" || fs.NArg() == 0 {
			fs.Usage()
			return exitUsage
		}
		if opts.MaxPly <= 0 || opts.MinGame <= 0 {
			fmt.Fprintln(stderr, "chess book: -max-ply and -min-game must be positive")
			return exitUsage
		}
		return bookMake(fs.Args(), *out, opts, stdin, stderr)
	case *merge:
		if *out == "" || fs.NArg() != 2 {
			fs.Usage()
			return exitUsage
		}
		return bookMerge(fs.Arg(0), fs.Arg(1), *out, stderr)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	onlyMakeFlags := false
	fs.Visit(func(f *flag.Flag) { onlyMakeFlags = onlyMakeFlags || f.Name != "make" && f.Name != "merge" })
	if onlyMakeFlags {
		fmt.Fprintln(stderr, "chess book: -o and the make-book flags go with -make or -merge")
		return exitUsage
	}
	pos := chess.StartingPosition()
	if fs.NArg() > 1 {
		var err error
		if pos, err = chess.ParseFEN(strings.Join(fs.Args()[1:], " ")); err != nil {
			fmt.Fprintf(stderr, "chess book: %v\n", err)
			return exitUsage
		}
	}
	return bookList(fs.Arg(0), pos, stdout, stderr)
}

// openBook opens a book file; a malformed book is reported and read as far as it can be.
func openBook(name string, stderr io.Writer) (*polyglot.Book, func(), error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	b, err := polyglot.Open(f, fi.Size())
	if b == nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %s: warning: %v\n", name, err)
	}
	return b, func() { f.Close() }, nil
}

func bookList(name string, pos chess.Position, stdout, stderr io.Writer) int {
	b, closeBook, err := openBook(name, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	defer closeBook()
	entries, err := b.Find(pos)
	status := exitOK
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %s: %v\n", name, err)
		if !errors.Is(err, polyglot.ErrIllegalMove) {
			return exitUsage
		}
		status = exitProblems
	}
	total := 0
	for _, e := range entries {
		total += int(e.Weight)
	}
	w := bufio.NewWriter(stdout)
	for _, e := range entries {
		share := 0.0
		if total > 0 {
			share = 100 * float64(e.Weight) / float64(total)
		}
		fmt.Fprintf(w, "%-8s %6d %5.1f%%\n", pos.SAN(e.Move), e.Weight, share)
	}
	if err := w.Flush(); err != nil {
		return writeFailure("book", err, stderr)
	}
	return status
}

func bookMake(files []string, out string, opts polyglot.MakeOptions, stdin io.Reader, stderr io.Writer) int {
	mk, err := polyglot.NewMaker(opts)
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	names, expandErrs := expandArgs(files)
	status := exitOK
	for _, e := range expandErrs {
		fmt.Fprintf(stderr, "chess book: %v\n", e)
		status = exitUsage
	}
	skipped := 0
	for _, name := range names {
		in, err := openInput(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "chess book: %v\n", err)
			status = exitUsage
			continue
		}
		var games atomic.Int64
		stop := startProgress(stderr, &checkOptions{}, name, in.size, in.raw, &games)
		r := chess.NewPGNReader(in.text)
		r.SkipVariations = true
		for g, err := range r.All() {
			games.Add(1)
			if err != nil {
				if g == nil {
					fmt.Fprintf(stderr, "chess book: %s: %v\n", name, err)
					status = exitUsage
					break
				}
				fmt.Fprintf(stderr, "%s:%d: game %d: %v: left out\n", name, g.Line, g.Index, err)
				skipped++
				continue
			}
			if err := mk.AddGame(g); err != nil {
				fmt.Fprintf(stderr, "%s:%d: game %d: %v: left out\n", name, g.Line, g.Index, err)
				skipped++
			}
		}
		stop()
		in.Close()
	}
	if status == exitUsage {
		// an input not read would make a book of some of the games: keep out as it was
		fmt.Fprintf(stderr, "chess book: %s not written\n", out)
		return exitUsage
	}
	if skipped > 0 {
		status = exitProblems
	}
	entries := mk.Entries()
	if err := writeBookFile(out, entries); err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "%d games (%d left out), %d entries written to %s\n", mk.Games(), skipped, len(entries), out)
	return status
}

func bookMerge(a, b, out string, stderr io.Writer) int {
	bookA, closeA, err := openBook(a, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	defer closeA()
	bookB, closeB, err := openBook(b, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	defer closeB()
	entries, err := polyglot.Merge(bookA, bookB)
	if err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	if err := writeBookFile(out, entries); err != nil {
		fmt.Fprintf(stderr, "chess book: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "%d entries written to %s\n", len(entries), out)
	return exitOK
}

// writeBookFile writes entries to a temporary file beside name and renames it over name, so
// a failure leaves no partial book.
func writeBookFile(name string, entries []polyglot.Entry) error {
	dir, base := ".", name
	if i := strings.LastIndexByte(name, os.PathSeparator); i >= 0 {
		dir, base = name[:i+1], name[i+1:]
	}
	tmp, err := os.CreateTemp(dir, "."+base+"-*")
	if err != nil {
		return err
	}
	_, werr := polyglot.WriteEntries(tmp, entries)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), 0o644)
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), name)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
