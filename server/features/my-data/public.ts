// What other parts of the server may use of "my data" (docs/decisions/019-boundaries.md): the
// operator's CLI exports and deletes accounts through the same service as the routes; tests read
// the ZIP of "Download my data".
export { myDataService, type MyDataDeps } from './my-data-service.ts';
export { readZipArchive } from './zip-archive.ts';
