// What other features may use of users (docs/decisions/019-boundaries.md).
export { userRepository } from './user-repository.ts';
