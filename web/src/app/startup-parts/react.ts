// A part of the app's start (web/src/boot.ts), evaluated in a task of its own: React. Only what the
// app uses anyway is re-exported, so that the part boot.ts loads is this small file.
export { createRoot, hydrateRoot } from 'react-dom/client';
