// What other features may use of materials (docs/decisions/019-boundaries.md).
export { materialFileStore } from './material-file-store.ts';
