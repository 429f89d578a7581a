// Builds the contract's common schemas in a task of their own (web/src/boot.ts): a module that only
// imports it, so that the part boot.ts loads is this small file and not a copy of its exports.
import '#contract/common.ts';
