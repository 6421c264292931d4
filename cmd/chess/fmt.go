package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/ox88/chess"
)

const fmtHelp = `Usage: chess fmt [-w] [-force] [-nocomments] [-novariations] [-nonags] [-width N] [FILE ...]

Rewrites the games of each PGN FILE (standard input when there is none or FILE is "-") in
PGN export format: the Seven Tag Roster first, then the other tags by name; moves in exact
SAN; lines under 80 characters (-width); comments, NAGs and variations kept unless
-nocomments, -novariations or -nonags drops them. The result goes to
standard output, or with -w back into each file. A file with errors is not overwritten
unless -force is given; its problems go to stderr.

Example:
  chess fmt -w games.pgn

Flags:
`

func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("fmt", stdout, stderr, fmtHelp)
	write := fs.Bool("w", false, "write the result to each file instead of standard output")
	force := fs.Bool("force", false, "with -w, also overwrite files that have errors")
	var opts chess.PGNWriteOptions
	fs.BoolVar(&opts.NoComments, "nocomments", false, "leave out the comments (and the [%clk]-style commands in them)")
	fs.BoolVar(&opts.NoVariations, "novariations", false, "write the main line only")
	fs.BoolVar(&opts.NoNAGs, "nonags", false, "leave out the NAGs ($1, $14, ...)")
	fs.IntVar(&opts.LineWidth, "width", 79, "the longest movetext line, in bytes")
	if status, ok := parseFlags(fs, args, stdout); !ok {
		return status
	}
	files := fs.Args()
	if len(files) == 0 {
		files = []string{"-"}
	}
	status := exitOK
	for _, name := range files {
		if *write && stdinOrCompressed(name) {
			fmt.Fprintf(stderr, "chess fmt: -w cannot rewrite %s in place\n", name)
			status = exitUsage
			continue
		}
		raw, _, closer, err := openPGN(name, stdin)
		if err != nil {
			fmt.Fprintf(stderr, "chess fmt: %v\n", err)
			status = exitUsage
			continue
		}
		var buf bytes.Buffer
		bad := false
		input, err := decompress(name, raw)
		if err == nil {
			for g, gerr := range chess.Games(input) {
				if gerr != nil {
					bad = true
					if list, ok := gerr.(chess.ErrorList); ok {
						for _, e := range list {
							fmt.Fprintf(stderr, "%s:%s\n", name, e)
						}
					} else {
						fmt.Fprintf(stderr, "%s: %v\n", name, gerr)
					}
				}
				if g != nil {
					if _, err := g.WritePGN(&buf, opts); err != nil {
						fmt.Fprintf(stderr, "%s:%d: game %d: %v\n", name, g.Line, g.Index, err)
						bad = true
					}
				}
			}
		} else {
			fmt.Fprintf(stderr, "%s: read error: %v\n", name, err)
			bad = true
		}
		closer()
		if bad && status == exitOK {
			status = exitProblems
		}
		if !*write {
			stdout.Write(buf.Bytes())
			continue
		}
		if bad && !*force {
			fmt.Fprintf(stderr, "chess fmt: %s has errors: not rewritten (use -force)\n", name)
			continue
		}
		if err := replaceFile(name, buf.Bytes()); err != nil {
			fmt.Fprintf(stderr, "chess fmt: %v\n", err)
			status = exitUsage
		}
	}
	return status
}

// replaceFile writes data to a temporary file beside name and renames it over name, so a
// failure leaves the original intact.
func replaceFile(name string, data []byte) error {
	fi, err := os.Stat(name)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".chess-fmt-*")
	if err != nil {
		return err
	}
	w := bufio.NewWriter(tmp)
	_, werr := w.Write(data)
	if werr == nil {
		werr = w.Flush()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(tmp.Name(), fi.Mode().Perm())
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), name)
	}
	if werr != nil {
		os.Remove(tmp.Name())
	}
	return werr
}
