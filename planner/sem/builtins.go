package sem

// Builtins is every built-in function (scalar and aggregate) vecgres serves, one family
// table per file. Resolution tries a name's signatures in this order.
var Builtins = NewRegistry(vectorFuncs, numericFuncs, mathFuncs, textFuncs, stringFuncs, sessionFuncs, catalogFuncs, privilegeFuncs,
	miscFuncs, polyFuncs, aggregateFuncs, bitFuncs, sparsevecFuncs)
