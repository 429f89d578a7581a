// What other parts of the server may use of "my data" (docs/decisions/019-boundaries.md): the
// operator's CLI exports and deletes accounts through the same service as the routes.
export { myDataService } from './my-data-service.ts';
