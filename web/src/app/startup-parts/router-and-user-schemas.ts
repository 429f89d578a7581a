// A part of the app's start (web/src/boot.ts), evaluated in a task of its own: React Router (a
// chunk of its own, web/vite.config.ts; with React's it made one of the page's longest tasks) and
// the contract's users schemas, two small pieces of work together. Only what the app uses anyway
// is re-exported, so that no other export of React Router is kept in the build for it.
import '#contract/users.ts';

export { createBrowserRouter } from 'react-router';
