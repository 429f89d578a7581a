// A query whose SQL depends on what a call asks for (an optional filter, a cursor, the columns an
// update sets) is one prepared query per shape (decision 030): `perShape` makes a shape's query
// at its first use and keeps it, so each shape is built and compiled once per dialect.
//
//   const page = perShape((shape: { q: boolean; after: boolean }) => prepare((db, p: Values) => …));
//   const rows = (await page({ q: Boolean(filter.q), after: after !== undefined })(db, values)).rows;
//
// A shape is plain data (booleans, constants, column names), never a value a user sent: values
// stay the prepared query's parameters. A shape reads only the values it has; `prepare` checks
// that each one it reads became a parameter.

export function perShape<S, Q>(make: (shape: S) => Q): (shape: S) => Q {
  const made = new Map<string, Q>();
  return (shape) => {
    const key = JSON.stringify(shape);
    let query = made.get(key);
    if (!query) made.set(key, (query = make(shape)));
    return query;
  };
}
