// A part of the app's start (web/src/boot.ts), evaluated in a task of its own: zod and the
// contract's common schemas. A module that only imports them, so that the part boot.ts loads is
// this small file and not a copy of their exports.
import '#contract/common.ts';
