module github.com/ox88/chess

go 1.23

require github.com/leanovate/gopter v0.2.11
