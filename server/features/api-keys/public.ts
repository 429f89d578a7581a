// What the app composes of API keys: the check of every request that carries one (key-auth.ts),
// installed before the same-origin check; the routes are in server/features/index.ts.
export { installKeyAuth } from './key-auth.ts';
