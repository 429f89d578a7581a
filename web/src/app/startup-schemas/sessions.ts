// Builds the contract's sessions schemas in a task of their own (web/src/boot.ts): a module that only
// imports it, so that the part boot.ts loads is this small file and not a copy of its exports.
import '#contract/sessions.ts';
