package sem

// Builtins is every built-in function (scalar and aggregate) vecgres serves, one family
// table per file. Resolution tries a name's signatures in this order.
var Builtins = NewRegistry(
	vectorFuncs,
	halfvecFuncs,
	numericFuncs,
	mathFuncs,
	textFuncs,
	stringFuncs,
	sessionFuncs,
	catalogFuncs,
	catalogDefFuncs,
	privilegeFuncs,
	miscFuncs,
	polyFuncs,
	arrayStringFuncs,
	arrayBoundFuncs,
	subscriptFuncs,
	aggregateFuncs,
	windowFuncs,
	constraintFuncs,
	setReturningFuncs,
	jsonbFuncs,
	jsonbSetFuncs,
	jsonAggregateFuncs,
	advisoryFuncs,
	statsAggregateFuncs,
	bitAggregateFuncs,
	bitFuncs,
	sparsevecFuncs,
	pgvectorProcs,
)
