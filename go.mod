module github.com/vecgres/vecgres

go 1.26.8
